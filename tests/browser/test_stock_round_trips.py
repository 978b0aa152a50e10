"""A filter change on the stock overview is one round trip: the search box and a range
bound change the page as its filter links do, with the one load of the new URL that the
page sends and the server answers, in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from playwright.sync_api import Page, WebSocket, expect

from tests.browser.page_types import connected
from tests.conftest import Site
from tests.stock_counts import served_count

LANGUAGES = pytest.mark.parametrize("words", [
    {"path": "/voorraad", "search": "Zoeken", "bound": "Prijs tot", "price": "€ 20.000"},
    {"path": "/de/angebote", "search": "Suche", "bound": "Preis bis", "price": "20.000 €"},
], ids=["nl", "de"])
# The event of a page's load after a move within the site (the framework's name).
PAGE_LOAD = "on_load_internal"


def _event(payload: str | bytes) -> str | None:
    """The name of the event a websocket message carries (the last part of the state's
    handler name), or None for the connection's own messages."""
    if not isinstance(payload, str) or not payload.startswith("42"):
        return None
    message = json.loads(payload[payload.index("["):])
    name = message[1].get("name", "") if isinstance(message[1], dict) else ""
    return name.rsplit(".", 1)[-1] or "answer"


@contextmanager
def counted(page: Page) -> Iterator[tuple[list[str], list[str]]]:
    """The events the page sends and the messages it receives in the block."""
    sent: list[str] = []
    received: list[str] = []

    def watch(socket: WebSocket) -> None:
        def on_sent(payload: str | bytes) -> None:
            if (name := _event(payload)) is not None:
                sent.append(name)

        def on_received(payload: str | bytes) -> None:
            if _event(payload) is not None:
                received.append(str(payload)[:80])

        socket.on("framesent", on_sent)
        socket.on("framereceived", on_received)

    page.on("websocket", watch)
    yield sent, received


def settled(page: Page, base: str, query: str, expected: int) -> None:
    """The page is at ``base?query`` and shows the count of that search, and whatever
    would follow the change has followed."""
    expect(page).to_have_url(re.compile(rf"{re.escape(base)}{re.escape(query)}$"))
    shown = re.escape(f"{expected:,}".replace(",", "."))  # nl and de group by '.'
    expect(page.get_by_test_id("result-count")).to_have_text(re.compile(rf"^{shown}\D"))
    page.wait_for_timeout(1000)


@LANGUAGES
def test_a_search_and_a_bound_are_one_round_trip_each(page: Page, site: Site,
                                                      words: dict[str, str]) -> None:
    base = words["path"]
    counts = {query: served_count(httpx.get(site.url(base + query), timeout=60).text)
              for query in ("?q=golf", "?price_max=20000&q=golf", "?price_max=20000")}
    assert 0 < counts["?price_max=20000&q=golf"] < counts["?q=golf"]
    changes: dict[str, tuple[list[str], int]] = {}
    with counted(page) as (sent, received):
        page.goto(site.url(base))
        connected(page)
        page.wait_for_timeout(1000)

        def change(name: str) -> None:
            changes[name] = (list(sent), len(received))
            sent.clear()
            received.clear()

        change("first load")
        search = page.get_by_role("searchbox", name=words["search"])
        search.fill("golf")
        search.press("Enter")
        settled(page, base, "?q=golf", counts["?q=golf"])
        change("search")

        page.get_by_role("combobox", name=words["bound"], exact=True).click()
        page.get_by_role("option", name=words["price"], exact=True).click()
        settled(page, base, "?price_max=20000&q=golf", counts["?price_max=20000&q=golf"])
        expect(search).to_have_value("golf")
        change("bound")

        # A filter link (the text's pill) for comparison.
        page.get_by_test_id("filter-pill").filter(has_text="golf").click()
        settled(page, base, "?price_max=20000", counts["?price_max=20000"])
        change("link")

    print(f"\n{base}: " + "; ".join(f"{name}: sent {events}, received {answers}"
                                    for name, (events, answers) in changes.items()))
    for name in ("search", "bound"):
        events, answers = changes[name]
        assert events.count(PAGE_LOAD) == 1, (name, events)
        assert (events, answers) == changes["link"], (name, changes)

    # Back and forward go through the searches as they were, the box's text with them.
    page.go_back()
    settled(page, base, "?price_max=20000&q=golf", counts["?price_max=20000&q=golf"])
    page.go_back()
    settled(page, base, "?q=golf", counts["?q=golf"])
    expect(search).to_have_value("golf")
    page.go_forward()
    settled(page, base, "?price_max=20000&q=golf", counts["?price_max=20000&q=golf"])
