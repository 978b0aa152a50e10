"""The stock overview before and without the app: its filters, order and pages are links
and forms of the served page, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.page_types import PHONE, connected, drawn_in_its_font, scripts_held
from tests.conftest import Site, consent_cookie
from tests.stock_counts import count_of

DESKTOP = {"width": 1280, "height": 900}
LANGUAGES = pytest.mark.parametrize("words", [
    {"path": "/voorraad", "heading": "Voorraad", "electric": "Elektrisch", "diesel": "Diesel",
     "sort": "Sorteer op", "expensive": "Prijs (hoog naar laag)", "pages": "Pagina's",
     "filters": "Filters", "price": "€ ", "place": "47533", "radius": "Binnen 25 km",
     "nearest": "Afstand (dichtstbij eerst)"},
    {"path": "/de/angebote", "heading": "Fahrzeugangebot", "electric": "Elektro",
     "diesel": "Diesel", "sort": "Sortieren nach", "expensive": "Preis (absteigend)",
     "pages": "Seiten", "filters": "Filter", "price": " €", "place": "6511",
     "radius": "Im Umkreis von 25 km", "nearest": "Entfernung (nächste zuerst)"},
], ids=["nl", "de"])


def prices(page: Page, marker: str) -> list[int]:
    texts = page.get_by_test_id("vehicle-card").locator("strong").all_inner_texts()
    return [int(re.sub(r"\D", "", text)) for text in texts if marker in text]


@LANGUAGES
def test_filter_sort_and_pages_without_the_app(browser: Browser, site: Site,
                                                words: dict[str, str]) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=DESKTOP, locale="en-US",
                                  storage_state={"cookies": [consent_cookie([])], "origins": []})
    page = context.new_page()
    path = words["path"]
    page.goto(site.url(path))
    main = page.locator("#main-content")
    expect(main.get_by_role("heading", level=1)).to_have_text(words["heading"])
    everything = count_of(page)
    filters = page.get_by_role("complementary", name=re.compile("^Filter"))
    electric = filters.get_by_role("checkbox", name=re.compile(f"^{words['electric']} "))
    offered = int(re.sub(r"\D", "", electric.inner_text().rsplit("(", 1)[1]))
    electric.click()
    expect(page).to_have_url(re.compile(rf"{path}\?fuel=electric$"))
    assert count_of(page) == offered < everything
    expect(filters.get_by_role("checkbox", name=re.compile(f"^{words['electric']} "))
           ).to_have_attribute("aria-checked", "true")
    expect(page.get_by_test_id("filter-pill")).to_have_count(1)

    page.get_by_text(words["sort"], exact=True).locator("xpath=..").locator("summary").click()
    page.get_by_role("link", name=words["expensive"], exact=True).click()
    expect(page).to_have_url(re.compile(rf"{path}\?fuel=electric&sort=price_desc$"))
    first = prices(page, words["price"])
    assert len(first) > 10 and first == sorted(first, reverse=True)

    page.get_by_role("navigation", name=words["pages"]).get_by_role(
        "link", name="2", exact=True).click()
    expect(page).to_have_url(re.compile(rf"{path}\?fuel=electric&page=2&sort=price_desc$"))
    expect(page.get_by_role("navigation", name=words["pages"]).locator(
        "[aria-current=page]")).to_have_text("2")
    second = prices(page, words["price"])
    assert second and max(second) <= min(first)
    assert count_of(page) == offered

    # A phone: the Filters button is a link to the served filters, shown as a sheet.
    page.set_viewport_size(PHONE)
    expect(filters).to_be_hidden()
    page.get_by_role("link", name=words["filters"], exact=True).click()
    diesel = filters.get_by_role("checkbox", name=re.compile(f"^{words['diesel']} "))
    expect(diesel).to_be_visible()
    diesel.click()
    expect(page).to_have_url(re.compile(rf"{path}\?fuel=diesel%2Celectric&sort=price_desc$"))

    # A place: the box sends the served form; then a radius by its count, nearest first.
    page.set_viewport_size(DESKTOP)
    page.locator("#stock-filters input[name=near]").fill(words["place"])
    page.locator("#stock-filters input[name=near]").press("Enter")
    expect(page).to_have_url(re.compile(rf"near={words['place']}\b"))
    assert not re.search(r"=(&|$)", page.url)  # the fields left empty are not in the address
    radius = filters.get_by_role("radio", name=re.compile(f"^{words['radius']} "))
    within = int(re.sub(r"\D", "", radius.inner_text().rsplit("(", 1)[1]))
    radius.click()
    expect(page).to_have_url(re.compile(r"&within=25$"))
    assert count_of(page) == within > 0
    expect(filters.get_by_role("radio", name=re.compile(f"^{words['radius']} "))
           ).to_have_attribute("aria-checked", "true")
    page.get_by_text(words["sort"], exact=True).locator("xpath=..").locator("summary").click()
    page.get_by_role("link", name=words["nearest"], exact=True).click()
    expect(page).to_have_url(re.compile(rf"near={words['place']}&within=25$"))
    assert count_of(page) == within
    context.close()


# Where the filters, the count, the quick entries and the menus are (to the pixel, once
# drawn in the page's font) and what they say.
SHOWN = """() => [...document.querySelectorAll('[data-testid=result-count], #stock-filters legend,'
  + ' #stock-filters a[role], .choice-menu summary, [data-testid=quick-entries] a')]
  .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim(),
  ...[r.x, r.y, r.width, r.height].map(Math.round)]; })"""


@LANGUAGES
def test_the_app_takes_over_the_served_filters_as_they_are(page: Page, site: Site,
                                                           words: dict[str, str]) -> None:
    page.set_viewport_size(DESKTOP)
    with scripts_held(page):  # until the served page has been read
        # With a place found: the radii stand above the other filters.
        page.goto(site.url(f"{words['path']}?fuel=electric&near={words['place']}"
                           "&sort=price_desc"), wait_until="domcontentloaded")
        expect(page.locator("#page-filters a[role=checkbox]").first).to_be_visible()
        expect(page.locator("#page-filters a[role=radio]")).to_have_count(4)
        drawn_in_its_font(page)
        served = page.evaluate(SHOWN)
        pages = page.locator("#page-pages a").evaluate_all("links => links.map(a => a.href)")
        assert len(served) > 40 and len(pages) > 2
    connected(page)
    expect(page.locator("#page-filters")).to_have_count(0)  # the app draws its own now
    expect(page.locator("#stock-filters a[role=checkbox]").first).to_be_visible()
    expect(page.locator("#stock-filters a[role=radio]")).to_have_count(4)
    assert page.evaluate(SHOWN) == served
    assert page.locator(".pagination a").evaluate_all("links => links.map(a => a.href)") == pages


@LANGUAGES
def test_a_search_typed_before_the_app_is_there_is_the_apps_search(
        page: Page, site: Site, words: dict[str, str]) -> None:
    page.set_viewport_size(DESKTOP)
    with scripts_held(page):  # until the visitor has typed
        page.goto(site.url(words["path"]), wait_until="domcontentloaded")
        everything = count_of(page)
        everything_text = page.get_by_test_id("result-count").inner_text()
        page.locator("#page-filters input[name=q]").press_sequentially("golf", delay=50)
    connected(page)
    expect(page.locator("#page-filters")).to_have_count(0)  # the app draws its own now
    box = page.locator("#stock-filters input[name=q]")
    expect(box).to_have_value("golf")
    expect(box).to_be_focused()
    page.keyboard.type(" tsi")  # typing goes on in the app's box
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"[?&]q=golf\+tsi(&|$)"))
    expect(page.get_by_test_id("result-count")).not_to_have_text(everything_text)
    assert 0 < count_of(page) < everything
    titles = page.get_by_test_id("vehicle-card").locator("h2").all_inner_texts()
    assert titles and all("Golf" in title for title in titles)


@pytest.mark.parametrize(("path", "filters"), [
    ("/voorraad", "Filters"), ("/de/angebote", "Filter"),
    ("/lease-aanbod", "Filters"), ("/de/leasingangebote", "Filter"),
])
def test_the_served_filter_sheet_takes_the_focus_and_closes_on_escape(
        page: Page, site: Site, path: str, filters: str) -> None:
    page.set_viewport_size(PHONE)
    with scripts_held(page):  # a phone before the app has taken over
        page.goto(site.url(path), wait_until="domcontentloaded")
        link = page.get_by_role("link", name=filters, exact=True)
        link.click()
        sheet = page.locator("#stock-filters")
        expect(sheet).to_be_visible()
        expect(sheet.locator(".filter-sheet-close")).to_be_focused()
        page.keyboard.press("Tab")  # on through the sheet's own fields and links
        assert sheet.evaluate("sheet => sheet.contains(document.activeElement)")
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        expect(link).to_be_focused()
