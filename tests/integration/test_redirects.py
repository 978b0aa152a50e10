"""Every redirect the site answers leads to a path on this site, whatever the request held."""

from __future__ import annotations

import asyncio
import posixpath
from urllib.parse import quote, unquote, urljoin, urlsplit

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dealer.web.server import FILE_SUFFIXES, PASS_THROUGH_PREFIXES, SiteLayer

SITE = "http://site.test"


async def _app_never_reached(scope: dict, receive: object, send: object) -> None:
    raise AssertionError(f"a redirect was expected, the app was asked for {scope['path']}")


def location_of(raw_path: str, query: str) -> tuple[int, str]:
    """The status and ``Location`` the site answers for a raw request path (as it stands
    in the request line) and query string."""
    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=SiteLayer(_app_never_reached))
        async with httpx.AsyncClient(transport=transport, base_url=SITE) as client:
            url = httpx.URL(SITE, raw_path=(raw_path + (f"?{query}" if query else "")).encode())
            return await client.get(url, follow_redirects=False)

    response = asyncio.run(ask())
    return response.status_code, response.headers.get("location", "")


def assert_same_site(location: str) -> None:
    assert location.startswith("/") and not location.startswith(("//", "/\\")), location
    joined = urlsplit(urljoin(SITE + "/voorraad", location))
    assert (joined.scheme, joined.netloc) == ("http", "site.test"), location


@pytest.mark.parametrize("raw_path", [
    "//evil.example", "/%2fevil.example", "//evil.example/login", "/%5Cevil.example",
    "/\\evil.example", "///evil.example", "/%2F%2Fevil.example", "/%09/evil.example",
    "//evil.example/voorraad/", "/de//evil.example",
])
@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_language_switch_never_leads_off_the_site(raw_path: str, locale: str) -> None:
    status, location = location_of(raw_path, f"locale={locale}")
    assert status in (301, 302)  # a trailing slash goes first
    assert_same_site(location)


def test_the_language_switch_leads_to_the_page_in_that_language() -> None:
    assert location_of("/voorraad", "locale=de&fuel=diesel") == (302, "/de/angebote?fuel=diesel")
    assert location_of("/de/angebote", "locale=nl") == (302, "/voorraad")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.text(max_size=40), slash=st.booleans(),
       locale=st.sampled_from(["nl", "de", None]), query=st.text(max_size=20))
def test_every_redirect_stays_on_the_site(path: str, slash: bool, locale: str | None,
                                          query: str) -> None:
    raw_path = "/" + quote(path, safe="/\\%:@!$&'()*+,;=") + ("/" if slash or not locale else "")
    params = quote(query, safe="=&") + (f"&locale={locale}" if locale else "")
    # the root answers the page itself (so do "/./" and "/../": dot segments go first)
    assume(posixpath.normpath(raw_path) != "/" or locale)
    # files (by their name's ending, in any case: '/.CSS'), the app's own paths and the
    # site's data answer without any redirect
    assume(not raw_path.startswith((*PASS_THROUGH_PREFIXES, "/builds/", "/health")))
    assume(not raw_path.rstrip("/").endswith((".xml", ".txt", ".json")))
    assume(not unquote(raw_path).rsplit("/", 1)[-1].lower().endswith(FILE_SUFFIXES))
    status, location = location_of(raw_path, params)
    assert status in (301, 302)
    assert_same_site(location)
