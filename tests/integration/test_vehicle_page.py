"""The vehicle page's status, title and structured data from a real database."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.routes import path_for
from dealer.stock.models import Brand, Vehicle
from dealer.stock.repository import set_vehicle_available
from dealer.views import vehicle as vehicle_view
from dealer.views.vehicle import vehicle_page
from dealer.web.describe import describe


def a_vehicle(engine: Engine) -> tuple[str, str]:
    """(slug, brand slug) of an available vehicle."""
    with Session(engine) as session:
        slug, brand = session.exec(
            select(Vehicle.slug, Brand.slug)
            .join(Brand, Brand.id == Vehicle.brand_id)
            .where(Vehicle.available)
            .order_by(Vehicle.id)
        ).first()
    return slug, brand


def test_available_vehicle_in_both_languages(stock_engine: Engine) -> None:
    slug, _ = a_vehicle(stock_engine)
    nl = vehicle_page(path_for("vehicle", "nl", vehicle=slug), engine=stock_engine)
    de = vehicle_page(path_for("vehicle", "de", vehicle=slug), engine=stock_engine)
    assert nl.info.status == de.info.status == 200
    assert nl.view is not None and de.view is not None
    assert nl.info.heading == de.info.heading == nl.view.heading
    assert nl.info.title.startswith(nl.view.heading)
    assert [crumb.href for crumb in de.info.breadcrumbs] == [
        "/de", "/de/angebote", f"/de/angebote/{slug}",
    ]
    car = de.info.json_ld[0]
    assert car["@type"] == "Car" and car["offers"]["url"].endswith(f"/de/angebote/{slug}")
    assert car["offers"]["seller"]["name"] == de.view.location.name
    assert nl.view.prices and all(block.amount for block in nl.view.prices)


def test_unknown_vehicle_is_a_404_with_a_way_back(stock_engine: Engine) -> None:
    page = vehicle_page("/de/angebote/no-such-vehicle-1", engine=stock_engine)
    assert page.view is None
    assert page.info.status == 404 and page.info.noindex
    assert page.info.title == "404 - Fahrzeug nicht gefunden"
    assert [link.href for link in page.info.links] == ["/de/angebote"]


def test_brand_pages_show_only_their_brand(stock_engine: Engine) -> None:
    slug, brand = a_vehicle(stock_engine)
    other = next(name for name in ("audi", "volkswagen") if name != brand)
    own = vehicle_page(path_for("brand_vehicle", "nl", brand=brand, vehicle=slug),
                       engine=stock_engine)
    assert own.info.status == 200
    assert own.view is not None and own.view.stock_href == f"/{brand}/voorraad"
    foreign = vehicle_page(path_for("brand_vehicle", "nl", brand=other, vehicle=slug),
                           engine=stock_engine)
    assert foreign.info.status == 404
    assert [link.href for link in foreign.info.links] == [f"/{other}/voorraad"]


def test_sold_vehicle_is_gone(fresh_stock_engine: Engine,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    slug, _ = a_vehicle(fresh_stock_engine)
    monkeypatch.setattr(vehicle_view, "get_engine", lambda: fresh_stock_engine)
    path = path_for("vehicle", "nl", vehicle=slug)
    assert asyncio.run(describe(path)).status == 200
    with Session(fresh_stock_engine) as session:
        set_vehicle_available(session, slug, False)
        session.commit()
    info = asyncio.run(describe(path))
    assert info.status == 410 and info.noindex
    assert info.title == "410 - Auto niet gevonden"
    assert info.heading == "Auto niet gevonden"
