"""The vehicle page as the visitor sees it: one vehicle turned into render-ready values.

Plain Python, no Reflex: ``vehicle_page(path)`` reads the vehicle a URL names and
returns both the ``PageInfo`` (status, title, structured data: what the HTTP layer
and search engines get) and the ``VehicleView`` the Reflex page renders, every text
already translated and formatted with Babel in the visitor's locale. The page
state and the HTTP layer both call it, so they always agree on a vehicle.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import quote, urlencode

from babel import Locale
from babel.numbers import format_percent
from sqlalchemy.engine import Engine

from dealer import phones, pricing
from dealer.brands import PLATFORM_BRANDS, brand_name
from dealer.db import get_engine
from dealer.forms.origins import question_href
from dealer.i18n import (
    N_,
    format_date,
    format_day_month,
    format_number,
    format_price,
    format_time,
    gettext,
    ngettext,
)
from dealer.kept import Kept
from dealer.locations.repository import LocationView
from dealer.pageinfo import CardList, Fact, Link, PageInfo, error_page, home_link
from dealer.plates.client import RegisteredVehicle
from dealer.plates.register import StockRegister, get_stock_register
from dealer.reservations.service import held_vehicles
from dealer.reservations.terms import RESERVATION_TERMS
from dealer.routes import PageRequest, path_for, request_for, screens_showing
from dealer.settings import get_settings
from dealer.shortlists import COMPARE, CONSUMPTION_ROWS, DATA_ROWS, FAVOURITES, Formatter
from dealer.stock import catalog, price_history
from dealer.stock.index import StockIndex, get_index
from dealer.stock.labels import label
from dealer.stock.repository import PriceView, VehicleDetail, current_vehicle
from dealer.stock.results import model_value
from dealer.stock.text import slugify
from dealer.views.locations import HoursTable, hours_table
from dealer.views.markup import element, html_str
from dealer.views.plates import trade_in_href
from dealer.views.reviews import SITE_ZONE
from dealer.views.served_form import ADOPTED
from dealer.views.stock import (
    HEADLINE_DISPLAY,
    ListCard,
    card_values,
    cards_part,
    list_cards,
    listing_heading,
    marked_reserved,
    stock_path,
)
from dealer.web.seo import absolute_url, page_title

VEHICLE_SCREENS = screens_showing("vehicle:PAGE")

# How the equipment list is grouped on the page; features in catalogue order within a
# group, keys no group names (newer feeds) under "other".
EQUIPMENT_GROUPS: dict[str, tuple[str, ...]] = {
    "safety": (
        "abs", "esp", "airbag_driver", "airbag_passenger", "side_airbags", "curtain_airbags",
        "knee_airbag", "isofix", "alarm", "immobiliser", "keyless_entry", "central_locking",
    ),
    "assistance": (
        "lane_assist", "blind_spot_assist", "emergency_brake_assist", "traffic_sign_recognition",
        "cruise_control", "adaptive_cruise_control", "parking_sensors_front",
        "parking_sensors_rear", "parking_camera", "camera_360", "park_assist",
    ),
    "comfort": (
        "air_conditioning", "climate_control", "climate_control_2_zone", "climate_control_3_zone",
        "heated_seats", "heated_steering_wheel", "electric_seats", "massage_seats", "sport_seats",
        "panoramic_roof", "sunroof", "electric_windows", "electric_mirrors", "electric_tailgate",
        "light_sensor", "rain_sensor",
    ),
    "multimedia": (
        "navigation_system", "digital_cockpit", "head_up_display", "bluetooth", "dab_radio",
        "wireless_charging", "premium_audio",
    ),
    "exterior": (
        "led_headlights", "matrix_led_headlights", "xenon_headlights", "privacy_glass",
        "roof_rails", "metallic_paint", "sport_suspension", "adaptive_suspension",
        *(f"alloy_wheels_{size}" for size in catalog.ALLOY_WHEEL_SIZES),
    ),
    "efficiency": ("heat_pump", "fast_charging", "start_stop"),
    "practical": (
        "tow_bar", "tow_bar_detachable", "tow_bar_swivelling", "sliding_door", "partition_wall",
        "camper_berth", "camper_berth_roof", "camper_lounge", "camper_lounge_swivel_seats",
    ),
}
_GROUP_OF = {feature: group for group, features in EQUIPMENT_GROUPS.items() for feature in features}

# The key facts next to the gallery: (DATA_ROWS key, icon).
KEY_FACTS = (
    ("year", "calendar"),
    ("mileage", "gauge"),
    ("fuel", "fuel"),
    ("transmission", "cog"),
    ("power", "zap"),
)
# SPEC §2: the sales promises every vehicle page makes, with their icons.
PROMISES = (
    ("shield-check", N_("Valid technical inspection and 12 months warranty")),
    ("repeat", N_("14-day exchange guarantee")),
    ("users", N_("Free family card with app")),
)
FINANCE_DEAL_TYPES = ("private_finance", "business_finance")
COUNTRIES = {"NL": N_("Netherlands"), "DE": N_("Germany")}
ROUTE_PLANNER_URL = "https://www.google.com/maps/dir/?api=1&"
# The RDW's odometer judgements (tellerstandoordeel) in the visitor's words.
ODOMETER_JUDGEMENTS = {
    "logical": N_("Logical"),
    "illogical": N_("Illogical"),
    "no_judgement": N_("No judgement"),
}
SIMILAR_HEADING = N_("Similar vehicles")


@dataclass
class Photo:
    src: str = ""
    alt: str = ""


@dataclass
class EquipmentGroup:
    key: str = ""
    heading: str = ""
    features: list[str] = field(default_factory=list)


@dataclass
class DeliveryPackage:
    key: str = ""
    name: str = ""
    price: str = ""
    contents: list[str] = field(default_factory=list)


@dataclass
class PriceBlock:
    """One acquisition type the vehicle is offered with (SPEC §3 price rows)."""

    deal_type: str = ""
    heading: str = ""
    amount: str = ""  # the headline figure: the total price, or the monthly instalment
    amount_note: str = ""  # e.g. "per month"
    was: str = ""  # the price before the discount; "" without one
    rows: list[Fact] = field(default_factory=list)
    disclaimer: str = ""
    actions: list[Link] = field(default_factory=list)


@dataclass
class Co2Step:
    letter: str = ""
    active: bool = False
    width: str = ""  # bar length, growing from A to G like the official label


@dataclass
class Co2Label:
    """The CO₂ class scale (Pkw-EnVKV), one per class a vehicle has."""

    heading: str = ""
    letter: str = ""
    steps: list[Co2Step] = field(default_factory=list)


@dataclass
class LocationBlock:
    name: str = ""
    href: str = ""  # the branch's own page
    street: str = ""
    city: str = ""  # postal code and city
    country: str = ""
    route_href: str = ""  # a route planner, opened by the visitor; nothing is embedded
    phone: str = ""
    phone_href: str = ""
    email: str = ""
    email_href: str = ""
    schedules: list[HoursTable] = field(default_factory=list)


@dataclass
class ReservationBlock:
    """Online reservation: the form with its terms and deposit, or that the car is reserved."""

    reserved: bool = False
    status: str = ""  # "Reserved", shown while a paid reservation holds the car
    note: str = ""  # reserved: until when; else what a reservation is
    terms: list[str] = field(default_factory=list)
    accept: str = ""  # the terms' checkbox
    name: str = ""
    email: str = ""
    button: str = ""  # "Reserve for € 250,00"
    action: str = ""  # where the form goes (dealer.web.reservations)


@dataclass
class VehicleView:
    slug: str = ""
    path: str = ""
    title: str = ""  # brand and model
    version: str = ""
    heading: str = ""  # the h1: brand, model and version
    condition: str = ""
    price: str = ""  # the headline price: purchase, else the lowest monthly instalment
    price_label: str = ""
    price_drop: str = ""  # "Price lowered by € 1,000 on 12 November"; "" without a drop
    # The changes of the shown prices, newest first: the day, the deal type and the amounts.
    price_history: list[Fact] = field(default_factory=list)
    description: str = ""
    photos: list[Photo] = field(default_factory=list)
    key_facts: list[Fact] = field(default_factory=list)
    data: list[Fact] = field(default_factory=list)
    equipment: list[EquipmentGroup] = field(default_factory=list)
    packages: list[DeliveryPackage] = field(default_factory=list)
    prices: list[PriceBlock] = field(default_factory=list)
    consumption: list[Fact] = field(default_factory=list)  # empty: no block (flag or data)
    consumption_note: str = ""
    register: list[Fact] = field(default_factory=list)  # empty: no register block
    register_source: str = ""  # where the register facts come from, and when
    co2_labels: list[Co2Label] = field(default_factory=list)
    location: LocationBlock = field(default_factory=LocationBlock)
    promises: list[Fact] = field(default_factory=list)
    actions: list[Link] = field(default_factory=list)  # test drive, interest, calculator
    question: Link = field(default_factory=Link)  # a question about it, by direct contact
    trade_in: Link = field(default_factory=Link)  # behind the trade-in flag; no href: off
    breadcrumbs: list[Link] = field(default_factory=list)
    stock_href: str = ""
    reservation: ReservationBlock = field(default_factory=ReservationBlock)


@dataclass(frozen=True)
class VehiclePage:
    """What a vehicle URL shows: ``view`` is None for the vehicle-not-found page.
    ``similar``: the vehicles on offer most like it, also below a sold vehicle's page."""

    info: PageInfo
    view: VehicleView | None
    similar: list[ListCard] = field(default_factory=list)


# --- formatting ---------------------------------------------------------------------------


def _money(amount: Decimal | float | int, locale: str) -> str:
    """Euros, with cents only when the amount has them (instalments, loan figures)."""
    value = Decimal(str(amount))
    return format_price(value, locale, cents=value != value.to_integral_value())


def _percent(rate: Decimal | float, locale: str) -> str:
    """A yearly rate in percent with two decimals: nl "7,22%", de "7,22 %"."""
    pattern = Locale.parse(locale).percent_formats[None].pattern.replace("#,##0", "#,##0.00")
    return format_percent(Decimal(str(rate)) / 100, format=pattern, locale=locale)


def _yes_no(value: bool, locale: str) -> str:
    return gettext(locale, "Yes") if value else gettext(locale, "No")


def _months(count: int, locale: str) -> str:
    return ngettext(locale, "{n} month", "{n} months", count)


def _kilometres(value: int, locale: str) -> str:
    return f"{format_number(value, locale)} km"


# --- the parts of the page ---------------------------------------------------------------


def _links(detail: VehicleDetail, locale: str, brand: str | None) -> dict[str, str]:
    """Paths of the vehicle's own screens, brand-scoped on brand pages."""
    prefix = "brand_" if brand else ""
    params = {"vehicle": detail.slug, **({"brand": brand} if brand else {})}
    screens = {
        "vehicle": f"{prefix}vehicle",
        "testdrive": f"{prefix}vehicle_test_drive",
        "interest": f"{prefix}vehicle_interest",
        "calculator": f"{prefix}lease_calculator",
    }
    return {key: path_for(screen, locale, **params) for key, screen in screens.items()}


def _data_rows(
    detail: VehicleDetail, locale: str, rows: tuple[tuple[str, str, Formatter], ...]
) -> list[Fact]:
    facts = [Fact(gettext(locale, msgid), formatter(detail, locale) or "") for _, msgid, formatter
             in rows]
    return [fact for fact in facts if fact.value]


def key_facts(detail: VehicleDetail, locale: str) -> list[Fact]:
    rows = {key: (msgid, formatter) for key, msgid, formatter in DATA_ROWS}
    return [
        Fact(gettext(locale, rows[key][0]), rows[key][1](detail, locale) or "", icon)
        for key, icon in KEY_FACTS
    ]


def equipment_groups(detail: VehicleDetail, locale: str) -> list[EquipmentGroup]:
    items: dict[str, list[str]] = {group: [] for group in (*EQUIPMENT_GROUPS, "other")}
    for feature in detail.features:
        items[_GROUP_OF.get(feature, "other")].append(label("feature", feature, locale))
    items["multimedia"] += [
        label("smartphone_integration", key, locale) for key in detail.smartphone_integration
    ]
    return [
        EquipmentGroup(group, label("equipment_group", group, locale), names)
        for group, names in items.items()
        if names
    ]


def delivery_packages(detail: VehicleDetail, locale: str) -> list[DeliveryPackage]:
    return [
        DeliveryPackage(
            key=package.key,
            name=label("delivery_package", package.key, locale),
            price=_money(package.price, locale),
            contents=[label("delivery_item", item, locale) for item in package.items],
        )
        for package in detail.delivery_packages
    ]


def _price_rows(price: PriceView, locale: str) -> list[Fact]:
    """Every figure of the price row the vehicle has, headline figure included."""

    def money(value: Decimal) -> str:
        return _money(value, locale)

    def percent(value: Decimal) -> str:
        return _percent(value, locale)

    loan = price.deal_type in FINANCE_DEAL_TYPES
    values: tuple[tuple[str, object, Callable[[Any], str]], ...] = (
        ("total_price", price.total_price, money),
        ("discount", price.discount or None, money),
        ("monthly_installment", price.monthly_installment, money),
        ("down_payment", price.down_payment, money),
        ("contract_duration", price.contract_duration, lambda n: _months(n, locale)),
        ("annual_distance", price.annual_distance, lambda km: _kilometres(km, locale)),
        ("interest_rate", price.interest_rate, percent),
        ("borrowing_rate", price.borrowing_rate, percent),
        ("fixed_interest_period", price.fixed_interest_period,
         lambda key: label("fixed_interest_period", key, locale)),
        ("net_loan_amount", price.net_loan_amount, money),
        ("remaining_balance", price.remaining_balance, money),
        # Only loans carry payment protection; elsewhere a "No" would say nothing.
        ("installment_protection", price.installment_protection if loan else None,
         lambda value: _yes_no(value, locale)),
        ("bank", price.bank or None, str),
    )
    return [
        Fact(label("price_row", key, locale), formatter(value))
        for key, value, formatter in values
        if value is not None
    ]


def action_value(action: str, test_drive_mode: str) -> str:
    """A deal type's action as the page draws it: the test drive of the chat variant
    (SPEC §3, test_drive_mode "autochat") opens the chat with the vehicle when the chat
    is on; its link still leads to the form, for a visitor without scripts."""
    chat = test_drive_mode == "autochat" and get_settings().chat_enabled
    return "testdrive_chat" if action == "testdrive" and chat else action


def price_block(
    price: PriceView, locale: str, links: dict[str, str], country: str = "NL"
) -> PriceBlock:
    monthly = price.deal_type != "purchase"
    # The legal texts (representative example, mini lease, VAT) come from the same module
    # the calculator uses; the row's own disclaimer is among them.
    summary = pricing.calculate((price,), pricing.default_choices(price), country=country,
                                locale=locale)
    notes = [summary.example, *summary.disclaimers] if summary else [price.disclaimer or ""]
    headline = price.monthly_installment if monthly else price.total_price
    was = ""
    if not monthly and price.total_price is not None and price.discount:
        was = _money(price.total_price + price.discount, locale)
    actions = [
        Link(value=action_value(action, price.test_drive_mode), href=links[action],
             label=label("action", action, locale))
        for action in price.actions
        if action in links
    ]
    if monthly:
        actions.append(Link(value="calculator", label=gettext(locale, "Calculate your instalment"),
                            href=links["calculator"]))
    return PriceBlock(
        deal_type=price.deal_type,
        heading=label("deal_type", price.deal_type, locale),
        amount=gettext(locale, "Price on request") if headline is None else _money(headline,
                                                                                    locale),
        amount_note=gettext(locale, "per month") if monthly and headline is not None else "",
        was=was,
        rows=_price_rows(price, locale),
        disclaimer=" ".join(note for note in notes if note),
        actions=actions,
    )


def headline_row(detail: VehicleDetail) -> PriceView | None:
    """The price row the top of the page shows: the purchase price, else the lowest
    monthly instalment; the same choice as a search engine's offer."""
    purchase = detail.price("purchase")
    if purchase is not None and purchase.total_price is not None:
        return purchase
    return _lowest_monthly(detail)


def headline_price(detail: VehicleDetail, locale: str) -> tuple[str, str]:
    """(price, label) for the top of the page (``headline_row``)."""
    row = headline_row(detail)
    if row is None:
        return gettext(locale, "Price on request"), ""
    amount = price_history.headline_amount(row.deal_type, row.total_price,
                                           row.monthly_installment)
    return _amount(row.deal_type, amount or Decimal(0), locale), label("deal_type",
                                                                       row.deal_type, locale)


def _amount(deal_type: str, amount: Decimal, locale: str) -> str:
    """An amount of a deal type: the price, or the amount per month."""
    if deal_type == "purchase":
        return _money(amount, locale)
    return gettext(locale, "{amount} per month", amount=_money(amount, locale))


def shown_prices(detail: VehicleDetail) -> list[PriceView]:
    """The price blocks of the page: one per acquisition type with the multi-price feature
    (SPEC §1, ``DEALER_FEATURE_MULTI_PRICE``), else only the one the headline shows."""
    if get_settings().feature_multi_price:
        return list(detail.prices)
    row = headline_row(detail)
    return [row] if row is not None else []


def price_drop(detail: VehicleDetail, locale: str) -> str:
    """The headline price's drop while it is that price's newest change."""
    row = headline_row(detail)
    drop = None if row is None else price_history.latest_drop(detail.price_history,
                                                               row.deal_type)
    if drop is None:
        return ""
    return gettext(locale, "Price lowered by {amount} on {day}",
                   amount=_amount(drop.deal_type, drop.difference, locale),
                   day=format_day_month(drop.changed_on, locale))


def price_changes(detail: VehicleDetail, locale: str) -> list[Fact]:
    """The price history of the deal types the page shows, newest first."""
    shown = {row.deal_type for row in shown_prices(detail)}
    return [
        Fact(format_date(change.changed_on, locale),
             gettext(locale, "{deal}: {old} → {new}",
                     deal=label("deal_type", change.deal_type, locale),
                     old=_amount(change.deal_type, change.old_amount, locale),
                     new=_amount(change.deal_type, change.new_amount, locale)))
        for change in reversed(detail.price_history)
        if change.deal_type in shown
    ]


def _lowest_monthly(detail: VehicleDetail) -> PriceView | None:
    offered = [p for p in detail.prices if p.deal_type != "purchase" and p.monthly_installment]
    return min(offered, key=lambda p: p.monthly_installment or 0, default=None)


def shows_co2_class(detail: VehicleDetail) -> bool:
    """German new cars must show their CO₂ class (Pkw-EnVKV): new, sold from a German branch."""
    return detail.condition == "new" and detail.location.country == "DE"


def co2_label(heading: str, letter: str) -> Co2Label:
    classes = catalog.CO2_CLASSES
    return Co2Label(
        heading=heading,
        letter=letter,
        steps=[
            Co2Step(step, step == letter, f"{40 + 60 * position // (len(classes) - 1)}%")
            for position, step in enumerate(classes)
        ],
    )


def consumption(detail: VehicleDetail, locale: str) -> tuple[list[Fact], list[Co2Label]]:
    """The WLTP figures (behind the wltp flag) and the CO₂ class scales (co2 image flag)."""
    settings = get_settings()
    if not settings.feature_wltp or detail.consumption is None:
        return [], []
    rows = tuple(row for row in CONSUMPTION_ROWS if row[0] != "co2_class")
    facts = _data_rows(detail, locale, rows)
    figures = detail.consumption
    classes = [
        (N_("CO₂ class"), figures.co2_class),
        (N_("CO₂ class with discharged battery"), figures.co2_class_discharged),
    ]
    shown = [(gettext(locale, msgid), letter) for msgid, letter in classes if letter]
    if not shows_co2_class(detail):
        return facts, []
    facts += [Fact(heading, letter) for heading, letter in shown]
    labels = [co2_label(heading, letter) for heading, letter in shown]
    return facts, labels if settings.feature_co2_image else []


def register_facts(detail: VehicleDetail, registered: RegisteredVehicle | None,
                   locale: str) -> tuple[list[Fact], str]:
    """What the Dutch vehicle register says of the vehicle, and its source with the day it
    was asked; nothing without an answer, or when the register's make is not the vehicle's
    brand (a plate mistyped in the feed names another car)."""
    if registered is None or registered.fetched_on is None:
        return [], ""
    make = slugify(registered.make)
    if not make or not (detail.brand_slug == make or detail.brand_slug.startswith(make + "-")):
        return [], ""
    def day(value: dt.date | None) -> str:
        return format_date(value, locale) if value else ""

    odometer = registered.odometer
    rows = (
        (N_("First admission"), day(registered.first_registration)),
        (N_("APK (periodic inspection) valid until"), day(registered.apk_expiry)),
        (N_("Odometer judgement"),
         gettext(locale, ODOMETER_JUDGEMENTS[odometer]) if odometer else ""),
        (N_("Previous owners"),
         format_number(registered.owners, locale) if registered.owners else ""),
    )
    facts = [Fact(gettext(locale, label), value) for label, value in rows if value]
    if not facts:
        return [], ""
    source = gettext(locale, "Source: RDW open data for licence plate {plate}, retrieved on "
                             "{date}.", plate=registered.plate,
                     date=format_date(registered.fetched_on, locale))
    return [Fact(gettext(locale, "Licence plate"), registered.plate), *facts], source


RESERVATION_ACTION = "/reservering"  # dealer.web.reservations.START_PATH


def reservation_block(reserved_until: dt.datetime | None, locale: str) -> ReservationBlock:
    """The reservation form with its terms and amount, or the car's reserved status."""
    status = gettext(locale, "Reserved")
    if reserved_until is not None:
        local = reserved_until.astimezone(SITE_ZONE)
        return ReservationBlock(reserved=True, status=status, note=gettext(
            locale, "This car is reserved until {date}, {time}.",
            date=format_date(local.date(), locale), time=format_time(local.time(), locale)))
    settings = get_settings()
    amount = format_price(settings.reservation_deposit, locale, cents=True)
    return ReservationBlock(
        status=status,
        note=gettext(locale, "Reserve this car online for {hours} hours with a refundable "
                             "deposit of {amount}.", hours=settings.reservation_hold_hours,
                     amount=amount),
        terms=[gettext(locale, text, hours=settings.reservation_hold_hours, amount=amount)
               for text in RESERVATION_TERMS],
        accept=gettext(locale, "I accept the reservation terms"),
        name=gettext(locale, "Name"),
        email=gettext(locale, "E-mail address"),
        button=gettext(locale, "Reserve for {amount}", amount=amount),
        action=RESERVATION_ACTION,
    )


def location_block(location: LocationView, locale: str, subject: str,
                   brand: str | None) -> LocationBlock:
    city = f"{location.postal_code} {location.city}"
    country = gettext(locale, COUNTRIES.get(location.country, location.country))
    destination = f"{location.name}, {location.street}, {city}, {country}"
    # The same opening-hours tables as the branch's own page, "open now" included.
    schedules = [
        hours_table(location, department, locale)
        for department in catalog.OPENING_DEPARTMENTS
        if location.hours(department)
    ]
    page = (path_for("brand_location", locale, brand=brand, location=location.slug) if brand
            else path_for("location", locale, location=location.slug))
    return LocationBlock(
        name=location.name,
        href=page,
        street=location.street,
        city=city,
        country=country,
        route_href=ROUTE_PLANNER_URL + urlencode({"destination": destination}),
        phone=phones.shown(location.phone, location.country, locale),
        phone_href=phones.tel_href(location.phone, location.country),
        email=location.email,
        email_href=f"mailto:{location.email}?subject={quote(subject)}",
        schedules=schedules,
    )


def vehicle_view(detail: VehicleDetail, locale: str, brand: str | None = None,
                 registered: RegisteredVehicle | None = None,
                 reserved_until: dt.datetime | None = None) -> VehicleView:
    """Everything the vehicle page shows, for one locale; ``brand`` on brand pages,
    ``registered`` the register's answer for its plate when one is kept,
    ``reserved_until`` the end of a paid reservation's hold."""
    links = _links(detail, locale, brand)
    title = f"{brand_name(detail.brand_slug, locale, detail.brand_name)} {detail.model_name}"
    stock_href = stock_path(locale, brand)
    price, price_label = headline_price(detail, locale)
    facts, co2_labels = consumption(detail, locale)
    register, register_source = register_facts(detail, registered, locale)
    chat_mode = next((p.test_drive_mode for p in detail.prices if "testdrive" in p.actions),
                     "form")
    actions = [
        Link(value=action_value("testdrive", chat_mode),
             label=label("action", "testdrive", locale), href=links["testdrive"]),
        Link(value="interest", label=label("action", "interest", locale), href=links["interest"]),
    ]
    if any(p.deal_type != "purchase" for p in detail.prices):
        actions.append(Link(value="calculator", label=gettext(locale, "Lease calculator"),
                            href=links["calculator"]))
    trade_in = Link()
    if trade_in_target := trade_in_href(locale):
        trade_in = Link(value="trade_in", label=gettext(locale, "Value your current car"),
                        href=trade_in_target)
    count = len(detail.photos)
    return VehicleView(
        slug=detail.slug,
        path=links["vehicle"],
        title=title,
        version=detail.version,
        heading=detail.title,
        condition=label("condition", detail.condition, locale),
        price=price,
        price_label=price_label,
        price_drop=price_drop(detail, locale),
        price_history=price_changes(detail, locale),
        description=detail.description or "",
        photos=[
            Photo(photo.url, gettext(locale, "{vehicle}, photo {n} of {count}",
                                     vehicle=detail.title, n=number, count=count))
            for number, photo in enumerate(detail.photos, start=1)
        ],
        key_facts=key_facts(detail, locale),
        data=_data_rows(detail, locale, DATA_ROWS),
        equipment=equipment_groups(detail, locale),
        packages=delivery_packages(detail, locale),
        prices=[price_block(p, locale, links, detail.location.country)
                for p in shown_prices(detail)],
        consumption=facts,
        consumption_note=gettext(locale, "Figures determined with the WLTP test procedure.")
        if facts else "",
        co2_labels=co2_labels,
        register=register,
        register_source=register_source,
        location=location_block(detail.location, locale, detail.title, brand),
        promises=[Fact(value=gettext(locale, text), icon=icon) for icon, text in PROMISES],
        actions=actions,
        question=Link(value="question", label=gettext(locale, "Ask a question about this car"),
                      href=question_href(locale, "vehicle", detail.slug)),
        trade_in=trade_in,
        breadcrumbs=[
            home_link(locale),
            Link(label=listing_heading(locale, brand), href=stock_href),
            Link(label=detail.title, href=links["vehicle"], current=True),
        ],
        stock_href=stock_href,
        reservation=reservation_block(reserved_until, locale),
    )


def similar_vehicles(detail: VehicleDetail, index: StockIndex, locale: str,
                     brand: str | None = None, reserved: Collection[str] = ()
                     ) -> list[ListCard]:
    """The cards of the vehicles most like ``detail`` (``dealer.stock.similar``), each with
    the price its own page heads with, those ``reserved`` with the stock cards' badge; on
    a brand's pages, its own brand's cards lead to the brand's vehicle pages."""
    purchase = detail.price("purchase")
    monthly = _lowest_monthly(detail)
    cards = index.similar(
        vehicle_id=detail.id,
        model=model_value(detail.brand_slug, detail.model_slug),
        body_style=detail.body_style,
        fuel=detail.fuel,
        price=None if purchase is None or purchase.total_price is None
        else float(purchase.total_price),
        monthly=None if monthly is None else float(monthly.monthly_installment or 0),
        branch=detail.location.slug,
    )
    return list_cards(marked_reserved([card_values(card, locale, HEADLINE_DISPLAY,
                                                   brand if card.brand_slug == brand else None)
                                       for card in cards], reserved, locale),
                      below_the_fold=True)


def with_similar(info: PageInfo, similar: list[ListCard]) -> PageInfo:
    """The page's served copy with the similar vehicles' cards below it."""
    if similar:
        info.card_lists = [CardList(gettext(info.locale, SIMILAR_HEADING), cards_part(similar))]
    return info


# --- what search engines and link previews get ------------------------------------------


def car_json_ld(detail: VehicleDetail, view: VehicleView, locale: str) -> dict:
    """A schema.org Car with its offer and the branch selling it."""
    location = detail.location
    url = absolute_url(view.path)
    offer: dict = {
        "@type": "Offer",
        "priceCurrency": "EUR",
        "availability": "https://schema.org/" + (
            "LimitedAvailability" if view.reservation.reserved else "InStock"),
        "itemCondition": "https://schema.org/NewCondition" if detail.condition == "new"
        else "https://schema.org/UsedCondition",
        "url": url,
        "seller": {
            "@type": "AutoDealer",
            "name": location.name,
            "telephone": location.phone,
            "email": location.email,
            "address": {
                "@type": "PostalAddress",
                "streetAddress": location.street,
                "postalCode": location.postal_code,
                "addressLocality": location.city,
                "addressCountry": location.country,
            },
        },
    }
    purchase = detail.price("purchase")
    monthly = _lowest_monthly(detail)
    if purchase is not None and purchase.total_price is not None:
        offer["price"] = f"{purchase.total_price:.2f}"
    elif monthly is not None:
        offer["priceSpecification"] = {
            "@type": "UnitPriceSpecification",
            "price": f"{monthly.monthly_installment:.2f}",
            "priceCurrency": "EUR",
            "unitCode": "MON",
        }
    return {
        "@context": "https://schema.org",
        "@type": "Car",
        "name": detail.title,
        "url": url,
        "brand": {"@type": "Brand", "name": detail.brand_name},
        "model": detail.model_name,
        "vehicleConfiguration": detail.version,
        "vehicleModelDate": str(detail.year),
        "mileageFromOdometer": {
            "@type": "QuantitativeValue", "value": detail.mileage, "unitCode": "KMT",
        },
        "fuelType": label("fuel", detail.fuel, locale),
        "vehicleTransmission": label("transmission", detail.transmission, locale),
        "driveWheelConfiguration": label("drive_type", detail.drive_type, locale),
        "color": detail.colour_name or label("colour", detail.exterior_colour, locale),
        "bodyType": label("body_style", detail.body_style, locale),
        "numberOfDoors": detail.doors,
        "seatingCapacity": detail.seats,
        "vehicleEngine": {
            "@type": "EngineSpecification",
            "enginePower": {"@type": "QuantitativeValue", "value": detail.power_kw,
                            "unitCode": "KWT"},
        },
        "itemCondition": offer["itemCondition"],
        "image": [absolute_url(photo.src) for photo in view.photos],
        "offers": offer,
    }


# The app's compare and favourite boxes of the vehicle (pages/vehicle.py). The served page
# has boxes of its own ("served-" and the same id) that work before the app: the browser
# ticks them at once, and the page's script shows what the visitor's lists hold and keeps
# a tap in the list (web/scripts/served_lists.js); a tick the list had no room for is
# handed to the app's box when the app takes over (web/scripts/served_form.js), which
# tells the visitor.
SHORTLIST_BOX_IDS = ("vehicle-compare-toggle", "vehicle-favourite-toggle")
SHORTLIST_BOXES_CLASS = "served-shortlist"


def served_shortlist_boxes(slug: str, name: str, locale: str) -> str:
    boxes = [
        element("label", {"class": "shortlist-toggle"}, element("input", {
            "type": "checkbox", "id": "served-" + box_id, "name": shortlist.key,
            "value": slug, "data-list": shortlist.stored_as,
            "data-limit": str(shortlist.limit),
            "aria-label": f"{text}: {name}"}, void=True), text)
        for box_id, shortlist, text in zip(SHORTLIST_BOX_IDS, (COMPARE, FAVOURITES), (
            gettext(locale, "Compare"), gettext(locale, "Favourite")), strict=True)
    ]
    return html_str(element("form", {"class": SHORTLIST_BOXES_CLASS, ADOPTED: "id"}, *boxes))


def describe_found(detail: VehicleDetail, view: VehicleView, path: str, locale: str,
                   screen: str, params: dict[str, str]) -> PageInfo:
    facts = [Fact(fact.label, fact.value) for fact in view.key_facts]
    facts += [Fact(block.heading, f"{block.amount} {block.amount_note}".strip())
              for block in view.prices]
    facts += [Fact(fact.label, fact.value) for fact in view.register]
    if view.price_drop:
        facts.append(Fact(gettext(locale, "Price lowered"), view.price_drop))
    facts += [Fact(gettext(locale, "Price history: {day}", day=change.label), change.value)
              for change in view.price_history]
    if view.reservation.reserved:
        facts.append(Fact(view.reservation.status, view.reservation.note))
    return PageInfo(
        screen=screen,
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(view.heading),
        heading=view.heading,
        description=gettext(
            locale,
            "{vehicle}: {year}, {mileage}, {fuel}, {transmission}. {price} at {branch} in "
            "{city}.",
            vehicle=view.heading,
            year=detail.year,
            mileage=_kilometres(detail.mileage, locale),
            fuel=label("fuel", detail.fuel, locale),
            transmission=label("transmission", detail.transmission, locale),
            price=view.price,
            branch=detail.location.name,
            city=detail.location.city,
        ),
        facts=facts,
        breadcrumbs=[Link(link.label, link.href) for link in view.breadcrumbs],
        image=view.photos[0].src if view.photos else None,
        json_ld=[car_json_ld(detail, view, locale)],
        og_type="product",
        form_html=served_shortlist_boxes(view.slug, view.heading, locale),
    )


def describe_not_found(
    path: str, locale: str, screen: str, params: dict[str, str], status: int = 404
) -> PageInfo:
    """SPEC §8 vehicle-not-found, with the way back to the (brand's) stock."""
    return error_page("vehicle_not_found", path, locale, screen, status=status, params=params,
                      href=stock_path(locale, params.get("brand")))


def describe_vehicle(request: PageRequest) -> PageInfo:
    return vehicle_page_for(request).info


def vehicle_page(path: str, *, engine: Engine | None = None,
                 register: StockRegister | None = None) -> VehiclePage:
    """The vehicle page of a path (``vehicle_page_for`` its route resolved)."""
    return vehicle_page_for(request_for(path), engine=engine, register=register)


def vehicle_page_for(request: PageRequest, *, engine: Engine | None = None,
                     register: StockRegister | None = None) -> VehiclePage:
    """The vehicle a URL names, or the vehicle-not-found page.

    An unknown vehicle, or a brand page of a vehicle of another brand
    (/audi/voorraad/<a Volkswagen>), answers 404. A vehicle that is sold or withdrawn
    (``available`` False) answers 410 Gone with the same vehicle-not-found page: the
    offer is gone for good, so search engines drop the URL at once, and the visitor is
    pointed back to the stock and offered the vehicles most like it (``similar``).
    """
    path, screen, locale, params = request.path, request.screen, request.locale, request.params
    if screen not in VEHICLE_SCREENS:
        raise ValueError(f"not a vehicle page: {path!r}")
    brand = params.get("brand")
    engine = engine or get_engine()
    detail = current_vehicle(engine, params["vehicle"])
    if detail is None or (brand is not None and (brand not in PLATFORM_BRANDS
                                                 or detail.brand_slug != brand)):
        return VehiclePage(describe_not_found(path, locale, screen, params), None)
    index = get_index(engine)
    holds = held_vehicles(engine)
    if not detail.available:  # no dead end: the vehicles most like the one sold
        similar = similar_vehicles(detail, index, locale, brand, holds)
        info = describe_not_found(path, locale, screen, params, status=410)
        return VehiclePage(with_similar(info, similar), None, similar)
    # Only what the register's answers already hold: the page never waits for it.
    registered = (register or get_stock_register()).facts(detail.licence_plate)
    kept = _FOUND_PAGES.get(path)
    # The same vehicle data, register answer, stock index and reservations: the same page.
    if kept is not None and kept[0] is detail and kept[1] is registered \
            and kept[2] is index and kept[3] == holds:
        return kept[4]
    view = vehicle_view(detail, locale, brand, registered, holds.get(detail.slug))
    similar = similar_vehicles(detail, index, locale, brand, holds)
    info = with_similar(describe_found(detail, view, path, locale, screen, params), similar)
    page = VehiclePage(info, view, similar)
    _FOUND_PAGES.keep(path, (detail, registered, index, holds, page))
    return page


# A vehicle's page is built once per stock version and path: ``current_vehicle`` gives the
# same data object for as long as the stock does not change, and a first visit asks for the
# page twice (the served HTML and the page's state). Pages and views are only read.
_FOUND_PAGES: Kept[tuple[VehicleDetail, RegisteredVehicle | None, StockIndex,
                         dict[str, dt.datetime], VehiclePage]] = Kept(2048)
