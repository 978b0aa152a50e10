"""Similar and recently viewed vehicles as a visitor meets them, in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site, consent_cookie, wait_until
from tests.stock_counts import sold_for_a_while


@dataclass(frozen=True)
class Words:
    stock: str
    similar: str
    recent: str
    not_found: str


NL = Words("/voorraad", "Vergelijkbare voertuigen", "Onlangs bekeken", "Auto niet gevonden")
DE = Words("/de/angebote", "Ähnliche Fahrzeuge", "Zuletzt angesehen", "Fahrzeug nicht gefunden")
LANGUAGES = pytest.mark.parametrize("words", [NL, DE], ids=["nl", "de"])
RECENT_STORE = "localStorage.getItem('dealer.recent') || ''"


@pytest.fixture
def functional(browser: Browser) -> Iterator[BrowserContext]:
    """A visitor who allows functional storage."""
    context = browser.new_context(locale="en-US", storage_state={
        "cookies": [consent_cookie(["functional"])], "origins": []})
    yield context
    context.close()


def links_of(section: Locator) -> list[str]:
    """The vehicle pages a row of cards links to."""
    cards = section.get_by_test_id("vehicle-card")
    expect(cards.first).to_be_visible()
    return [card.locator("a.list-card-link").get_attribute("href") or ""
            for card in cards.all()]


def similar_on(page: Page, words: Words) -> list[str]:
    section = page.get_by_test_id("similar-vehicles")
    expect(section.get_by_role("heading", level=2, name=words.similar)).to_be_visible()
    links = links_of(section)
    assert 1 <= len(links) <= 6
    return links


@LANGUAGES
def test_similar_and_recently_viewed_vehicles(functional: BrowserContext, site: Site,
                                              words: Words) -> None:
    page = functional.new_page()
    page.goto(site.url(words.stock))
    first = page.get_by_test_id("vehicle-card").first.locator("a.list-card-link")
    viewed_first = first.get_attribute("href") or ""
    page.goto(site.url(viewed_first))
    connected(page)
    similar = similar_on(page, words)
    assert viewed_first not in similar
    # Kept as viewed, but no row on its own page: it would show only itself.
    wait_until(lambda: viewed_first.rsplit("/", 1)[1] in page.evaluate(RECENT_STORE),
               "the vehicle to be kept as viewed")
    expect(page.get_by_test_id("recently-viewed")).to_have_count(0)

    # A similar vehicle, opened in the app: the first one is recently viewed there.
    page.get_by_test_id("similar-vehicles").locator(f'a[href="{similar[0]}"]').click()
    expect(page).to_have_url(site.url(similar[0]))
    recent = page.get_by_test_id("recently-viewed")
    expect(recent.get_by_role("heading", level=2, name=words.recent)).to_be_visible()
    assert links_of(recent) == [viewed_first]
    assert similar[0] not in similar_on(page, words)

    # The stock overview shows both, the last viewed first.
    page.goto(site.url(words.stock))
    assert links_of(page.get_by_test_id("recently-viewed")) == [similar[0], viewed_first]

    # Sold: its page says so and offers similar vehicles instead of a dead end.
    sold = similar[0].rsplit("/", 1)[1]
    with sold_for_a_while(site, sold):
        page.goto(site.url(similar[0]))
        expect(page.get_by_test_id("error-screen").get_by_role("heading", level=1)
               ).to_have_text(words.not_found)
        assert similar[0] not in similar_on(page, words)

    # Refusing functional storage forgets the list.
    assert sold in page.evaluate(RECENT_STORE)
    functional.add_cookies([consent_cookie([])])
    page.goto(site.url(words.stock))
    wait_until(lambda: page.evaluate(RECENT_STORE) in ("", "[]"),
               "the recently viewed vehicles to be forgotten")
    expect(page.get_by_test_id("recently-viewed")).to_have_count(0)
    page.close()
