"""Database tables of the stock: brands, models, branches, vehicles and lease offers.

Enumerated fields hold the keys of ``dealer.stock.catalog`` (``fuel="petrol"``); their
visible labels come from ``dealer.stock.labels``. Money is stored as ``Numeric(12, 2)``
euros, distances in km, weights in kg.
"""

import datetime as dt
from decimal import Decimal
from typing import Optional

from sqlalchemy import JSON, Column, Index, Numeric, UniqueConstraint
from sqlmodel import Field, Relationship, SQLModel


def _money(*, nullable: bool = True) -> object:
    return Field(default=None, sa_type=Numeric(12, 2), nullable=nullable)


def _json_list() -> object:
    return Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class LocationBrand(SQLModel, table=True):
    """Which platform brands a branch sells or services."""

    __tablename__ = "location_brand"

    location_id: int = Field(foreign_key="location.id", primary_key=True, ondelete="CASCADE")
    brand_id: int = Field(foreign_key="brand.id", primary_key=True, ondelete="CASCADE")


class Brand(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(unique=True, max_length=60)
    name: str = Field(max_length=80)
    # Tag id of the brand's manufacturer page in the content service.
    manufacturer_tag_id: str | None = Field(default=None, max_length=40)
    has_custom_favicon: bool = False
    position: int = 0

    models: list["Model"] = Relationship(back_populates="brand")
    locations: list["Location"] = Relationship(back_populates="brands", link_model=LocationBrand)


class Model(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("brand_id", "slug"),)

    id: int | None = Field(default=None, primary_key=True)
    brand_id: int = Field(foreign_key="brand.id", index=True)
    slug: str = Field(max_length=80)
    name: str = Field(max_length=80)
    vehicle_type: str = Field(default="passenger", max_length=20)
    body_style: str | None = Field(default=None, max_length=20)
    fuels: list[str] = _json_list()
    # "From" prices shown on the model pages.
    price_from: Decimal | None = _money()
    lease_from: Decimal | None = _money()

    brand: "Brand" = Relationship(back_populates="models")


class Location(SQLModel, table=True):
    """A branch of the dealer group; the advertiser of its vehicles."""

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(unique=True, max_length=80)
    name: str = Field(max_length=120)
    services: list[str] = _json_list()
    street: str = Field(max_length=120)
    postal_code: str = Field(max_length=12)
    city: str = Field(max_length=80)
    country: str = Field(max_length=2)  # ISO 3166-1 alpha-2: NL, DE
    latitude: float
    longitude: float
    vat_number: str = Field(max_length=20)
    iban: str = Field(max_length=34)
    email: str = Field(max_length=120)
    phone: str = Field(max_length=30)
    fax: str | None = Field(default=None, max_length=30)
    whatsapp: str | None = Field(default=None, max_length=30)  # a mobile number

    brands: list["Brand"] = Relationship(back_populates="locations", link_model=LocationBrand)
    opening_hours: list["OpeningHours"] = Relationship(
        back_populates="location", cascade_delete=True
    )
    employees: list["Employee"] = Relationship(back_populates="location", cascade_delete=True)


class OpeningHours(SQLModel, table=True):
    """Hours of one department (showroom, workshop or parts) of a branch on one weekday."""

    __tablename__ = "opening_hours"
    __table_args__ = (UniqueConstraint("location_id", "department", "weekday"),)

    id: int | None = Field(default=None, primary_key=True)
    location_id: int = Field(foreign_key="location.id", index=True, ondelete="CASCADE")
    department: str = Field(max_length=20)  # showroom | workshop | parts
    weekday: int  # 0 = Monday ... 6 = Sunday
    is_open: bool = True
    opens: str | None = Field(default=None, max_length=5)  # "08:30"
    closes: str | None = Field(default=None, max_length=5)
    comment: str | None = Field(default=None, max_length=200)

    location: "Location" = Relationship(back_populates="opening_hours")


class Employee(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    location_id: int = Field(foreign_key="location.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=120)
    job_title: str = Field(max_length=40)  # key, see catalog.JOB_TITLES
    department: str = Field(max_length=40)  # key, see catalog.DEPARTMENTS
    email: str | None = Field(default=None, max_length=120)
    phone: str | None = Field(default=None, max_length=30)
    position: int = 0

    location: "Location" = Relationship(back_populates="employees")


class Vehicle(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    # The dealer system's vehicle id; imports upsert by it.
    external_id: str = Field(unique=True, max_length=40)
    slug: str = Field(unique=True, max_length=200)
    brand_id: int = Field(foreign_key="brand.id", index=True)
    model_id: int = Field(foreign_key="model.id", index=True)
    version: str = Field(max_length=120)
    # Lower-case ASCII "brand model version" that free-text search matches against.
    search_text: str = Field(max_length=400)
    vehicle_type: str = Field(max_length=20)
    condition: str = Field(max_length=10)  # new | used
    fuel: str = Field(max_length=20)
    body_style: str = Field(max_length=20)
    transmission: str = Field(max_length=20)
    drive_type: str = Field(max_length=20)
    mileage: int
    year: int
    first_registration: dt.date | None = None
    # As officially written ("AB-123-C", "B-AB 1234"); a Dutch one has register facts.
    licence_plate: str | None = Field(default=None, max_length=12)
    power_hp: int
    power_kw: int
    engine_capacity: int | None = None  # cm³
    seats: int
    doors: int
    exterior_colour: str = Field(max_length=20)
    # The manufacturer's own colour name, e.g. "Deep Black Pearl".
    colour_name: str | None = Field(default=None, max_length=80)
    interior_colour: str = Field(max_length=20)
    interior_material: str = Field(max_length=20)
    emissions_class: str = Field(max_length=20)
    driven_axles: int = 1
    max_weight: int | None = None
    towing_weight: int | None = None  # braked
    electric_range: int | None = None
    warranty_months: int = 0
    location_id: int = Field(foreign_key="location.id", index=True)
    vat_reportable: bool = False
    smartphone_integration: list[str] = _json_list()
    description: str | None = None
    available: bool = Field(default=True, index=True)
    created_at: dt.datetime
    updated_at: dt.datetime

    brand: "Brand" = Relationship()
    model: "Model" = Relationship()
    location: "Location" = Relationship()
    photos: list["VehiclePhoto"] = Relationship(
        back_populates="vehicle",
        cascade_delete=True,
        sa_relationship_kwargs={"order_by": "VehiclePhoto.position"},
    )
    prices: list["VehiclePrice"] = Relationship(back_populates="vehicle", cascade_delete=True)
    features: list["VehicleFeature"] = Relationship(back_populates="vehicle", cascade_delete=True)
    consumption: Optional["VehicleConsumption"] = Relationship(
        back_populates="vehicle", cascade_delete=True
    )
    delivery_packages: list["DeliveryPackage"] = Relationship(
        back_populates="vehicle",
        cascade_delete=True,
        sa_relationship_kwargs={"order_by": "DeliveryPackage.position"},
    )


class VehiclePhoto(SQLModel, table=True):
    __tablename__ = "vehicle_photo"

    id: int | None = Field(default=None, primary_key=True)
    vehicle_id: int = Field(foreign_key="vehicle.id", index=True, ondelete="CASCADE")
    position: int = 0
    url: str = Field(max_length=400)
    view: str | None = Field(default=None, max_length=20)  # side | front | rear

    vehicle: "Vehicle" = Relationship(back_populates="photos")


class VehicleFeature(SQLModel, table=True):
    """One equipment feature key (catalog.FEATURES) of a vehicle."""

    __tablename__ = "vehicle_feature"
    # Covers "which vehicles have one of these features" without touching the table.
    __table_args__ = (Index("ix_vehicle_feature_feature_vehicle", "feature", "vehicle_id"),)

    vehicle_id: int = Field(foreign_key="vehicle.id", primary_key=True, ondelete="CASCADE")
    feature: str = Field(primary_key=True, max_length=60)

    vehicle: "Vehicle" = Relationship(back_populates="features")


class VehiclePrice(SQLModel, table=True):
    """The price row of one acquisition type (deal type) of a vehicle."""

    __tablename__ = "vehicle_price"
    __table_args__ = (UniqueConstraint("vehicle_id", "deal_type"),)

    id: int | None = Field(default=None, primary_key=True)
    vehicle_id: int = Field(foreign_key="vehicle.id", index=True, ondelete="CASCADE")
    deal_type: str = Field(max_length=20)  # catalog.DEAL_TYPES
    total_price: Decimal | None = _money()
    monthly_installment: Decimal | None = _money()
    down_payment: Decimal | None = _money()
    contract_duration: int | None = None  # months
    interest_rate: Decimal | None = Field(default=None, sa_type=Numeric(6, 3))  # effective, %
    borrowing_rate: Decimal | None = Field(default=None, sa_type=Numeric(6, 3))  # nominal, %
    fixed_interest_period: str | None = Field(default=None, max_length=20)  # fixed|variable|months
    annual_distance: int | None = None  # km
    installment_protection: bool = False
    bank: str | None = Field(default=None, max_length=120)
    net_loan_amount: Decimal | None = _money()
    remaining_balance: Decimal | None = _money()
    discount: Decimal | None = _money()
    disclaimer: str | None = None
    actions: list[str] = _json_list()  # catalog.ACTIONS
    test_drive_mode: str = Field(default="form", max_length=20)  # form | autochat

    vehicle: "Vehicle" = Relationship(back_populates="prices")


class PriceChange(SQLModel, table=True):
    """One change of a deal type's headline amount, recorded by a stock import
    (``dealer.stock.price_history``)."""

    __tablename__ = "price_change"
    # A vehicle's history in the order it was recorded, read by the vehicle page and
    # the search index.
    __table_args__ = (Index("ix_price_change_vehicle_deal", "vehicle_id", "deal_type", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    vehicle_id: int = Field(foreign_key="vehicle.id", ondelete="CASCADE")
    deal_type: str = Field(max_length=20)  # catalog.DEAL_TYPES
    old_amount: Decimal = Field(sa_type=Numeric(12, 2))
    new_amount: Decimal = Field(sa_type=Numeric(12, 2))
    changed_on: dt.date  # the import's day on the dealer's calendar


class VehicleConsumption(SQLModel, table=True):
    """Consumption and emission figures (WLTP) of a vehicle."""

    __tablename__ = "vehicle_consumption"

    vehicle_id: int = Field(foreign_key="vehicle.id", primary_key=True, ondelete="CASCADE")
    fuel_combined: float | None = None  # l/100 km (kg/100 km for gas)
    fuel_weighted_combined: float | None = None  # plug-in hybrids, l/100 km
    electricity_combined: float | None = None  # kWh/100 km
    fuel_discharged_battery: float | None = None  # plug-in hybrids, l/100 km
    co2_emissions: int | None = None  # g/km, combined (weighted for plug-in hybrids)
    co2_class: str | None = Field(default=None, max_length=1)  # A..G
    co2_class_discharged: str | None = Field(default=None, max_length=1)

    vehicle: "Vehicle" = Relationship(back_populates="consumption")


class DeliveryPackage(SQLModel, table=True):
    """A delivery package a buyer can choose for one vehicle."""

    __tablename__ = "delivery_package"

    id: int | None = Field(default=None, primary_key=True)
    vehicle_id: int = Field(foreign_key="vehicle.id", index=True, ondelete="CASCADE")
    key: str = Field(max_length=40)  # catalog.DELIVERY_PACKAGES
    price: Decimal = Field(sa_type=Numeric(12, 2))
    items: list[str] = _json_list()  # catalog.DELIVERY_ITEMS
    position: int = 0

    vehicle: "Vehicle" = Relationship(back_populates="delivery_packages")


class LeaseOffer(SQLModel, table=True):
    __tablename__ = "lease_offer"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(unique=True, max_length=200)
    brand_id: int = Field(foreign_key="brand.id", index=True)
    model_id: int = Field(foreign_key="model.id", index=True)
    version: str = Field(max_length=120)
    customer_type: str = Field(default="private", max_length=10)  # private | business
    fuel: str = Field(max_length=20)  # catalog.LEASE_FUELS
    body_style: str = Field(max_length=20)
    transmission: str = Field(max_length=20)
    power_hp: int
    colour: str = Field(max_length=20)
    monthly_price_excl_vat: Decimal = Field(sa_type=Numeric(12, 2))
    monthly_price_incl_vat: Decimal = Field(sa_type=Numeric(12, 2))
    duration_months: int
    annual_mileage: int
    monthly_mileage: int
    deposit: Decimal = Field(default=Decimal(0), sa_type=Numeric(12, 2))
    establishment_fee: Decimal = Field(default=Decimal(0), sa_type=Numeric(12, 2))
    complete_price: Decimal = Field(sa_type=Numeric(12, 2))  # over the whole term, incl. VAT
    co2_emissions: int | None = None  # g/km
    included: list[str] = _json_list()  # catalog.CONTRACT_TERMS
    not_included: list[str] = _json_list()
    standard_equipment: list[str] = _json_list()  # catalog.FEATURES
    photo_url: str = Field(max_length=400)
    available: bool = True
    updated_at: dt.datetime

    brand: "Brand" = Relationship()
    model: "Model" = Relationship()


class StockVersion(SQLModel, table=True):
    """A single row whose number goes up with every change to the stock.

    Search indexes in every worker compare it with the version they were built
    from and rebuild when it moved.
    """

    __tablename__ = "stock_version"

    id: int = Field(default=1, primary_key=True)
    version: int = 0
    changed_at: dt.datetime | None = None
