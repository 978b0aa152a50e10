"""Similar vehicles as served: in the HTML of a vehicle's page and of a sold vehicle's."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from sqlalchemy import delete
from sqlmodel import Session

from dealer.db import make_engine
from dealer.leads.models import Lead  # noqa: F401 - the reservation's lead table
from dealer.reservations.models import Reservation
from dealer.routes import path_for
from tests.conftest import Site
from tests.stock_counts import sold_for_a_while

STOCK = {"nl": "/voorraad", "de": "/de/angebote"}
HEADING = {"nl": "Vergelijkbare voertuigen", "de": "Ähnliche Fahrzeuge"}


def similar_section(html: str, locale: str) -> str:
    """The served copy's similar-vehicles section."""
    section = re.search(rf'<section class="card-list"><h2>{HEADING[locale]}</h2>(.*?)</section>',
                        html, re.DOTALL)
    assert section is not None, "no similar vehicles in the served page"
    assert section.group(1).count('data-testid="vehicle-card"') == len(
        re.findall(r'class="list-card-link"', section.group(1)))
    return section.group(1)


def similar_links(html: str, locale: str) -> list[str]:
    """The vehicle pages the served copy's similar-vehicles section links to."""
    return re.findall(r'class="list-card-link" href="([^"]+)"', similar_section(html, locale))


@contextmanager
def held_for_a_while(site: Site, slug: str) -> Iterator[None]:
    """A paid reservation holds the vehicle while the block runs."""
    engine = make_engine(site.database_url)
    now = dt.datetime.now(dt.UTC)
    with Session(engine) as session:
        session.add(Reservation(vehicle_slug=slug, held_vehicle=slug, status="paid",
                                amount_cents=25000, name="Anna", email="anna@example.nl",
                                locale="nl", created_at=now, paid_at=now,
                                expires_at=now + dt.timedelta(hours=1)))
        session.commit()
    try:
        yield
    finally:
        with Session(engine) as session:
            session.exec(delete(Reservation).where(Reservation.held_vehicle == slug))
            session.commit()
        engine.dispose()


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


@pytest.mark.parametrize(("locale", "badge"), [("nl", "Gereserveerd"), ("de", "Reserviert")])
def test_a_held_similar_vehicle_says_reserved(site: Site, vehicle: str, locale: str,
                                              badge: str) -> None:
    page = site.url(f"{STOCK[locale]}/{vehicle}")
    held = similar_links(httpx.get(page, timeout=30).text, locale)[0]
    with held_for_a_while(site, held.rsplit("/", 1)[1]):
        section = similar_section(httpx.get(page, timeout=30).text, locale)
    cards = re.findall(r'class="list-card-link" href="([^"]+)".*?</a>', section, re.DOTALL)
    assert cards[0] == held
    badged = re.findall(rf'class="list-card-link" href="([^"]+)"(?:(?!</a>).)*'
                        rf'list-card-reserved">{badge}<', section, re.DOTALL)
    assert badged == [held]


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_on_a_brands_pages_its_own_similar_vehicles_lead_to_its_pages(site: Site,
                                                                     locale: str) -> None:
    listing = path_for("brand_stock", locale, brand="volkswagen")
    html = httpx.get(site.url(listing), timeout=30).text
    own = re.findall(rf'href="({re.escape(listing)}/[a-z0-9-]+)"', html)
    for page in dict.fromkeys(own):  # a Volkswagen with similar Volkswagens
        links = similar_links(httpx.get(site.url(page), timeout=30).text, locale)
        volkswagens = [link for link in links if link.startswith(listing + "/")]
        if volkswagens:
            break
    else:
        raise AssertionError("no Volkswagen of the brand's listing has similar Volkswagens")
    assert all(httpx.get(site.url(link), timeout=30).status_code == 200
               for link in volkswagens[:2])
    # Cards of other brands lead to the site's own vehicle pages.
    assert all(link.startswith(listing + "/") or link.startswith(f"{STOCK[locale]}/")
               for link in links)
    passenger_vw = re.compile(r"/volkswagen-(?!bedrijfswagens)")
    assert not any(passenger_vw.search(link) and not link.startswith(listing)
                   for link in links)
