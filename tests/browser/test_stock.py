"""The stock overview as a visitor uses it, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site, wait_until
from tests.stock_counts import count_of


def fewer(count: int, everything: int) -> int | None:
    """``count`` when it is some of ``everything``."""
    return count if 0 < count < everything else None


def test_filter_sort_page_and_share(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Voorraad")
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    everything = count_of(page)
    everything_text = page.get_by_test_id("result-count").inner_text()
    assert everything >= 2000

    page.get_by_role("checkbox", name=re.compile("^Elektrisch")).click()
    expect(page).to_have_url(re.compile(r"/voorraad\?fuel=electric$"))
    expect(page.get_by_test_id("filter-pill")).to_have_count(1)
    # The app may show the last search's count while it asks for this one.
    electric = wait_until(lambda: fewer(count_of(page), everything), "the electric cars' count")

    pagination = page.get_by_role("navigation", name="Pagina's")
    pagination.get_by_role("link", name="2", exact=True).click()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.get_by_test_id("vehicle-card").first).to_be_visible()

    # The URL holds the whole search: a fresh visit shows the same result.
    shared = page.url
    page.goto(shared)
    assert count_of(page) == electric

    page.get_by_test_id("filter-pill").first.click()
    expect(page).to_have_url(site.url("/voorraad"))
    expect(page.get_by_test_id("result-count")).to_have_text(everything_text)


def test_german_stock_and_detail_link(page: Page, site: Site) -> None:
    page.goto(site.url("/de/angebote?fuel=diesel"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Fahrzeugangebot")
    expect(page.get_by_test_id("result-count")).to_contain_text("Fahrzeuge")
    first = page.get_by_test_id("vehicle-card").first
    first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/de/angebote/[a-z0-9-]+$"))


def test_hostile_query_is_ignored(page: Page, site: Site) -> None:
    response = page.goto(site.url("/voorraad?price_min=abc&sort=%3Cscript%3E&page=-4&fuel=x"))
    assert response is not None and response.status == 200
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)


def test_brand_stock(page: Page, site: Site) -> None:
    page.goto(site.url("/audi/voorraad"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Audi voorraad")
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    titles = page.get_by_test_id("vehicle-card").get_by_role("heading").all_inner_texts()
    assert titles and all(title.startswith("Audi") for title in titles)


def test_sorting_and_price_display(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad?fuel=diesel"))
    count_of(page)
    first_price = page.get_by_test_id("vehicle-card").first.locator("text=/^€/")
    cheapest = first_price.inner_text()
    # The app draws its own menu when it takes over: one opened before that closes again.
    connected(page)
    expect(page.locator("#page-sort")).to_have_count(0)
    page.get_by_text("Sorteer op", exact=True).locator("xpath=..").locator("summary").click()
    page.get_by_role("link", name="Prijs (hoog naar laag)", exact=True).click()
    expect(page).to_have_url(re.compile(r"/voorraad\?fuel=diesel&sort=price_desc$"))
    expect(first_price).not_to_have_text(cheapest)
    prices = page.get_by_test_id("vehicle-card").locator("text=/^€/").all_inner_texts()
    amounts = [int(re.sub(r"\D", "", price)) for price in prices]
    assert amounts == sorted(amounts, reverse=True)

    page.get_by_text("Toon prijs", exact=True).locator("xpath=..").locator("summary").click()
    page.get_by_role("link", name="Private lease", exact=True).click()
    expect(page).to_have_url(re.compile(r"display=private_lease"))
    expect(page.get_by_test_id("vehicle-card").first).to_contain_text("per maand")
    # The filters keep the chosen price display.
    page.get_by_test_id("filter-pill").first.click()
    expect(page).to_have_url(re.compile(r"/voorraad\?display=private_lease&sort=price_desc$"))


@pytest.mark.parametrize(
    ("path", "heading", "monthly", "filtered"),
    [
        ("/voorraad/private-lease", "Private lease auto's", "per maand",
         r"/voorraad/private-lease\?fuel=electric$"),
        ("/de/angebote/gewerbeleasing", "Autos im Gewerbeleasing", "pro Monat",
         r"/de/angebote/gewerbeleasing\?fuel=electric$"),
    ],
)
def test_deal_listing_shows_its_deal_and_keeps_it_while_filtering(
    page: Page, site: Site, path: str, heading: str, monthly: str, filtered: str
) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page).to_have_title(re.compile(f"^{heading}"))
    everything = count_of(page)
    cards = page.get_by_test_id("vehicle-card")
    expect(cards).to_have_count(24)
    for text in cards.all_inner_texts():
        assert monthly in text
    page.goto(site.url(path.rsplit("/", 1)[0]))
    connected(page)  # the tab's app state holds the previous page until this one loads
    assert count_of(page) > everything  # the plain stock also holds cars not offered so
    page.goto(site.url(path))
    connected(page)  # a tap during the take-over still meets the previous page's state
    page.get_by_role("checkbox", name=re.compile("^(Elektrisch|Elektro)")).click()
    expect(page).to_have_url(re.compile(filtered))
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.get_by_test_id("vehicle-card").first).to_contain_text(monthly)


@pytest.mark.parametrize(("path", "heading", "van", "van_model"), [
    ("/voorraad", "Voertuigsoort", "Bestelwagen", "Caddy"),
    ("/de/angebote", "Fahrzeugart", "Transporter", "Caddy"),
])
def test_vans_are_one_click_away(page: Page, site: Site, path: str, heading: str, van: str,
                                 van_model: str) -> None:
    page.goto(site.url(path))
    everything = count_of(page)
    filters = page.get_by_role("complementary", name=re.compile("^Filter"))
    expect(filters.get_by_role("group", name=re.compile(f"^{heading}"))).to_be_visible()
    filters.get_by_role("checkbox", name=re.compile(f"^{van}")).click()
    expect(page).to_have_url(re.compile(r"\?vehicle_type=van$"))
    expect(page.get_by_test_id("filter-pill")).to_have_count(1)
    vans = count_of(page)
    assert 0 < vans < everything
    for title in page.get_by_test_id("vehicle-card").get_by_role("heading").all_inner_texts():
        assert "Bedrijfswagens" in title or "Nutzfahrzeuge" in title or van_model in title


@pytest.mark.parametrize(("path", "link"), [
    ("/volkswagen/modellen/golf", "Volkswagen Golf in onze voorraad"),
    ("/de/volkswagen/modelle/golf", "Volkswagen Golf in unserem Fahrzeugangebot"),
])
def test_a_model_page_leads_to_that_models_stock(page: Page, site: Site, path: str,
                                                 link: str) -> None:
    page.goto(site.url(path))
    page.get_by_role("link", name=link).click()
    expect(page).to_have_url(re.compile(r"\?model=volkswagen\.golf$"))
    expect(page.get_by_test_id("filter-pill")).to_have_count(1)
    titles = page.get_by_test_id("vehicle-card").get_by_role("heading").all_inner_texts()
    assert titles and all(title.startswith("Volkswagen Golf") for title in titles)
