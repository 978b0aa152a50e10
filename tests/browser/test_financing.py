"""'Financing explained' / 'Finanzierung erklärt': the dealer's page on how lease and
financing work, a screen of its own (its address a section word of each language), in the
sitemap, with its way to the cars offered with private lease."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import connected
from tests.conftest import WAIT_S, Site


@pytest.mark.parametrize(("path", "heading", "section", "action", "listing", "other"), [
    ("/financiering-uitgelegd", "Financiering uitgelegd", "Private lease",
     "Bekijk auto's met private lease", "/voorraad/private-lease",
     "/de/finanzierung-erklaert"),
    ("/de/finanzierung-erklaert", "Finanzierung erklärt", "Privatleasing",
     "Autos mit Privatleasing ansehen", "/de/angebote/privatleasing",
     "/financiering-uitgelegd"),
])
def test_financing_explained(page: Page, site: Site, path: str, heading: str, section: str,
                             action: str, listing: str, other: str) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 200
    main = page.locator("#main-content")
    expect(main.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page).to_have_title(f"{heading} | Rijnland Autogroep")
    expect(main.get_by_role("heading", level=2, name=section, exact=True)).to_be_visible()
    expect(page.get_by_test_id("language-switch")).to_have_attribute(
        "href", f"{other}?locale={'de' if path.startswith('/financ') else 'nl'}")
    connected(page)
    main.get_by_role("link", name=action).click()
    expect(page).to_have_url(site.url(listing))


def test_financing_explained_is_in_the_sitemap(site: Site) -> None:
    pages = httpx.get(site.url("/sitemaps/pages.xml"), timeout=WAIT_S).text
    for path in ("/financiering-uitgelegd", "/de/finanzierung-erklaert"):
        assert pages.count(f"{path}</loc>") == 1
    content = httpx.get(site.url("/sitemaps/content.xml"), timeout=WAIT_S).text
    assert "financiering-uitgelegd" not in content  # listed once, as the screen
