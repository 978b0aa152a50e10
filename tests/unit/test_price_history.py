from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from dealer.stock.price_history import (
    DROP_DAYS,
    PriceChange,
    changes,
    dealer_day,
    drop_day,
    headline_amount,
    is_recent,
    latest_drop,
)

DAY = dt.date(2026, 11, 12)
D = Decimal


def change(deal: str, old: int, new: int, day: dt.date = DAY) -> PriceChange:
    return PriceChange(deal, D(old), D(new), day)


def test_headline_amounts_are_the_price_and_the_instalments() -> None:
    assert headline_amount("purchase", D(24950), None) == 24950
    assert headline_amount("private_lease", D(24950), D(399)) == 399
    assert headline_amount("private_finance", D(24950), None) is None


def test_changes_between_two_imports() -> None:
    before = {"purchase": D("25950.00"), "private_lease": D(399), "business_lease": D(500)}
    after = {"purchase": D(24950), "private_lease": D("399.00"), "private_finance": D(300),
             "business_lease": None}
    assert changes(before, after, DAY) == [change("purchase", 25950, 24950)]
    # A higher price is a change too, but no drop.
    raised = changes({"purchase": D(100)}, {"purchase": D(200)}, DAY)
    assert raised == [change("purchase", 100, 200)] and not raised[0].dropped
    assert raised[0].difference == -100


def test_the_same_prices_change_nothing() -> None:
    prices = {"purchase": D(24950), "private_lease": D(399)}
    assert changes(prices, dict(prices), DAY) == []
    assert changes({}, prices, DAY) == []  # a new vehicle has no history


def test_the_latest_drop_is_the_newest_change_of_its_deal_type() -> None:
    lowered = change("purchase", 25950, 24950)
    history = [change("purchase", 26950, 25950, DAY - dt.timedelta(days=20)), lowered,
               change("private_lease", 399, 420)]
    assert latest_drop(history, "purchase") == lowered
    assert lowered.difference == 1000 and lowered.dropped
    assert latest_drop(history, "private_lease") is None  # raised
    assert latest_drop(history, "business_lease") is None
    # Raised again after the drop: no drop to name.
    assert latest_drop([*history, change("purchase", 24950, 25450)], "purchase") is None


def test_the_drop_day_of_a_vehicle_is_its_newest_current_drop() -> None:
    earlier = DAY - dt.timedelta(days=5)
    history = [change("purchase", 25950, 24950, earlier), change("private_lease", 399, 379)]
    assert drop_day(history) == DAY
    assert drop_day(history[:1]) == earlier
    assert drop_day([*history, change("private_lease", 379, 399)]) == earlier
    assert drop_day([]) is None


def test_a_drop_marks_the_vehicle_for_fourteen_days() -> None:
    assert DROP_DAYS == 14
    assert is_recent(DAY, DAY)
    assert is_recent(DAY, DAY + dt.timedelta(days=13))
    assert not is_recent(DAY, DAY + dt.timedelta(days=14))
    assert not is_recent(None, DAY)


def test_an_import_belongs_to_the_dealers_day() -> None:
    # 23:30 UTC on 11 November is half past midnight on the 12th in Utrecht.
    assert dealer_day(dt.datetime(2026, 11, 11, 23, 30, tzinfo=dt.UTC)) == DAY
    assert dealer_day(dt.datetime(2026, 7, 11, 22, 30, tzinfo=dt.UTC)) == dt.date(2026, 7, 12)


amounts = st.dictionaries(st.sampled_from(["purchase", "private_lease", "business_finance"]),
                          st.one_of(st.none(), st.integers(0, 10**6).map(Decimal)))


@given(amounts, amounts)
def test_changes_are_exactly_the_differing_amounts(before: dict, after: dict) -> None:
    found = changes(before, after, DAY)
    assert {c.deal_type for c in found} == {
        deal for deal, new in after.items()
        if new is not None and before.get(deal) is not None and before[deal] != new
    }
    assert all(c.old_amount == before[c.deal_type] and c.new_amount == after[c.deal_type]
               for c in found)
    assert changes(after, after, DAY) == []
