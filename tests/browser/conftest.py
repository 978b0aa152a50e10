"""Fixtures of the browser tests."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import Engine, text

from dealer.db import make_engine
from tests.conftest import Site, separate_site
from tests.loopback import LoopbackService


@pytest.fixture(scope="module")
def vehicle(site: Site) -> str:
    html = httpx.get(site.url("/voorraad")).text
    return re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', html).group(1)


@pytest.fixture
def db(site: Site) -> Iterator[Engine]:
    """The site's database, without leads before each test: every test submits from the
    same address and must stay below the per-client rate limit."""
    engine = make_engine(site.database_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM lead"))
    yield engine
    engine.dispose()


# The tag manager's script: counts how often it ran.
TAG_MANAGER_SCRIPT = "window.tagManagerRuns = (window.tagManagerRuns || 0) + 1;"
TAG_MANAGER_ID = "GTM-TEST14"
INGEST_KEY = "publickey"


@pytest.fixture(scope="session")
def tag_manager() -> Iterator[LoopbackService]:
    service = LoopbackService({"/gtm.js": ("text/javascript", TAG_MANAGER_SCRIPT)})
    yield service
    service.close()


@pytest.fixture(scope="session")
def ingest() -> Iterator[LoopbackService]:
    """A stand-in for the error-reporting service: records every envelope sent to it."""
    service = LoopbackService()
    yield service
    service.close()


@pytest.fixture(scope="session")
def measured_site(tmp_path_factory: pytest.TempPathFactory, tag_manager: LoopbackService,
                  ingest: LoopbackService) -> Iterator[Site]:
    """The site as a dealer runs it with measurement configured: a tag manager and error
    reporting (both served on the loopback interface)."""
    with separate_site(tmp_path_factory, "measured", {
        "DEALER_TAG_MANAGER_ID": TAG_MANAGER_ID,
        "DEALER_TAG_MANAGER_URL": tag_manager.origin + "/gtm.js",
        "DEALER_SENTRY_DSN": f"http://{INGEST_KEY}@{ingest.origin.removeprefix('http://')}/1",
        "DEALER_SENTRY_ENVIRONMENT": "test",
    }) as site:
        yield site
