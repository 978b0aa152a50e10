"""Content that never misleads, on the site with every outside service: a content
service that is down with nothing kept, then back; route rules followed by a full load
and by the app's own links; the brand icon inside the app; and the stock overview
without the multi-price feature."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROUTE_RULES, ContentService
from tests.browser.page_types import connected
from tests.conftest import Site, wait_until


@pytest.fixture
def nothing_kept(integrations_site: Site, content_service: ContentService
                 ) -> Iterator[ContentService]:
    """The content service down and the site holding no content to fall back on: started
    again (its build reused) when it has read any since it started; the service is up
    again afterwards."""
    content_service.down = True
    if content_service.answered:
        integrations_site.restart()
        content_service.answered = 0
    yield content_service
    content_service.down = False
    # The site reuses the frame it built without the editors' menu for up to a second
    # (DEALER_CONTENT_CACHE_SECONDS): the next test starts once the menu is back.
    wait_until(lambda: "Ons team" in httpx.get(integrations_site.url("/")).text,
               "the editors' menu after the outage")


def h1(page: Page):
    return page.locator("#main-content").get_by_role("heading", level=1)


@pytest.mark.parametrize(("path", "heading", "title"), [
    ("/", "Deze pagina is tijdelijk niet beschikbaar",
     "503 - Deze pagina is tijdelijk niet beschikbaar"),
    ("/over-ons", "Deze pagina is tijdelijk niet beschikbaar",
     "503 - Deze pagina is tijdelijk niet beschikbaar"),
    ("/de/ueber-uns", "Diese Seite ist vorübergehend nicht verfügbar",
     "503 - Diese Seite ist vorübergehend nicht verfügbar"),
])
def test_an_outage_with_nothing_kept_is_503_not_a_missing_page(
        integrations_site: Site, nothing_kept: ContentService, path: str, heading: str,
        title: str) -> None:
    response = httpx.get(integrations_site.url(path))
    assert response.status_code == 503
    assert int(response.headers["retry-after"]) > 0
    assert f"<title>{title}</title>" in response.text or f">{title}</title>" in response.text
    assert heading in response.text
    assert "niet gevonden" not in response.text and "nicht gefunden" not in response.text
    # A search engine gets the status and Retry-After as well, never a 404.
    bot = httpx.get(integrations_site.url(path), headers={"user-agent": "Googlebot/2.1"})
    assert bot.status_code == 503 and bot.headers["retry-after"] == response.headers[
        "retry-after"]


@pytest.mark.parametrize(("path", "message"), [
    ("/nieuws", "Het nieuws kan op dit moment niet worden getoond."),
    ("/de/aktuelles", "Die Neuigkeiten können gerade nicht angezeigt werden."),
])
def test_the_news_says_it_cannot_be_shown(page: Page, integrations_site: Site,
                                          nothing_kept: ContentService, path: str,
                                          message: str) -> None:
    response = page.goto(integrations_site.url(path))
    assert response is not None and response.status == 503
    assert response.headers["retry-after"]
    connected(page)
    expect(page.locator("#main-content").get_by_text(message)).to_be_visible()


@pytest.mark.parametrize(("start", "menu", "entry", "link", "target", "heading"), [
    ("/over-ons", "Hoofdmenu", "Over ons", "Ons team", "/medewerkers", "Medewerkers"),
    ("/de/ueber-uns", "Hauptmenü", "Über uns", "Unser Team", "/de/mitarbeiter",
     "Mitarbeiter"),
])
def test_a_route_rule_holds_for_a_full_load_and_for_an_in_app_link(
        page: Page, integrations_site: Site, start: str, menu: str, entry: str, link: str,
        target: str, heading: str) -> None:
    source = next(rule["source"] for rule in ROUTE_RULES if rule.get("target") == target)
    # A full load: the server redirects.
    page.goto(integrations_site.url(source))
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    # A link inside the app: the same rule.
    page.goto(integrations_site.url(start))
    connected(page)
    follow_menu_link(page, menu, entry, link)
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    expect(h1(page)).to_have_text(heading)


def follow_menu_link(page: Page, menu: str, entry: str, link: str) -> None:
    """A link the app draws in the header's menu, under ``entry``."""
    navigation = page.get_by_role("navigation", name=menu).first
    navigation.get_by_role("link", name=entry, exact=True).hover()
    navigation.get_by_role("link", name=link, exact=True).click()


BROKEN_LINKS = [
    ("/cupra/modellen", "/over-ons", "Hoofdmenu", "Merken en modellen",
     "Deze link werkt niet meer",
     "De link die u volgde, leidt naar een pagina die niet meer bestaat."),
    ("/de/cupra/modelle", "/de/ueber-uns", "Hauptmenü", "Marken und Modelle",
     "Dieser Link funktioniert nicht mehr",
     "Der Link, dem Sie gefolgt sind, führt zu einer Seite, die es nicht mehr gibt."),
]


@pytest.mark.parametrize(("path", "start", "menu", "entry", "heading", "text"), BROKEN_LINKS)
def test_a_rule_without_target_is_the_broken_link_page(
        page: Page, integrations_site: Site, path: str, start: str, menu: str, entry: str,
        heading: str, text: str) -> None:
    response = httpx.get(integrations_site.url(path))
    assert response.status_code == 404
    assert f"<title data-seo>404 - {heading}</title>" in response.text or (
        f">404 - {heading}</title>" in response.text)
    assert f"<h1>{heading}</h1>" in response.text
    # The app draws the same page once it has taken over, under the same title ...
    page.goto(integrations_site.url(path))
    connected(page)
    broken_link_screen(page, heading, text)
    # ... and when a visitor follows the app's own link to the old address (the menu
    # still has it).
    page.goto(integrations_site.url(start))
    connected(page)
    follow_menu_link(page, menu, entry, "CUPRA")
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    broken_link_screen(page, heading, text)


def broken_link_screen(page: Page, heading: str, text: str) -> None:
    expect(h1(page)).to_have_text(heading)
    screen = page.locator("#main-content [data-testid=error-screen]")
    expect(screen.get_by_text(text)).to_be_visible()
    expect(page).to_have_title(f"404 - {heading}")
    expect(page.locator("#main-content form")).to_have_count(0)  # no form to send


@pytest.mark.parametrize(("start", "menu", "entry", "brand", "brand_path", "other",
                          "other_path"), [
    ("/over-ons", "Hoofdmenu", "Merken en modellen", "Volkswagen", "/volkswagen/modellen",
     "Škoda", "/skoda/modellen"),
    ("/de/ueber-uns", "Hauptmenü", "Marken und Modelle", "Audi", "/de/audi/modelle",
     "Škoda", "/de/skoda/modelle"),
])
def test_the_icon_follows_the_page_inside_the_app(
        page: Page, integrations_site: Site, start: str, menu: str,
        entry: str, brand: str, brand_path: str, other: str, other_path: str) -> None:
    icons = page.locator("link[rel~=icon]")
    page.goto(integrations_site.url(start))
    connected(page)
    expect(icons).to_have_attribute("href", "/favicon.svg")
    page.evaluate("window.sameDocument = true")
    navigation = page.get_by_role("navigation", name=menu).first
    for name, path, icon in [(brand, brand_path, f"/brands/{brand.lower()}.svg"),
                             (other, other_path, "/favicon.svg")]:
        navigation.get_by_role("link", name=entry, exact=True).hover()
        navigation.get_by_role("link", name=name, exact=True).click()
        expect(page).to_have_url(re.compile(re.escape(path) + "$"))
        expect(h1(page)).to_contain_text(name)
        expect(icons).to_have_count(1)
        expect(icons).to_have_attribute("href", icon)
    assert page.evaluate("window.sameDocument") is True  # all of it inside the app


def served_title(response: httpx.Response) -> str:
    match = re.search(r"<title[^>]*>([^<]*)</title>", response.text)
    assert match is not None
    return html.unescape(match.group(1))


@pytest.mark.parametrize("path", [
    "/vestigingen/nergens", "/de/standorte/nirgendwo", "/voorraad/bestaat-niet-99999/proefrit",
    "/de/angebote/gibt-es-nicht-99999/probefahrt", "/voorraad/bestaat-niet-99999",
    "/bestaat-niet", "/de/gibt-es-nicht", "/nieuws/bestaat-niet", "/trabant/modellen",
    "/lease-aanbod/bestaat-niet", "/vacatures/bestaat-niet", "/Geen_Pagina!",
])
def test_the_served_title_and_the_apps_title_agree_on_every_error(
        page: Page, integrations_site: Site, path: str) -> None:
    served = httpx.get(integrations_site.url(path))
    assert served.status_code in (404, 410)
    title = served_title(served)
    assert title.startswith(f"{served.status_code} - ")
    page.goto(integrations_site.url(path))
    connected(page)
    expect(page.locator("[data-testid=error-screen]").first).to_be_visible()
    expect(page).to_have_title(title)


@pytest.mark.parametrize(("path", "purchase", "monthly", "choice"), [
    ("/voorraad?display=private_lease", "Kopen", "per maand", "Toon prijs"),
    ("/de/angebote?display=private_lease", "Kaufen", "pro Monat", "Preisanzeige"),
])
def test_without_multi_price_each_card_shows_its_vehicle_pages_price(
        integrations_site: Site, path: str, purchase: str, monthly: str, choice: str) -> None:
    served = httpx.get(integrations_site.url(path)).text
    cards = re.findall(r'data-testid="vehicle-card">(.*?)</article>', served)
    assert len(cards) > 10
    # The demo stock is for sale: every card the purchase price, as its vehicle page heads.
    assert all(f'<span class="list-card-note">{purchase}</span>' in card for card in cards)
    assert not any(monthly in card for card in cards)
    assert choice not in served  # no price to choose
