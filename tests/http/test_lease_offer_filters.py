"""The lease offers as served: every filter is a link to the page whose count it shows."""

from __future__ import annotations

import html
import re

import httpx
import pytest

from tests.conftest import Site

_COUNT = re.compile(r'data-testid="result-count"[^>]*><span[^>]*>(\d+) \w+ (\d+) ')
_OPTION = re.compile(r'<a href="([^"]+)" role="checkbox" aria-checked="(true|false)"'
                     r'(?: aria-disabled="true")?>[^<]+ <span class="filter-count">'
                     r"\((\d+)\)</span></a>")


def offer_count(served: str) -> tuple[int, int]:
    """The offers a served overview shows, and how many there are."""
    match = _COUNT.search(served)
    assert match, "the served page has no result count"
    return int(match.group(1)), int(match.group(2))


def served_options(served: str) -> list[tuple[str, str, int]]:
    """The filter links of a served overview's sidebar: where each leads, whether it is
    ticked and the offers it counts."""
    aside = re.search(r'<aside\b[^>]*id="stock-filters"[^>]*>(.*?)</aside>', served, re.DOTALL)
    assert aside, "the served page has no filters"
    return [(html.unescape(href), checked, int(count))
            for href, checked, count in _OPTION.findall(aside.group(1))]


@pytest.mark.parametrize("overview", ["/lease-aanbod", "/de/leasingangebote"])
def test_every_served_filter_link_leads_to_the_page_it_counts(site: Site, overview: str) -> None:
    everything = offer_count(httpx.get(site.url(overview)).text)
    assert everything[0] == everything[1] > 20
    brand = next(href for href, _, _ in served_options(httpx.get(site.url(overview)).text)
                 if "brand=" in href)
    model = next(href for href, _, _ in served_options(httpx.get(site.url(brand)).text)
                 if "model=" in href)
    for start in (overview, f"{overview}?fuel=electric", model):
        served = httpx.get(site.url(start)).text
        shown, total = offer_count(served)
        options = served_options(served)
        assert len(options) > 12 and total == everything[1]
        for href, checked, count in options:
            if checked == "true":  # a ticked filter counts what is shown; its link drops it
                assert count == shown and href != start, href
                continue
            page = httpx.get(site.url(href)).text
            assert offer_count(page) == (count, total), href
            assert page.count('data-testid="lease-offer-card"') == count, href


@pytest.mark.parametrize(("overview", "filters"), [("/lease-aanbod", "Filters"),
                                                   ("/de/leasingangebote", "Filter")])
def test_the_served_overview_has_its_filters_where_the_app_draws_them(
        site: Site, overview: str, filters: str) -> None:
    served = httpx.get(site.url(f"{overview}?fuel=electric&price_max=600&bogus=%00")).text
    shown, _ = offer_count(served)
    assert 0 < shown == served.count('data-testid="lease-offer-card"')
    # The sidebar's place the app fills, and on a phone a link that opens it as a sheet.
    assert re.search(r'<aside\b[^>]*id="stock-filters"[^>]*><div [^>]*\bid="page-filters"', served)
    assert re.search(rf'<a id="stock-filters-link" [^>]*href="#stock-filters">.*?{filters}</a>',
                     served)
    assert f'href="{overview}?price_max=600" role="checkbox" aria-checked="true"' in served
    assert served.count('data-testid="filter-pill"') == 2
