"""The visitor's compare list, favourites and recently viewed vehicles: list rules and
render-ready comparison rows.

The lists are vehicle slugs kept in the visitor's browser (JSON), so everything
arriving here is untrusted: ``parse`` keeps only well-formed, distinct slugs. The
comparison holds at most 6 vehicles and compares from 2 (SPEC §5, §9).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from sqlmodel import Session, col, select

from dealer.brands import brand_name
from dealer.i18n import N_, format_date, format_number, format_price, gettext, ngettext
from dealer.routes import path_for
from dealer.stock import catalog, price_history
from dealer.stock.labels import label
from dealer.stock.models import Vehicle
from dealer.stock.repository import VehicleDetail
from dealer.stock.results import VehicleCard
from dealer.views.stock import Card, card_values

COMPARE_MAX = 6
COMPARE_MIN = 2
FAVOURITES_MAX = 100  # a guard on browser-supplied data, far above any real shortlist

_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SLUG_MAX_LENGTH = 200
MISSING = "—"  # a value the vehicle does not have


@dataclass(frozen=True)
class Shortlist:
    """One of the visitor's lists: its key, where the browser keeps it, its limit and what
    the visitor is told."""

    key: str
    stored_as: str  # the browser's localStorage key
    limit: int
    added: str  # msgid, {vehicle}
    full: str  # msgid, {max}


COMPARE = Shortlist(
    key="compare",
    stored_as="dealer.compare",
    limit=COMPARE_MAX,
    added=N_("{vehicle} was added to the comparison."),
    full=N_("Vehicle cannot be added. Select at most {max} vehicles to compare."),
)
FAVOURITES = Shortlist(
    key="favourites",
    stored_as="dealer.favourites",
    limit=FAVOURITES_MAX,
    added=N_("{vehicle} was added to your favourites."),
    full=N_("Vehicle cannot be added. You can keep at most {max} favourites."),
)
SHORTLISTS = {shortlist.key: shortlist for shortlist in (COMPARE, FAVOURITES)}
# The attribute of a page's count of one of the lists: its value is where the browser
# keeps the list (web/scripts/served_lists.js counts it before the app).
COUNT_OF = "data-count-of"


class ShortlistFullError(ValueError):
    """Adding would take the list past its limit."""

    def __init__(self, shortlist: Shortlist) -> None:
        super().__init__(f"the {shortlist.key} list holds at most {shortlist.limit} vehicles")
        self.shortlist = shortlist

    def message(self, locale: str) -> str:
        return gettext(locale, self.shortlist.full, max=self.shortlist.limit)


# --- the lists ------------------------------------------------------------------------


def is_slug(value: object) -> bool:
    return isinstance(value, str) and len(value) <= _SLUG_MAX_LENGTH and bool(_SLUG_RE.match(value))


def parse(stored: str | None, shortlist: Shortlist) -> list[str]:
    """The slugs of a stored list: malformed data gives an empty list, junk entries and
    repeats are dropped, and no more than the list's limit is kept."""
    return _slugs(stored, shortlist.limit)


def _slugs(stored: str | None, limit: int) -> list[str]:
    try:
        values = json.loads(stored or "[]")
    except (TypeError, ValueError):
        return []
    if not isinstance(values, list):
        return []
    return list(dict.fromkeys(value for value in values if is_slug(value)))[:limit]


def dump(slugs: Iterable[str]) -> str:
    return json.dumps(list(slugs), separators=(",", ":"))


def add(slugs: Sequence[str], slug: str, shortlist: Shortlist) -> list[str]:
    """``slugs`` with ``slug`` appended; a vehicle already listed stays where it is.

    Raises ShortlistFullError when the list is at its limit, ValueError for a malformed slug.
    """
    if not is_slug(slug):
        raise ValueError(f"not a vehicle slug: {slug!r}")
    if slug in slugs:
        return list(slugs)
    if len(slugs) >= shortlist.limit:
        raise ShortlistFullError(shortlist)
    return [*slugs, slug]


def remove(slugs: Sequence[str], slug: str) -> list[str]:
    return [listed for listed in slugs if listed != slug]


def toggle(slugs: Sequence[str], slug: str, shortlist: Shortlist) -> list[str]:
    """``slugs`` without ``slug`` when it is listed, else with it (``add``'s errors): each
    press of a box changes the list, in the order pressed, whatever the page showed when
    it was pressed (two quick presses put it back as it was)."""
    return remove(slugs, slug) if slug in slugs else add(slugs, slug, shortlist)


def prune(slugs: Sequence[str], available: Collection[str]) -> tuple[list[str], int]:
    """The slugs still available, in order, and how many were dropped."""
    kept = [slug for slug in slugs if slug in available]
    return kept, len(slugs) - len(kept)


def available_slugs(session: Session, slugs: Iterable[str]) -> set[str]:
    """Which of ``slugs`` are vehicles still for sale (one query, no details loaded)."""
    wanted = {slug for slug in slugs if is_slug(slug)}
    if not wanted:
        return set()
    rows = session.exec(
        select(Vehicle.slug).where(col(Vehicle.slug).in_(wanted), Vehicle.available)
    ).all()
    return set(rows)


def removed_notice(count: int, locale: str) -> str:
    return ngettext(
        locale,
        "{n} vehicle is no longer available and was removed from your lists.",
        "{n} vehicles are no longer available and were removed from your lists.",
        count,
    )


# --- recently viewed -----------------------------------------------------------------
# Functional storage (``dealer.consent``): kept only while the visitor allows functional
# cookies, forgotten when they refuse or withdraw them; sold vehicles drop out.

RECENT_MAX = 12  # vehicles remembered, the most recent first
RECENT_SHOWN = 6  # in the row of a page


def parse_recent(stored: str | None) -> list[str]:
    """The slugs of the stored recently viewed vehicles, as ``parse`` reads a list."""
    return _slugs(stored, RECENT_MAX)


def viewed(slugs: Sequence[str], slug: str) -> list[str]:
    """``slugs`` with ``slug`` first (moved there when listed before), at most
    ``RECENT_MAX``; unchanged for a malformed slug."""
    if not is_slug(slug):
        return list(slugs)
    return [slug, *(listed for listed in slugs if listed != slug)][:RECENT_MAX]


def recent_shown(slugs: Sequence[str], current: str = "") -> list[str]:
    """The recently viewed vehicles a page shows: not the one it is about."""
    return [slug for slug in slugs if slug != current][:RECENT_SHOWN]


# --- favourites: cards ----------------------------------------------------------------


def vehicle_card(detail: VehicleDetail, locale: str) -> Card:
    """The stock overview's card for a vehicle read in full (purchase price shown)."""

    def monthly(deal_type: str) -> float | None:
        price = detail.price(deal_type)
        amount = price.monthly_installment if price else None
        return None if amount is None else float(amount)

    purchase = detail.price("purchase")
    summary = VehicleCard(
        id=detail.id,
        slug=detail.slug,
        brand_slug=detail.brand_slug,
        brand_name=detail.brand_name,
        model_slug=detail.model_slug,
        model_name=detail.model_name,
        version=detail.version,
        year=detail.year,
        mileage=detail.mileage,
        fuel=detail.fuel,
        transmission=detail.transmission,
        power_hp=detail.power_hp,
        power_kw=detail.power_kw,
        body_style=detail.body_style,
        condition=detail.condition,
        colour=detail.exterior_colour,
        photo_url=detail.photos[0].url if detail.photos else None,
        price=float(purchase.total_price) if purchase and purchase.total_price else None,
        private_lease=monthly("private_lease"),
        business_lease=monthly("business_lease"),
        private_finance=monthly("private_finance"),
        business_finance=monthly("business_finance"),
        vat_reportable=detail.vat_reportable,
        branch_slug=detail.location.slug,
        branch_name=detail.location.name,
        branch_city=detail.location.city,
        price_dropped=price_history.is_recent(price_history.drop_day(detail.price_history),
                                              price_history.today()),
    )
    return card_values(summary, locale, "purchase")


# --- the comparison table -------------------------------------------------------------


@dataclass
class CompareColumn:
    """One compared vehicle: the table's column heading."""

    slug: str = ""
    href: str = ""
    title: str = ""
    version: str = ""
    photo: str = ""
    photo_alt: str = ""


@dataclass
class CompareRow:
    key: str = ""
    label: str = ""
    cells: list[str] = field(default_factory=list)  # one per column
    differs: bool = False  # not every vehicle has the same value


@dataclass
class CompareSection:
    key: str = ""
    heading: str = ""
    rows: list[CompareRow] = field(default_factory=list)


Formatter = Callable[[VehicleDetail, str], str | None]


def _yes_no(value: bool, locale: str) -> str:
    return gettext(locale, "Yes") if value else gettext(locale, "No")


def _amount(
    value: Decimal | float | int | None, unit: str, locale: str, decimals: int = 0
) -> str | None:
    if value is None:
        return None
    return f"{format_number(value, locale, decimals=decimals)} {unit}"


def _price(deal_type: str) -> Formatter:
    def formatted(detail: VehicleDetail, locale: str) -> str | None:
        price = detail.price(deal_type)
        if price is None:
            return None
        if deal_type == "purchase":
            return None if price.total_price is None else format_price(price.total_price, locale)
        if price.monthly_installment is None:
            return None
        return gettext(locale, "{amount} per month",
                       amount=format_price(price.monthly_installment, locale))

    return formatted


def _vocabulary(kind: str, attribute: str) -> Formatter:
    return lambda detail, locale: label(kind, getattr(detail, attribute), locale)


def _consumption(attribute: str, unit: str, decimals: int = 1) -> Formatter:
    def formatted(detail: VehicleDetail, locale: str) -> str | None:
        if detail.consumption is None:
            return None
        return _amount(getattr(detail.consumption, attribute), unit, locale, decimals)

    return formatted


def _power(detail: VehicleDetail, locale: str) -> str:
    return gettext(locale, "{hp} hp ({kw} kW)", hp=detail.power_hp, kw=detail.power_kw)


def _warranty(detail: VehicleDetail, locale: str) -> str | None:
    months = detail.warranty_months
    if not months:
        return None
    return ngettext(locale, "{n} month", "{n} months", months)


def _smartphone(detail: VehicleDetail, locale: str) -> str | None:
    names = [label("smartphone_integration", key, locale) for key in detail.smartphone_integration]
    return ", ".join(names) or None


def _location(detail: VehicleDetail, locale: str) -> str:
    return f"{detail.location.name}, {detail.location.city}"


PRICE_ROWS: tuple[tuple[str, Formatter], ...] = tuple(
    (deal_type, _price(deal_type)) for deal_type in catalog.DEAL_TYPES
)
# Every field of the vehicle (SPEC §3), in the order the vehicle page lists them.
DATA_ROWS: tuple[tuple[str, str, Formatter], ...] = (
    ("brand", N_("Brand"), lambda d, locale: brand_name(d.brand_slug, locale, d.brand_name)),
    ("model", N_("Model"), lambda d, _locale: d.model_name),
    ("version", N_("Version"), lambda d, _locale: d.version),
    ("condition", N_("Condition"), _vocabulary("condition", "condition")),
    ("vehicle_type", N_("Vehicle type"), _vocabulary("vehicle_type", "vehicle_type")),
    ("body_style", N_("Body style"), _vocabulary("body_style", "body_style")),
    ("year", N_("Construction year"), lambda d, _locale: str(d.year)),
    ("first_registration", N_("First registration"),
     lambda d, locale: d.first_registration and format_date(d.first_registration, locale,
                                                            style="medium")),
    ("mileage", N_("Mileage"), lambda d, locale: _amount(d.mileage, "km", locale)),
    ("fuel", N_("Fuel"), _vocabulary("fuel", "fuel")),
    ("transmission", N_("Transmission"), _vocabulary("transmission", "transmission")),
    ("drive_type", N_("Drive"), _vocabulary("drive_type", "drive_type")),
    ("driven_axles", N_("Driven axles"), lambda d, locale: format_number(d.driven_axles, locale)),
    ("power", N_("Power"), _power),
    ("engine_capacity", N_("Engine capacity"),
     lambda d, locale: _amount(d.engine_capacity, "cm³", locale)),
    ("electric_range", N_("Electric range"),
     lambda d, locale: _amount(d.electric_range, "km", locale)),
    ("seats", N_("Seats"), lambda d, locale: format_number(d.seats, locale)),
    ("doors", N_("Doors"), lambda d, locale: format_number(d.doors, locale)),
    ("exterior_colour", N_("Exterior colour"),
     lambda d, locale: d.colour_name or label("colour", d.exterior_colour, locale)),
    ("interior_colour", N_("Interior colour"), _vocabulary("colour", "interior_colour")),
    ("interior_material", N_("Interior material"),
     _vocabulary("interior_material", "interior_material")),
    ("emissions_class", N_("Emissions class"), _vocabulary("emissions_class", "emissions_class")),
    ("max_weight", N_("Maximum weight"), lambda d, locale: _amount(d.max_weight, "kg", locale)),
    ("towing_weight", N_("Towing capacity"),
     lambda d, locale: _amount(d.towing_weight, "kg", locale)),
    ("warranty", N_("Warranty"), _warranty),
    ("vat_reportable", N_("VAT deductible"), lambda d, locale: _yes_no(d.vat_reportable, locale)),
    ("smartphone_integration", N_("Smartphone integration"), _smartphone),
    ("location", N_("Location"), _location),
)
CONSUMPTION_ROWS: tuple[tuple[str, str, Formatter], ...] = (
    ("fuel_combined", N_("Fuel consumption (combined)"),
     _consumption("fuel_combined", "l/100 km")),
    ("fuel_weighted_combined", N_("Fuel consumption (weighted combined)"),
     _consumption("fuel_weighted_combined", "l/100 km")),
    ("fuel_discharged_battery", N_("Fuel consumption (discharged battery)"),
     _consumption("fuel_discharged_battery", "l/100 km")),
    ("electricity_combined", N_("Electricity consumption (combined)"),
     _consumption("electricity_combined", "kWh/100 km")),
    ("co2_emissions", N_("CO₂ emissions"), _consumption("co2_emissions", "g/km", 0)),
    ("co2_class", N_("CO₂ class"),
     lambda d, _locale: d.consumption.co2_class if d.consumption else None),
)


def _row(key: str, row_label: str, values: list[str | None]) -> CompareRow:
    shown = [MISSING if value in (None, "") else value for value in values]
    return CompareRow(key=key, label=row_label, cells=shown, differs=len(set(shown)) > 1)


def compare_columns(details: Sequence[VehicleDetail], locale: str) -> list[CompareColumn]:
    return [
        CompareColumn(
            slug=detail.slug,
            href=path_for("vehicle", locale, vehicle=detail.slug),
            title=f"{brand_name(detail.brand_slug, locale, detail.brand_name)} "
                  f"{detail.model_name}",
            version=detail.version,
            photo=detail.photos[0].url if detail.photos else "",
            photo_alt=detail.title,
        )
        for detail in details
    ]


def compare_sections(details: Sequence[VehicleDetail], locale: str) -> list[CompareSection]:
    """The comparison: prices per acquisition type, every vehicle field, consumption and
    equipment (every feature any of the vehicles has), one value per vehicle."""

    def rows(spec: Iterable[tuple[str, str, Formatter]]) -> list[CompareRow]:
        built = [
            _row(key, row_label, [formatter(detail, locale) for detail in details])
            for key, row_label, formatter in spec
        ]
        # A field none of the vehicles has (e.g. electric range of petrol cars) is left out.
        return [row for row in built if any(value != MISSING for value in row.cells)]

    prices = rows(
        (deal_type, label("deal_type", deal_type, locale), formatter)
        for deal_type, formatter in PRICE_ROWS
    )
    data = rows((key, gettext(locale, msgid), formatter) for key, msgid, formatter in DATA_ROWS)
    consumption = rows(
        (key, gettext(locale, msgid), formatter) for key, msgid, formatter in CONSUMPTION_ROWS
    )
    present = {feature for detail in details for feature in detail.features}
    # Catalogue order; keys the catalogue does not know (older imports) come last.
    features = [feature for feature in catalog.FEATURES if feature in present]
    features += sorted(present - set(features))
    equipment = [
        _row(feature, label("feature", feature, locale),
             [_yes_no(feature in detail.features, locale) for detail in details])
        for feature in features
    ]
    sections = [
        CompareSection("prices", gettext(locale, "Prices"), prices),
        CompareSection("data", gettext(locale, "Vehicle data"), data),
        CompareSection("consumption", gettext(locale, "Consumption and emissions"), consumption),
        CompareSection("equipment", gettext(locale, "Equipment"), equipment),
    ]
    return [section for section in sections if section.rows]


def only_differences(sections: Iterable[CompareSection]) -> list[CompareSection]:
    """The sections with only their differing rows; sections left empty are dropped."""
    narrowed = (
        replace(section, rows=[row for row in section.rows if row.differs])
        for section in sections
    )
    return [section for section in narrowed if section.rows]


def compare_heading(count: int, locale: str) -> str:
    """'Compare {0} vehicles' once there is something to compare, else the plain title."""
    if count < COMPARE_MIN:
        return gettext(locale, "Compare vehicles")
    return gettext(locale, "Compare {count} vehicles", count=count)
