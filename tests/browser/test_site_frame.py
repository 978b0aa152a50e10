"""The frame the editors set: navigation, info bar and footer from the configuration story,
in both languages, and an editor's change showing on the site without a deploy."""

from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import Page, expect

from dealer.content.repository import DEMO_DIR
from tests.browser.conftest import ContentService
from tests.browser.page_types import connected
from tests.conftest import Site, wait_until

MENU = {"nl": "Hoofdmenu", "de": "Hauptmenü"}


def problems_of(page: Page) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" else None)
    return problems


@pytest.mark.parametrize(("path", "entry", "child", "child_path", "column", "info"), [
    ("/vestigingen", "Merken en modellen", "Škoda", "/skoda/modellen", "Aanbod",
     "Elke occasion met nieuwe APK"),
    ("/de/standorte", "Marken und Modelle", "Škoda", "/de/skoda/modelle", "Angebot",
     "Jeder Gebrauchtwagen mit neuer HU"),
])
def test_header_and_footer_show_the_stories_frame(page: Page, site: Site, path: str, entry: str,
                                                  child: str, child_path: str, column: str,
                                                  info: str) -> None:
    problems = problems_of(page)
    page.goto(site.url(path))
    locale = "de" if path.startswith("/de") else "nl"
    menu = page.get_by_role("navigation", name=MENU[locale]).first
    expect(menu.get_by_role("link", name=entry, exact=True)).to_be_visible()
    expect(page.locator("header").get_by_role("link", name=info)).to_be_visible()
    footer = page.locator("footer")
    expect(footer.get_by_role("heading", name=column)).to_be_visible()
    expect(footer.get_by_role("link", name="Instagram")).to_have_attribute(
        "href", "https://www.instagram.com/rijnlandautogroep")
    # A menu below its entry; once the app has taken over, its links change the page
    # inside the app (no new document).
    connected(page)
    page.evaluate("window.sameDocument = true")
    menu.get_by_role("link", name=entry, exact=True).hover()
    menu.get_by_role("link", name=child, exact=True).click()
    expect(page).to_have_url(site.url(child_path))
    expect(page.locator("#main-content h1")).to_contain_text(child)
    assert page.evaluate("window.sameDocument") is True
    assert problems == []


def test_the_phone_menu_lists_the_stories_navigation(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url("/de/standorte"))
    expect(page.locator("#main-content h1")).to_be_visible()
    connected(page)  # the menu opens in the app
    page.get_by_role("button", name="Menü öffnen").click()
    drawer = page.get_by_role("dialog")
    expect(drawer.get_by_role("link", name="Audi", exact=True)).to_be_visible()
    expect(drawer.get_by_role("link", name="Jeder Gebrauchtwagen mit neuer HU", exact=False)
           ).to_be_visible()
    drawer.get_by_role("link", name="Unser Team").first.click()
    expect(page).to_have_url(site.url("/de/ueber-uns/team"))


# --- an editor changes the configuration story ----------------------------------------------

def nav_item(label: str, url: str) -> dict:
    return {"component": "nav_item", "label": label, "children": [],
            "link": {"linktype": "url", "url": url, "cached_url": url}}


@pytest.mark.parametrize(("locale", "path", "label", "target", "column"), [
    ("nl", "/vestigingen", "Winteractie", "/voorraad?fuel=electric", "Winter"),
    ("de", "/de/standorte", "Winteraktion", "/de/angebote?fuel=electric", "Winter"),
])
def test_a_changed_navigation_shows_in_header_and_footer(
        page: Page, integrations_site: Site, content_service: ContentService, locale: str,
        path: str, label: str, target: str, column: str) -> None:
    site, service = integrations_site, content_service
    problems = problems_of(page)
    page.goto(site.url(path))
    menu = page.get_by_role("navigation", name=MENU[locale]).first
    expect(menu.get_by_role("link").first).to_be_visible()
    expect(menu.get_by_role("link", name=label)).to_have_count(0)

    full_slug = "config" if locale == "nl" else "de/config"
    story = json.loads((DEMO_DIR / locale / "config.json").read_text(encoding="utf-8"))[
        "stories"][0]
    story["content"]["main_navigation"].insert(0, nav_item(label, target))
    story["content"]["footer_columns"].append(
        {"component": "footer_column", "title": column, "links": [nav_item(label, target)]})
    service.publish(full_slug, story)

    # Within the content cache time (a second here) the next page shows the new frame,
    # in the server's HTML and in the page alike.
    def served() -> str:
        html = httpx.get(site.url(path)).text
        return html if label in html else ""

    html = wait_until(served, f"'{label}' in the served page")
    assert f'<a href="{target.replace("&", "&amp;")}">{label}</a>' in html
    page.reload()
    expect(menu.get_by_role("link", name=label)).to_have_attribute("href", target)
    footer = page.locator("footer")
    expect(footer.get_by_role("heading", name=column)).to_be_visible()
    expect(footer.get_by_role("link", name=label)).to_have_attribute("href", target)
    # The other language keeps its own navigation.
    other = httpx.get(site.url("/de/standorte" if locale == "nl" else "/vestigingen")).text
    assert label not in other[other.index("<header"):other.index("</footer>")]
    assert problems == []
