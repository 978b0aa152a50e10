"""Pages served with their no-JavaScript HTML still hydrate cleanly in the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site

PATHS = [
    "/",
    "/de",
    "/voorraad",
    "/de/angebote?fuel=electric",
    "/audi/voorraad",
    "/direct-contact",  # a served request form, handed over to the app's
    "/bestaat-niet",
    "/de/gibt-es-nicht",
]


@pytest.mark.parametrize("path", PATHS)
def test_page_hydrates_without_errors(page: Page, site: Site, path: str) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and "status of 404" not in message.text else None)
    page.goto(site.url(path))
    expect(page.locator("#main-content h1")).to_have_count(1)
    # The copy for clients without JavaScript is gone, and one title remains.
    expect(page.locator("#crawler-main")).to_have_count(0)
    assert page.locator("h1").count() == 1
    connected(page)
    page.wait_for_timeout(500)
    assert page.evaluate("document.querySelectorAll('title').length") == 1
    assert problems == []


def test_head_tags_follow_client_navigation(page: Page, site: Site) -> None:
    page.goto(site.url("/voorraad"))
    expect(page.locator("link[rel=canonical]")).to_have_count(1)
    connected(page)  # before that a link loads the next page from the server
    page.get_by_role("navigation", name="Hoofdmenu").get_by_role("link", name="Vestigingen").click()
    expect(page).to_have_url(site.url("/vestigingen"))
    # The first page's canonical must not describe the next one.
    expect(page.locator("link[rel=canonical][data-seo]")).to_have_count(0)
