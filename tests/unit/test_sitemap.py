"""The sitemap follows the route table: a screen marked there is listed, and nothing else."""

from __future__ import annotations

import pytest

from dealer.brands import PLATFORM_BRANDS
from dealer.routes import SCREENS
from dealer.web.sitemap import RECORDS, fixed_urls

LISTED = sorted(screen for screen, entry in SCREENS.items() if entry.sitemap)


def test_records_come_only_for_listed_screens() -> None:
    assert set(RECORDS) <= set(LISTED)


@pytest.mark.parametrize("screen", [s for s in LISTED if s not in RECORDS])
def test_every_listed_screen_without_records_has_its_pages(screen: str) -> None:
    urls = fixed_urls(screen)
    assert len(urls) in (1, len(PLATFORM_BRANDS))
    assert all(set(url.paths) == {"nl", "de"} for url in urls)


def test_a_screen_of_records_without_a_source_is_refused() -> None:
    with pytest.raises(ValueError, match="lease_offer"):
        fixed_urls("lease_offer")


def test_forms_compare_tools_and_per_visitor_pages_are_marked_as_the_site_wants() -> None:
    assert "vehicle_test_drive" not in LISTED and "appointment" not in LISTED
    assert {"stock", "vehicle", "location", "vacancy", "content", "brand_stock"} <= set(LISTED)
