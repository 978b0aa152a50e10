"""Dealer feed import: validate every row, upsert vehicles by id, report rejected rows.

The feed format is described in docs/stock-feed.md. A bad row is reported and
skipped, never aborting the import: every check a database constraint would make is
made first. The good rows are written in one transaction, so an import that fails
half-way (database gone, disk full) leaves the previous stock as it was. A *full* feed
lists the whole stock: available vehicles missing from it become unavailable (kept
for their URLs, hidden from search). Every import that changes anything bumps the
stock version. A vehicle's price that differs from the stored one is recorded in its
price history (``dealer.stock.price_history``), once per import and deal type.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sqlalchemy import delete
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.plates.plates import parse_plate
from dealer.stock import catalog, price_history
from dealer.stock.models import (
    Brand,
    DeliveryPackage,
    Location,
    Model,
    PriceChange,
    Vehicle,
    VehicleConsumption,
    VehicleFeature,
    VehiclePhoto,
    VehiclePrice,
)
from dealer.stock.text import search_text, slugify
from dealer.stock.version import bump_stock_version

LIST_SEPARATOR = "|"  # between the items of a list field in CSV
_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_PHOTO = re.compile(r"^(/[\w./-]+|https://[\w.-]+/\S+)$")


class FeedError(Exception):
    """The feed as a whole cannot be read (not JSON/CSV, wrong shape)."""


class RowError(ValueError):
    """One field of a row is unusable."""


@dataclass(frozen=True)
class RejectedRow:
    row: int  # 1-based position in the feed (CSV: data line, header not counted)
    vehicle_id: str | None
    reasons: tuple[str, ...]


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    made_unavailable: int = 0
    price_changes: int = 0
    rejected: list[RejectedRow] = field(default_factory=list)
    # Vehicles this import added or lowered a price of (saved-search alerts).
    new_or_cheaper: list[int] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.made_unavailable)

    def summary(self) -> str:
        lines = [
            f"created {self.created}, updated {self.updated}, "
            f"made unavailable {self.made_unavailable}, price changes {self.price_changes}, "
            f"rejected {len(self.rejected)}"
        ]
        lines += [
            f"row {row.row} (id {row.vehicle_id or '?'}): {'; '.join(row.reasons)}"
            for row in self.rejected
        ]
        return "\n".join(lines)


# --- reading ---------------------------------------------------------------------------


def read_feed(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSON or CSV feed file (chosen by extension, else by content)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise FeedError(f"cannot read {path}: {error}") from error
    if path.suffix.lower() == ".csv" or (path.suffix.lower() != ".json"
                                         and not text.lstrip().startswith(("[", "{"))):
        return parse_csv(text)
    return parse_json(text)


def parse_json(text: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise FeedError(f"not valid JSON: {error}") from error
    if isinstance(data, dict):
        data = data.get("vehicles")
    if not isinstance(data, list):
        raise FeedError('expected a list of vehicles, or {"vehicles": [...]}')
    return data


def parse_csv(text: str) -> list[dict[str, Any]]:
    """CSV rows as feed objects: "a.b" columns nest, list fields split on "|"."""
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "id" not in reader.fieldnames:
        raise FeedError("CSV needs a header row with at least an 'id' column")
    rows = []
    for record in reader:
        row: dict[str, Any] = {}
        for column, value in record.items():
            if column is None or value is None or value.strip() == "":
                continue
            value = value.strip()
            if column in _LIST_FIELDS:
                value = [item.strip() for item in value.split(LIST_SEPARATOR) if item.strip()]
            target = row
            *parents, leaf = column.strip().split(".")
            for parent in parents:
                target = target.setdefault(parent, {})
            target[leaf] = value
        rows.append(row)
    return rows


# --- validating ------------------------------------------------------------------------


def _integer(low: int, high: int) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise RowError("is not a whole number")
        try:
            number = int(value) if isinstance(value, int) else int(str(value).strip())
        except ValueError as error:
            raise RowError("is not a whole number") from error
        if not low <= number <= high:
            raise RowError(f"must be between {low} and {high}")
        return number

    return parse


def _amount(low: Decimal, high: Decimal) -> Callable[[Any], Decimal]:
    def parse(value: Any) -> Decimal:
        if isinstance(value, bool):
            raise RowError("is not an amount")
        try:
            amount = Decimal(str(value).strip().replace(",", "."))
        except InvalidOperation as error:
            raise RowError("is not an amount") from error
        if not amount.is_finite() or not low <= amount <= high:
            raise RowError(f"must be between {low} and {high}")
        return amount.quantize(Decimal("0.01"))

    return parse


def _number(value: Any) -> float:
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError as error:
        raise RowError("is not a number") from error
    if not 0 <= number < 1000:
        raise RowError("must be between 0 and 1000")
    return number


def _choice(options: Iterable[str]) -> Callable[[Any], str]:
    allowed = {option.lower(): option for option in options}

    def parse(value: Any) -> str:
        key = allowed.get(str(value).strip().lower())
        if key is None:
            raise RowError(f"must be one of {', '.join(allowed.values())}")
        return key

    return parse


def _text(limit: int) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise RowError("is not text")
        text = " ".join(str(value).split())
        if not text or len(text) > limit:
            raise RowError(f"must be 1 to {limit} characters")
        return text

    return parse


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "ja"):
        return True
    if text in ("0", "false", "no", "nee", "nein"):
        return False
    raise RowError("must be true or false")


def _date(value: Any) -> dt.date:
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError as error:
        raise RowError("must be a date YYYY-MM-DD") from error


def _licence_plate(value: Any) -> str:
    """A Dutch or German plate as typed (any spacing, dashes, case), written officially."""
    plate = parse_plate(str(value)).plate
    if plate is None:
        raise RowError("is not a Dutch or German licence plate")
    return plate.formatted


def _list(item: Callable[[Any], str]) -> Callable[[Any], list[str]]:
    def parse(value: Any) -> list[str]:
        items = value.split(LIST_SEPARATOR) if isinstance(value, str) else value
        if not isinstance(items, list):
            raise RowError("must be a list")
        return list(dict.fromkeys(item(entry) for entry in items if str(entry).strip()))

    return parse


def _photo(value: Any) -> str:
    url = str(value).strip()
    if len(url) > 400 or not _PHOTO.match(url):
        raise RowError("photos must be site paths (/...) or https addresses")
    return url


_MONEY = _amount(Decimal(0), Decimal(10_000_000))
_NEXT_YEAR = dt.date.today().year + 1
# Feed field -> (parser, default when absent; REQUIRED when it must be there).
REQUIRED = object()
VEHICLE_FIELDS: dict[str, tuple[Callable[[Any], Any], Any]] = {
    "brand": (_text(80), REQUIRED),
    "model": (_text(80), REQUIRED),
    "version": (_text(120), REQUIRED),
    "branch": (_text(80), REQUIRED),
    "vehicle_type": (_choice(catalog.VEHICLE_TYPES), "passenger"),
    "condition": (_choice(catalog.CONDITIONS), REQUIRED),
    "fuel": (_choice(catalog.FUELS), REQUIRED),
    "body_style": (_choice(catalog.BODY_STYLES), REQUIRED),
    "transmission": (_choice(catalog.TRANSMISSIONS), REQUIRED),
    "drive_type": (_choice(catalog.DRIVE_TYPES), "front"),
    "mileage": (_integer(0, 2_000_000), REQUIRED),
    "year": (_integer(1950, _NEXT_YEAR), REQUIRED),
    "first_registration": (_date, None),
    "licence_plate": (_licence_plate, None),
    "power_hp": (_integer(1, 2_000), REQUIRED),
    "power_kw": (_integer(1, 1_500), None),
    "engine_capacity": (_integer(1, 10_000), None),
    "seats": (_integer(1, 60), 5),
    "doors": (_integer(0, 6), 5),
    "exterior_colour": (_choice(catalog.COLOURS), REQUIRED),
    "colour_name": (_text(80), None),
    "interior_colour": (_choice(catalog.COLOURS), "black"),
    "interior_material": (_choice(catalog.INTERIOR_MATERIALS), "cloth"),
    "emissions_class": (_choice(catalog.EMISSION_CLASSES), REQUIRED),
    "driven_axles": (_integer(1, 4), None),
    "max_weight": (_integer(100, 60_000), None),
    "towing_weight": (_integer(0, 40_000), None),
    "electric_range": (_integer(0, 2_000), None),
    "warranty_months": (_integer(0, 120), 12),
    "vat_reportable": (_boolean, False),
    "smartphone_integration": (_list(_choice(catalog.SMARTPHONE_INTEGRATIONS)), []),
    "description": (_text(5_000), None),
    "features": (_list(_choice(catalog.FEATURES)), []),
    "photos": (_list(_photo), []),
    "price": (_MONEY, REQUIRED),
    "discount": (_MONEY, None),
}
PRICE_FIELDS: dict[str, Callable[[Any], Any]] = {
    "total_price": _MONEY,
    "monthly_installment": _MONEY,
    "down_payment": _MONEY,
    "contract_duration": _integer(1, 180),
    "interest_rate": _amount(Decimal(0), Decimal(100)),
    "borrowing_rate": _amount(Decimal(0), Decimal(100)),
    "fixed_interest_period": _text(20),
    "annual_distance": _integer(0, 200_000),
    "installment_protection": _boolean,
    "bank": _text(120),
    "net_loan_amount": _MONEY,
    "remaining_balance": _MONEY,
    "discount": _MONEY,
    "disclaimer": _text(2_000),
    "actions": _list(_choice(catalog.ACTIONS)),
    "test_drive_mode": _choice(catalog.TEST_DRIVE_MODES),
}
CONSUMPTION_FIELDS: dict[str, Callable[[Any], Any]] = {
    "fuel_combined": _number,
    "fuel_weighted_combined": _number,
    "electricity_combined": _number,
    "fuel_discharged_battery": _number,
    "co2_emissions": _integer(0, 1_000),
    "co2_class": _choice(catalog.CO2_CLASSES),
    "co2_class_discharged": _choice(catalog.CO2_CLASSES),
}
_LIST_FIELDS = {"smartphone_integration", "features", "photos"} | {
    f"prices.{deal}.actions" for deal in catalog.MONTHLY_DEAL_TYPES
}


@dataclass
class VehicleRow:
    """One validated feed row."""

    external_id: str
    fields: dict[str, Any]
    prices: dict[str, dict[str, Any]]
    consumption: dict[str, Any] | None
    packages: list[dict[str, Any]]

    def amounts(self) -> dict[str, Decimal | None]:
        """The headline amount of each deal type the row offers."""
        return {"purchase": self.fields["price"], **{
            deal_type: price_history.headline_amount(
                deal_type, price.get("total_price"), price.get("monthly_installment"))
            for deal_type, price in self.prices.items()
        }}


def _section(
    raw: Any, parsers: Mapping[str, Callable[[Any], Any]], name: str, reasons: list[str]
) -> dict[str, Any]:
    if not isinstance(raw, dict):
        reasons.append(f"{name}: must be an object")
        return {}
    values = {}
    for key, value in raw.items():
        parser = parsers.get(key)
        if parser is None:
            reasons.append(f"{name}.{key}: unknown field")
            continue
        if value is None or value == "":
            continue
        try:
            values[key] = parser(value)
        except RowError as error:
            reasons.append(f"{name}.{key}: {error}")
    return values


def validate_row(raw: Any) -> tuple[VehicleRow | None, list[str]]:
    """The row, or None with the reasons it cannot be imported."""
    if not isinstance(raw, dict):
        return None, ["row: must be an object"]
    reasons: list[str] = []
    external_id = str(raw.get("id", "")).strip()
    if not _ID.match(external_id):
        reasons.append("id: required, 1 to 40 letters, digits, '-' or '_'")
    fields: dict[str, Any] = {}
    for key, (parser, default) in VEHICLE_FIELDS.items():
        value = raw.get(key)
        if value is None or value == "" or value == []:
            if default is REQUIRED:
                reasons.append(f"{key}: required")
            else:
                fields[key] = list(default) if isinstance(default, list) else default
            continue
        try:
            fields[key] = parser(value)
        except RowError as error:
            reasons.append(f"{key}: {error}")
    known = {"id", "prices", "consumption", "delivery_packages", *VEHICLE_FIELDS}
    reasons += [f"{key}: unknown field" for key in raw if key not in known]

    prices: dict[str, dict[str, Any]] = {}
    raw_prices = raw.get("prices") or {}
    if not isinstance(raw_prices, dict):
        reasons.append("prices: must be an object by deal type")
    else:
        for deal_type, raw_price in raw_prices.items():
            if deal_type not in catalog.MONTHLY_DEAL_TYPES:
                reasons.append(f"prices.{deal_type}: unknown deal type")
                continue
            price = _section(raw_price, PRICE_FIELDS, f"prices.{deal_type}", reasons)
            if "monthly_installment" not in price:
                reasons.append(f"prices.{deal_type}.monthly_installment: required")
            prices[deal_type] = price
    consumption = None
    if raw.get("consumption"):
        consumption = _section(raw["consumption"], CONSUMPTION_FIELDS, "consumption", reasons)
    packages = []
    for position, raw_package in enumerate(raw.get("delivery_packages") or []):
        package = _section(raw_package, {"key": _choice(catalog.DELIVERY_PACKAGES),
                                         "price": _MONEY,
                                         "items": _list(_choice(catalog.DELIVERY_ITEMS))},
                           f"delivery_packages[{position}]", reasons)
        if "key" not in package or "price" not in package:
            reasons.append(f"delivery_packages[{position}]: key and price are required")
        packages.append({**package, "position": position})
    if fields.get("condition") == "new" and fields.get("mileage", 0) > 1_000:
        reasons.append("mileage: a new vehicle has at most 1000 km")
    if reasons:
        return None, reasons
    return VehicleRow(external_id, fields, prices, consumption, packages), []


# --- writing ---------------------------------------------------------------------------


class _Lookups:
    """Brands, models and branches by the names a feed uses for them."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.brands: dict[str, Brand] = {}
        for brand in session.exec(select(Brand)):
            self.brands[brand.slug] = self.brands[slugify(brand.name)] = brand
        self.branches = {branch.slug: branch for branch in session.exec(select(Location))}
        self.models = {(m.brand_id, m.slug): m for m in session.exec(select(Model))}

    def model(self, brand: Brand, name: str, fields: dict[str, Any]) -> Model:
        key = (brand.id, slugify(name))
        model = self.models.get(key)
        if model is None:
            model = Model(brand_id=brand.id, slug=key[1], name=name,
                          vehicle_type=fields["vehicle_type"], body_style=fields["body_style"],
                          fuels=[fields["fuel"]])
            self.session.add(model)
            self.session.flush()
            self.models[key] = model
        return model


def _apply(session: Session, lookups: _Lookups, row: VehicleRow, now: dt.datetime,
           existing: Vehicle | None, slugs: set[str]) -> tuple[Vehicle | None, list[str]]:
    """Write one row: the vehicle, or the reasons it cannot be written.

    Everything a database constraint would refuse is checked here first, so that a
    bad row is rejected alone instead of failing the whole import.
    """
    fields = row.fields
    brand = lookups.brands.get(slugify(fields["brand"]))
    branch = lookups.branches.get(slugify(fields["branch"]))
    reasons = []
    if brand is None:
        reasons.append(f"brand: unknown brand {fields['brand']!r}")
    if branch is None:
        reasons.append(f"branch: unknown branch {fields['branch']!r}")
    if reasons:
        return None, reasons
    slug = existing.slug if existing else slugify(
        f"{brand.slug} {fields['model']} {fields['version']} {row.external_id}"
    )
    if existing is None and slug in slugs:
        return None, [f"id: its page address {slug!r} is taken by another vehicle"]
    model = lookups.model(brand, fields["model"], fields)
    values = {
        key: fields[key] for key in VEHICLE_FIELDS
        if key not in ("brand", "model", "branch", "features", "photos", "price", "discount")
    }
    values["power_kw"] = values["power_kw"] or round(fields["power_hp"] * 0.7355)
    values["driven_axles"] = values["driven_axles"] or (2 if fields["drive_type"] == "four" else 1)
    values.update(
        brand_id=brand.id, model_id=model.id, location_id=branch.id, available=True,
        search_text=search_text(brand.name, model.name, fields["version"]), updated_at=now,
    )
    if existing is None:
        slugs.add(slug)
        vehicle = Vehicle(external_id=row.external_id, slug=slug, created_at=now, **values)
        session.add(vehicle)
        session.flush()
    else:
        vehicle = existing
        for key, value in values.items():
            setattr(vehicle, key, value)
        for table in (VehiclePhoto, VehiclePrice, VehicleFeature, VehicleConsumption,
                      DeliveryPackage):
            session.execute(delete(table).where(table.vehicle_id == vehicle.id))
    session.add_all(
        VehiclePhoto(vehicle_id=vehicle.id, position=position, url=url)
        for position, url in enumerate(fields["photos"])
    )
    session.add_all(
        VehicleFeature(vehicle_id=vehicle.id, feature=key) for key in fields["features"]
    )
    actions = list(catalog.ACTIONS)
    session.add(VehiclePrice(vehicle_id=vehicle.id, deal_type="purchase",
                             total_price=fields["price"], discount=fields["discount"],
                             actions=actions))
    for deal_type, price in row.prices.items():
        price.setdefault("total_price", fields["price"])
        price.setdefault("actions", actions)
        session.add(VehiclePrice(vehicle_id=vehicle.id, deal_type=deal_type, **price))
    if row.consumption:
        session.add(VehicleConsumption(vehicle_id=vehicle.id, **row.consumption))
    session.add_all(DeliveryPackage(vehicle_id=vehicle.id, **package) for package in row.packages)
    session.flush()
    return vehicle, []


def _stored_amounts(session: Session) -> dict[int, dict[str, Decimal | None]]:
    """The headline amount of every stored price row, by vehicle id and deal type."""
    amounts: dict[int, dict[str, Decimal | None]] = {}
    rows = session.exec(select(VehiclePrice.vehicle_id, VehiclePrice.deal_type,
                               VehiclePrice.total_price, VehiclePrice.monthly_installment))
    for vehicle_id, deal_type, total_price, monthly in rows:
        amounts.setdefault(vehicle_id, {})[deal_type] = price_history.headline_amount(
            deal_type, total_price, monthly)
    return amounts


def import_rows(engine: Engine, rows: list[Any], *, full: bool = False) -> ImportReport:
    """Validate and write ``rows`` in one transaction; see the module docstring."""
    report = ImportReport()
    seen: set[str] = set()
    now = dt.datetime.now(dt.UTC)
    with Session(engine) as session, session.begin():
        lookups = _Lookups(session)
        existing = {v.external_id: v for v in session.exec(select(Vehicle))}
        slugs = {vehicle.slug for vehicle in existing.values()}
        stored = _stored_amounts(session)
        day = price_history.dealer_day(now)
        for number, raw in enumerate(rows, start=1):
            row, reasons = validate_row(raw)
            vehicle_id = raw.get("id") if isinstance(raw, dict) else None
            vehicle_id = str(vehicle_id).strip() if vehicle_id is not None else None
            if row is not None and row.external_id in seen:
                reasons = ["id: appears more than once in the feed"]
            if row is not None and not reasons:
                previous = existing.get(row.external_id)
                listed = previous is not None and previous.available
                vehicle, reasons = _apply(session, lookups, row, now, previous, slugs)
                changes: list[price_history.PriceChange] = []
                if vehicle is not None and previous is not None:
                    changes = price_history.changes(stored.get(vehicle.id, {}), row.amounts(),
                                                    day)
                    session.add_all(
                        PriceChange(vehicle_id=vehicle.id, deal_type=change.deal_type,
                                    old_amount=change.old_amount, new_amount=change.new_amount,
                                    changed_on=change.changed_on)
                        for change in changes
                    )
                    report.price_changes += len(changes)
                if vehicle is not None:
                    report.updated += previous is not None
                    report.created += previous is None
                    if not listed or any(change.dropped for change in changes):
                        report.new_or_cheaper.append(vehicle.id)
                    existing[row.external_id] = vehicle
            if vehicle_id:
                # A rejected row still names a vehicle the dealer has: keep it listed.
                seen.add(vehicle_id)
            if reasons:
                report.rejected.append(RejectedRow(number, vehicle_id, tuple(reasons)))
        if full:
            for external_id, vehicle in existing.items():
                if vehicle.available and external_id not in seen:
                    vehicle.available = False
                    vehicle.updated_at = now
                    session.add(vehicle)
                    report.made_unavailable += 1
        if report.changed:
            session.flush()
            bump_stock_version(session)
    return report


def import_file(engine: Engine, path: Path, *, full: bool = False) -> ImportReport:
    return import_rows(engine, read_feed(path), full=full)

