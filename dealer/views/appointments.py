"""The appointment request: the branches a visitor may choose, which one a Button's plugin
preselects, the time slots on offer, and what the stored lead and the calendar file say.

Used by the appointment dialog and the appointment page (the same state), and by the HTTP
layer for the page's own address (``describe_appointment``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from dealer.appointments import slots
from dealer.appointments.calendar import calendar_file, data_url
from dealer.appointments.options import AppointmentOptions
from dealer.db import get_engine
from dealer.forms.definitions import PRODUCT_CATEGORY, get_form
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, format_date, gettext
from dealer.locations.repository import list_locations
from dealer.pageinfo import Choice, Link, PageInfo, home_link
from dealer.routes import PageRequest
from dealer.views.locations import location_path
from dealer.web.seo import page_title

_DATE_LENGTH = len("2026-01-31")
CALENDAR_FILENAMES = {"nl": "afspraak.ics", "de": "termin.ics"}
_CALENDAR_TEXT = N_("Requested at {branch}, {address}. The branch confirms the appointment "
                    "by email.")


@dataclass(frozen=True)
class Branch:
    slug: str
    name: str
    country: str
    address: str
    email: str
    brands: tuple[str, ...]
    hours: tuple[slots.Hours, ...]


def load_branches() -> tuple[Branch, ...]:
    """Every branch with its opening hours, by name."""
    with Session(get_engine()) as session:
        locations = list_locations(session)
    return tuple(
        Branch(
            slug=location.slug, name=location.name, country=location.country,
            address=f"{location.street}, {location.postal_code} {location.city}",
            email=location.email, brands=tuple(slug for slug, _ in location.brands),
            hours=tuple(slots.Hours(time.department, time.weekday, time.is_open, time.opens,
                                    time.closes) for time in location.opening_hours),
        )
        for location in locations
    )


def preselected_branch(branches: Sequence[Branch], options: AppointmentOptions) -> str:
    """The plugin's branch; else the first branch selling its make; else none."""
    slugs = [branch.slug for branch in branches]
    if options.location in slugs:
        return options.location
    return next((branch.slug for branch in branches if options.make in branch.brands), "")


def branch_choices(branches: Sequence[Branch]) -> list[Choice]:
    return [Choice(branch.slug, branch.name) for branch in branches]


def category_choices(locale: str) -> list[Choice]:
    return [Choice(option.value, gettext(locale, option.label, DOMAIN))
            for option in PRODUCT_CATEGORY.options]


def category_label(category: str, locale: str) -> str:
    return next((choice.label for choice in category_choices(locale) if choice.value == category),
                "")


def parse_day(text: object) -> dt.date | None:
    """A date the date input sent ("2026-11-26"); None for anything else."""
    if not isinstance(text, str) or len(text) != _DATE_LENGTH:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def find_branch(branches: Sequence[Branch], slug: str) -> Branch | None:
    return next((branch for branch in branches if branch.slug == slug), None)


def bookable_range(now: dt.datetime) -> tuple[str, str]:
    """The date input's min and max (the branches' clocks agree on the date: one zone)."""
    first, last = slots.bookable_days(now.astimezone(slots.time_zone("NL")).date())
    return first.isoformat(), last.isoformat()


def slot_choices(branch: Branch | None, category: str, day_text: str,
                 now: dt.datetime) -> list[str]:
    """The times offered for this branch, category and day; none for a day outside the
    bookable range or a branch that is not offered."""
    day = parse_day(day_text)
    if branch is None or day is None:
        return []
    zone = slots.time_zone(branch.country)
    first, last = slots.bookable_days(now.astimezone(zone).date())
    if not first <= day <= last:
        return []
    return slots.slots(branch.hours, category, day, now, zone)


def lead_subject(branch: Branch, category: str, day_text: str, time: str, locale: str) -> str:
    """What the dealer reads first: category, branch, day and time."""
    day = parse_day(day_text)
    when = f"{format_date(day, locale, style='full')} {time}" if day else time
    return " · ".join([category_label(category, locale), branch.name, when])


def calendar_link(*, lead_id: int, branch: Branch, category: str, day_text: str, time: str,
                  locale: str, now: dt.datetime) -> str:
    """The data URL of the appointment's calendar file; '' when the slot is no time."""
    day = parse_day(day_text)
    starts = slots.starts_at(day, time, slots.time_zone(branch.country)) if day else None
    if starts is None:
        return ""
    ical = calendar_file(
        uid=f"appointment-{lead_id}@{branch.email.partition('@')[2] or 'localhost'}",
        starts=starts, duration=slots.DURATION,
        summary=f"{category_label(category, locale)}: {branch.name}",
        description=gettext(locale, _CALENDAR_TEXT, DOMAIN, branch=branch.name,
                            address=branch.address),
        location=f"{branch.name}, {branch.address}", organizer_email=branch.email, stamp=now)
    return data_url(ical)


def describe_appointment(request: PageRequest) -> PageInfo:
    """The appointment page: a request form, not for search engines (noindex); its links
    are the branches, which a visitor can also call or visit."""
    path, locale, params = request.path, request.locale, request.params
    form = get_form("appointment")
    heading = gettext(locale, form.title, DOMAIN)
    return PageInfo(
        "appointment", locale, params, path, title=page_title(heading), heading=heading,
        description=gettext(locale, form.intro, DOMAIN), noindex=True,
        breadcrumbs=[home_link(locale)],
        links=[Link(branch.name, location_path(locale, branch.slug))
               for branch in load_branches()],
    )
