"""Stock near a place, as a visitor searches it: a town or postcode typed into the filters,
a radius chosen by its count, the distance on each card and the nearest first, in both
languages and across the border."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.browser.test_accessibility import violations
from tests.browser.test_stock import count_of
from tests.conftest import Site


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """axe-core is let in by the browser: the page's Content-Security-Policy would not."""
    return {**browser_context_args, "bypass_csp": True}


def kilometres(page: Page) -> list[int]:
    texts = page.get_by_test_id("vehicle-card").all_inner_texts()
    return [int(re.search(r"ca\. (\d+) km", text).group(1)) for text in texts]


@pytest.mark.parametrize(("path", "place", "box", "radius", "sort", "nearest", "cheapest"), [
    # A Dutch visitor looks from a German town, a German one from a Dutch postcode.
    ("/voorraad", "Kleve", "Postcode of plaats", "Binnen 25 km", "Sorteer op",
     "Afstand (dichtstbij eerst)", "Prijs (laag naar hoog)"),
    ("/de/angebote", "6511", "PLZ oder Ort", "Im Umkreis von 25 km", "Sortieren nach",
     "Entfernung (nächste zuerst)", "Preis (aufsteigend)"),
])
def test_a_place_a_radius_and_the_nearest_first(page: Page, site: Site, path: str, place: str,
                                                box: str, radius: str, sort: str,
                                                nearest: str, cheapest: str) -> None:
    page.goto(site.url(path))
    everything = count_of(page)
    connected(page)
    filters = page.get_by_role("complementary", name=re.compile("^Filter"))
    field = filters.get_by_role("textbox", name=box)
    field.fill(place)
    field.press("Enter")
    expect(page).to_have_url(re.compile(rf"{path}\?near={place}$"))
    cards = page.get_by_test_id("vehicle-card")
    expect(cards.first).to_contain_text(re.compile(r"ca\. [1-9] km"))
    expect(field).to_have_value(place)
    # No order chosen: the nearest first, and the order control says so.
    order = page.get_by_text(sort, exact=True).locator("xpath=..").locator("summary")
    expect(order).to_have_text(nearest)
    assert kilometres(page) == sorted(kilometres(page))

    choice = filters.get_by_role("radio", name=re.compile(f"^{radius}"))
    expect(choice).to_have_attribute("aria-checked", "false")
    offered = int(re.search(r"\((\d+)\)", choice.inner_text()).group(1))
    assert 0 < offered < everything
    choice.click()
    expect(page).to_have_url(re.compile(rf"{path}\?near={place}&within=25$"))
    expect(choice).to_have_attribute("aria-checked", "true")
    expect(page.get_by_test_id("filter-pill").filter(has_text=radius)).to_have_count(1)
    expect(page.get_by_test_id("result-count")).to_have_text(
        re.compile(rf"^{offered:,}\b".replace(",", ".")))
    assert count_of(page) == offered
    assert all(distance <= 25 for distance in kilometres(page))

    # Another order is kept in the URL; 'nearest first' is the place's own order again.
    order.click()
    page.get_by_role("link", name=cheapest, exact=True).click()
    expect(page).to_have_url(re.compile(rf"{path}\?near={place}&sort=price_asc&within=25$"))
    expect(order).to_have_text(cheapest)
    order.click()
    page.get_by_role("link", name=nearest, exact=True).click()
    expect(page).to_have_url(re.compile(rf"{path}\?near={place}&within=25$"))
    expect(order).to_have_text(nearest)
    expect(cards.first).to_contain_text(re.compile(r"ca\. [1-5] km"))
    shown = kilometres(page)
    assert shown == sorted(shown) and shown[-1] <= 25 and len(shown) == 24

    # The URL holds the whole search: a fresh visit shows the same.
    page.goto(page.url)
    assert count_of(page) == offered
    assert kilometres(page) == shown


@pytest.mark.parametrize(("path", "message"), [
    ("/voorraad?near=Atlantis&within=25", "We konden „Atlantis” niet vinden."),
    ("/de/angebote?near=Atlantis&within=25", "„Atlantis“ haben wir nicht gefunden."),
])
def test_an_unknown_place_is_said_not_an_error(page: Page, site: Site, path: str,
                                               message: str) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 200
    expect(page.get_by_role("status").filter(has_text=message)).to_be_visible()
    connected(page)
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    expect(page.get_by_role("status").filter(has_text=message)).to_be_visible()


@pytest.mark.parametrize("path", ["/voorraad?near=Kleve&within=25",
                                  "/de/angebote?near=Atlantis"])
def test_no_serious_accessibility_violation(page: Page, site: Site, path: str) -> None:
    page.goto(site.url(path))
    connected(page)
    expect(page.get_by_role("textbox", name=re.compile("^(Postcode|PLZ)")).first).to_be_visible()
    assert violations(page) == []
