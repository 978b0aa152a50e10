"""The site frame as a visitor meets it: languages, switching, redirects, not-found."""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site


def test_dutch_home(page: Page, site: Site) -> None:
    response = page.goto(site.url("/"))
    assert response is not None and response.status == 200
    expect(page.locator("html")).to_have_attribute("lang", "nl-NL")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep")
    expect(page.get_by_role("navigation", name="Hoofdmenu")).to_be_visible()
    expect(page).to_have_title("Rijnland Autogroep")


def test_german_home(page: Page, site: Site) -> None:
    page.goto(site.url("/de"))
    expect(page.locator("html")).to_have_attribute("lang", "de-DE")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep")
    expect(page.get_by_role("link", name="Deutsch")).to_have_count(0)
    page.get_by_role("link", name="Zum Fahrzeugangebot").first.click()
    expect(page).to_have_url(site.url("/de/angebote"))
    expect(page.locator("html")).to_have_attribute("lang", "de-DE")


def served_copy_gone(page: Page) -> None:
    expect(page.locator("#crawler-main")).to_have_count(0)


def test_switch_language_on_deep_page_sets_cookie(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad/vergelijken"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Voertuigen vergelijken")
    # While the app takes over, the served copy's language switch is there beside the
    # app's own: one link once the copy is gone.
    served_copy_gone(page)
    page.get_by_role("link", name="Deutsch").click()
    expect(page).to_have_url(site.url("/de/angebote/vergleichen"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Fahrzeuge vergleichen")
    expect(page.locator("html")).to_have_attribute("lang", "de-DE")
    cookie = next(c for c in page.context.cookies() if c["name"] == "locale")
    assert cookie["value"] == "de"
    assert cookie["sameSite"] == "Lax"
    assert cookie["path"] == "/"
    days_left = (cookie["expires"] - time.time()) / 86400
    assert 364 < days_left <= 365
    # A later visit to the root follows the chosen language.
    page.goto(site.url("/"))
    expect(page).to_have_url(site.url("/de"))
    # And back to Dutch from German.
    served_copy_gone(page)
    page.get_by_role("link", name="Nederlands").click()
    expect(page).to_have_url(site.url("/"))
    expect(page.locator("html")).to_have_attribute("lang", "nl-NL")
    expect(page.get_by_role("link", name="Deutsch")).to_be_visible()


def test_root_follows_browser_language(browser, site: Site) -> None:
    context = browser.new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de-DE"})
    page = context.new_page()
    page.goto(site.url("/"))
    expect(page).to_have_url(site.url("/de"))
    context.close()


def test_trailing_slash_redirects_permanently(page: Page, site: Site) -> None:
    response = httpx.get(site.url("/voorraad/?sort=price"), follow_redirects=False)
    assert response.status_code == 301
    assert response.headers["location"].endswith("/voorraad?sort=price")
    page.goto(site.url("/de/angebote/"))
    expect(page).to_have_url(site.url("/de/angebote"))


@pytest.mark.parametrize(("path", "heading", "title"), [
    ("/bestaat-niet", "Oeps, deze pagina bestaat niet",
     "404 - Pagina niet gevonden: /bestaat-niet"),
    ("/de/gibt-es-nicht", "Hoppla, diese Seite existiert nicht",
     "404 - Seite nicht gefunden: /de/gibt-es-nicht"),
])
def test_unknown_path_shows_not_found(page: Page, site: Site, path: str, heading: str,
                                      title: str) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page).to_have_title(title)
    home = "Naar de homepage" if not path.startswith("/de") else "Zur Startseite"
    page.get_by_role("link", name=home).click()
    expect(page).to_have_url(site.url("/de" if path.startswith("/de") else "/"))


def test_mock_mode_warns_in_console(page: Page, site: Site) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    page.goto(site.url("/"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert any("Mock data" in text for text in warnings)


def test_phone_menu(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url("/de"))
    connected(page)  # the menu opens in the app
    page.get_by_role("button", name="Menü öffnen").click()
    menu = page.get_by_role("dialog")
    menu.get_by_role("link", name="Standorte", exact=True).click()
    expect(page).to_have_url(site.url("/de/standorte"))


def test_health_reports_database(site: Site) -> None:
    response = httpx.get(site.url("/health"))
    assert response.status_code == 200
    assert response.json()["status"] == response.json()["database"] == "ok"


@pytest.mark.parametrize(("start", "link", "target", "chunk"), [
    ("/nieuws", "Vestigingen", "/vestigingen", "_vestigingen_._index"),
    ("/de/aktuelles", "Standorte", "/de/standorte", "_de_._standorte_._index"),
])
def test_a_page_that_fails_to_load_in_the_app_is_loaded_once_from_its_address(
    page: Page, site: Site, start: str, link: str, target: str, chunk: str,
) -> None:
    """The target page's module cannot be fetched (a deploy took it away): the visitor
    lands on the page they asked for, loaded once from the server; the page being left is
    not loaded again, and the reload guard keeps the target from loading a second time."""
    documents: list[str] = []
    page.on("request", lambda request: documents.append(urlsplit(request.url).path)
            if request.resource_type == "document" else None)
    page.route(re.compile(rf"/assets/{re.escape(chunk)}-[\w-]+\.js$"),
               lambda route: route.abort())
    page.goto(site.url(start))
    connected(page)
    page.get_by_role("navigation", name=re.compile("^(Hoofdmenu|Hauptmenü)$")).get_by_role(
        "link", name=link, exact=True).click()
    expect(page).to_have_url(site.url(target))
    expect(page.get_by_role("heading", level=1)).to_have_text(link)
    page.wait_for_timeout(4_000)  # a second load of either page would come within this
    assert documents == [start, target]
