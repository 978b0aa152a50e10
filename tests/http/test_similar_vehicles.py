"""Similar vehicles as served: in the HTML of a vehicle's page and of a sold vehicle's."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import Site
from tests.stock_counts import sold_for_a_while

STOCK = {"nl": "/voorraad", "de": "/de/angebote"}
HEADING = {"nl": "Vergelijkbare voertuigen", "de": "Ähnliche Fahrzeuge"}


def similar_links(html: str, locale: str) -> list[str]:
    """The vehicle pages the served copy's similar-vehicles section links to."""
    section = re.search(rf'<section class="card-list"><h2>{HEADING[locale]}</h2>(.*?)</section>',
                        html, re.DOTALL)
    assert section is not None, "no similar vehicles in the served page"
    assert section.group(1).count('data-testid="vehicle-card"') == len(
        re.findall(r'class="list-card-link"', section.group(1)))
    return re.findall(r'class="list-card-link" href="([^"]+)"', section.group(1))


@pytest.fixture
def vehicle(site: Site) -> str:
    """The first vehicle of the stock overview."""
    html = httpx.get(site.url("/voorraad"), timeout=30).text
    return re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', html).group(1)


@pytest.fixture
def sold(site: Site, vehicle: str) -> Iterator[str]:
    with sold_for_a_while(site, vehicle):
        yield vehicle


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_vehicle_page_serves_its_similar_vehicles(site: Site, vehicle: str,
                                                    locale: str) -> None:
    response = httpx.get(site.url(f"{STOCK[locale]}/{vehicle}"), timeout=30)
    assert response.status_code == 200
    links = similar_links(response.text, locale)
    assert 1 <= len(links) <= 6 and len(set(links)) == len(links)
    assert all(re.fullmatch(rf"{STOCK[locale]}/[a-z0-9-]+", link) for link in links)
    assert f"{STOCK[locale]}/{vehicle}" not in links
    # Each is a page of a vehicle on offer.
    assert httpx.get(site.url(links[0]), timeout=30).status_code == 200


def test_a_sold_vehicles_page_serves_similar_ones_instead_of_a_dead_end(
        site: Site, sold: str) -> None:
    response = httpx.get(site.url(f"/de/angebote/{sold}"), timeout=30)
    assert response.status_code == 410
    assert "Fahrzeug nicht gefunden" in response.text
    links = similar_links(response.text, "de")
    assert links and f"/de/angebote/{sold}" not in links
