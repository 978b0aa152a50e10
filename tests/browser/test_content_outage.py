"""Content that never misleads, on a site of its own: a content service that is down from
the start (nothing kept), then back; route rules followed by a full load and by the app's
own links; the brand icon inside the app; and the stock overview without the multi-price
feature."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ContentService
from tests.browser.page_types import connected
from tests.conftest import Site, separate_site

ROUTE_RULES = [
    {"source": "/vestigingen", "target": "/medewerkers"},
    {"source": "/de/standorte", "target": "/de/mitarbeiter"},
    {"source": "/direct-contact"},  # no target: the old link is broken
    {"source": "/de/direktkontakt/"},
]


class FailingContentService(ContentService):
    """The loopback content service, answering 503 while ``down``; ``answered`` counts
    the answers it gave while up."""

    down = True
    answered = 0

    async def answer(self, target: str) -> tuple[int, dict]:
        if self.down:
            return 503, {"error": "Service Unavailable"}
        self.answered += 1
        return await super().answer(target)


@pytest.fixture(scope="module")
def outage() -> Iterator[FailingContentService]:
    service = FailingContentService()
    yield service
    service.server.shutdown()


@pytest.fixture(scope="module")
def outage_site(outage: FailingContentService) -> Iterator[Site]:
    with separate_site("content-outage", {
        "DEALER_PUBLIC_MOCKS": "false", "DEALER_CONTENT_TOKEN": "preview-token",
        "DEALER_CONTENT_BASE_URL": outage.base_url, "DEALER_CONTENT_CACHE_SECONDS": "1",
        "DEALER_ROUTE_RULES": json.dumps(ROUTE_RULES), "DEALER_FEATURE_MULTI_PRICE": "false",
    }) as site:
        yield site


@pytest.fixture
def nothing_kept(outage_site: Site, outage: FailingContentService) -> FailingContentService:
    """The content service down and the site holding no content to fall back on: started
    again (its build reused) when it has read any since it started."""
    outage.down = True
    if outage.answered:
        outage_site.restart()
        outage.answered = 0
    return outage


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
        outage_site: Site, nothing_kept: FailingContentService, path: str, heading: str,
        title: str) -> None:
    response = httpx.get(outage_site.url(path))
    assert response.status_code == 503
    assert int(response.headers["retry-after"]) > 0
    assert f"<title>{title}</title>" in response.text or f">{title}</title>" in response.text
    assert heading in response.text
    assert "niet gevonden" not in response.text and "nicht gefunden" not in response.text
    # A search engine gets the status and Retry-After as well, never a 404.
    bot = httpx.get(outage_site.url(path), headers={"user-agent": "Googlebot/2.1"})
    assert bot.status_code == 503 and bot.headers["retry-after"] == response.headers[
        "retry-after"]


@pytest.mark.parametrize(("path", "message"), [
    ("/nieuws", "Het nieuws kan op dit moment niet worden getoond."),
    ("/de/aktuelles", "Die Neuigkeiten können gerade nicht angezeigt werden."),
])
def test_the_news_says_it_cannot_be_shown(page: Page, outage_site: Site,
                                          nothing_kept: FailingContentService, path: str,
                                          message: str) -> None:
    response = page.goto(outage_site.url(path))
    assert response is not None and response.status == 503
    assert response.headers["retry-after"]
    connected(page)
    expect(page.locator("#main-content").get_by_text(message)).to_be_visible()


@pytest.mark.parametrize(("start", "link", "target", "heading"), [
    ("/over-ons", "Vestigingen", "/medewerkers", "Medewerkers"),
    ("/de/ueber-uns", "Standorte", "/de/mitarbeiter", "Mitarbeiter"),
])
def test_a_route_rule_holds_for_a_full_load_and_for_an_in_app_link(
        page: Page, outage_site: Site, outage: FailingContentService, start: str, link: str,
        target: str, heading: str) -> None:
    outage.down = False
    source = next(rule["source"] for rule in ROUTE_RULES if rule.get("target") == target)
    # A full load: the server redirects.
    page.goto(outage_site.url(source))
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    # A link inside the app: the same rule.
    page.goto(outage_site.url(start))
    connected(page)
    page.locator("header").get_by_role("link", name=link, exact=True).first.click()
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    expect(h1(page)).to_have_text(heading)


BROKEN_LINKS = [
    ("/direct-contact", "/over-ons", "Deze link werkt niet meer",
     "De link die u volgde, leidt naar een pagina die niet meer bestaat."),
    ("/de/direktkontakt", "/de/ueber-uns", "Dieser Link funktioniert nicht mehr",
     "Der Link, dem Sie gefolgt sind, führt zu einer Seite, die es nicht mehr gibt."),
]


@pytest.mark.parametrize(("path", "start", "heading", "text"), BROKEN_LINKS)
def test_a_rule_without_target_is_the_broken_link_page(
        page: Page, outage_site: Site, outage: FailingContentService, path: str, start: str,
        heading: str, text: str) -> None:
    outage.down = False
    response = httpx.get(outage_site.url(path))
    assert response.status_code == 404
    assert f"<title data-seo>404 - {heading}</title>" in response.text or (
        f">404 - {heading}</title>" in response.text)
    assert f"<h1>{heading}</h1>" in response.text
    # The app draws the same page once it has taken over, under the same title ...
    page.goto(outage_site.url(path))
    connected(page)
    broken_link_screen(page, heading, text)
    # ... and when a visitor follows the app's own link to the old address (the sticky
    # contact button).
    page.goto(outage_site.url(start))
    connected(page)
    page.locator("a.sticky-contact").click()
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    broken_link_screen(page, heading, text)


def broken_link_screen(page: Page, heading: str, text: str) -> None:
    expect(h1(page)).to_have_text(heading)
    screen = page.locator("#main-content [data-testid=error-screen]")
    expect(screen.get_by_text(text)).to_be_visible()
    expect(page).to_have_title(f"404 - {heading}")
    expect(page.locator("#main-content form")).to_have_count(0)  # no contact form


@pytest.mark.parametrize(("start", "menu", "entry", "brand", "brand_path", "other",
                          "other_path"), [
    ("/over-ons", "Hoofdmenu", "Merken en modellen", "Volkswagen", "/volkswagen/modellen",
     "Škoda", "/skoda/modellen"),
    ("/de/ueber-uns", "Hauptmenü", "Marken und Modelle", "Audi", "/de/audi/modelle",
     "Škoda", "/de/skoda/modelle"),
])
def test_the_icon_follows_the_page_inside_the_app(
        page: Page, outage_site: Site, outage: FailingContentService, start: str, menu: str,
        entry: str, brand: str, brand_path: str, other: str, other_path: str) -> None:
    outage.down = False
    icons = page.locator("link[rel~=icon]")
    page.goto(outage_site.url(start))
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
        page: Page, outage_site: Site, outage: FailingContentService, path: str) -> None:
    outage.down = False
    served = httpx.get(outage_site.url(path))
    assert served.status_code in (404, 410)
    title = served_title(served)
    assert title.startswith(f"{served.status_code} - ")
    page.goto(outage_site.url(path))
    connected(page)
    expect(page.locator("[data-testid=error-screen]").first).to_be_visible()
    expect(page).to_have_title(title)


@pytest.mark.parametrize(("path", "purchase", "monthly", "choice"), [
    ("/voorraad?display=private_lease", "Kopen", "per maand", "Toon prijs"),
    ("/de/angebote?display=private_lease", "Kaufen", "pro Monat", "Preisanzeige"),
])
def test_without_multi_price_each_card_shows_its_vehicle_pages_price(
        outage_site: Site, path: str, purchase: str, monthly: str, choice: str) -> None:
    served = httpx.get(outage_site.url(path)).text
    cards = re.findall(r'data-testid="vehicle-card">(.*?)</article>', served)
    assert len(cards) > 10
    # The demo stock is for sale: every card the purchase price, as its vehicle page heads.
    assert all(f'<span class="list-card-note">{purchase}</span>' in card for card in cards)
    assert not any(monthly in card for card in cards)
    assert choice not in served  # no price to choose
