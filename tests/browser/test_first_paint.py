"""What a first visit loads before the page is drawn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Site


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
