"""A plate lookup as the visitor sees it: the message for its state, the vehicle's details
in the page's language (to fill in the trade-in fields), the valuation link carrying the
plate, and what a lead keeps of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from dealer.forms.definitions import TRADE_IN_DETAILS
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.plates.client import RegisteredVehicle
from dealer.plates.lookup import PlateLookup, get_plate_lookup
from dealer.routes import path_for
from dealer.settings import get_settings

# The valuation service (and the site's own trade-in request) reads the plate from this
# query parameter.
VALUATION_PARAM = "kenteken"

LOOKING_UP = N_("Looking up your licence plate...")
_MESSAGES = {
    "found": N_("We found {plate} in the Dutch vehicle register: {vehicle}."),
    "not_found": N_("{plate} is not in the Dutch vehicle register. Please check the plate, "
                    "or fill in the details of your car yourself."),
    "invalid": N_("This is not a Dutch or German licence plate. Dutch plates look like "
                  "AB-123-C; German ones like B-AB 1234, with a dash after the district."),
    "german": N_("German plate {plate}: there is no public register to look it up, so "
                 "please fill in the details of your car yourself."),
    "unavailable": N_("The vehicle register cannot be reached right now. Please try again "
                      "in a moment, or fill in the details of your car yourself."),
    "limited": N_("You have looked up many licence plates in a short time. Please try again "
                  "in a few minutes, or fill in the details of your car yourself."),
}
# The RDW's fuel and colour names (Dutch, as its open data writes them).
_FUELS = {
    "benzine": N_("Petrol"),
    "diesel": N_("Diesel"),
    "elektriciteit": N_("Electric"),
    "lpg": N_("LPG"),
    "cng": N_("Natural gas (CNG)"),
    "lng": N_("Liquefied natural gas (LNG)"),
    "waterstof": N_("Hydrogen"),
    "alcohol": N_("Ethanol"),
}
_HYBRIDS = {
    ("benzine", "elektriciteit"): N_("Petrol hybrid"),
    ("diesel", "elektriciteit"): N_("Diesel hybrid"),
}
_COLOURS = {
    "beige": N_("Beige"),
    "blauw": N_("Blue"),
    "bruin": N_("Brown"),
    "creme": N_("Cream"),
    "geel": N_("Yellow"),
    "grijs": N_("Grey"),
    "groen": N_("Green"),
    "oranje": N_("Orange"),
    "paars": N_("Purple"),
    "rood": N_("Red"),
    "rose": N_("Pink"),
    "wit": N_("White"),
    "zwart": N_("Black"),
    "diversen": N_("Multi-coloured"),
}
_UNREGISTERED = ("niet geregistreerd", "n.v.t.")

# The trade-in fields a found vehicle fills in, in their order.
DETAIL_FIELDS = tuple(f.name for f in TRADE_IN_DETAILS)


@dataclass
class PlateView:
    state: str = ""  # a LookupState; "" before any lookup
    plate: str = ""  # the plate as it is written officially
    message: str = ""
    vehicle: str = ""  # "Volkswagen Golf · 2017 · Petrol · Grey"
    details: dict[str, str] = field(default_factory=dict)  # trade-in field -> value
    valuation_href: str = ""


def fuel_label(fuels: tuple[str, ...], locale: str) -> str:
    keys = tuple(fuel.lower() for fuel in fuels)
    if keys in _HYBRIDS:
        return gettext(locale, _HYBRIDS[keys], DOMAIN)
    return " / ".join(gettext(locale, _FUELS[key], DOMAIN) if key in _FUELS else fuel
                      for key, fuel in zip(keys, fuels, strict=True))


def colour_label(colour: str, locale: str) -> str:
    key = colour.lower()
    if key in _UNREGISTERED:
        return ""
    return gettext(locale, _COLOURS[key], DOMAIN) if key in _COLOURS else colour.capitalize()


def trade_in_details(vehicle: RegisteredVehicle, locale: str) -> dict[str, str]:
    """The trade-in fields' values for a found vehicle, in the page's language."""
    registered = vehicle.first_registration
    values = (vehicle.make, vehicle.model, registered.isoformat() if registered else "",
              fuel_label(vehicle.fuels, locale), colour_label(vehicle.colour, locale))
    return dict(zip(DETAIL_FIELDS, values, strict=True))


def trade_in_href(locale: str) -> str:
    """Where the trade-in buttons lead: the dealer's valuation service, else the site's
    own trade-in request; "" with the trade-in feature off."""
    settings = get_settings()
    if not settings.feature_trade_in:
        return ""
    return settings.trade_in_url or path_for("trade_in", locale)


def valuation_href(base: str, lookup: PlateLookup) -> str:
    """The valuation service's address, with the plate when one was recognised."""
    if not base or lookup.plate is None:
        return base
    parts = urlsplit(base)
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != VALUATION_PARAM]
    query.append((VALUATION_PARAM, lookup.plate.compact))
    return urlunsplit(parts._replace(query=urlencode(query)))


def plate_view(lookup: PlateLookup, locale: str, valuation_url: str = "") -> PlateView:
    plate = lookup.plate.formatted if lookup.plate else ""
    details = trade_in_details(lookup.vehicle, locale) if lookup.vehicle else {}
    registered = lookup.vehicle.first_registration if lookup.vehicle else None
    vehicle = " · ".join(filter(None, (
        f"{details.get('trade_in_make', '')} {details.get('trade_in_model', '')}".strip(),
        str(registered.year) if registered else "",
        details.get("trade_in_fuel", ""), details.get("trade_in_colour", ""),
    )))
    return PlateView(
        state=lookup.state,
        plate=plate,
        message=gettext(locale, _MESSAGES[lookup.state], DOMAIN, plate=plate, vehicle=vehicle),
        vehicle=vehicle,
        details=details,
        valuation_href=valuation_href(valuation_url, lookup),
    )


def lead_record(lookup: PlateLookup) -> dict[str, str]:
    """What a lead keeps of a lookup: the plate, the state, and the register's own data
    (its names, not translated), so the dealer sees what was looked up beside what the
    visitor sent."""
    record = {"plate": lookup.plate.formatted if lookup.plate else "", "state": lookup.state}
    if (vehicle := lookup.vehicle) is not None:
        record |= {
            "make": vehicle.make,
            "model": vehicle.model,
            "first_registration": vehicle.first_registration.isoformat()
            if vehicle.first_registration else "",
            "fuel": ", ".join(vehicle.fuels),
            "colour": vehicle.colour,
            "kind": vehicle.kind,
        }
    return record


def autofill(values: Mapping[str, str], details: Mapping[str, str],
             previous: Mapping[str, str]) -> dict[str, str]:
    """The detail fields a lookup changes: those empty or still holding the previous
    lookup's value get the new one (nothing when the register had no vehicle); what the
    visitor typed there stays."""
    changes = {}
    for name in DETAIL_FIELDS:
        current, new = values.get(name, ""), details.get(name, "")
        if current in ("", previous.get(name, "")) and current != new:
            changes[name] = new
    return changes


async def look_up(text: str, locale: str, visitor: str) -> tuple[PlateView, dict[str, str]]:
    """Look a typed plate up for a visitor (their address): what the page shows, and what
    a lead keeps of it. The valuation link is there only with the trade-in feature on."""
    lookup = await get_plate_lookup().look_up(text, visitor)
    return plate_view(lookup, locale, trade_in_href(locale)), lead_record(lookup)
