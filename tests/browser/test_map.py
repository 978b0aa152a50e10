"""The tiled branch map: behind the consent gate, tiles from the configured server with
its attribution, a marker per branch linking to its page, in both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TILE_ATTRIBUTION
from tests.conftest import Site
from tests.loopback import LoopbackService

DEMO_BRANCHES = 10


@pytest.mark.parametrize(("path", "allow", "branches"), [
    ("/vestigingen", "Kaart tonen", "/vestigingen/"),
    ("/de/standorte", "Karte anzeigen", "/de/standorte/"),
])
def test_tiled_map_only_after_consent(page: Page, integrations_site: Site, tiles: LoopbackService,
                                      path: str, allow: str, branches: str) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(integrations_site.url(path))
    expect(page.get_by_test_id("map-consent")).to_be_visible()
    page.wait_for_timeout(500)
    tiles.requests.clear()
    assert page.locator(".leaflet-container").count() == 0 and tiles.requests == []

    page.get_by_role("button", name=allow).click()
    the_map = page.get_by_test_id("location-map")
    expect(the_map.locator(".leaflet-container")).to_be_visible()
    expect(the_map.locator("img.leaflet-tile-loaded").first).to_be_attached()
    assert tiles.requests and all(request.path.endswith(".png") for request in tiles.requests)
    expect(the_map.get_by_text(TILE_ATTRIBUTION)).to_be_visible()
    # Leaflet's stylesheet came with the map: its panes lie over each other.
    expect(the_map.locator(".leaflet-tile-pane")).to_have_css("position", "absolute")
    # The view lies inside SPEC §9's bounds and holds every branch.
    markers = the_map.locator("path.leaflet-interactive")
    expect(markers).to_have_count(DEMO_BRANCHES)
    zoom = int(the_map.locator(".leaflet-tile-loaded").first.get_attribute("src").split("/")[3])
    assert 4 <= zoom <= 10

    # A marker opens its branch's name, a link to the branch's page.
    markers.first.click(force=True)
    link = the_map.get_by_test_id("map-marker-link")
    expect(link).to_be_visible()
    name, href = link.inner_text().strip(), link.get_attribute("href")
    assert href.startswith(branches)
    link.click()
    expect(page).to_have_url(integrations_site.url(href))
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)
    assert problems == []


def test_declining_keeps_the_tiles_away(page: Page, integrations_site: Site, tiles: LoopbackService
                                        ) -> None:
    page.goto(integrations_site.url("/vestigingen"))
    tiles.requests.clear()
    page.get_by_role("button", name="Nu niet").click()
    expect(page.get_by_test_id("map-declined")).to_be_visible()
    page.wait_for_timeout(500)
    assert tiles.requests == []
