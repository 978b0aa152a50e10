"""The lease offers before the app: their filters are links of the served page, on a
phone in the served sheet, and the app takes them over as they are, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.page_types import PHONE, connected, drawn_in_its_font, scripts_held
from tests.conftest import Site

DESKTOP = {"width": 1280, "height": 900}
LANGUAGES = pytest.mark.parametrize("words", [
    {"path": "/lease-aanbod", "heading": "Leaseaanbod", "of": "van", "offers": "leaseaanbiedingen",
     "electric": "Elektrisch", "filters": "Filters"},
    {"path": "/de/leasingangebote", "heading": "Leasingangebote", "of": "von",
     "offers": "Leasingangeboten", "electric": "Elektro", "filters": "Filter"},
], ids=["nl", "de"])
# Where the count and the filters are (to the pixel) and what they say.
SHOWN = """() => [...document.querySelectorAll('[data-testid=result-count], #stock-filters legend,'
  + ' #stock-filters a[role]')].map(e => { const r = e.getBoundingClientRect();
  return [e.textContent.trim(), ...[r.x, r.y, r.width, r.height].map(Math.round)]; })"""


def counted(option: Locator) -> int:
    """The offers a filter link counts: 'Elektrisch (12)'."""
    return int(re.sub(r"\D", "", option.inner_text().rsplit("(", 1)[1]))


@LANGUAGES
def test_filter_the_served_offers_then_the_app_takes_over(page: Page, site: Site,
                                                          words: dict[str, str]) -> None:
    path, of, offers = words["path"], words["of"], words["offers"]
    count = page.get_by_test_id("result-count")
    page.set_viewport_size(PHONE)
    with scripts_held(page):  # the served page alone, as a slow phone shows it at first
        page.goto(site.url(path), wait_until="domcontentloaded")
        expect(count).to_have_text(f"40 {of} 40 {offers}")
        # A phone: the Filters button is a link to the served filters, shown as a sheet.
        served = page.locator("#page-filters")
        electric = served.get_by_role("checkbox", name=re.compile(f"^{words['electric']} "))
        expect(electric).to_be_hidden()
        page.get_by_role("link", name=words["filters"], exact=True).click()
        expect(electric).to_be_visible()
        offered = counted(electric)
        assert 0 < offered < 40
        electric.click()  # the server answers with the filtered page
        expect(page).to_have_url(re.compile(rf"{path}\?fuel=electric$"))
        expect(count).to_have_text(f"{offered} {of} 40 {offers}")
        expect(page.get_by_test_id("lease-offer-card")).to_have_count(offered)
        expect(page.get_by_test_id("filter-pill")).to_have_count(1)
        page.set_viewport_size(DESKTOP)
        expect(served.get_by_role("checkbox", name=re.compile(f"^{words['electric']} "))
               ).to_have_attribute("aria-checked", "true")
        drawn_in_its_font(page)
        before = page.evaluate(SHOWN)
        assert len(before) > 15
        page.evaluate("window.servedDocument = true")
    connected(page)
    expect(page.locator("#page-filters")).to_have_count(0)  # the app draws its own now
    filters = page.get_by_role("complementary", name=re.compile(f"^{words['filters']}"))
    expect(filters.get_by_role("checkbox", name=re.compile(f"^{words['electric']} "))
           ).to_have_attribute("aria-checked", "true")
    assert page.evaluate(SHOWN) == before  # nothing moved
    # The app's filters: a price limit is found inside the app, the document stays.
    limit = filters.locator("a[href*='price_max=']:not([aria-disabled])").first
    within = counted(limit)
    limit.click()
    expect(page).to_have_url(re.compile(rf"{path}\?fuel=electric&price_max=\d+$"))
    expect(count).to_have_text(f"{within} {of} 40 {offers}")
    expect(page.get_by_test_id("lease-offer-card")).to_have_count(within)
    expect(page.get_by_test_id("filter-pill")).to_have_count(2)
    assert page.evaluate("window.servedDocument") is True
