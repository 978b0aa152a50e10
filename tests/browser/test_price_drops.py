"""A price drop as a visitor meets it after a stock import, in both languages: named on
the vehicle page with its history (in the served HTML too), a badge on the cards, the
'price lowered' filter and the sort by the newest drop, and the mark on the favourites."""

from __future__ import annotations

import re
from dataclasses import dataclass

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session

from dealer.i18n import format_day_month
from dealer.stock.importer import import_rows
from dealer.stock.price_history import today
from dealer.stock.repository import set_vehicle_available
from tests.browser.page_types import connected
from tests.conftest import Site, wait_until
from tests.stock_counts import stock_put_back


def feed_row(vehicle_id: str, price: int) -> dict:
    """A used car of the dealer's feed (docs/stock-feed.md) with one purchase price."""
    return {"id": vehicle_id, "brand": "volkswagen", "model": "Golf", "version": "1.5 TSI Life",
            "branch": "utrecht", "condition": "used", "fuel": "petrol",
            "body_style": "hatchback", "transmission": "manual", "mileage": 42000,
            "year": 2021, "power_hp": 150, "exterior_colour": "blue",
            "emissions_class": "euro6d", "price": price,
            "photos": ["/vehicles/hatchback-blue-side.svg"]}


@dataclass(frozen=True)
class Words:
    locale: str
    stock: str
    favourites_page: str
    favourite: str
    lowered: str  # the filter and the badge
    sort_by: str
    newest_drop: str
    drop: str  # with {day}
    history: str
    old: str
    new: str


NL = Words("nl", "/voorraad", "/voorraad/favorieten", "Favoriet", "Prijs verlaagd",
           "Sorteer op", "Nieuwste prijsverlaging", "Prijs verlaagd met € 1.000 op {day}",
           "Prijsverloop", "€ 25.950", "€ 24.950")
DE = Words("de", "/de/angebote", "/de/angebote/favorit", "Favorit", "Preis gesenkt",
           "Sortieren nach", "Neueste Preissenkung", "Preis um 1.000 € gesenkt am {day}",
           "Preisverlauf", "25.950 €", "24.950 €")


@pytest.mark.parametrize("words", [NL, DE], ids=["nl", "de"])
def test_a_price_drop_after_an_import(page: Page, site: Site, words: Words) -> None:
    vehicle_id = f"DROP-{words.locale.upper()}"
    slug = f"volkswagen-golf-1-5-tsi-life-drop-{words.locale}"
    with stock_put_back(site) as engine:
        try:
            import_rows(engine, [feed_row(vehicle_id, price=25950)])
            report = import_rows(engine, [feed_row(vehicle_id, price=24950)])
            assert report.price_changes == 1
            drop = words.drop.format(day=format_day_month(today(), words.locale))
            filtered = f"{words.stock}?price_lowered=1&sort=price_drop_desc"
            # Every process's index follows the import within a moment.
            wait_until(lambda: slug in httpx.get(site.url(filtered)).text, "the index has the drop")

            # The served page names the drop and holds the history.
            path = f"{words.stock}/{slug}"
            served = httpx.get(site.url(path)).text
            assert drop in served and words.history in served

            page.goto(site.url(path))
            expect(page.get_by_test_id("price-drop")).to_have_text(drop)
            history = page.get_by_test_id("price-history")
            expect(history.get_by_role("heading", name=words.history)).to_be_visible()
            expect(history).to_contain_text(words.old)
            expect(history).to_contain_text(words.new)
            connected(page)
            favourite = page.get_by_test_id("vehicle-details").get_by_role(
                "checkbox", name=re.compile(f"^{words.favourite}: "))
            favourite.click()
            expect(favourite).to_be_checked()

            # The stock overview: the filter, then the newest drops first, each with its badge.
            page.goto(site.url(words.stock))
            connected(page)
            page.get_by_role("switch", name=re.compile(f"^{words.lowered}")).click()
            expect(page).to_have_url(re.compile(r"\?price_lowered=1$"))
            connected(page)  # a menu opened before the app takes over closes again when it does
            sort_menu = page.get_by_text(words.sort_by, exact=True).locator("xpath=..")
            sort_menu.locator("summary").click()
            page.get_by_role("link", name=words.newest_drop, exact=True).click()
            expect(page).to_have_url(re.compile(r"\?price_lowered=1&sort=price_drop_desc$"))
            cards = page.get_by_test_id("vehicle-card")
            card = cards.filter(has=page.locator(f'a[href$="/{slug}"]'))
            expect(card).to_contain_text(words.lowered)
            expect(card).to_contain_text(words.new)
            shown = cards.count()
            assert shown > 1
            expect(page.locator("[data-testid=vehicle-card] .list-card-drop")).to_have_count(shown)

            # The favourites mark the vehicle whose price dropped.
            page.goto(site.url(words.favourites_page))
            favourite_card = page.get_by_test_id("vehicle-card")
            expect(favourite_card).to_have_count(1)
            expect(favourite_card.locator(".list-card-drop")).to_have_text(words.lowered)
        finally:
            # The other tests count the demo stock as it was.
            with Session(engine) as session:
                set_vehicle_available(session, slug, False)
                session.commit()
