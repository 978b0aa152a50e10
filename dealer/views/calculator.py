"""The lease and finance calculator page in plain Python: which vehicle a URL names,
whether it exists, and how the page describes itself to clients without JavaScript.

The page state and the HTTP layer (through ``dealer.pageinfo``) both ask
``calculator_vehicle``, so they agree on when the page is a 404.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from dealer.db import get_engine
from dealer.i18n import N_, gettext
from dealer.pageinfo import Choice, Fact, Link, PageInfo, error_page, home_link
from dealer.pricing import Calculation, calculation_query, offered_deal_types, price_summaries
from dealer.routes import PageRequest, path_for
from dealer.stock.labels import label
from dealer.stock.repository import VehicleDetail, current_vehicle
from dealer.views.stock import stock_path
from dealer.web.seo import page_title

CALCULATOR_TITLE = N_("Lease calculator")
VEHICLE_NOT_FOUND_TEXT = N_(
    "This vehicle has been sold or is no longer available. Have a look at our other vehicles."
)


def calculator_vehicle(params: dict[str, str]) -> VehicleDetail | None:
    """The available vehicle a calculator URL names (on a brand's pages: of that brand)
    with at least one price; None means vehicle not found."""
    slug = params.get("vehicle", "")
    if not slug:
        return None
    vehicle = current_vehicle(get_engine(), slug)
    if vehicle is None or not vehicle.available or not vehicle.prices:
        return None
    if params.get("brand") and params["brand"] != vehicle.brand_slug:
        return None
    return vehicle


def vehicle_path(vehicle: VehicleDetail, locale: str, brand: str | None) -> str:
    if brand:
        return path_for("brand_vehicle", locale, brand=brand, vehicle=vehicle.slug)
    return path_for("vehicle", locale, vehicle=vehicle.slug)


def request_href(slug: str, calculation: Calculation, locale: str, brand: str | None) -> str:
    """The interest form of the vehicle, carrying the calculation in its query string."""
    if brand:
        base = path_for("brand_vehicle_interest", locale, brand=brand, vehicle=slug)
    else:
        base = path_for("vehicle_interest", locale, vehicle=slug)
    return f"{base}?{urlencode(calculation_query(calculation))}"


def heading(vehicle: VehicleDetail, locale: str) -> str:
    return gettext(locale, "{calculator}: {vehicle}",
                   calculator=gettext(locale, CALCULATOR_TITLE), vehicle=vehicle.title)


@dataclass
class CalculatorView:
    """What the calculator page shows of its vehicle, the same for every choice made on
    it: the heading, the way back to the vehicle, its photo and the acquisition types it
    is offered for (the tabs)."""

    heading: str = ""
    vehicle_href: str = ""
    photo: str = ""
    deals: list[Choice] = field(default_factory=list)


def calculator_view(vehicle: VehicleDetail, locale: str, brand: str | None) -> CalculatorView:
    return CalculatorView(
        heading=heading(vehicle, locale),
        vehicle_href=vehicle_path(vehicle, locale, brand),
        photo=vehicle.photos[0].url if vehicle.photos else "",
        deals=[Choice(deal, label("deal_type", deal, locale))
               for deal in offered_deal_types(vehicle.prices)],
    )


def describe_calculator(request: PageRequest) -> PageInfo:
    path, locale, params, screen = request.path, request.locale, request.params, request.screen
    vehicle = calculator_vehicle(params)
    if vehicle is None:
        return error_page("vehicle_not_found", path, locale, screen, params=params,
                          href=stock_path(locale, params.get("brand")))
    brand = params.get("brand")
    summaries = price_summaries(vehicle.prices, country=vehicle.location.country, locale=locale)
    title = heading(vehicle, locale)
    stock = stock_path(locale, brand)
    return PageInfo(
        screen=screen, locale=locale, params=dict(params), path=path,
        title=page_title(title), heading=title,
        description=gettext(
            locale, "Work out the monthly amount for the {vehicle}: choose duration, "
                    "kilometres and down payment for lease or finance.",
            vehicle=vehicle.title),
        facts=[Fact(summary.title, summary.headline) for summary in summaries],
        breadcrumbs=[
            home_link(locale),
            Link(gettext(locale, "Stock"), stock),
            Link(vehicle.title, vehicle_path(vehicle, locale, brand)),
            Link(gettext(locale, CALCULATOR_TITLE), path),
        ],
        image=vehicle.photos[0].url if vehicle.photos else None,
    )
