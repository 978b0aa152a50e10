"""Rich text on a content page as a visitor reads it: headings, lists, a table with header
cells and spans, styled and coloured text, in both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Site


@pytest.mark.parametrize(("path", "heading", "group", "term", "note"), [
    ("/privacy", "Bewaartermijnen", "Aanvragen en overeenkomsten", "7 jaar", "Let op:"),
    ("/de/datenschutz", "Speicherdauer", "Anfragen und Verträge", "10 Jahre", "Bitte beachten:"),
])
def test_rich_text_page_with_table_and_styled_text(page: Page, site: Site, path: str,
                                                   heading: str, group: str, term: str,
                                                   note: str) -> None:
    page.goto(site.url(path))
    text = page.locator("#main-content .cms-rich-text").first
    # A rich-text heading looks like a heading, a list has its bullets.
    section = text.get_by_role("heading", level=2, name=heading)
    expect(section).to_be_visible()
    font_size = "e => parseFloat(getComputedStyle(e).fontSize)"
    assert section.evaluate(font_size) > text.locator("p").first.evaluate(font_size) * 1.3
    assert section.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    assert text.locator("ul").first.evaluate("e => getComputedStyle(e).listStyleType") == "disc"
    # The table: header cells, a group heading over all three columns, bold terms.
    table = text.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_have_count(5)
    expect(table.get_by_role("columnheader", name=group)).to_have_attribute("colspan", "3")
    expect(table.locator("strong", has_text=term)).to_be_visible()
    assert table.get_by_role("row").count() == 6
    # Styled text: the note in the editor's colour, bold, the rest in italics.
    lead = text.locator("strong span", has_text=note)
    expect(lead).to_have_css("color", "rgb(180, 35, 24)")
    expect(lead.locator("xpath=ancestor::p[1]").locator("em")).to_have_count(1)


def test_table_fits_a_phone(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url("/privacy"))
    table = page.locator("#main-content table")
    expect(table).to_be_visible()
    width = table.evaluate("e => e.getBoundingClientRect().right")
    assert width <= 360
