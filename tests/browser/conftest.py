"""Fixtures of the browser tests."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import Site


@pytest.fixture(scope="module")
def vehicle(site: Site) -> str:
    html = httpx.get(site.url("/voorraad")).text
    return re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', html).group(1)
