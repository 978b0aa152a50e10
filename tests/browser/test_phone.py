"""Every page type on a 360 px phone, and the keyboard's way into the content."""

from __future__ import annotations

import html
import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import PAGES, PHONE, connected
from tests.conftest import Site


def _drawn(page: Page) -> None:
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    page.wait_for_function(
        "[...document.images].filter(image => image.loading !== 'lazy')"
        ".every(image => image.complete)")


@pytest.mark.parametrize("path", [*PAGES["nl"], *PAGES["de"]])
def test_no_page_scrolls_sideways_on_a_phone(page: Page, site: Site, vehicle: str,
                                             path: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.url(path.format(vehicle=vehicle)))
    _drawn(page)
    width, viewport = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= viewport, f"{path} is {width} px wide as served"
    connected(page)  # and as the app draws it with its data
    _drawn(page)
    width, viewport = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= viewport, f"{path} is {width} px wide in the app"
    # The header's counters show only a number here; their names keep the label.
    compare = "Vergleichen" if path.startswith("/de") else "Vergelijken"
    expect(page.get_by_role("link", name=re.compile(f"^{compare} \\d+$"))).to_be_visible()


@pytest.mark.parametrize(("path", "skip"), [
    ("/voorraad", "Naar de inhoud"), ("/de/angebote", "Zum Inhalt"),
])
def test_skip_link_moves_focus_into_the_content(page: Page, site: Site, path: str,
                                                skip: str) -> None:
    page.goto(site.url(path))
    _drawn(page)
    connected(page)  # before that the link is a plain jump to the content
    page.keyboard.press("Tab")
    link = page.get_by_role("link", name=skip)
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#main-content")).to_be_focused()
    assert page.url == site.url(path)  # no navigation
    page.keyboard.press("Tab")
    inside = page.evaluate("document.getElementById('main-content').contains("
                           "document.activeElement)")
    assert inside, "the next Tab stays in the main content"
    top = page.evaluate("document.querySelector('#main-content h1').getBoundingClientRect().top")
    header = page.evaluate("document.querySelector('header').getBoundingClientRect().bottom")
    assert top >= header - 1, "the heading is not hidden under the sticky header"


@pytest.mark.parametrize(("path", "other"), [
    ("/voorraad/{vehicle}", "/de/angebote/{vehicle}?locale=de"),
    ("/de/angebote/{vehicle}/leasingrechner", "/voorraad/{vehicle}/lease-calculator?locale=nl"),
    ("/over-ons/team", "/de/ueber-uns/team?locale=de"),
])
def test_language_link_is_right_before_the_page_is_connected(
    page: Page, site: Site, vehicle: str, path: str, other: str
) -> None:
    path, other = path.format(vehicle=vehicle), other.format(vehicle=vehicle)
    raw = httpx.get(site.url(path)).text  # as served, for clients without JavaScript
    links = re.findall(r'<a [^>]*data-testid="language-switch"[^>]*>', raw)
    assert links and all(f'href="{html.escape(other)}"' in link for link in links), links
    page.route_web_socket(re.compile(r"/_event"), lambda socket: None)  # never connects
    page.goto(site.url(path))
    expect(page.locator("header [data-testid=language-switch]")).to_have_attribute("href", other)


@pytest.mark.parametrize(("path", "filters"), [
    ("/voorraad", "Filters"), ("/de/angebote", "Filter"),
])
def test_nothing_slides_for_a_visitor_who_asked_for_less_motion(page: Page, site: Site,
                                                                path: str, filters: str) -> None:
    def durations(selector: str) -> list[float]:
        style = page.locator(selector).first.evaluate(
            "element => { const s = getComputedStyle(element); "
            "return s.transitionDuration + ',' + s.animationDuration; }")
        return [float(value.strip().removesuffix("s")) for value in style.split(",")]

    page.set_viewport_size(PHONE)
    page.goto(site.url(path))
    _drawn(page)
    assert max(durations(".loading-bar")) >= 0.4  # as designed, for everybody else
    page.emulate_media(reduced_motion="reduce")
    assert max(durations(".loading-bar")) < 0.001
    connected(page)  # the drawer opens in the app
    page.get_by_role("button", name=filters).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert max(durations("[role=dialog]")) < 0.001
