"""Similar vehicles from the stock index of a real database, on vehicle pages and below a
sold vehicle's page."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from dealer.locations.places import Place, distance_km
from dealer.reservations.models import Reservation
from dealer.routes import path_for
from dealer.stock.index import StockIndex
from dealer.stock.query import StockQuery
from dealer.stock.repository import VehicleDetail, current_vehicle, set_vehicle_available
from dealer.stock.similar import PRICE_BAND
from dealer.views.vehicle import similar_vehicles, vehicle_page


def a_vehicle_with_similar_ones(index: StockIndex, engine: Engine) -> VehicleDetail:
    """A vehicle with a purchase price and six similar vehicles."""
    for card in index.first(StockQuery(), 200)[1]:
        detail = current_vehicle(engine, card.slug)
        if detail is not None and len(similar_vehicles(detail, index, "nl")) == 6:
            return detail
    raise AssertionError("no vehicle of the demo stock has six similar ones")


def test_similar_vehicles_follow_the_rules(stock_engine: Engine) -> None:
    index = StockIndex.build(stock_engine)
    detail = a_vehicle_with_similar_ones(index, stock_engine)
    purchase = detail.price("purchase")
    assert purchase is not None and purchase.total_price is not None
    price = float(purchase.total_price)
    shown = [card.slug for card in similar_vehicles(detail, index, "nl")]
    similar = [current_vehicle(stock_engine, slug) for slug in shown]
    origin = detail.location
    distances = [distance_km(origin.latitude, origin.longitude,
                             Place("", other.location.latitude, other.location.longitude, 0))
                 for other in similar if other is not None]
    assert detail.slug not in shown and len(set(shown)) == 6
    for other in similar:
        assert other is not None and other.available
        assert other.model_slug == detail.model_slug or (
            other.body_style == detail.body_style and other.fuel == detail.fuel)
        other_price = other.price("purchase")
        assert other_price is not None and other_price.total_price is not None
        assert abs(float(other_price.total_price) - price) <= price * PRICE_BAND
    assert distances == sorted(distances)  # the nearest branch first


def test_a_sold_vehicle_leaves_the_others_and_its_own_page_offers_them(
        fresh_stock_engine: Engine) -> None:
    index = StockIndex.build(fresh_stock_engine)
    detail = a_vehicle_with_similar_ones(index, fresh_stock_engine)
    first = similar_vehicles(detail, index, "nl")[0].slug
    with Session(fresh_stock_engine) as session:
        assert set_vehicle_available(session, first, False)
        assert set_vehicle_available(session, detail.slug, False)
        session.commit()

    page = vehicle_page(path_for("vehicle", "de", vehicle=detail.slug),
                        engine=fresh_stock_engine)
    assert page.info.status == 410 and page.view is None
    slugs = [card.slug for card in page.similar]
    assert slugs and first not in slugs and detail.slug not in slugs
    [cards] = page.info.card_lists
    assert cards.heading == "Ähnliche Fahrzeuge"
    assert all(f'href="/de/angebote/{slug}"' in cards.html for slug in slugs)


@pytest.mark.parametrize(("locale", "badge"), [("nl", "Gereserveerd"), ("de", "Reserviert")])
def test_a_held_similar_vehicle_says_reserved_as_on_the_stock_cards(
        fresh_stock_engine: Engine, locale: str, badge: str) -> None:
    index = StockIndex.build(fresh_stock_engine)
    detail = a_vehicle_with_similar_ones(index, fresh_stock_engine)
    path = path_for("vehicle", locale, vehicle=detail.slug)
    held = vehicle_page(path, engine=fresh_stock_engine).similar[1].slug
    assert badge not in vehicle_page(path, engine=fresh_stock_engine).info.card_lists[0].html
    now = dt.datetime.now(dt.UTC)
    with Session(fresh_stock_engine) as session:
        session.add(Reservation(vehicle_slug=held, held_vehicle=held, status="paid",
                                amount_cents=25000, name="Anna", email="anna@example.nl",
                                locale="nl", created_at=now, paid_at=now,
                                expires_at=now + dt.timedelta(hours=48)))
        session.commit()
    page = vehicle_page(path, engine=fresh_stock_engine)  # the page kept before is stale
    badged = [card.slug for card in page.similar if badge in card.html]
    assert badged == [held]
    [cards] = page.info.card_lists  # the served copy
    assert cards.html.count(f'list-card-reserved">{badge}<') == 1


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_on_a_brands_pages_its_own_similar_vehicles_stay_on_its_pages(
        stock_engine: Engine, locale: str) -> None:
    index = StockIndex.build(stock_engine)
    for card in index.first(StockQuery(brand=("volkswagen",)), 100)[1]:
        detail = current_vehicle(stock_engine, card.slug)
        assert detail is not None
        page = vehicle_page(path_for("brand_vehicle", locale, brand="volkswagen",
                                     vehicle=detail.slug), engine=stock_engine)
        brands = {other.slug: current_vehicle(stock_engine, other.slug) for other in page.similar}
        if any(other.brand_slug != "volkswagen" for other in brands.values() if other) and any(
                other.brand_slug == "volkswagen" for other in brands.values() if other):
            break
    else:
        raise AssertionError("no Volkswagen with similar cars of its own and other brands")
    [cards] = page.info.card_lists
    for slug, other in brands.items():
        assert other is not None
        own = path_for("brand_vehicle", locale, brand="volkswagen", vehicle=slug)
        general = path_for("vehicle", locale, vehicle=slug)
        expected = own if other.brand_slug == "volkswagen" else general
        assert f'href="{expected}"' in cards.html
        assert f'href="{expected}"' in next(c.html for c in page.similar if c.slug == slug)
