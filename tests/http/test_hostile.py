"""Requests an attacker or a broken link sends get a page, never a server error."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import Site


@pytest.mark.parametrize("path", [
    "/nieuws?page=²", "/de/aktuelles?page=" + "9" * 4300, "/lease-aanbod?price_max=²",
    "/de/leasingangebote?co2_max=²", "/" + "x" * 300 + "/voorraad", "/a%252Fb/voorraad",
    "/voorraad?price_max=²&page=٣", "/voorraad/" + "y" * 5000,
])
def test_hostile_requests_are_answered_without_a_server_error(site: Site, path: str) -> None:
    response = httpx.get(site.url(path))
    assert response.status_code in (200, 404), path
    assert "Traceback" not in response.text and "Internal Server Error" not in response.text


@pytest.mark.parametrize("path", [
    "/geen-merk/voorraad", "/de/keine-marke/angebote", "/voorraad/golf-1.4-tsi",
    "/de/angebote/golf-1.4-tsi", "/index.html", "/404.html", "/__spa-fallback.html",
    # A TAB in the path: the stock or home page answered, with the TAB in its canonical.
    "/voorraad/%09", "/de/%09", "/de/angebote/%E2%80%8E",
])
def test_what_does_not_exist_is_not_found_and_not_indexed(site: Site, path: str) -> None:
    response = httpx.get(site.url(path))
    assert response.status_code == 404, path
    assert 'content="noindex"' in response.text
    assert '<html lang="de-DE"' in response.text if path.startswith("/de/") else (
        '<html lang="nl-NL"' in response.text)
