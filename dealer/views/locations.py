"""Branches and staff as the pages show them: search, opening hours, map, employee list.

Plain Python. Records from ``dealer.stock.repository`` go in, render-ready
dataclasses come out, every text already in the visitor's language. The Reflex
states and the crawler descriptions (``describe_*``) both build on these
functions, so the browser and clients without JavaScript see the same page.

The map is drawn here too: an SVG of the map bounds of SPEC §9 (equirectangular,
with the latitude's cosine applied so shapes keep their proportions), with a
simplified North Sea coast and the borders of the Netherlands and Germany, and a
pin per branch. Nothing is loaded from elsewhere.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import quote_plus, urlencode

from babel import Locale
from babel.dates import get_day_names

from dealer import phones
from dealer.appointments.options import AppointmentOptions, appointment_href
from dealer.appointments.slots import time_zone
from dealer.brands import PLATFORM_BRANDS
from dealer.db import session_scope
from dealer.forms.origins import question_href
from dealer.i18n import N_, format_number, gettext, ngettext
from dealer.kept import KeptLately
from dealer.locations.lookup import MIN_PLACE_LENGTH, locate
from dealer.locations.places import distance_km, fold
from dealer.locations.repository import (
    EmployeeView,
    LocationView,
    OpeningTime,
    get_location,
    list_employees,
    list_locations,
)
from dealer.pageinfo import Fact, Link, PageInfo, error_page, home_link, not_found
from dealer.routes import PageRequest, path_for
from dealer.settings import get_settings
from dealer.stock import catalog
from dealer.stock.labels import label
from dealer.views.reviews import with_branch_reviews
from dealer.views.stock import stock_path
from dealer.web.seo import absolute_url, page_title

# SPEC §9: what the map may show, and its centre when there is nothing to fit.
MAP_NORTH, MAP_SOUTH, MAP_WEST, MAP_EAST = 60.75, 42.33, -7.57, 18.02
MAP_CENTRE = (50.04, 3.725)  # lat, lng
MAP_WIDTH, MAP_HEIGHT = 800, 600  # SVG viewBox units
# Around the pins: degrees of latitude of margin, and the least latitude span shown.
MAP_MARGIN = 0.45
MAP_MIN_SPAN = 1.6

# Opening hours are the branch's local time.

# The visitor's stored answer to the map consent prompt (SPEC §4); empty until asked.
MAP_CONSENT_GRANTED = "granted"
MAP_CONSENT_DECLINED = "declined"

EMPLOYEES_FIRST = 12  # shown before "show more"
MAX_QUERY_LENGTH = 60

LOCATIONS_TITLE = N_("Locations")
EMPLOYEES_TITLE = N_("Employees")
# The lead under each overview's heading, also its meta description.
LOCATIONS_LEAD = N_("Our branches in the Netherlands and Germany: addresses, opening hours, "
                    "brands and services.")
EMPLOYEES_LEAD = N_("Meet the people at our branches: sales, leasing, service and parts, with "
                    "their direct contact details.")
LOAD_FAILED = N_("The locations could not be loaded. Please try again later.")
NOT_SPECIFIC = N_("No location found for “{place}”, or the search was not specific enough. "
                  "Try a city, a postcode or a branch name.")
NO_EMPLOYEES = N_("No employees found. Try adjusting the filters.")


# --- render-ready values ------------------------------------------------------------


@dataclass
class HoursRow:
    day: str = ""
    hours: str = ""
    comment: str = ""
    today: bool = False


@dataclass
class HoursTable:
    """A department's week (showroom or workshop) and whether it is open right now."""

    department: str = ""
    heading: str = ""
    status: str = ""
    is_open: bool = False
    rows: list[HoursRow] = field(default_factory=list)


@dataclass
class MapShape:
    d: str = ""  # SVG path data
    kind: str = ""  # "land" (NL, DE) or "water"


@dataclass
class MapPin:
    slug: str = ""
    label: str = ""
    href: str = ""
    x: float = 0.0
    y: float = 0.0
    label_x: float = 0.0
    anchor: str = "start"  # text-anchor of the label: beside the pin, away from neighbours
    current: bool = False
    latitude: float = 0.0  # where a tiled map puts it
    longitude: float = 0.0


@dataclass
class MapView:
    view_box: str = f"0 0 {MAP_WIDTH} {MAP_HEIGHT}"
    shapes: list[MapShape] = field(default_factory=list)
    pins: list[MapPin] = field(default_factory=list)
    # The same part of the world for a tiled map: [[south, west], [north, east]].
    bounds: list[list[float]] = field(default_factory=list)


@dataclass
class LocationCard:
    slug: str = ""
    name: str = ""
    href: str = ""
    street: str = ""
    place: str = ""  # postcode, city, country
    phone: str = ""
    phone_href: str = ""
    status: str = ""  # showroom open now / next opening
    is_open: bool = False
    brands: str = ""
    services: list[str] = field(default_factory=list)
    distance: str = ""  # from the place searched for, e.g. "12 km from Den Haag"


@dataclass
class EmployeeCard:
    name: str = ""
    initials: str = ""
    job_title: str = ""
    department: str = ""
    location: str = ""
    location_href: str = ""
    email: str = ""
    email_href: str = ""
    phone: str = ""
    phone_href: str = ""


@dataclass
class LocationDetail:
    slug: str = ""
    name: str = ""
    heading: str = ""
    title: str = ""  # the full <title>
    street: str = ""
    place: str = ""
    phone: str = ""
    phone_href: str = ""
    email: str = ""
    email_href: str = ""
    fax: str = ""
    fax_href: str = ""
    whatsapp: str = ""
    whatsapp_href: str = ""  # a chat with the branch's mobile number
    company: list[Fact] = field(default_factory=list)  # VAT number, IBAN
    services: list[str] = field(default_factory=list)
    brands: list[Link] = field(default_factory=list)
    hours: list[HoursTable] = field(default_factory=list)
    employees: list[EmployeeCard] = field(default_factory=list)
    breadcrumbs: list[Link] = field(default_factory=list)
    route_href: str = ""  # route planning at an online map service
    stock_href: str = ""
    stock_label: str = ""
    map: MapView = field(default_factory=MapView)
    # The 'Make an appointment' Button: its plugin's options and its target.
    appointment: AppointmentOptions = field(default_factory=AppointmentOptions)
    appointment_href: str = ""
    question_href: str = ""  # direct contact with this branch chosen


# The defaults are a state's empty listing before the first load.
@dataclass
class LocationListing:
    cards: list[LocationCard] = field(default_factory=list)
    count_text: str = ""
    message: str = ""  # "not found or not specific enough", else empty
    place: str = ""
    # Where the place search goes: this search without its place (the form adds it).
    search_action: str = ""
    brands: list[Link] = field(default_factory=list)
    services: list[Link] = field(default_factory=list)
    reset_href: str = ""
    map: MapView = field(default_factory=MapView)


@dataclass
class EmployeeListing:
    cards: list[EmployeeCard] = field(default_factory=list)
    count_text: str = ""
    name: str = ""
    # Where the name search goes: this search without its name (the form adds it).
    search_action: str = ""
    location: str = ""
    job_title: str = ""
    department: str = ""
    locations: list[Link] = field(default_factory=list)
    job_titles: list[Link] = field(default_factory=list)
    departments: list[Link] = field(default_factory=list)
    reset_href: str = ""


# --- search parameters ----------------------------------------------------------------


def _text(params: Mapping[str, str], key: str) -> str:
    value = params.get(key, "")
    return " ".join(value.split())[:MAX_QUERY_LENGTH] if isinstance(value, str) else ""


def _key(params: Mapping[str, str], key: str, allowed: Sequence[str]) -> str:
    value = params.get(key, "")
    return value if value in allowed else ""


@dataclass(frozen=True)
class LocationSearch:
    """The location list's URL state: ``?place=utrecht&brand=audi&service=workshop``."""

    place: str = ""
    brand: str = ""
    service: str = ""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> LocationSearch:
        """Whatever a visitor puts in the URL: unknown brands and services are dropped."""
        return cls(_text(params, "place"), _key(params, "brand", tuple(PLATFORM_BRANDS)),
                   _key(params, "service", catalog.SERVICES))

    def to_params(self) -> dict[str, str]:
        return {key: value for key, value in dataclasses.asdict(self).items() if value}

    def replace(self, **changes: str) -> LocationSearch:
        return dataclasses.replace(self, **changes)

    def path(self, locale: str) -> str:
        return _with_params(path_for("locations", locale), self.to_params())


@dataclass(frozen=True)
class EmployeeSearch:
    """The employee overview's URL state: name, location (slug), job title, department."""

    name: str = ""
    location: str = ""
    job_title: str = ""
    department: str = ""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> EmployeeSearch:
        location = params.get("location", "")
        return cls(
            _text(params, "name"),
            location if isinstance(location, str) and re.fullmatch(r"[a-z0-9-]{1,80}", location)
            else "",
            _key(params, "job_title", catalog.JOB_TITLES),
            _key(params, "department", catalog.DEPARTMENTS),
        )

    def to_params(self) -> dict[str, str]:
        return {key: value for key, value in dataclasses.asdict(self).items() if value}

    def replace(self, **changes: str) -> EmployeeSearch:
        return dataclasses.replace(self, **changes)

    def path(self, locale: str) -> str:
        return _with_params(path_for("employees", locale), self.to_params())


def _with_params(path: str, params: Mapping[str, str]) -> str:
    return f"{path}?{urlencode(sorted(params.items()))}" if params else path


# --- small formatting helpers -----------------------------------------------------------


def format_iban(iban: str) -> str:
    """An IBAN in groups of four, as printed on paper."""
    compact = iban.replace(" ", "").upper()
    return " ".join(compact[i:i + 4] for i in range(0, len(compact), 4))


def country_name(code: str, locale: str) -> str:
    return Locale.parse(locale).territories.get(code, code)


def route_planner_href(location: LocationView) -> str:
    """Directions to the branch at an online map service: a plain link, nothing embedded."""
    address = f"{location.street}, {location.postal_code} {location.city}, {location.country}"
    return f"https://www.google.com/maps/dir/?api=1&destination={quote_plus(address)}"


def initials(name: str) -> str:
    words = [word for word in name.split() if word[:1].isupper()]
    return "".join(word[0] for word in (words[:1] + words[-1:] if len(words) > 1 else words))


def _hours_range(time: OpeningTime, locale: str) -> str:
    if not time.is_open or not time.opens or not time.closes:
        return gettext(locale, "Closed")
    return gettext(locale, "{opens} – {closes}", opens=time.opens, closes=time.closes)


# --- opening hours ------------------------------------------------------------------------


def local_time(country: str, now: dt.datetime | None = None) -> dt.datetime:
    """``now`` (default: this moment) in the branch's time zone."""
    zone = time_zone(country)
    return (now or dt.datetime.now(dt.UTC)).astimezone(zone)


def _minutes(hhmm: str) -> int:
    hours, _, minutes = hhmm.partition(":")
    return int(hours) * 60 + int(minutes or 0)


def _interval(time: OpeningTime) -> tuple[int, int] | None:
    """Open from..until in minutes of the day; a closing time at or before the opening
    time means midnight."""
    if not time.is_open or not time.opens or not time.closes:
        return None
    opens, closes = _minutes(time.opens), _minutes(time.closes)
    return opens, closes if closes > opens else 24 * 60


def open_status(
    hours: Sequence[OpeningTime], country: str, locale: str, now: dt.datetime | None = None
) -> tuple[bool, str]:
    """Whether a department is open at ``now`` (branch time), and a sentence saying so:
    until when, or when it opens next."""
    local = local_time(country, now)
    by_day = {time.weekday: time for time in hours}
    minute = local.hour * 60 + local.minute
    today = by_day.get(local.weekday())
    interval = _interval(today) if today else None
    if interval and interval[0] <= minute < interval[1]:
        return True, gettext(locale, "Open now · until {time}", time=today.closes)
    day_names = get_day_names("wide", locale=locale)
    for offset in range(8):
        time = by_day.get((local.weekday() + offset) % 7)
        interval = _interval(time) if time else None
        if interval is None or (offset == 0 and minute >= interval[0]):
            continue
        if offset == 0:
            return False, gettext(locale, "Closed · opens today at {time}", time=time.opens)
        if offset == 1:
            return False, gettext(locale, "Closed · opens tomorrow at {time}", time=time.opens)
        return False, gettext(locale, "Closed · opens {day} at {time}",
                              day=day_names[time.weekday], time=time.opens)
    return False, gettext(locale, "Closed")


def hours_table(
    location: LocationView, department: str, locale: str, now: dt.datetime | None = None
) -> HoursTable:
    times = location.hours(department)
    today = local_time(location.country, now).weekday()
    is_open, status = open_status(times, location.country, locale, now)
    return HoursTable(
        department=department,
        heading=label("opening_department", department, locale),
        status=status,
        is_open=is_open,
        rows=[
            HoursRow(
                day=label("weekday", str(time.weekday), locale),
                hours=_hours_range(time, locale),
                comment=time.comment or "",
                today=time.weekday == today,
            )
            for time in times
        ],
    )


def hours_summary(times: Sequence[OpeningTime], locale: str) -> str:
    """A week in one line, equal neighbouring days joined: "ma–wo 09:00 – 18:00; ..."."""
    days = get_day_names("abbreviated", locale=locale)
    groups: list[tuple[int, int, str]] = []
    for time in sorted(times, key=lambda t: t.weekday):
        text = _hours_range(time, locale)
        if groups and groups[-1][2] == text and groups[-1][1] == time.weekday - 1:
            groups[-1] = (groups[-1][0], time.weekday, text)
        else:
            groups.append((time.weekday, time.weekday, text))
    return "; ".join(
        f"{days[first]}{'–' + days[last] if last != first else ''} {text}"
        for first, last, text in groups
    )


# --- the map ------------------------------------------------------------------------------

# Simplified outlines, (longitude, latitude). Good enough to recognise the coast and
# the borders at the scale of a branch map; not survey data.
_SEA = (
    (1.5, 50.9), (2.37, 51.05), (3.38, 51.37), (3.57, 51.44), (3.44, 51.53), (3.7, 51.72),
    (3.88, 51.83), (4.12, 51.98), (4.27, 52.11), (4.43, 52.24), (4.58, 52.46), (4.62, 52.62),
    (4.72, 52.96), (4.88, 53.18), (5.05, 53.3), (5.45, 53.42), (5.85, 53.47), (6.3, 53.5),
    (6.85, 53.45), (7.2, 53.35), (7.15, 53.6), (7.55, 53.76), (7.9, 53.79), (8.12, 53.52),
    (8.35, 53.72), (8.57, 53.55), (8.7, 53.87), (8.85, 54.13), (8.6, 54.35), (8.8, 54.55),
    (8.3, 54.9), (8.5, 55.15), (8.45, 55.47), (8.08, 55.56), (8.12, 56.3), (1.5, 56.3),
)
_IJSSELMEER = (
    (5.03, 52.93), (5.38, 53.09), (5.36, 52.88), (5.68, 52.83), (5.55, 52.65), (5.35, 52.62),
    (5.1, 52.42), (5.0, 52.55), (5.1, 52.8),
)
_NETHERLANDS = (
    (3.38, 51.37), (4.72, 52.96), (6.3, 53.5), (7.2, 53.25), (7.05, 52.64), (6.7, 52.47),
    (7.05, 52.23), (6.83, 51.97), (6.17, 51.86), (6.05, 51.85), (5.95, 51.75), (6.1, 51.65),
    (6.23, 51.5), (6.22, 51.36), (6.08, 51.24), (6.17, 51.16), (6.05, 51.08), (5.87, 51.05),
    (5.95, 50.98), (6.08, 50.92), (6.02, 50.76), (5.69, 50.75), (5.77, 51.15), (5.55, 51.26),
    (5.24, 51.3), (4.93, 51.44), (4.55, 51.48), (4.25, 51.38), (3.9, 51.21), (3.44, 51.24),
)
_GERMANY = (
    (7.2, 53.25), (7.2, 53.6), (8.6, 53.9), (8.6, 54.9), (9.43, 54.82), (10.2, 54.45),
    (11.1, 54.45), (10.85, 54.0), (11.46, 53.9), (12.1, 54.18), (12.95, 54.45), (13.4, 54.68),
    (13.8, 54.2), (14.2, 53.92), (14.4, 53.3), (14.15, 52.85), (14.6, 52.6), (14.7, 52.1),
    (14.75, 51.6), (15.03, 51.27), (14.82, 50.87), (14.25, 50.95), (13.55, 50.71),
    (12.95, 50.42), (12.1, 50.25), (12.5, 49.95), (12.4, 49.75), (12.9, 49.35), (13.4, 49.0),
    (13.83, 48.77), (13.45, 48.57), (12.75, 48.12), (13.0, 47.85), (13.0, 47.47),
    (12.7, 47.68), (12.2, 47.7), (11.6, 47.58), (11.1, 47.4), (10.45, 47.55), (10.2, 47.3),
    (9.9, 47.55), (9.55, 47.54), (9.0, 47.68), (8.5, 47.62), (7.6, 47.58), (7.55, 47.9),
    (7.6, 48.3), (7.8, 48.6), (8.2, 48.97), (7.6, 49.05), (7.0, 49.12), (6.73, 49.16),
    (6.36, 49.46), (6.5, 49.72), (6.13, 50.13), (6.4, 50.33), (6.18, 50.53), (6.02, 50.76),
    (6.08, 50.92), (5.95, 50.98), (5.87, 51.05), (6.05, 51.08), (6.17, 51.16), (6.08, 51.24),
    (6.22, 51.36), (6.23, 51.5), (6.1, 51.65), (5.95, 51.75), (6.05, 51.85), (6.17, 51.86),
    (6.83, 51.97), (7.05, 52.23), (6.7, 52.47), (7.05, 52.64),
)
_SHAPES = (("land", _NETHERLANDS), ("land", _GERMANY), ("water", _SEA), ("water", _IJSSELMEER))


@dataclass(frozen=True)
class Frame:
    """The part of the world an SVG shows; its proportions match the viewBox."""

    north: float
    south: float
    west: float
    east: float

    def project(self, lat: float, lng: float) -> tuple[float, float]:
        x = (lng - self.west) / (self.east - self.west) * MAP_WIDTH
        y = (self.north - lat) / (self.north - self.south) * MAP_HEIGHT
        return round(x, 1), round(y, 1)

    def shows(self, lat: float, lng: float, inset: float = 0.0) -> bool:
        """Whether a point lies in the frame, at least ``inset`` viewBox units inside."""
        x, y = self.project(lat, lng)
        return inset <= x <= MAP_WIDTH - inset and inset <= y <= MAP_HEIGHT - inset


def _span_within(low: float, high: float, floor: float, ceiling: float) -> tuple[float, float]:
    """Move (and if need be shrink) a range to lie within floor..ceiling."""
    span = min(high - low, ceiling - floor)
    low = min(max(low, floor), ceiling - span)
    return low, low + span


def fit_frame(points: Sequence[tuple[float, float]], min_span: float = MAP_MIN_SPAN) -> Frame:
    """The frame around ``points`` (lat, lng) with a margin, in the viewBox's proportions,
    inside the map bounds; the whole bounds around the map centre without points."""
    if points:
        lats = [lat for lat, _ in points]
        lngs = [lng for _, lng in points]
        mid_lat, mid_lng = (min(lats) + max(lats)) / 2, (min(lngs) + max(lngs)) / 2
        lat_span = max(max(lats) - min(lats) + 2 * MAP_MARGIN, min_span)
    else:
        (mid_lat, mid_lng), lat_span = MAP_CENTRE, MAP_NORTH - MAP_SOUTH
    shrink = math.cos(math.radians(mid_lat))  # a degree of longitude is this much shorter
    aspect = MAP_WIDTH / MAP_HEIGHT
    lng_span = lat_span * aspect / shrink
    if points:
        needed = (max(lngs) - min(lngs)) + 2 * MAP_MARGIN / shrink
        if needed > lng_span:  # wide spread: widen, and heighten to keep the proportions
            lng_span, lat_span = needed, needed * shrink / aspect
    if lng_span > MAP_EAST - MAP_WEST:
        lng_span = MAP_EAST - MAP_WEST
        lat_span = lng_span * shrink / aspect
    if lat_span > MAP_NORTH - MAP_SOUTH:
        lat_span = MAP_NORTH - MAP_SOUTH
        lng_span = lat_span * aspect / shrink
    south, north = _span_within(mid_lat - lat_span / 2, mid_lat + lat_span / 2,
                                MAP_SOUTH, MAP_NORTH)
    west, east = _span_within(mid_lng - lng_span / 2, mid_lng + lng_span / 2, MAP_WEST, MAP_EAST)
    return Frame(north, south, west, east)


def _path(frame: Frame, outline: Sequence[tuple[float, float]]) -> str:
    points = [frame.project(lat, lng) for lng, lat in outline]
    return "M" + "L".join(f"{x:g},{y:g}" for x, y in points) + "Z"


PIN_INSET = 18  # viewBox units a pin needs from the edge to be drawn whole
LABEL_GAP = 16  # viewBox units between a pin and its label
LABEL_CHAR_WIDTH = 12.5  # a rough average at the label's font size


def _place_labels(pins: list[MapPin]) -> None:
    """Labels go right of their pin unless a neighbour or the edge is in the way."""
    for pin in pins:
        width = LABEL_CHAR_WIDTH * len(pin.label)
        blocked = pin.x + LABEL_GAP + width > MAP_WIDTH or any(
            other is not pin and abs(other.y - pin.y) < 28
            and 0 < other.x - pin.x < width + 2 * LABEL_GAP
            for other in pins
        )
        pin.anchor = "end" if blocked and pin.x - LABEL_GAP - width >= 0 else "start"
        pin.label_x = pin.x - LABEL_GAP if pin.anchor == "end" else pin.x + LABEL_GAP


def map_view(
    locations: Sequence[LocationView],
    href_of,
    *,
    focus: Sequence[LocationView] | None = None,
    current: str = "",
) -> MapView:
    """The map around ``focus`` (default: every given branch), each branch in view a
    pin linking to ``href_of(location)``."""
    shown = focus if focus is not None else locations
    frame = fit_frame([(loc.latitude, loc.longitude) for loc in shown])
    pins = []
    for location in locations:
        if not frame.shows(location.latitude, location.longitude, PIN_INSET):
            continue  # a neighbour off the map, or so close to its edge the pin is cut
        x, y = frame.project(location.latitude, location.longitude)
        pins.append(MapPin(slug=location.slug, label=location.city, href=href_of(location),
                           x=x, y=y, current=location.slug == current,
                           latitude=location.latitude, longitude=location.longitude))
    _place_labels(pins)
    # The current branch last, so it is drawn on top.
    pins.sort(key=lambda pin: pin.current)
    return MapView(
        shapes=[MapShape(_path(frame, outline), kind) for kind, outline in _SHAPES],
        pins=pins,
        bounds=[[round(frame.south, 4), round(frame.west, 4)],
                [round(frame.north, 4), round(frame.east, 4)]],
    )


# --- location search ----------------------------------------------------------------------


def matches_place(location: LocationView, place: str) -> bool:
    """A place search hits a branch by postcode (start, spaces ignored), or by the start
    of a word of its city, name or URL name (accents ignored, "koeln" finds Köln)."""
    needle = fold(place).strip()
    compact = needle.replace(" ", "")
    if not compact:
        return True
    if location.postal_code.replace(" ", "").casefold().startswith(compact):
        return True
    texts = [fold(location.city), fold(location.name), location.slug.replace("-", " ")]
    if any(text.startswith(needle) for text in texts):
        return True
    words = {word for text in texts for word in re.split(r"[\s\-/.,]+", text) if word}
    return any(word.startswith(needle) for word in words)


def location_path(locale: str, slug: str, brand: str | None = None) -> str:
    if brand:
        return path_for("brand_location", locale, brand=brand, location=slug)
    return path_for("location", locale, location=slug)


def location_card(location: LocationView, locale: str, now: dt.datetime | None = None
                  ) -> LocationCard:
    is_open, status = open_status(location.hours("showroom"), location.country, locale, now)
    return LocationCard(
        slug=location.slug,
        name=location.name,
        href=location_path(locale, location.slug),
        street=location.street,
        place=f"{location.postal_code} {location.city}, {country_name(location.country, locale)}",
        phone=phones.shown(location.phone, location.country, locale),
        phone_href=phones.tel_href(location.phone, location.country),
        status=gettext(locale, "Showroom: {status}", status=status),
        is_open=is_open,
        brands=", ".join(name for _, name in location.brands),
        services=[label("service", service, locale) for service in location.services],
    )


def location_listing(
    locations: Sequence[LocationView],
    search: LocationSearch,
    locale: str,
    now: dt.datetime | None = None,
) -> LocationListing:
    """The location list for a search: matching branches as cards, the filter links,
    the map of the matches; the SPEC §8 message when a place search finds nothing or
    is too short to mean anything."""
    too_short = bool(search.place) and len(search.place.replace(" ", "")) < MIN_PLACE_LENGTH
    offering = [
        location for location in locations
        if (not search.brand or search.brand in dict(location.brands))
        and (not search.service or search.service in location.services)
    ]
    # A town is named as typed, a postcode with its place: "12 km from 10115 Berlin".
    place = None if too_short else locate(search.place)
    distances: dict[str, float] = {}
    if place is not None:  # a town or postcode area: every branch, the nearest first
        distances = {location.slug: distance_km(location.latitude, location.longitude, place)
                     for location in offering}
        found = sorted(offering, key=lambda location: distances[location.slug])
    else:  # the start of a postcode, or a branch's own town or name
        found = [] if too_short else [
            location for location in offering if matches_place(location, search.place)]
    cards = [location_card(location, locale, now) for location in found]
    for card in cards:
        if card.slug in distances:
            card.distance = gettext(locale, "{distance} km from {place}", place=place.name,
                                    distance=format_number(round(distances[card.slug]), locale))
    message = ""
    if search.place and not found:
        message = gettext(locale, NOT_SPECIFIC, place=search.place)
    elif not found:
        message = gettext(locale, "No location offers this combination. Try fewer filters.")
    offered_brands = {slug for location in locations for slug, _ in location.brands}
    return LocationListing(
        cards=cards,
        count_text=ngettext(locale, "{n} location", "{n} locations", len(found)),
        message=message,
        place=search.place,
        search_action=search.replace(place="").path(locale),
        brands=[
            Link(name, search.replace(brand="" if search.brand == slug else slug).path(locale),
                 slug, search.brand == slug)
            for slug, name in PLATFORM_BRANDS.items() if slug in offered_brands
        ],
        services=[
            Link(label("service", service, locale),
                 search.replace(service="" if search.service == service else service)
                 .path(locale), service, search.service == service)
            for service in catalog.SERVICES
        ],
        reset_href=path_for("locations", locale),
        map=map_view(found, lambda loc: location_path(locale, loc.slug)),
    )


# --- location detail ----------------------------------------------------------------------


def employee_card(employee: EmployeeView, locale: str) -> EmployeeCard:
    home = phones.LOCALE_COUNTRIES[locale]  # numbers written without a country code
    return EmployeeCard(
        name=employee.name,
        initials=initials(employee.name),
        job_title=label("job_title", employee.job_title, locale),
        department=label("department", employee.department, locale),
        location=employee.location_name,
        location_href=location_path(locale, employee.location_slug),
        email=employee.email or "",
        email_href=f"mailto:{employee.email}" if employee.email else "",
        phone=phones.shown(employee.phone or "", home, locale),
        phone_href=phones.tel_href(employee.phone, home) if employee.phone else "",
    )


def location_heading(location: LocationView, locale: str, brand: str | None = None) -> str:
    if brand:
        return gettext(locale, "{brand} at {location}", brand=PLATFORM_BRANDS[brand],
                       location=location.name)
    return location.name


def sells(location: LocationView, brand: str | None) -> bool:
    return brand is None or brand in dict(location.brands)


def location_detail(
    location: LocationView,
    locale: str,
    *,
    brand: str | None = None,
    neighbours: Sequence[LocationView] = (),
    now: dt.datetime | None = None,
) -> LocationDetail:
    """Everything the location page shows; ``brand`` for the branch seen from a brand's
    pages, ``neighbours`` (other branches) as further pins on its map."""
    heading = location_heading(location, locale, brand)
    path = location_path(locale, location.slug, brand)
    stock = stock_path(locale, brand)
    others = [other for other in neighbours if other.slug != location.slug]
    appointment = AppointmentOptions(make=brand or "", location=location.slug)
    return LocationDetail(
        slug=location.slug,
        name=location.name,
        heading=heading,
        title=page_title(heading),
        street=location.street,
        place=f"{location.postal_code} {location.city}, {country_name(location.country, locale)}",
        phone=phones.shown(location.phone, location.country, locale),
        phone_href=phones.tel_href(location.phone, location.country),
        email=location.email,
        email_href=f"mailto:{location.email}",
        fax=phones.shown(location.fax or "", location.country, locale),
        fax_href=phones.tel_href(location.fax, location.country) if location.fax else "",
        whatsapp=phones.shown(location.whatsapp or "", location.country, locale),
        whatsapp_href=(location.whatsapp
                       and phones.whatsapp_href(location.whatsapp, location.country)) or "",
        company=[
            Fact(gettext(locale, "VAT number"), location.vat_number),
            Fact(gettext(locale, "IBAN"), format_iban(location.iban)),
        ],
        services=[label("service", service, locale) for service in location.services],
        brands=[
            Link(name, location_path(locale, location.slug, slug), slug, slug == brand)
            for slug, name in location.brands
        ],
        hours=[hours_table(location, department, locale, now)
               for department in catalog.OPENING_DEPARTMENTS if location.hours(department)],
        employees=[employee_card(employee, locale) for employee in location.employees]
        if get_settings().feature_employee_display else [],
        breadcrumbs=[
            home_link(locale),
            Link(gettext(locale, LOCATIONS_TITLE), path_for("locations", locale), "locations"),
            Link(heading, path, location.slug, True),
        ],
        route_href=route_planner_href(location),
        appointment=appointment,
        appointment_href=appointment_href(locale, appointment),
        question_href=question_href(locale, "branch", location.slug),
        stock_href=f"{stock}?{urlencode({'branch': location.slug})}",
        stock_label=gettext(locale, "View the {brand} stock of this location",
                            brand=PLATFORM_BRANDS[brand]) if brand
        else gettext(locale, "View the stock of this location"),
        map=map_view([location, *others], lambda loc: location_path(locale, loc.slug),
                     focus=[location], current=location.slug),
    )


# --- employee overview --------------------------------------------------------------------


def employee_listing(
    employees: Sequence[EmployeeView],
    locations: Sequence[LocationView],
    search: EmployeeSearch,
    locale: str,
) -> EmployeeListing:
    """The employee overview for a search (``employees`` already filtered by it)."""

    def choices(key: str, options: list[tuple[str, str]], everything: str) -> list[Link]:
        current = getattr(search, key)
        return [
            Link(text, search.replace(**{key: value}).path(locale), value, value == current)
            for value, text in [("", everything), *options]
        ]

    return EmployeeListing(
        cards=[employee_card(employee, locale) for employee in employees],
        count_text=ngettext(locale, "{n} employee", "{n} employees", len(employees)),
        name=search.name,
        search_action=search.replace(name="").path(locale),
        location=search.location,
        job_title=search.job_title,
        department=search.department,
        locations=choices("location", [(loc.slug, loc.name) for loc in locations],
                          gettext(locale, "All locations")),
        job_titles=choices("job_title", [(key, label("job_title", key, locale))
                                         for key in catalog.JOB_TITLES],
                           gettext(locale, "All job titles")),
        departments=choices("department", [(key, label("department", key, locale))
                                           for key in catalog.DEPARTMENTS],
                            gettext(locale, "All departments")),
        reset_href=path_for("employees", locale),
    )


# --- reading the database -----------------------------------------------------------------


def load_locations() -> list[LocationView]:
    with session_scope() as session:
        return list_locations(session)


def load_location(slug: str) -> LocationView | None:
    with session_scope() as session:
        return get_location(session, slug)


def load_employees(search: EmployeeSearch) -> list[EmployeeView]:
    with session_scope() as session:
        return list_employees(session, name=search.name or None,
                              location=search.location or None,
                              job_title=search.job_title or None,
                              department=search.department or None)


def find_location(slug: str, brand: str | None = None) -> LocationView | None:
    """The branch of a location URL; None when unknown or not selling ``brand``."""
    location = load_location(slug)
    return location if location is not None and sells(location, brand) else None


# --- pages for clients without JavaScript (dealer.pageinfo) ---------------------------------


def _home(locale: str) -> Link:
    return home_link(locale)


def _schema_hours(times: Sequence[OpeningTime]) -> list[dict]:
    return [
        {"@type": "OpeningHoursSpecification",
         "dayOfWeek": f"https://schema.org/{catalog.WEEKDAYS[time.weekday].capitalize()}",
         "opens": time.opens, "closes": time.closes}
        for time in times if _interval(time)
    ]


def auto_dealer(location: LocationView, path: str, locale: str) -> dict:
    """schema.org AutoDealer of a branch, its workshop as an AutoRepair department."""
    data: dict = {
        "@context": "https://schema.org",
        "@type": "AutoDealer",
        "@id": absolute_url(location_path(locale, location.slug)) + "#dealer",
        "name": location.name,
        "url": absolute_url(path),
        "image": absolute_url("/logo.svg"),
        "telephone": location.phone,
        "email": location.email,
        "vatID": location.vat_number,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": location.street,
            "postalCode": location.postal_code,
            "addressLocality": location.city,
            "addressCountry": location.country,
        },
        "geo": {"@type": "GeoCoordinates", "latitude": location.latitude,
                "longitude": location.longitude},
        "openingHoursSpecification": _schema_hours(location.hours("showroom")),
        "brand": [{"@type": "Brand", "name": name} for _, name in location.brands],
        "parentOrganization": {"@type": "Organization", "name": get_settings().site_name},
    }
    if location.fax:
        data["faxNumber"] = location.fax
    if workshop := _schema_hours(location.hours("workshop")):
        data["department"] = [{
            "@type": "AutoRepair",
            "name": f"{location.name} – {label('opening_department', 'workshop', locale)}",
            "telephone": location.phone,
            "openingHoursSpecification": workshop,
        }]
    return data


def location_missing(request: PageRequest) -> PageInfo:
    """SPEC §8 location-not-found, as the server answers it and the page titles it."""
    return error_page("location_not_found", request.path, request.locale, request.screen,
                      params=dict(request.params))


def location_page(request: PageRequest) -> tuple[PageInfo, LocationDetail | None]:
    """A branch page (also seen from a brand): its page info and what the page shows, the
    other branches as further pins on its map; 404 (and no detail) when the branch is
    unknown or does not sell the brand."""
    brand = request.params.get("brand")
    location = find_location(request.params.get("location", ""), brand)
    if location is None:
        return location_missing(request), None
    detail = location_detail(location, request.locale, brand=brand,
                             neighbours=load_locations())
    return _location_info(location, request), detail


def _location_info(location: LocationView, request: PageRequest) -> PageInfo:
    path, locale, params, screen = request.path, request.locale, request.params, request.screen
    brand = params.get("brand")
    heading = location_heading(location, locale, brand)
    brands = ", ".join(name for _, name in location.brands)
    address = f"{location.street}, {location.postal_code} {location.city}"
    return PageInfo(
        screen=screen,
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(heading),
        heading=heading,
        description=gettext(
            locale, "{name} in {city} ({brands}): opening hours, services, contact details "
                    "and route.", name=location.name, city=location.city, brands=brands),
        facts=[
            Fact(gettext(locale, "Address"),
                 f"{address}, {country_name(location.country, locale)}"),
            Fact(gettext(locale, "Phone"), location.phone),
            Fact(gettext(locale, "Email"), location.email),
            *[Fact(label("opening_department", department, locale),
                   hours_summary(location.hours(department), locale))
              for department in catalog.OPENING_DEPARTMENTS if location.hours(department)],
        ],
        links=[Link(name, location_path(locale, location.slug, slug))
               for slug, name in location.brands],
        breadcrumbs=[
            _home(locale),
            Link(gettext(locale, LOCATIONS_TITLE), path_for("locations", locale)),
            Link(heading, path),
        ],
        image=f"/content/brands/{brand}.svg" if brand else "/logo.svg",
        json_ld=[auto_dealer(location, path, locale)],
        og_type="business.business",
    )


# The branch pages the HTTP answer built in the last 30 s, by URL: the page's load in the
# app shows the page the visitor was just served.
_SERVED: KeptLately[tuple[PageInfo, LocationDetail | None]] = KeptLately(30.0, 256)


def served_location_page(request: PageRequest) -> tuple[PageInfo, LocationDetail | None]:
    """``location_page`` as the HTTP answer built it a moment ago for the same URL, else
    now: for the page's load in the app."""
    return _SERVED.get(request.path, request.query) or location_page(request)


async def describe_branch(request: PageRequest) -> PageInfo:
    """A branch page with its reviews' rating (``location_page`` plus the reviews)."""
    info, detail = await asyncio.to_thread(location_page, request)
    _SERVED.keep(request.path, request.query, (info, detail))
    return await with_branch_reviews(info, request.params.get("location", ""))


def describe_locations(request: PageRequest) -> PageInfo:
    """The location list: every branch (or a search's matches) as links; a search is
    for visitors (noindex,follow), the full list for search engines."""
    path, locale, params, query = request.path, request.locale, request.params, request.query
    search = LocationSearch.from_params(query)
    listing = location_listing(load_locations(), search, locale)
    heading = gettext(locale, LOCATIONS_TITLE)
    return PageInfo(
        screen="locations",
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(heading),
        heading=heading,
        description=gettext(locale, LOCATIONS_LEAD),
        facts=[Fact(gettext(locale, "Results"), listing.count_text)] if not listing.message
        else [Fact(gettext(locale, "Results"), listing.message)],
        links=[Link(f"{card.name} – {card.street}, {card.place}", card.href)
               for card in listing.cards],
        breadcrumbs=[_home(locale), Link(heading, path)],
        image="/logo.svg",
        json_ld=[{
            "@context": "https://schema.org",
            "@type": "ItemList",
            "name": heading,
            "numberOfItems": len(listing.cards),
            "itemListElement": [
                {"@type": "ListItem", "position": position, "url": absolute_url(card.href),
                 "name": card.name}
                for position, card in enumerate(listing.cards, start=1)
            ],
        }],
        noindex=bool(search.to_params()),
    )


def describe_employees(request: PageRequest) -> PageInfo:
    """The employee overview; not a page at all while employees are not displayed."""
    path, locale, params, query = request.path, request.locale, request.params, request.query
    if not get_settings().feature_employee_display:
        return not_found(path, locale, "employees")
    search = EmployeeSearch.from_params(query)
    employees = load_employees(search)
    heading = gettext(locale, EMPLOYEES_TITLE)
    count = ngettext(locale, "{n} employee", "{n} employees", len(employees))
    return PageInfo(
        screen="employees",
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(heading),
        heading=heading,
        description=gettext(locale, EMPLOYEES_LEAD),
        facts=[Fact(gettext(locale, "Results"), count if employees
                else gettext(locale, NO_EMPLOYEES))],
        links=[Link(location.name, location_path(locale, location.slug))
               for location in load_locations()],
        breadcrumbs=[_home(locale), Link(heading, path)],
        noindex=bool(search.to_params()),
    )
