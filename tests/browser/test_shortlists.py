"""Compare list and favourites as a visitor uses them, in both languages."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.page_types import connected, scripts_held
from tests.conftest import Site
from tests.stock_counts import sold_for_a_while


@dataclass(frozen=True)
class Words:
    stock: str
    compare_page: str
    favourites_page: str
    compare: str
    favourite: str
    added: str
    refused: str
    empty_heading: str
    heading_of: str  # with {n}
    too_few: str
    empty: str
    to_stock: str
    only_differences: str
    remove: str
    no_favourites: str
    favourites_count: str  # with {n}
    pruned: str


NL = Words(
    stock="/voorraad",
    compare_page="/voorraad/vergelijken",
    favourites_page="/voorraad/favorieten",
    compare="Vergelijken",
    favourite="Favoriet",
    added="is toegevoegd aan de vergelijking.",
    refused="Voertuig kan niet worden toegevoegd. Selecteer maximaal 6 voertuigen om te "
            "vergelijken.",
    empty_heading="Voertuigen vergelijken",
    heading_of="{n} voertuigen vergelijken",
    too_few="Voor een vergelijking zijn minstens 2 voertuigen nodig.",
    empty="U hebt nog geen voertuigen geselecteerd om te vergelijken.",
    to_stock="Naar de voorraad",
    only_differences="Alleen verschillen tonen",
    remove="Verwijderen",
    no_favourites="U hebt nog geen favorieten.",
    favourites_count="{n} voertuigen",
    pruned="1 voertuig is niet meer beschikbaar en is uit uw lijsten verwijderd.",
)
DE = Words(
    stock="/de/angebote",
    compare_page="/de/angebote/vergleichen",
    favourites_page="/de/angebote/favorit",
    compare="Vergleichen",
    favourite="Favorit",
    added="wurde zum Vergleich hinzugefügt.",
    refused="Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum "
            "Vergleichen aus.",
    empty_heading="Fahrzeuge vergleichen",
    heading_of="{n} Fahrzeuge vergleichen",
    too_few="Für einen Vergleich sind mindestens 2 Fahrzeuge nötig.",
    empty="Sie haben noch keine Fahrzeuge zum Vergleichen ausgewählt.",
    to_stock="Zum Fahrzeugangebot",
    only_differences="Nur Unterschiede anzeigen",
    remove="Entfernen",
    no_favourites="Sie haben noch keine Favoriten.",
    favourites_count="{n} Fahrzeuge",
    pruned="1 Fahrzeug ist nicht mehr verfügbar und wurde aus Ihren Listen entfernt.",
)
LANGUAGES = pytest.mark.parametrize("words", [NL, DE], ids=["nl", "de"])


def cards(page: Page) -> Locator:
    return page.get_by_test_id("vehicle-card")


def checkbox(card: Locator, label: str) -> Locator:
    return card.get_by_role("checkbox", name=re.compile(f"^{label}: "))


def header_count(page: Page, href: str) -> Locator:
    """The count on the header link to the compare list or the favourites."""
    return page.get_by_role("banner").locator(f'a[href="{href}"]').get_by_text(re.compile(r"^\d+$"))


def favourites_are(page: Page, site: Site, words: Words, slug: str) -> None:
    """The favourites page lists the one vehicle ``slug``."""
    page.goto(site.url(words.favourites_page))
    expect(cards(page)).to_have_count(1)
    assert slug_of(cards(page).first) == slug


def open_stock(page: Page, site: Site, words: Words) -> None:
    page.goto(site.url(words.stock))
    expect(cards(page)).to_have_count(24)
    expect(page.locator("html")).to_have_attribute("lang", re.compile("^(nl|de)"))
    connected(page)  # the lists arrive with the websocket's first state
    expect(header_count(page, words.compare_page)).to_have_text("0")


def tick(page: Page, card: Locator, label: str, toast: str) -> None:
    box = checkbox(card, label)
    box.click()
    expect(box).to_be_checked()
    expect(page.get_by_text(toast).last).to_be_visible()


def slug_of(card: Locator) -> str:
    href = card.get_by_role("link").first.get_attribute("href") or ""
    return href.rstrip("/").rsplit("/", 1)[-1]


@LANGUAGES
def test_compare_six_refuse_the_seventh_and_keep_them(page: Page, site: Site,
                                                      words: Words) -> None:
    open_stock(page, site, words)
    for number in range(6):
        tick(page, cards(page).nth(number), words.compare, words.added)
    expect(header_count(page, words.compare_page)).to_have_text("6")

    seventh = checkbox(cards(page).nth(6), words.compare)
    seventh.click()
    expect(page.get_by_text(words.refused, exact=True)).to_be_visible()
    expect(seventh).not_to_be_checked()
    expect(header_count(page, words.compare_page)).to_have_text("6")

    # Still there after a reload (browser storage), in the same order.
    chosen = [slug_of(cards(page).nth(number)) for number in range(6)]
    page.reload()
    expect(header_count(page, words.compare_page)).to_have_text("6")
    for number in range(6):
        expect(checkbox(cards(page).nth(number), words.compare)).to_be_checked()
    expect(checkbox(cards(page).nth(6), words.compare)).not_to_be_checked()

    # The comparison shows all six side by side.
    page.goto(site.url(words.compare_page))
    expect(page.get_by_role("heading", level=1)).to_have_text(words.heading_of.format(n=6))
    table = page.get_by_test_id("compare-table")
    vehicle_links = table.locator("thead").get_by_role("link")
    expect(vehicle_links).to_have_count(6)
    hrefs = [vehicle_links.nth(number).get_attribute("href") or "" for number in range(6)]
    assert [href.rsplit("/", 1)[-1] for href in hrefs] == chosen


@LANGUAGES
def test_compare_page_states_and_only_differences(page: Page, site: Site,
                                                  words: Words) -> None:
    page.goto(site.url(words.compare_page))
    expect(page.get_by_role("heading", level=1)).to_have_text(words.empty_heading)
    empty = page.get_by_test_id("compare-empty")
    expect(empty).to_contain_text(words.empty)
    empty.get_by_role("link", name=words.to_stock).click()
    expect(page).to_have_url(site.url(words.stock))

    expect(header_count(page, words.compare_page)).to_have_text("0")
    for number in range(3):
        tick(page, cards(page).nth(number), words.compare, words.added)

    page.goto(site.url(words.compare_page))
    expect(page.get_by_role("heading", level=1)).to_have_text(words.heading_of.format(n=3))
    rows = page.get_by_test_id("compare-row")
    expect(rows.first).to_be_visible()
    all_rows = rows.count()
    differing = page.locator("[data-testid=compare-row][data-differs=true]").count()
    assert 0 < differing < all_rows

    only = page.get_by_role("switch", name=words.only_differences)
    only.click()
    expect(only).to_be_checked()
    expect(rows).to_have_count(differing)
    expect(page.locator("[data-testid=compare-row][data-differs=false]")).to_have_count(0)
    only.click()
    expect(rows).to_have_count(all_rows)

    # Down to one: the second state, with the way back to the stock.
    remove = page.get_by_test_id("compare-table").get_by_role(
        "button", name=re.compile(f"^{words.remove}: "))
    remove.first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words.heading_of.format(n=2))
    remove.first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words.empty_heading)
    too_few = page.get_by_test_id("compare-too-few")
    expect(too_few).to_contain_text(words.too_few)
    expect(too_few.get_by_role("link", name=words.to_stock)).to_have_attribute(
        "href", words.stock)
    expect(header_count(page, words.compare_page)).to_have_text("1")
    remove.first.click()
    expect(page.get_by_test_id("compare-empty")).to_contain_text(words.empty)
    expect(header_count(page, words.compare_page)).to_have_text("0")


@LANGUAGES
def test_favourites_empty_then_filled(page: Page, site: Site, words: Words) -> None:
    page.goto(site.url(words.favourites_page))
    empty = page.get_by_test_id("favourites-empty")
    expect(empty).to_contain_text(words.no_favourites)
    empty.get_by_role("link", name=words.to_stock).click()
    expect(page).to_have_url(site.url(words.stock))

    expect(header_count(page, words.favourites_page)).to_have_text("0")
    picked = [cards(page).nth(number) for number in (2, 5)]
    names = [card.get_by_role("heading").inner_text() for card in picked]
    for card in picked:
        checkbox(card, words.favourite).click()
        expect(checkbox(card, words.favourite)).to_be_checked()
    expect(header_count(page, words.favourites_page)).to_have_text("2")

    page.goto(site.url(words.favourites_page))
    expect(page.get_by_test_id("favourites-count")).to_have_text(
        words.favourites_count.format(n=2))
    expect(cards(page)).to_have_count(2)
    assert cards(page).get_by_role("heading").all_inner_texts() == names

    # Unticking a favourite here takes it off the page.
    checkbox(cards(page).first, words.favourite).click()
    expect(cards(page)).to_have_count(1)
    expect(header_count(page, words.favourites_page)).to_have_text("1")


def test_lists_survive_a_language_switch_and_follow_other_tabs(
    page: Page, context: BrowserContext, site: Site
) -> None:
    open_stock(page, site, NL)
    other_tab = context.new_page()
    other_tab.goto(site.url(DE.favourites_page))
    expect(other_tab.get_by_test_id("favourites-empty")).to_be_visible()

    first = cards(page).first
    tick(page, first, NL.compare, NL.added)
    checkbox(first, NL.favourite).click()
    expect(header_count(page, NL.favourites_page)).to_have_text("1")
    # The other tab's counters follow without a reload.
    expect(header_count(other_tab, DE.compare_page)).to_have_text("1")
    expect(header_count(other_tab, DE.favourites_page)).to_have_text("1")

    page.get_by_role("link", name="Deutsch").click()
    expect(page).to_have_url(site.url(DE.stock))
    expect(header_count(page, DE.compare_page)).to_have_text("1")
    expect(checkbox(cards(page).first, DE.compare)).to_be_checked()
    expect(checkbox(cards(page).first, DE.favourite)).to_be_checked()
    other_tab.close()


@LANGUAGES
def test_sold_vehicle_leaves_both_lists_with_a_notice(page: Page, site: Site,
                                                      words: Words) -> None:
    open_stock(page, site, words)
    sold_card, kept_card = cards(page).nth(7), cards(page).nth(8)
    sold = slug_of(sold_card)
    tick(page, sold_card, words.compare, words.added)
    tick(page, kept_card, words.compare, words.added)
    checkbox(sold_card, words.favourite).click()
    expect(header_count(page, words.favourites_page)).to_have_text("1")

    with sold_for_a_while(site, sold):
        page.goto(site.url(words.compare_page))
        expect(page.get_by_text(words.pruned, exact=True)).to_be_visible()
        expect(header_count(page, words.compare_page)).to_have_text("1")
        expect(header_count(page, words.favourites_page)).to_have_text("0")
        expect(page.get_by_test_id("compare-too-few")).to_be_visible()
        # Told once: the next page has nothing more to remove.
        page.goto(site.url(words.favourites_page))
        expect(page.get_by_test_id("favourites-empty")).to_be_visible()
        expect(page.get_by_text(words.pruned, exact=True)).to_have_count(0)


@LANGUAGES
def test_vehicle_page_has_both_controls(page: Page, site: Site, words: Words) -> None:
    open_stock(page, site, words)
    first = cards(page).first
    slug, title = slug_of(first), first.get_by_role("heading").inner_text()
    page.goto(site.url(f"{words.stock}/{slug}"))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(title)
    # The vehicle's own boxes: the cards of similar vehicles below have theirs.
    main = page.get_by_test_id("vehicle-details")
    compare = main.get_by_role("checkbox", name=re.compile(f"^{words.compare}: "))
    expect(compare).to_have_accessible_name(f"{words.compare}: {heading.inner_text()}")
    compare.click()
    expect(compare).to_be_checked()
    expect(page.get_by_text(words.added).last).to_be_visible()
    main.get_by_role("checkbox", name=re.compile(f"^{words.favourite}: ")).click()
    expect(header_count(page, words.compare_page)).to_have_text("1")
    expect(header_count(page, words.favourites_page)).to_have_text("1")

    favourites_are(page, site, words, slug)


@LANGUAGES
def test_a_vehicles_boxes_answer_before_the_app_which_keeps_what_was_ticked(
    page: Page, site: Site, words: Words,
) -> None:
    open_stock(page, site, words)
    first = cards(page).first
    tick(page, first, words.compare, words.added)
    served = page.locator("#crawler-main")
    problems = hydration_problems(page)
    with scripts_held(page):  # a slow phone: the served page alone
        page.goto(site.url(f"{words.stock}/{slug_of(first)}"), wait_until="domcontentloaded")
        # The served boxes and the header's counts show the visitor's lists, and a tap is
        # answered at once, in the box and in the header.
        expect(checkbox(served, words.compare)).to_be_checked()
        expect(header_count(page, words.compare_page)).to_have_text("1")
        favourite = checkbox(served, words.favourite)
        expect(favourite).not_to_be_checked()
        expect(header_count(page, words.favourites_page)).to_have_text("0")
        favourite.click()
        expect(favourite).to_be_checked()
        expect(header_count(page, words.favourites_page)).to_have_text("1")
        page.evaluate(COUNTS_SHOWN, words.favourites_page)
    expect(served).to_have_count(0)  # the app has taken over, with what was ticked
    details = page.get_by_test_id("vehicle-details")
    expect(checkbox(details, words.favourite)).to_be_checked()
    expect(header_count(page, words.favourites_page)).to_have_text("1")
    expect(checkbox(details, words.compare)).to_be_checked()
    expect(header_count(page, words.compare_page)).to_have_text("1")
    connected(page)
    assert set(page.evaluate("window.countsShown")) <= {"1"}  # never the list without it
    assert problems == []


# Records every text the header's count of a list shows from now on (window.countsShown),
# through the app's take-over, which draws the header anew.
COUNTS_SHOWN = """href => { window.countsShown = [];
  const record = () => document.querySelectorAll(`header a[href="${href}"]`).forEach(link =>
    window.countsShown.push(...(link.textContent.match(/\\d+/g) || [])));
  new MutationObserver(record).observe(document, {subtree: true, childList: true,
                                                  characterData: true}); }"""


@LANGUAGES
def test_a_box_ticked_before_the_app_is_kept_when_the_visitor_moves_on(
    page: Page, site: Site, words: Words,
) -> None:
    open_stock(page, site, words)
    slug = slug_of(cards(page).first)
    with scripts_held(page):  # a slow phone: the visitor does not wait for the app
        page.goto(site.url(f"{words.stock}/{slug}"), wait_until="domcontentloaded")
        favourite = checkbox(page.locator("#crawler-main"), words.favourite)
        favourite.click()
        expect(favourite).to_be_checked()
        page.goto(site.url(words.stock), wait_until="domcontentloaded")
        expect(header_count(page, words.favourites_page)).to_have_text("1")
    connected(page)
    expect(header_count(page, words.favourites_page)).to_have_text("1")
    favourites_are(page, site, words, slug)


@LANGUAGES
def test_the_served_header_counts_the_lists_and_the_app_takes_the_counts_over(
    page: Page, site: Site, words: Words,
) -> None:
    open_stock(page, site, words)
    first, second = cards(page).nth(0), cards(page).nth(1)
    for card in (first, second):
        checkbox(card, words.favourite).click()
        expect(checkbox(card, words.favourite)).to_be_checked()
    expect(header_count(page, words.favourites_page)).to_have_text("2")
    tick(page, second, words.compare, words.added)
    problems = hydration_problems(page)
    # A prerendered page and its header, and the header lent to a vehicle page (the app's
    # shell).
    for path in (words.stock, f"{words.stock}/{slug_of(first)}"):
        with scripts_held(page):
            page.goto(site.url(path), wait_until="domcontentloaded")
            expect(header_count(page, words.favourites_page)).to_have_text("2")
            expect(header_count(page, words.compare_page)).to_have_text("1")
        connected(page)
        expect(header_count(page, words.favourites_page)).to_have_text("2")
        expect(header_count(page, words.compare_page)).to_have_text("1")
    assert problems == []


def hydration_problems(page: Page) -> list[str]:
    """Errors the page reports from now on (React's own when it takes a page over that
    differs from what it would draw)."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and "status of 404" not in message.text else None)
    return problems
