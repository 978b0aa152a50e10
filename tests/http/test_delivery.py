"""How answers are delivered: redirects stay on the site, caching, compression, headers."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import Site

SECURITY = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
}


@pytest.mark.parametrize("path", [
    "//evil.example/", "///evil.example/", "/%2fevil.example/", "/%5Cevil.example/",
    "/\\evil.example/", "//evil.example/voorraad/?fuel=diesel",
])
def test_trailing_slash_redirect_never_leaves_the_site(site: Site, path: str) -> None:
    response = httpx.get(site.url(path), follow_redirects=False)
    assert response.status_code == 301
    location = response.headers["location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert httpx.URL(site.url("/")).join(location).host == "127.0.0.1"


def test_trailing_slash_redirect_keeps_path_and_query(site: Site) -> None:
    response = httpx.get(site.url("/voorraad/?fuel=diesel"), follow_redirects=False)
    assert response.headers["location"] == "/voorraad?fuel=diesel"


def _first_asset(site: Site) -> str:
    html = httpx.get(site.url("/")).text
    return re.search(r'"(/assets/[^"]+\.js)"', html).group(1)  # a module the page starts


def test_hashed_assets_are_cached_for_a_year_and_compressed(site: Site) -> None:
    asset = _first_asset(site)
    plain = httpx.get(site.url(asset), headers={"accept-encoding": "identity"})
    assert plain.status_code == 200
    assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "content-encoding" not in plain.headers
    packed = httpx.get(site.url(asset), headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(plain.content) / 2
    assert packed.text == plain.text
    assert "Accept-Encoding" in packed.headers["vary"]


@pytest.mark.parametrize("path", ["/", "/de/angebote", "/voorraad/vergelijken"])
def test_html_is_compressed_revalidated_and_guarded(site: Site, path: str) -> None:
    response = httpx.get(site.url(path), headers={"accept-encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert int(response.headers["content-length"]) < len(response.content) / 2
    assert "<html" in response.text
    assert response.headers["cache-control"] == "no-cache"
    for name, value in SECURITY.items():
        assert response.headers[name] == value


def test_health_is_never_cached_and_files_for_a_day(site: Site) -> None:
    assert httpx.get(site.url("/health")).headers["cache-control"] == "no-store"
    font = httpx.get(site.url("/fonts/fonts.css"))
    assert font.status_code == 200
    assert font.headers["cache-control"] == "public, max-age=86400"
    assert font.headers["x-content-type-options"] == "nosniff"


def test_the_language_switch_to_the_dutch_home_page_overrides_the_cookie(site: Site) -> None:
    """Chosen before the page is connected, /?locale=nl must not bounce back to /de."""
    response = httpx.get(site.url("/?locale=nl"), cookies={"locale": "de"},
                         follow_redirects=False)
    assert response.status_code == 302 and response.headers["location"] == "/"
    cookie = response.headers["set-cookie"]
    assert "locale=nl" in cookie and "Path=/" in cookie and "SameSite=lax" in cookie
    assert httpx.get(site.url("/"), cookies={"locale": "de"},
                     follow_redirects=False).headers["location"] == "/de"
    home = httpx.get(site.url("/de")).text  # the German home, as served, links there
    assert re.search(r'href="/\?locale=nl"[^>]*>Nederlands<', home)


@pytest.mark.parametrize(("chosen", "target", "cookie"), [
    ("/de/angebote/vergleichen?locale=de", "/de/angebote/vergleichen", "de"),
    ("/voorraad?merk=audi&locale=nl", "/voorraad?merk=audi", "nl"),
])
def test_a_language_chosen_on_a_plain_link_is_remembered(site: Site, chosen: str, target: str,
                                                         cookie: str) -> None:
    """Before the app has taken over, the switch is a link naming the choice."""
    response = httpx.get(site.url(chosen), follow_redirects=False)
    assert response.status_code == 302 and response.headers["location"] == target
    assert f"locale={cookie}" in response.headers["set-cookie"]
    page = httpx.get(site.url(target)).text  # the page as served links back the same way
    other = "/voorraad/vergelijken?locale=nl" if cookie == "de" else "/de/angebote?locale=de"
    assert f'href="{other}"' in page


def test_health_says_that_nobody_receives_the_leads(site: Site) -> None:
    """The test site has no mail server or webhook: an operator sees that at /health."""
    delivery = httpx.get(site.url("/health")).json()["delivery"]
    assert delivery["channels"] == []
    assert isinstance(delivery["undelivered_leads"], int)
