"""Reading single records for the pages: vehicle detail, lease offers, the sitemap.

Every function takes an open session and returns plain frozen dataclasses (no ORM
objects escape), so pages can keep the results after the session has closed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlalchemy.orm import selectinload
from sqlmodel import Session, col, select

from dealer.locations.repository import LOCATION_LOADS, LocationView, location_view
from dealer.stock import catalog, price_history
from dealer.stock.models import (
    Brand,
    LeaseOffer,
    Model,
    PriceChange,
    Vehicle,
)
from dealer.stock.version import bump_stock_version, current_version


@dataclass(frozen=True)
class PriceView:
    """The price row of one deal type (SPEC §3)."""

    deal_type: str
    total_price: Decimal | None
    monthly_installment: Decimal | None
    down_payment: Decimal | None
    contract_duration: int | None
    interest_rate: Decimal | None
    borrowing_rate: Decimal | None
    fixed_interest_period: str | None
    annual_distance: int | None
    installment_protection: bool
    bank: str | None
    net_loan_amount: Decimal | None
    remaining_balance: Decimal | None
    discount: Decimal | None
    disclaimer: str | None
    actions: tuple[str, ...]
    test_drive_mode: str


@dataclass(frozen=True)
class ConsumptionView:
    fuel_combined: float | None
    fuel_weighted_combined: float | None
    electricity_combined: float | None
    fuel_discharged_battery: float | None
    co2_emissions: int | None
    co2_class: str | None
    co2_class_discharged: str | None
    electric_range: int | None


@dataclass(frozen=True)
class DeliveryPackageView:
    key: str
    price: Decimal
    items: tuple[str, ...]


@dataclass(frozen=True)
class PhotoView:
    url: str
    view: str | None


@dataclass(frozen=True)
class VehicleDetail:
    """Everything the vehicle page shows. ``prices`` are in ``catalog.DEAL_TYPES`` order."""

    id: int
    external_id: str
    slug: str
    available: bool
    brand_slug: str
    brand_name: str
    model_slug: str
    model_name: str
    version: str
    vehicle_type: str
    condition: str
    fuel: str
    body_style: str
    transmission: str
    drive_type: str
    mileage: int
    year: int
    first_registration: dt.date | None
    power_hp: int
    power_kw: int
    engine_capacity: int | None
    seats: int
    doors: int
    exterior_colour: str
    colour_name: str | None
    interior_colour: str
    interior_material: str
    emissions_class: str
    driven_axles: int
    max_weight: int | None
    towing_weight: int | None
    electric_range: int | None
    warranty_months: int
    vat_reportable: bool
    smartphone_integration: tuple[str, ...]
    description: str | None
    features: tuple[str, ...]  # catalogue order
    photos: tuple[PhotoView, ...]
    prices: tuple[PriceView, ...]
    consumption: ConsumptionView | None
    delivery_packages: tuple[DeliveryPackageView, ...]
    location: LocationView
    updated_at: dt.datetime
    licence_plate: str | None = None  # as officially written: "AB-123-C"
    # Every recorded change of its prices, oldest first.
    price_history: tuple[price_history.PriceChange, ...] = ()

    @property
    def title(self) -> str:
        return f"{self.brand_name} {self.model_name} {self.version}"

    def price(self, deal_type: str) -> PriceView | None:
        return next((price for price in self.prices if price.deal_type == deal_type), None)


@dataclass(frozen=True)
class LeaseOfferView:
    slug: str
    brand_slug: str
    brand_name: str
    model_slug: str
    model_name: str
    version: str
    customer_type: str
    fuel: str
    body_style: str
    transmission: str
    power_hp: int
    colour: str
    monthly_price_excl_vat: Decimal
    monthly_price_incl_vat: Decimal
    duration_months: int
    annual_mileage: int
    monthly_mileage: int
    deposit: Decimal
    establishment_fee: Decimal
    complete_price: Decimal
    co2_emissions: int | None
    included: tuple[str, ...]
    not_included: tuple[str, ...]
    standard_equipment: tuple[str, ...]
    photo_url: str


@dataclass(frozen=True)
class LeaseOfferList:
    offers: list[LeaseOfferView]
    shown: int
    total: int  # all available offers, for "shown/total results"


@dataclass(frozen=True)
class SitemapEntry:
    slug: str
    updated_at: dt.datetime


_FEATURE_ORDER = {key: position for position, key in enumerate(catalog.FEATURES)}
_DEAL_ORDER = {key: position for position, key in enumerate(catalog.DEAL_TYPES)}


def get_vehicle(session: Session, slug: str) -> VehicleDetail | None:
    """The vehicle with this slug, also when it is no longer available (see ``available``)."""
    vehicle = session.exec(
        select(Vehicle)
        .where(Vehicle.slug == slug)
        .options(
            selectinload(Vehicle.brand),  # type: ignore[arg-type]
            selectinload(Vehicle.model),  # type: ignore[arg-type]
            selectinload(Vehicle.photos),  # type: ignore[arg-type]
            selectinload(Vehicle.prices),  # type: ignore[arg-type]
            selectinload(Vehicle.features),  # type: ignore[arg-type]
            selectinload(Vehicle.consumption),  # type: ignore[arg-type]
            selectinload(Vehicle.delivery_packages),  # type: ignore[arg-type]
            selectinload(Vehicle.location).options(*LOCATION_LOADS),  # type: ignore[arg-type]
        )
    ).first()
    if vehicle is None:
        return None
    consumption = vehicle.consumption
    history = session.exec(
        select(PriceChange.deal_type, PriceChange.old_amount, PriceChange.new_amount,
               PriceChange.changed_on)
        .where(PriceChange.vehicle_id == vehicle.id)
        .order_by(PriceChange.id)
    )
    return VehicleDetail(
        id=vehicle.id, external_id=vehicle.external_id, slug=vehicle.slug,
        available=vehicle.available, brand_slug=vehicle.brand.slug,
        brand_name=vehicle.brand.name, model_slug=vehicle.model.slug,
        model_name=vehicle.model.name, version=vehicle.version,
        vehicle_type=vehicle.vehicle_type, condition=vehicle.condition, fuel=vehicle.fuel,
        body_style=vehicle.body_style, transmission=vehicle.transmission,
        drive_type=vehicle.drive_type, mileage=vehicle.mileage, year=vehicle.year,
        first_registration=vehicle.first_registration, power_hp=vehicle.power_hp,
        power_kw=vehicle.power_kw, engine_capacity=vehicle.engine_capacity,
        seats=vehicle.seats, doors=vehicle.doors, exterior_colour=vehicle.exterior_colour,
        colour_name=vehicle.colour_name, interior_colour=vehicle.interior_colour,
        interior_material=vehicle.interior_material, emissions_class=vehicle.emissions_class,
        driven_axles=vehicle.driven_axles, max_weight=vehicle.max_weight,
        towing_weight=vehicle.towing_weight, electric_range=vehicle.electric_range,
        warranty_months=vehicle.warranty_months, vat_reportable=vehicle.vat_reportable,
        smartphone_integration=tuple(vehicle.smartphone_integration),
        description=vehicle.description,
        features=tuple(sorted((f.feature for f in vehicle.features),
                              key=lambda key: (_FEATURE_ORDER.get(key, len(_FEATURE_ORDER)), key))),
        photos=tuple(PhotoView(photo.url, photo.view) for photo in vehicle.photos),
        prices=tuple(
            PriceView(
                deal_type=p.deal_type, total_price=p.total_price,
                monthly_installment=p.monthly_installment, down_payment=p.down_payment,
                contract_duration=p.contract_duration, interest_rate=p.interest_rate,
                borrowing_rate=p.borrowing_rate, fixed_interest_period=p.fixed_interest_period,
                annual_distance=p.annual_distance,
                installment_protection=p.installment_protection, bank=p.bank,
                net_loan_amount=p.net_loan_amount, remaining_balance=p.remaining_balance,
                discount=p.discount, disclaimer=p.disclaimer, actions=tuple(p.actions),
                test_drive_mode=p.test_drive_mode,
            )
            for p in sorted(vehicle.prices, key=lambda p: _DEAL_ORDER.get(p.deal_type, 99))
        ),
        consumption=None if consumption is None else ConsumptionView(
            consumption.fuel_combined, consumption.fuel_weighted_combined,
            consumption.electricity_combined, consumption.fuel_discharged_battery,
            consumption.co2_emissions, consumption.co2_class,
            consumption.co2_class_discharged, vehicle.electric_range,
        ),
        delivery_packages=tuple(
            DeliveryPackageView(package.key, package.price, tuple(package.items))
            for package in vehicle.delivery_packages
        ),
        location=location_view(vehicle.location),
        updated_at=vehicle.updated_at,
        licence_plate=vehicle.licence_plate,
        price_history=tuple(price_history.PriceChange(*row) for row in history),
    )


def current_vehicle(engine: Engine, slug: str) -> VehicleDetail | None:
    """The vehicle's data as of the current stock version: read from the database once
    per version (a first visit needs it twice, for the served page and for its state),
    one small query to learn the version otherwise."""
    with engine.connect() as connection:
        version = current_version(connection)
    return _vehicle_of_version(engine, version, slug)


@lru_cache(maxsize=4096)
def _vehicle_of_version(engine: Engine, version: int, slug: str) -> VehicleDetail | None:
    with Session(engine) as session:
        return get_vehicle(session, slug)


def set_vehicle_available(session: Session, slug: str, available: bool) -> bool:
    """Change a vehicle's status (e.g. sold); False when there is no such vehicle.

    Bumps the stock version, so every process's search index follows.
    """
    vehicle = session.exec(select(Vehicle).where(Vehicle.slug == slug)).first()
    if vehicle is None:
        return False
    if vehicle.available != available:
        vehicle.available = available
        vehicle.updated_at = dt.datetime.now(dt.UTC)
        session.add(vehicle)
        session.flush()
        bump_stock_version(session)
    return True


def _lease_offer_view(offer: LeaseOffer) -> LeaseOfferView:
    return LeaseOfferView(
        slug=offer.slug, brand_slug=offer.brand.slug, brand_name=offer.brand.name,
        model_slug=offer.model.slug, model_name=offer.model.name, version=offer.version,
        customer_type=offer.customer_type, fuel=offer.fuel, body_style=offer.body_style,
        transmission=offer.transmission, power_hp=offer.power_hp, colour=offer.colour,
        monthly_price_excl_vat=offer.monthly_price_excl_vat,
        monthly_price_incl_vat=offer.monthly_price_incl_vat,
        duration_months=offer.duration_months, annual_mileage=offer.annual_mileage,
        monthly_mileage=offer.monthly_mileage, deposit=offer.deposit,
        establishment_fee=offer.establishment_fee, complete_price=offer.complete_price,
        co2_emissions=offer.co2_emissions, included=tuple(offer.included),
        not_included=tuple(offer.not_included),
        standard_equipment=tuple(offer.standard_equipment), photo_url=offer.photo_url,
    )


def list_lease_offers(
    session: Session,
    *,
    brand: str | None = None,
    model: str | None = None,
    fuel: str | None = None,
    max_price: Decimal | int | None = None,
    max_co2: int | None = None,
    customer_type: str | None = None,
    limit: int | None = None,
) -> LeaseOfferList:
    """Available lease offers, cheapest first (monthly price incl. VAT).

    ``model`` is a model slug (of ``brand`` when given); ``max_price`` compares with the
    monthly price incl. VAT; ``limit`` caps the list for "show more".
    """
    base = select(LeaseOffer).where(LeaseOffer.available)
    total = session.exec(
        select(func.count()).select_from(LeaseOffer).where(LeaseOffer.available)
    ).one()
    statement = base.join(Brand, col(Brand.id) == LeaseOffer.brand_id).join(
        Model, col(Model.id) == LeaseOffer.model_id
    )
    if brand:
        statement = statement.where(Brand.slug == brand)
    if model:
        statement = statement.where(Model.slug == model)
    if fuel:
        statement = statement.where(LeaseOffer.fuel == fuel)
    if max_price is not None:
        statement = statement.where(LeaseOffer.monthly_price_incl_vat <= max_price)
    if max_co2 is not None:
        statement = statement.where(col(LeaseOffer.co2_emissions) <= max_co2)
    if customer_type:
        statement = statement.where(LeaseOffer.customer_type == customer_type)
    statement = statement.options(
        selectinload(LeaseOffer.brand), selectinload(LeaseOffer.model)  # type: ignore[arg-type]
    ).order_by(LeaseOffer.monthly_price_incl_vat, LeaseOffer.slug)
    offers = [_lease_offer_view(offer) for offer in session.exec(statement)]
    shown = offers[:limit] if limit is not None else offers
    return LeaseOfferList(offers=shown, shown=len(shown), total=total)


def get_lease_offer(session: Session, slug: str) -> LeaseOfferView | None:
    offer = session.exec(
        select(LeaseOffer)
        .where(LeaseOffer.slug == slug, LeaseOffer.available)
        .options(selectinload(LeaseOffer.brand), selectinload(LeaseOffer.model))  # type: ignore[arg-type]
    ).first()
    return None if offer is None else _lease_offer_view(offer)


def vehicles_by_slugs(session: Session, slugs: Iterable[str]) -> dict[str, VehicleDetail]:
    """The still available vehicles among ``slugs`` (compare list, favourites).

    Slugs missing from the result were sold or removed: the caller drops them and
    tells the visitor how many.
    """
    wanted = list(dict.fromkeys(slug for slug in slugs if isinstance(slug, str)))[:100]
    if not wanted:
        return {}
    available = session.exec(
        select(Vehicle.slug).where(col(Vehicle.slug).in_(wanted), Vehicle.available)
    ).all()
    details = {slug: get_vehicle(session, slug) for slug in available}
    return {slug: details[slug] for slug in wanted if details.get(slug) is not None}


def sitemap_entries(session: Session) -> list[SitemapEntry]:
    """Every available vehicle's slug and last change, by slug."""
    rows = session.exec(
        select(Vehicle.slug, Vehicle.updated_at).where(Vehicle.available).order_by(Vehicle.slug)
    ).all()
    return [SitemapEntry(slug, updated_at) for slug, updated_at in rows]

