"""The calendar file (iCalendar, RFC 5545) a visitor may keep of a requested appointment."""

from __future__ import annotations

import datetime as dt
from base64 import b64encode

from icalendar import Calendar, Event, vCalAddress, vText

PRODUCT_ID = "-//Rijnland Autogroep//Appointments//EN"


def calendar_file(*, uid: str, starts: dt.datetime, duration: dt.timedelta, summary: str,
                  description: str, location: str, organizer_email: str,
                  stamp: dt.datetime) -> bytes:
    """One event; ``starts`` is aware. Times are written in UTC: every calendar shows them
    on its own clock, and the file needs no time zone tables."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp.astimezone(dt.UTC))
    event.add("dtstart", starts.astimezone(dt.UTC))
    event.add("dtend", (starts + duration).astimezone(dt.UTC))
    event.add("summary", summary)
    event.add("description", description)
    event.add("location", vText(location))
    organizer = vCalAddress(f"mailto:{organizer_email}")
    event.add("organizer", organizer)
    event.add("status", "TENTATIVE")  # the branch confirms it
    calendar.add_component(event)
    return calendar.to_ical()


def data_url(ical: bytes) -> str:
    """The file as a link target the browser downloads (``download`` attribute)."""
    return "data:text/calendar;charset=utf-8;base64," + b64encode(ical).decode()
