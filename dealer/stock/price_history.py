"""Price history: what each stock import changed in a vehicle's prices, and its drops.

An import compares every deal type's headline amount (the purchase price, the monthly
instalment of the other deal types: the figure its price block and the cards show)
with the stored one and records each change once, dated with the import's day. A
vehicle's price *drop* is the newest change of a deal type when that change lowered
the amount; it marks the vehicle's cards for ``DROP_DAYS`` days, and the vehicle page
names it for as long as it is the newest change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

DROP_DAYS = 14  # how long a drop marks the cards and passes the 'price lowered' filter
# The dealer's calendar: an import at 00:30 in Utrecht belongs to that day.
DEALER_ZONE = ZoneInfo("Europe/Amsterdam")


@dataclass(frozen=True)
class PriceChange:
    """One recorded change of a deal type's headline amount."""

    deal_type: str
    old_amount: Decimal
    new_amount: Decimal
    changed_on: dt.date

    @property
    def dropped(self) -> bool:
        return self.new_amount < self.old_amount

    @property
    def difference(self) -> Decimal:
        """How much lower (positive) or higher (negative) the new amount is."""
        return self.old_amount - self.new_amount


def headline_amount(
    deal_type: str, total_price: Decimal | None, monthly_installment: Decimal | None
) -> Decimal | None:
    """The amount of a price row that its deal type is known by."""
    return total_price if deal_type == "purchase" else monthly_installment


def dealer_day(moment: dt.datetime) -> dt.date:
    """The dealer's calendar day of a moment (an import's time)."""
    return moment.astimezone(DEALER_ZONE).date()


def changes(
    before: Mapping[str, Decimal | None], after: Mapping[str, Decimal | None], day: dt.date
) -> list[PriceChange]:
    """The changes between two imports' amounts by deal type. A deal type offered for the
    first time, no longer offered or without an amount on either side changes nothing."""
    return [
        PriceChange(deal_type, old, new, day)
        for deal_type, new in after.items()
        if new is not None and (old := before.get(deal_type)) is not None and new != old
    ]


def latest_drop(history: Iterable[PriceChange], deal_type: str) -> PriceChange | None:
    """The drop of ``deal_type`` that is its newest change, if that change was a drop.
    ``history`` is in the order the changes were recorded."""
    newest = None
    for change in history:
        if change.deal_type == deal_type:
            newest = change
    return newest if newest is not None and newest.dropped else None


def drop_day(history: Sequence[PriceChange]) -> dt.date | None:
    """The day of a vehicle's newest current drop over all its deal types."""
    days = [drop.changed_on for deal_type in {change.deal_type for change in history}
            if (drop := latest_drop(history, deal_type)) is not None]
    return max(days, default=None)


def first_recent_day(today: dt.date) -> dt.date:
    """The oldest day whose drops still count as recent on ``today``."""
    return today - dt.timedelta(days=DROP_DAYS - 1)


def is_recent(day: dt.date | None, today: dt.date) -> bool:
    """Whether a drop on ``day`` still marks the vehicle: on the day itself and the
    ``DROP_DAYS - 1`` days after it."""
    return day is not None and day >= first_recent_day(today)


def today() -> dt.date:
    return dealer_day(dt.datetime.now(dt.UTC))
