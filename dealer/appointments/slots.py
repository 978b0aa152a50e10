"""The time slots a branch offers for an appointment on one day.

A slot is a start time on the branch's wall clock. It lies wholly inside the opening
hours of the department the appointment is for (workshop hours for workshop work, the
showroom's for a visit or a test drive), starts at least ``MIN_NOTICE`` from now, and
exists on that day: the hour skipped when summer time starts offers nothing, the hour
repeated when it ends is offered once. Hours whose closing time is not after their opening
time run past midnight into the next day; slots belong to the day they start on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from zoneinfo import ZoneInfo

# What a visitor can book, and which department's hours it follows (SPEC §3 plugin
# option product_category).
CATEGORIES: dict[str, str] = {
    "workshop_service": "workshop",
    "periodic_inspection": "workshop",
    "tyres": "workshop",
    "showroom_visit": "showroom",
    "test_drive": "showroom",
}
DEFAULT_CATEGORY = "workshop_service"
# A branch's country -> the time zone its opening hours are in.
TIME_ZONES = {"NL": "Europe/Amsterdam", "DE": "Europe/Berlin"}
STEP = dt.timedelta(minutes=30)
DURATION = dt.timedelta(minutes=30)
MIN_NOTICE = dt.timedelta(hours=2)  # the branch must be able to prepare
BOOKING_DAYS = 60  # how far ahead a visitor may book


@dataclass(frozen=True)
class Hours:
    """One weekday of a department (``dealer.locations.repository.OpeningTime`` fits)."""

    department: str
    weekday: int  # 0 = Monday
    is_open: bool
    opens: str | None  # "08:30"
    closes: str | None


def department(category: str) -> str:
    return CATEGORIES.get(category, CATEGORIES[DEFAULT_CATEGORY])


def time_zone(country: str) -> ZoneInfo:
    return ZoneInfo(TIME_ZONES.get(country, TIME_ZONES["NL"]))


def clock(text: str | None) -> dt.time | None:
    """An opening time as stored ("07:30"); None for anything else."""
    try:
        hour, minute = (int(part) for part in (text or "").split(":"))
        return dt.time(hour, minute)
    except ValueError:
        return None


def _local(day: dt.date, time: dt.time, zone: ZoneInfo) -> dt.datetime | None:
    """The moment ``time`` on ``day`` on the zone's clock; None when that clock skips it."""
    moment = dt.datetime.combine(day, time, tzinfo=zone)
    there_and_back = moment.astimezone(dt.UTC).astimezone(zone)
    return moment if there_and_back.replace(tzinfo=None) == moment.replace(tzinfo=None) else None


def _openings(hours: Iterable[Hours], dept: str, day: dt.date
              ) -> list[tuple[dt.date, dt.time, dt.date, dt.time]]:
    """Opening periods on the wall clock that may hold a start on ``day``: the day's own
    and the previous day's if it runs past midnight."""
    by_weekday = {h.weekday: h for h in hours if h.department == dept and h.is_open}
    periods = []
    for first in (day - dt.timedelta(days=1), day):
        found = by_weekday.get(first.weekday())
        opens, closes = clock(found and found.opens), clock(found and found.closes)
        if opens is None or closes is None:
            continue
        last = first if closes > opens else first + dt.timedelta(days=1)
        periods.append((first, opens, last, closes))
    return periods


def slots(hours: Iterable[Hours], category: str, day: dt.date, now: dt.datetime,
          zone: ZoneInfo) -> list[str]:
    """The start times ("09:30") offered on ``day``, in order. ``now`` must be aware."""
    # Compared in UTC: datetimes of one zone compare by their wall clocks, which the
    # change to and from summer time makes lie.
    earliest = (now + MIN_NOTICE).astimezone(dt.UTC)
    found: set[str] = set()
    for first, opens, last, closes in _openings(tuple(hours), department(category), day):
        start = dt.datetime.combine(first, opens, tzinfo=zone).astimezone(dt.UTC)
        end = dt.datetime.combine(last, closes, tzinfo=zone).astimezone(dt.UTC)
        wall = dt.datetime.combine(first, opens)
        while wall.date() <= day:
            moment = _local(wall.date(), wall.time(), zone)
            if moment is not None and wall.date() == day:
                begins = moment.astimezone(dt.UTC)
                if start <= begins and begins + DURATION <= end and begins >= earliest:
                    found.add(wall.strftime("%H:%M"))
            wall += STEP
    return sorted(found)


def bookable_days(today: dt.date) -> tuple[dt.date, dt.date]:
    """The first and last day a visitor may pick (the date input's min and max)."""
    return today, today + dt.timedelta(days=BOOKING_DAYS)


def starts_at(day: dt.date, slot: str, zone: ZoneInfo) -> dt.datetime | None:
    """The moment a slot on ``day`` starts; None for text that is no slot of that day."""
    time = clock(slot)
    return None if time is None else _local(day, time, zone)
