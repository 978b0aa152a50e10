"""Appointment slots: never in the past, never outside the opening hours, in both time
zones, on closed days, across midnight and on the days summer time starts and ends."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.appointments.slots import (
    CATEGORIES,
    DURATION,
    MIN_NOTICE,
    TIME_ZONES,
    Hours,
    department,
    slots,
    starts_at,
    time_zone,
)

ZONES = [ZoneInfo(name) for name in TIME_ZONES.values()]
# The demo branches' hours: workshop 07:30-17:30 on weekdays, showroom until 18:00 (21:00
# on Thursday), Saturday 10:00-17:00, closed on Sunday.
DEMO = tuple(
    [Hours("workshop", day, day < 5, "07:30", "17:30") for day in range(7)]
    + [Hours("showroom", day, day < 6, "10:00" if day == 5 else "09:00",
             {3: "21:00", 5: "17:00"}.get(day, "18:00")) for day in range(7)]
)
LONG_AGO = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)


def _utc(day: dt.date, slot: str, zone: ZoneInfo) -> dt.datetime:
    moment = starts_at(day, slot, zone)
    assert moment is not None
    return moment.astimezone(dt.UTC)


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_a_weekday_offers_the_workshop_hours_in_half_hours(zone: ZoneInfo) -> None:
    offered = slots(DEMO, "tyres", dt.date(2026, 11, 26), LONG_AGO, zone)
    assert offered[0] == "07:30" and offered[-1] == "17:00" and len(offered) == 20
    showroom = slots(DEMO, "test_drive", dt.date(2026, 11, 26), LONG_AGO, zone)
    assert showroom[0] == "09:00" and showroom[-1] == "20:30"  # Thursday's late evening


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_closed_days_offer_nothing(zone: ZoneInfo) -> None:
    sunday = dt.date(2026, 11, 29)
    assert slots(DEMO, "showroom_visit", sunday, LONG_AGO, zone) == []
    assert slots(DEMO, "workshop_service", sunday - dt.timedelta(days=1), LONG_AGO, zone) == []
    assert slots(DEMO, "showroom_visit", sunday - dt.timedelta(days=1), LONG_AGO, zone)


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_today_offers_only_what_starts_after_the_notice(zone: ZoneInfo) -> None:
    now = dt.datetime(2026, 11, 25, 13, 10, tzinfo=zone)
    assert slots(DEMO, "tyres", now.date(), now, zone)[0] == "15:30"
    late = dt.datetime(2026, 11, 25, 23, 50, tzinfo=zone)
    assert slots(DEMO, "tyres", late.date(), late, zone) == []
    # Ten minutes before midnight the next morning is bookable in full.
    assert slots(DEMO, "tyres", late.date() + dt.timedelta(days=1), late, zone)[0] == "07:30"
    assert slots(DEMO, "tyres", late.date() - dt.timedelta(days=1), late, zone) == []


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_hours_past_midnight_belong_to_the_day_they_start(zone: ZoneInfo) -> None:
    night = [Hours("showroom", 4, True, "22:00", "02:00")]  # Friday night into Saturday
    friday, saturday = dt.date(2026, 11, 27), dt.date(2026, 11, 28)
    assert slots(night, "test_drive", friday, LONG_AGO, zone) == ["22:00", "22:30", "23:00",
                                                                 "23:30"]
    assert slots(night, "test_drive", saturday, LONG_AGO, zone) == ["00:00", "00:30", "01:00",
                                                                   "01:30"]


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_summer_time_days(zone: ZoneInfo) -> None:
    night = [Hours("showroom", day, True, "01:00", "04:00") for day in range(7)]
    spring, autumn = dt.date(2026, 3, 29), dt.date(2026, 10, 25)
    # 02:00-03:00 does not exist when summer time starts: two hours open, not three.
    assert slots(night, "test_drive", spring, LONG_AGO, zone) == ["01:00", "01:30", "03:00",
                                                                 "03:30"]
    # 02:00-03:00 happens twice when it ends; each wall-clock time is offered once.
    assert slots(night, "test_drive", autumn, LONG_AGO, zone) == [
        "01:00", "01:30", "02:00", "02:30", "03:00", "03:30"]
    # The demo's daytime hours are untouched on both days (both are Sundays: closed).
    assert slots(DEMO, "showroom_visit", spring + dt.timedelta(days=1), LONG_AGO, zone)


def test_categories_follow_their_department() -> None:
    assert {department(c) for c in CATEGORIES} == {"workshop", "showroom"}
    assert department("tyres") == "workshop" and department("test_drive") == "showroom"
    assert department("nonsense") == "workshop"
    assert time_zone("DE") == ZoneInfo("Europe/Berlin")
    assert time_zone("??") == ZoneInfo("Europe/Amsterdam")


def test_starts_at_refuses_what_is_no_time() -> None:
    zone = ZONES[0]
    assert starts_at(dt.date(2026, 3, 29), "02:30", zone) is None  # skipped hour
    for text in ("", "9", "25:00", "ab:cd", "10:00:00"):
        assert starts_at(dt.date(2026, 3, 29), text, zone) is None


_clock = st.builds(lambda h, m: f"{h:02d}:{m:02d}", st.integers(0, 23),
                   st.sampled_from([0, 15, 30, 45]))
_hours = st.lists(
    st.builds(Hours, st.sampled_from(["workshop", "showroom"]), st.integers(0, 6),
              st.booleans(), _clock, _clock),
    max_size=14,
)
_days = st.dates(dt.date(2026, 1, 1), dt.date(2027, 12, 31))
_dst_days = st.sampled_from([dt.date(2026, 3, 29), dt.date(2026, 10, 25),
                             dt.date(2027, 3, 28), dt.date(2027, 10, 31)])


def _inside_opening(hours: list[Hours], category: str, day: dt.date, begins: dt.datetime,
                    zone: ZoneInfo) -> bool:
    """Whether [begins, begins + DURATION) lies in one opening period (the day's own or
    the previous day's running past midnight), checked in UTC."""
    dept = department(category)
    # The last record of a weekday counts, as in a table with one row per weekday.
    by_day = {h.weekday: h for h in hours if h.department == dept}
    for first in (day - dt.timedelta(days=1), day):
        h = by_day.get(first.weekday())
        if h is None or not h.is_open:
            continue
        opens = dt.time.fromisoformat(str(h.opens))
        closes = dt.time.fromisoformat(str(h.closes))
        last = first if closes > opens else first + dt.timedelta(days=1)
        start = dt.datetime.combine(first, opens, tzinfo=zone).astimezone(dt.UTC)
        end = dt.datetime.combine(last, closes, tzinfo=zone).astimezone(dt.UTC)
        if start <= begins and begins + DURATION <= end:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(hours=_hours, category=st.sampled_from(sorted(CATEGORIES)),
       day=st.one_of(_days, _dst_days), zone=st.sampled_from(ZONES),
       now=st.datetimes(dt.datetime(2025, 12, 1), dt.datetime(2028, 1, 1),
                        timezones=st.just(dt.UTC)))
def test_no_slot_is_in_the_past_or_outside_the_hours(
    hours: list[Hours], category: str, day: dt.date, zone: ZoneInfo, now: dt.datetime,
) -> None:
    # Keep one record per department and weekday, as the database does.
    unique = list({(h.department, h.weekday): h for h in hours}.values())
    offered = slots(unique, category, day, now, zone)
    assert offered == sorted(set(offered))
    for slot in offered:
        begins = _utc(day, slot, zone)
        assert begins >= now + MIN_NOTICE
        assert begins.astimezone(zone).date() == day
        assert _inside_opening(unique, category, day, begins, zone)


@settings(max_examples=100, deadline=None)
@given(day=st.one_of(_days, _dst_days), zone=st.sampled_from(ZONES),
       category=st.sampled_from(sorted(CATEGORIES)))
def test_closed_departments_offer_nothing(day: dt.date, zone: ZoneInfo, category: str) -> None:
    closed = [Hours(department(category), weekday, False, None, None) for weekday in range(7)]
    assert slots(closed, category, day, LONG_AGO, zone) == []
