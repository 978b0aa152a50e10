"""The branch search and the employee search are one round trip each: the form (and an
employee select) goes to its search's URL in the browser, as a link does, with the one
load of the new URL that the page sends and the server answers, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.browser.test_stock_round_trips import PAGE_LOAD, counted
from tests.conftest import Site

PAGES = pytest.mark.parametrize("words", [
    {"path": "/vestigingen", "box": "Plaats, postcode of vestiging", "search": "Zoeken",
     "count": "location-count"},
    {"path": "/de/standorte", "box": "Ort, Postleitzahl oder Standort", "search": "Suchen",
     "count": "location-count"},
    {"path": "/medewerkers", "box": "Naam", "search": "Zoeken", "count": "employee-count",
     "reset": "Alle filters wissen", "select": "Vestiging"},
    {"path": "/de/mitarbeiter", "box": "Name", "search": "Suchen", "count": "employee-count",
     "reset": "Alle Filter zurücksetzen", "select": "Standort"},
], ids=["locations-nl", "locations-de", "employees-nl", "employees-de"])


def settled(page: Page, base: str, query: str, count: str) -> None:
    """The page is at ``base + query``, shows its count, and whatever would follow the
    change has followed."""
    expect(page).to_have_url(re.compile(rf"{re.escape(base)}{re.escape(query)}$"))
    expect(page.get_by_test_id(count)).to_be_visible()
    page.wait_for_timeout(1000)


@PAGES
def test_a_search_is_one_round_trip(page: Page, site: Site, words: dict[str, str]) -> None:
    base, count = words["path"], words["count"]
    employees = "reset" in words
    # A search keeps the page's other filters and puts its text where the server would.
    start, text = ("?location=utrecht", "Zzyzx") if employees else ("?service=workshop",
                                                                     "Den  Haag ")
    searched = ("?location=utrecht&name=Zzyzx" if employees
                else "?place=Den+Haag&service=workshop")
    changes: dict[str, tuple[list[str], int]] = {}
    with counted(page) as (sent, received):
        page.goto(site.url(base + start))
        connected(page)
        settled(page, base, start, count)

        def change(name: str) -> None:
            changes[name] = (list(sent), len(received))
            sent.clear()
            received.clear()

        change("first load")
        box = page.get_by_label(words["box"])
        box.fill(text)
        page.get_by_role("button", name=words["search"]).click()
        settled(page, base, searched, count)
        change("search")

        # A link on the page for comparison.
        if employees:
            page.get_by_role("link", name=words["reset"]).click()
            settled(page, base, "", count)
        else:
            page.get_by_test_id("brand-filter").get_by_role("link", name="Audi").click()
            settled(page, base, "?brand=audi&place=Den+Haag&service=workshop", count)
        change("link")
        if employees:
            page.get_by_label(words["select"], exact=True).select_option(
                label="Rijnland Autogroep Utrecht")
            settled(page, base, start, count)
            change("select")

    print(f"\n{base}: " + "; ".join(f"{name}: sent {events}, received {answers}"
                                    for name, (events, answers) in changes.items()))
    for name in ("search", "select") if employees else ("search",):
        events, answers = changes[name]
        assert events.count(PAGE_LOAD) == 1, (name, events)
        assert (events, answers) == changes["link"], (name, changes)

    # Back goes to the searches as they were, the box's text with them.
    if employees:
        page.go_back()
        settled(page, base, "", count)
    page.go_back()
    settled(page, base, searched, count)
    expect(box).to_have_value(" ".join(text.split()))
    page.go_back()
    settled(page, base, start, count)
    expect(box).to_have_value("")
