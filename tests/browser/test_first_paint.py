"""What a first visit loads and paints before the app has taken over, on a phone."""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from dealer.framework.build import BUILD_FOLDER
from dealer.framework.theme import stylesheet_signature
from tests.browser.page_types import PAGES, PHONE, connected, scripts_held
from tests.conftest import Site

# Records every layout shift of the visit, and for each largest-contentful-paint entry
# whether its element belongs to the page as the server sent it (its copy of the page).
OBSERVERS = """
window.firstPaint = {shifts: [], largest: [], appStart: null, animating: null};
// The start script sets the app's route modules: the app starts then.
Object.defineProperty(window, '__reactRouterRouteModules', {configurable: true,
  set(value) { firstPaint.appStart = performance.now();
    firstPaint.animating = document.getAnimations().map(a =>
      a.animationName || a.transitionProperty);
    Object.defineProperty(window, '__reactRouterRouteModules', {value, writable: true}); }});
new PerformanceObserver(list => list.getEntries().forEach(entry => {
  if (!entry.hadRecentInput) firstPaint.shifts.push({value: entry.value,
    sources: (entry.sources || []).map(s => s.node ? s.node.nodeName + ' '
      + (s.node.textContent || '').slice(0, 60) : '?')});
})).observe({type: 'layout-shift', buffered: true});
new PerformanceObserver(list => list.getEntries().forEach(entry => firstPaint.largest.push({
  tag: entry.element && entry.element.nodeName, url: entry.url, time: entry.startTime,
  served: !!(entry.element && entry.element.closest('#crawler-main'))})))
  .observe({type: 'largest-contentful-paint', buffered: true});
"""
# Pages whose largest paint the server can give: their data is in the served HTML.
# (Stock listings and lease offers draw their cards once the app has the stock.)
SERVER_PAINTED = {
    "nl": ["/", "/voorraad/{vehicle}", "/voorraad/{vehicle}/lease-calculator", "/over-ons",
           "/vestigingen/utrecht"],
    "de": ["/de", "/de/angebote/{vehicle}", "/de/angebote/{vehicle}/leasingrechner",
           "/de/ueber-uns", "/de/standorte/koeln"],
}


@contextmanager
def as_phone(page: Page) -> Iterator[Page]:
    """A phone: small screen and a CPU four times slower, as Lighthouse's mobile run."""
    page.set_viewport_size(PHONE)
    page.add_init_script(OBSERVERS)
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    yield page
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})


@pytest.fixture
def phone(page: Page) -> Iterator[Page]:
    with as_phone(page):
        yield page


@pytest.fixture(scope="module")
def phone_visit(browser: Browser, browser_context_args: dict, site: Site, vehicle: str
                ) -> Callable[[str], dict]:
    """What a phone's first visit to a page recorded (OBSERVERS, and when the first
    contentful paint was): one visit per page for all the checks below that read it."""
    @functools.cache
    def visit(path: str) -> dict:
        context = browser.new_context(**browser_context_args)
        try:
            with as_phone(context.new_page()) as page:
                _visit_until_settled(page, site.url(path.format(vehicle=vehicle)))
                return page.evaluate("""() => ({...firstPaint, firstContentfulPaint:
                  performance.getEntriesByName('first-contentful-paint')[0].startTime})""")
        finally:
            context.close()
    return visit


def _visit_until_settled(page: Page, url: str) -> None:
    """Until the app has its state and has drawn with it. (The served copy goes as soon
    as the page's heading is there: on a prerendered page, before the app runs.)"""
    page.goto(url, wait_until="networkidle")
    expect(page.locator("#main-content h1")).to_be_visible()
    expect(page.locator("#crawler-main")).to_have_count(0)
    connected(page)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)


@pytest.mark.parametrize("path", [*PAGES["nl"], *PAGES["de"]])
def test_nothing_moves_while_a_page_loads(phone_visit: Callable[[str], dict], path: str
                                          ) -> None:
    shifts = phone_visit(path)["shifts"]
    total = sum(shift["value"] for shift in shifts)
    assert total < 0.05, f"{path}: layout shift {total:.3f}: {shifts}"


@pytest.mark.parametrize("path", ["/", "/voorraad", "/voorraad/{vehicle}", "/over-ons"])
def test_nothing_moves_on_a_wide_screen_either(page: Page, site: Site, vehicle: str,
                                               path: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(OBSERVERS)
    _visit_until_settled(page, site.url(path.format(vehicle=vehicle)))
    total = page.evaluate("firstPaint.shifts.reduce((sum, shift) => sum + shift.value, 0)")
    assert total < 0.05, f"{path}: layout shift {total:.3f}"


# A list's cards with their checkboxes left out: in the served page those of the page of
# results (``id="page-cards"``), in the app all it draws.
CARD_MARKUP = """([html, testId]) => {
  const served = new DOMParser().parseFromString(html, 'text/html').getElementById('page-cards');
  const markup = root => [...root.querySelectorAll(`[data-testid="${testId}"]`)].map(card => {
    const copy = card.cloneNode(true);
    copy.querySelectorAll('.list-card-actions').forEach(actions => actions.replaceChildren());
    return copy.outerHTML;
  });
  return {served: markup(served), drawn: markup(document.getElementById('main-content'))};
}"""


# Marks the cards of the served page as the browser has parsed them, before the app.
MARK_SERVED_CARDS = """document.addEventListener('DOMContentLoaded', () =>
  document.querySelectorAll('#page-cards > article').forEach(card => card.served = true));
"""
# For each card of the page: whether it is one the served page held.
SERVED = "id => [...document.querySelectorAll(`[data-testid=${id}]`)].map(c => !!c.served)"


def _page_two(page: Page, pages: str) -> Locator:
    return page.get_by_role("navigation", name=pages).get_by_role("link", name="2", exact=True)


def _filter(page: Page, option: str) -> Locator:
    return page.locator("aside").get_by_role("checkbox", name=re.compile(f"^{option}"))


@pytest.mark.parametrize(("path", "test_id", "controls", "move"), [
    ("/voorraad", "vehicle-card", 24, lambda page: _page_two(page, "Pagina's")),
    ("/de/angebote", "vehicle-card", 24, lambda page: _page_two(page, "Seiten")),
    ("/lease-aanbod", "lease-offer-card", 0, lambda page: _filter(page, "Elektrisch")),
    ("/de/leasingangebote", "lease-offer-card", 0, lambda page: _filter(page, "Elektro")),
])
def test_the_app_keeps_the_served_cards_and_draws_the_same(
        page: Page, site: Site, path: str, test_id: str, controls: int,
        move: Callable[[Page], Locator]) -> None:
    """The app keeps the cards the server sent, the same elements, and puts each vehicle's
    compare and favourite boxes into its card; the cards of a page it draws itself have
    the markup the server writes for that page (``views.stock.vehicle_card_markup``,
    ``views.lease_offers.offer_card_markup``)."""
    page.set_viewport_size({"width": 1280, "height": 800})  # the filters in the sidebar
    page.add_init_script(MARK_SERVED_CARDS)
    page.goto(site.url(path))
    cards = page.get_by_test_id(test_id)
    expect(page.locator("#page-filters")).to_have_count(0)  # the app has the list
    expect(cards.get_by_test_id("favourite-toggle")).to_have_count(controls)
    expect(cards.get_by_test_id("compare-toggle")).to_have_count(controls)
    served = page.evaluate(SERVED, test_id)
    assert len(served) > 10 and all(served)
    move(page).click()
    expect(page.locator("#page-cards")).to_have_count(0)  # drawn by the app
    expect(cards.get_by_test_id("compare-toggle")).to_have_count(controls)
    assert not any(page.evaluate(SERVED, test_id))
    drawn = page.evaluate(CARD_MARKUP, [httpx.get(page.url).text, test_id])
    assert drawn["served"] and drawn["drawn"][:len(drawn["served"])] == drawn["served"]


@pytest.mark.parametrize("path", [*SERVER_PAINTED["nl"], *SERVER_PAINTED["de"]])
def test_the_largest_paint_is_the_served_page(phone_visit: Callable[[str], dict], path: str
                                              ) -> None:
    largest = phone_visit(path)["largest"]
    assert largest and largest[-1]["served"], f"{path}: {largest}"


@pytest.mark.parametrize("path", ["/vestigingen/utrecht", "/de/standorte/koeln"])
def test_a_late_font_leaves_the_largest_paint_served(phone: Page, site: Site, path: str
                                                     ) -> None:
    """On a slow connection the font comes after the first frame: the page keeps the
    fallback it was drawn in, so the app's heading, drawn over the served copy, is no
    larger (and no later) largest paint."""
    def late(route: Route) -> None:
        time.sleep(1.5)
        route.continue_()
    phone.route("**/*.woff2", late)
    _visit_until_settled(phone, site.url(path))
    largest = phone.evaluate("firstPaint.largest")
    assert largest and largest[-1]["served"], f"{path}: {largest}"


@pytest.mark.parametrize("path", ["/voorraad", "/de/angebote"])
def test_one_font_file_draws_the_page_brand_names_included(page: Page, site: Site,
                                                          path: str) -> None:
    fonts: list[str] = []
    page.on("request", lambda request: fonts.append(request.url)
            if request.url.endswith(".woff2") else None)
    page.goto(site.url(path))
    expect(page.get_by_text("Škoda").first).to_be_attached()  # a letter beyond Latin-1
    page.evaluate("document.fonts.ready")
    assert [url.rsplit("/", 1)[1] for url in fonts] == ["inter-latin-cz-wght-normal.woff2"]


@pytest.mark.parametrize("path", ["/", "/voorraad", "/voorraad/{vehicle}", "/de/angebote",
                                  "/de/angebote/{vehicle}", "/de/angebote/vergleichen"])
def test_the_page_is_drawn_before_the_app_starts(phone_visit: Callable[[str], dict], path: str
                                                 ) -> None:
    visit = phone_visit(path)
    first_paint, app_start = visit["firstContentfulPaint"], visit["appStart"]
    assert app_start is not None and first_paint <= app_start, (
        f"{path}: painted at {first_paint} ms, app started at {app_start} ms")


@pytest.mark.parametrize("path", ["/", "/de", "/nieuws", "/de/aktuelles"])
def test_nothing_animates_unseen_while_the_app_loads(phone_visit: Callable[[str], dict],
                                                      path: str) -> None:
    """The served copy covers the page's loading state: an animation under it (a
    spinner) would cost a phone's main thread while the page loads, for nothing seen."""
    assert phone_visit(path)["animating"] == []


def test_the_stylesheet_is_named_after_the_components_it_styles(site: Site) -> None:
    """Browsers keep the stylesheet for a year under its name, and which of its rules stay
    depends on the components the pages use: their signature is part of what the name is
    made from (dealer.stylesheets)."""
    page = httpx.get(site.url("/")).text
    href = re.search(r'href="(/assets/__reflex_global_styles-[\w-]+\.css)"', page)
    assert href, "the page links no stylesheet"
    stylesheet = httpx.get(site.url(href[1])).text
    signature = stylesheet_signature(site.checkout / BUILD_FOLDER)
    assert f'--site-components:"{signature}"' in stylesheet


@pytest.mark.parametrize(("path", "other", "stock_link"), [
    ("/voorraad/{vehicle}", "/de/angebote/{vehicle}?locale=de", "/voorraad"),
    ("/de/angebote/{vehicle}", "/voorraad/{vehicle}?locale=nl", "/de/angebote"),
])
def test_a_page_with_parameters_has_the_site_header_before_the_app(
    page: Page, site: Site, vehicle: str, path: str, other: str, stock_link: str,
) -> None:
    with scripts_held(page):  # a slow phone: the served page alone
        page.goto(site.url(path.format(vehicle=vehicle)), wait_until="domcontentloaded")
        banner = page.get_by_role("banner")
        expect(banner).to_be_visible()
        expect(banner.get_by_test_id("language-switch")).to_have_attribute(
            "href", other.format(vehicle=vehicle))
        header_top = banner.evaluate("header => header.getBoundingClientRect().top")
        heading_top = page.locator("#crawler-main h1").evaluate(
            "heading => heading.getBoundingClientRect().top")
        assert header_top == 0 and heading_top > banner.evaluate(
            "header => header.getBoundingClientRect().bottom"), "the header covers the copy"
        expect(banner.locator(f'a[href="{stock_link}"]').first).to_be_attached()
    connected(page)  # the app's own header replaced it: one header, the app's
    expect(page.get_by_role("banner")).to_have_count(1)
    expect(page.locator("#served-header")).to_have_count(0)
    expect(page.get_by_role("banner").get_by_test_id("language-switch")).to_have_attribute(
        "href", other.format(vehicle=vehicle))


def test_a_link_in_the_served_header_works_before_the_app(page: Page, site: Site,
                                                          vehicle: str) -> None:
    with scripts_held(page):
        page.goto(site.url(f"/voorraad/{vehicle}"), wait_until="domcontentloaded")
        page.get_by_role("banner").get_by_test_id("language-switch").click()
        expect(page).to_have_url(site.url(f"/de/angebote/{vehicle}"))
