"""Shortlist clean-up and comparison against a real stock database."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import shortlists
from dealer.stock.models import Vehicle
from dealer.stock.repository import set_vehicle_available, vehicles_by_slugs


def test_sold_vehicles_are_pruned_from_a_list(fresh_stock_engine: Engine) -> None:
    with Session(fresh_stock_engine) as session:
        listed = list(session.exec(select(Vehicle.slug).order_by(Vehicle.id).limit(4)))
        assert set_vehicle_available(session, listed[1], False)
        session.commit()
        available = shortlists.available_slugs(session, [*listed, "no-such-vehicle-1"])
    kept, removed = shortlists.prune([*listed, "no-such-vehicle-1"], available)
    assert kept == [listed[0], *listed[2:]]
    assert removed == 2


def test_comparison_of_stock_vehicles(stock_engine: Engine) -> None:
    with Session(stock_engine) as session:
        slugs = list(session.exec(
            select(Vehicle.slug).where(Vehicle.available).order_by(Vehicle.id).limit(3)))
        details = list(vehicles_by_slugs(session, slugs).values())
    sections = shortlists.compare_sections(details, "de")
    for section in sections:
        for row in section.rows:
            assert len(row.cells) == 3, row.key
            assert row.differs == (len(set(row.cells)) > 1)
    keys = {row.key for section in sections for row in section.rows}
    assert {"purchase", "mileage", "location", "abs"} <= keys
