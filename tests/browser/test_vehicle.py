"""The vehicle page and the stock filters as a visitor uses them, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site
from tests.stock_counts import count_of


@pytest.mark.parametrize(
    ("stock", "detail", "prices", "data", "location"),
    [
        ("/voorraad", r"/voorraad/[a-z0-9-]+$", "Prijzen", "Voertuiggegevens", "Vestiging"),
        ("/de/angebote", r"/de/angebote/[a-z0-9-]+$", "Preise", "Fahrzeugdaten", "Standort"),
    ],
)
def test_open_a_vehicle_from_the_stock(page: Page, site: Site, stock: str, detail: str,
                                       prices: str, data: str, location: str) -> None:
    page.goto(site.url(stock))
    card = page.get_by_test_id("vehicle-card").first
    title = card.get_by_role("heading").inner_text()
    card.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(detail))
    expect(page.get_by_role("heading", level=1)).to_contain_text(title)
    for heading in (prices, data, location):
        expect(page.get_by_role("heading", level=2, name=heading)).to_be_visible()
    expect(page.get_by_test_id("price-block").first).to_be_visible()
    expect(page.get_by_test_id("headline-price")).to_have_text(re.compile(r"\d"))


def test_gallery_keyboard_and_full_screen(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad"))
    page.get_by_test_id("vehicle-card").first.get_by_role("link").first.click()
    gallery = page.get_by_role("region", name="Foto's")
    position = gallery.get_by_test_id("gallery-position")
    expect(position).to_have_text(re.compile(r"^1 / [2-9]"))
    gallery.focus()
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(re.compile(r"^2 / "))
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(re.compile(r"^1 / "))
    page.keyboard.press("ArrowLeft")  # wraps round to the last photo
    expect(position).not_to_have_text(re.compile(r"^1 / "))

    page.get_by_role("button", name="Foto's schermvullend tonen").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Volgende foto").click()
    expect(dialog.get_by_test_id("gallery-position")).to_have_text(re.compile(r"^1 / "))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_opening_hours_dialog(page: Page, site: Site) -> None:
    page.goto(site.url("/de/angebote"))
    page.get_by_test_id("vehicle-card").first.get_by_role("link").first.click()
    page.get_by_role("button", name="Öffnungszeiten").click()
    dialog = page.get_by_role("dialog", name="Öffnungszeiten")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Werkstatt")).to_be_visible()
    expect(dialog.get_by_test_id("opening-hours-showroom")).to_contain_text("Montag")
    dialog.get_by_role("button", name="Schließen").click()
    expect(dialog).to_be_hidden()


def test_share_copies_the_link(context: BrowserContext, page: Page, site: Site) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.base_url)
    # Without the Web Share API (desktop browsers) the link is copied instead.
    page.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare")
    page.goto(site.url("/voorraad"))
    page.get_by_test_id("vehicle-card").first.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/voorraad/[a-z0-9-]+$"))
    vehicle_url = page.url
    page.get_by_role("button", name="Delen").click()
    expect(page.get_by_text("Link gekopieerd naar het klembord.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == vehicle_url


@pytest.mark.parametrize(
    ("path", "title", "back", "stock"),
    [
        ("/voorraad/bestaat-niet-1", "Auto niet gevonden", "Terug naar de voorraad", "/voorraad"),
        ("/de/audi/angebote/gibt-es-nicht-1", "Fahrzeug nicht gefunden",
         "Zurück zum Fahrzeugangebot", "/de/audi/angebote"),
    ],
)
def test_unknown_vehicle_is_not_found(page: Page, site: Site, path: str, title: str,
                                      back: str, stock: str) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    page.get_by_role("link", name=back).click()
    expect(page).to_have_url(site.url(stock))
    expect(page.get_by_test_id("vehicle-card").first).to_be_visible()


def test_range_filter_and_search(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad"))
    everything = count_of(page)
    connected(page)  # until then the ranges are the served form's (test_stock_without_app)
    page.get_by_role("combobox", name="Prijs tot", exact=True).click()
    page.get_by_role("option", name="€ 20.000", exact=True).click()
    expect(page).to_have_url(re.compile(r"/voorraad\?price_max=20000$"))
    expect(page.get_by_test_id("filter-pill")).to_have_text(["tot € 20.000"])
    cheaper = count_of(page)
    assert 0 < cheaper < everything

    search = page.get_by_role("searchbox", name="Zoeken")
    search.fill("golf")
    search.press("Enter")
    expect(page).to_have_url(re.compile(r"price_max=20000&q=golf$"))
    expect(page.get_by_test_id("filter-pill")).to_have_count(2)
    titles = page.get_by_test_id("vehicle-card").get_by_role("heading").all_inner_texts()
    assert titles and all("Golf" in title for title in titles)
    assert count_of(page) < cheaper
    # The URL is the search: the box shows its text after a reload.
    page.reload()
    expect(page.get_by_role("searchbox", name="Zoeken")).to_have_value("golf")


def test_quick_entry_and_toggle(page: Page, site: Site) -> None:
    page.goto(site.url("/de/angebote"))
    page.get_by_test_id("quick-entries").get_by_role("link", name="Elektro").click()
    expect(page).to_have_url(re.compile(r"/de/angebote\?electric=1$"))
    switch = page.get_by_role("switch", name=re.compile("^Nur Elektro"))
    expect(switch).to_have_attribute("aria-checked", "true")
    switch.click()
    expect(page).to_have_url(site.url("/de/angebote"))


def test_filters_in_a_drawer_on_phones(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(site.url("/voorraad"))
    expect(page.get_by_test_id("vehicle-card").first).to_be_visible()
    expect(page.get_by_role("searchbox", name="Zoeken")).to_be_hidden()  # no sidebar
    # The served page has the cards and the button too; the button opens the drawer
    # once the app has taken over.
    connected(page)
    page.get_by_role("button", name="Filters").click()
    drawer = page.get_by_role("dialog", name="Filters")
    expect(drawer.get_by_role("searchbox", name="Zoeken")).to_be_visible()
    drawer.get_by_role("checkbox", name=re.compile("^Diesel")).click()
    expect(page).to_have_url(re.compile(r"/voorraad\?fuel=diesel$"))
