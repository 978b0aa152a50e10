from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.locations.repository import get_location, list_employees, list_locations
from dealer.stock import catalog
from dealer.stock.index import get_index
from dealer.stock.models import Vehicle
from dealer.stock.query import StockQuery
from dealer.stock.repository import (
    get_lease_offer,
    get_vehicle,
    list_lease_offers,
    set_vehicle_available,
    sitemap_entries,
    vehicles_by_slugs,
)


def _a_slug(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available)).first()


def test_vehicle_detail_has_everything(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        slug = session.exec(
            select(Vehicle.slug).where(Vehicle.fuel == "pluginhybrid").order_by(Vehicle.id)
        ).first()
        detail = get_vehicle(session, slug)
    assert detail is not None and detail.available
    assert detail.slug == slug and detail.title.startswith(detail.brand_name)
    assert [photo.view for photo in detail.photos] == ["side", "front", "rear"]
    assert detail.prices[0].deal_type == "purchase"
    assert [p.deal_type for p in detail.prices] == sorted(
        (p.deal_type for p in detail.prices), key=catalog.DEAL_TYPES.index
    )
    assert detail.price("purchase").total_price > 0
    assert "abs" in detail.features and list(detail.features) == sorted(
        detail.features, key=catalog.FEATURES.index
    )
    assert detail.consumption.fuel_weighted_combined is not None
    assert detail.consumption.electric_range == detail.electric_range > 0
    assert len(detail.location.hours("showroom")) == 7
    assert len(detail.location.hours("workshop")) == 7
    assert detail.location.employees


def test_unknown_vehicle_is_none(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        assert get_vehicle(session, "no-such-car-1") is None


def test_locations(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        everything = list_locations(session)
        assert len(everything) >= 8
        assert [loc.name for loc in everything] == sorted(loc.name for loc in everything)
        audi = list_locations(session, brand="audi")
        assert audi and all("audi" in dict(loc.brands) for loc in audi)
        assert [loc.city for loc in list_locations(session, place="kÖln")] == ["Köln"]
        assert all("bodywork" in loc.services for loc in list_locations(session,
                                                                       service="bodywork"))
        utrecht = get_location(session, "utrecht")
        assert get_location(session, "atlantis") is None
    assert utrecht.iban.startswith("NL") and utrecht.vat_number.startswith("NL")
    monday = utrecht.hours("showroom")[0]
    assert (monday.weekday, monday.is_open, monday.opens) == (0, True, "09:00")
    assert utrecht.hours("showroom")[6].is_open is False


def test_employees_filter(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        everyone = list_employees(session)
        sales = list_employees(session, department="sales", location="kleve")
        assert sales and all(e.department == "sales" and e.location_slug == "kleve"
                             for e in sales)
        someone = everyone[5]
        found = list_employees(session, name=someone.name.split()[0].upper())
        assert someone in found
        assert list_employees(session, job_title="astronaut") == []


def test_lease_offers(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        offers = list_lease_offers(session)
        assert offers.total == offers.shown >= 40
        prices = [offer.monthly_price_incl_vat for offer in offers.offers]
        assert prices == sorted(prices)
        electric = list_lease_offers(session, fuel="electric", limit=2)
        assert electric.shown <= 2 and electric.total == offers.total
        assert all(offer.co2_emissions == 0 for offer in electric.offers)
        cheap = list_lease_offers(session, max_price=400)
        assert all(offer.monthly_price_incl_vat <= 400 for offer in cheap.offers)
        first = offers.offers[0]
        assert get_lease_offer(session, first.slug) == first
        assert get_lease_offer(session, "nope") is None


def test_status_change_reaches_compare_sitemap_and_search(fresh_stock_engine: Engine) -> None:
    slug = _a_slug(fresh_stock_engine)
    with Session(fresh_stock_engine) as session:
        entries = sitemap_entries(session)
        assert slug in {entry.slug for entry in entries}
        assert set(vehicles_by_slugs(session, [slug, "gone-1"])) == {slug}
        assert set_vehicle_available(session, slug, False)
        assert not set_vehicle_available(session, "gone-1", False)
        session.commit()
    with Session(fresh_stock_engine) as session:
        assert vehicles_by_slugs(session, [slug]) == {}
        assert slug not in {entry.slug for entry in sitemap_entries(session)}
        detail = get_vehicle(session, slug)
        assert detail is not None and detail.available is False
    index = get_index(fresh_stock_engine)
    assert index.search(StockQuery(), per_page=1000).total == len(entries) - 1
