"""Price history with real SQLite: imports record each change once, the search finds
the recent drops and orders by the newest, as the plain SQL reference does."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.stock import price_history
from dealer.stock.importer import import_rows
from dealer.stock.index import StockIndex
from dealer.stock.models import PriceChange, Vehicle
from dealer.stock.query import StockQuery
from dealer.stock.repository import get_vehicle
from dealer.stock.version import bump_stock_version
from tests import stock_sql_reference as sql_search
from tests.integration.test_stock_import import feed_row

SLUG = "volkswagen-golf-1-5-tsi-life-a-100"
LOWERED = StockQuery.from_params({"price_lowered": "1"})
NEWEST_DROP = StockQuery.from_params({"sort": "price_drop_desc"})


def history(engine: Engine, slug: str = SLUG) -> tuple[price_history.PriceChange, ...]:
    with Session(engine) as session:
        return get_vehicle(session, slug).price_history


def lease(monthly: int) -> dict:
    return {"private_lease": {"monthly_installment": monthly, "contract_duration": 48}}


def test_an_import_records_each_price_change_once(fresh_stock_engine: Engine) -> None:
    engine = fresh_stock_engine
    assert import_rows(engine, [feed_row(price=25950, prices=lease(399))]).price_changes == 0
    same = import_rows(engine, [feed_row(price=25950, prices=lease(399))])
    assert (same.updated, same.price_changes) == (1, 0)
    assert history(engine) == ()

    lower = import_rows(engine, [feed_row(price=24950, prices=lease(379))])
    assert lower.price_changes == 2 and "price changes 2" in lower.summary()
    again = import_rows(engine, [feed_row(price=24950, prices=lease(379))])
    assert again.price_changes == 0  # the same lower price again records nothing
    today = price_history.today()
    assert history(engine) == (
        price_history.PriceChange("purchase", Decimal(25950), Decimal(24950), today),
        price_history.PriceChange("private_lease", Decimal(399), Decimal(379), today),
    )

    index = StockIndex.build(engine)
    lowered = index.search(LOWERED, per_page=1_000)
    assert SLUG in {card.slug for card in lowered.cards}
    assert all(card.price_dropped for card in lowered.cards)
    assert lowered == sql_search.search(engine, LOWERED, per_page=1_000)
    first = index.search(NEWEST_DROP)
    assert first == sql_search.search(engine, NEWEST_DROP)
    # Today's drops first, among them by vehicle id: the imported car is the newest.
    todays = [card for card in first.cards if drop_day(engine, card.slug) == today]
    assert todays and todays == first.cards[:len(todays)] and todays[-1].slug == SLUG

    # The purchase price raised again: the lease instalment's drop still counts.
    assert import_rows(engine, [feed_row(price=25450, prices=lease(379))]).price_changes == 1
    assert drop_day(engine, SLUG) == today
    # Both raised: no longer lowered; the history keeps every change.
    assert import_rows(engine, [feed_row(price=25450, prices=lease(389))]).price_changes == 1
    assert len(history(engine)) == 4 and drop_day(engine, SLUG) is None
    index = StockIndex.build(engine)
    assert SLUG not in {card.slug for card in index.search(LOWERED, per_page=1_000).cards}


def drop_day(engine: Engine, slug: str) -> dt.date | None:
    return price_history.drop_day(history(engine, slug))


def test_a_drop_counts_for_fourteen_days(fresh_stock_engine: Engine) -> None:
    engine = fresh_stock_engine
    today = price_history.today()
    with Session(engine) as session:
        session.execute(PriceChange.__table__.delete())
        ids = session.exec(select(Vehicle.id).where(Vehicle.available).order_by(Vehicle.id)
                           .limit(3)).all()
        for vehicle_id, days_ago in zip(ids, (0, 13, 14), strict=True):
            session.add(PriceChange(vehicle_id=vehicle_id, deal_type="purchase",
                                    old_amount=Decimal(20000), new_amount=Decimal(19000),
                                    changed_on=today - dt.timedelta(days=days_ago)))
        bump_stock_version(session)
        session.commit()
    index = StockIndex.build(engine)
    lowered = index.search(LOWERED)
    assert [card.id for card in lowered.cards] == ids[:2]
    assert lowered == sql_search.search(engine, LOWERED)
    # The sort still orders the older drop, after the recent ones.
    ordered = index.search(NEWEST_DROP)
    assert [card.id for card in ordered.cards[:3]] == ids
    assert [card.price_dropped for card in ordered.cards[:3]] == [True, True, False]
    assert ordered == sql_search.search(engine, NEWEST_DROP)


def test_the_demo_has_recent_drops_the_search_agrees_with_the_history(
    stock_engine: Engine,
) -> None:
    changes: dict[int, list[price_history.PriceChange]] = defaultdict(list)
    with Session(stock_engine) as session:
        for row in session.exec(select(PriceChange).order_by(PriceChange.id)):
            changes[row.vehicle_id].append(price_history.PriceChange(
                row.deal_type, row.old_amount, row.new_amount, row.changed_on))
        available = set(session.exec(select(Vehicle.id).where(Vehicle.available)).all())
    today = price_history.today()
    recent = {vehicle_id for vehicle_id, history in changes.items()
              if vehicle_id in available
              and price_history.is_recent(price_history.drop_day(history), today)}
    result = StockIndex.build(stock_engine).search(LOWERED, per_page=1_000)
    assert 20 < result.total == len(recent)
    assert {card.id for card in result.cards} == recent
