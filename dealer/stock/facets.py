"""What both stock search implementations agree on: facet columns and option lists."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import ScalarSelect, Select, func, select
from sqlalchemy.engine import Connection

from dealer.locations.places import Place, distance_km
from dealer.stock import catalog
from dealer.stock.models import Brand, Location, Model, PriceChange, Vehicle, VehiclePhoto
from dealer.stock.query import RADII, StockQuery
from dealer.stock.results import FacetOption, model_value

# Checkbox filters over a vocabulary column of the vehicle table: key -> (column, options).
VOCABULARY_FACETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "vehicle_type": ("vehicle_type", catalog.VEHICLE_TYPES),
    "condition": ("condition", catalog.CONDITIONS),
    "fuel": ("fuel", catalog.FUELS),
    "body_style": ("body_style", catalog.BODY_STYLES),
    "transmission": ("transmission", catalog.TRANSMISSIONS),
    "drive": ("drive_type", catalog.DRIVE_TYPES),
    "colour": ("exterior_colour", catalog.COLOURS),
}
# Range filters over a vehicle column; "price" and "monthly" come from the price rows:
# the purchase price, and the lowest monthly instalment of any deal type.
COLUMN_RANGES: dict[str, str] = {"mileage": "mileage", "year": "year", "power": "power_hp"}
FACET_ORDER = (
    "brand", "model", "vehicle_type", "condition", "fuel", "body_style", "transmission", "drive",
    "colour", "branch", "equipment",
)


def first_photo_url() -> ScalarSelect[str]:
    """The URL of a vehicle's first photo (lowest position), as a correlated subquery."""
    return (
        select(VehiclePhoto.url)
        .where(VehiclePhoto.vehicle_id == Vehicle.id)
        .order_by(VehiclePhoto.position, VehiclePhoto.id)
        .limit(1)
        .scalar_subquery()
    )


def price_drop_days() -> Select:
    """(vehicle id, day) of every vehicle's newest current price drop: the newest change
    of a deal type that lowered its amount, the latest such day over its deal types
    (``price_history.drop_day``; changes are recorded in id order)."""
    newest = (
        select(func.max(PriceChange.id).label("id"))
        .group_by(PriceChange.vehicle_id, PriceChange.deal_type)
        .subquery()
    )
    return (
        select(PriceChange.vehicle_id, func.max(PriceChange.changed_on).label("day"))
        .join(newest, newest.c.id == PriceChange.id)
        .where(PriceChange.new_amount < PriceChange.old_amount)
        .group_by(PriceChange.vehicle_id)
    )


@dataclass(frozen=True)
class Named:
    id: int
    value: str
    name: str
    brand_id: int | None = None
    city: str | None = None
    latitude: float = 0.0  # a branch's place
    longitude: float = 0.0


@dataclass(frozen=True)
class Vocabularies:
    """The options named by the data, in display order."""

    brands: list[Named]  # by platform position
    models: list[Named]  # models with stock, by brand then name; value "brand.model"
    branches: list[Named]  # by name

    @classmethod
    def load(cls, connection: Connection) -> Vocabularies:
        brands = [
            Named(id_, slug, name)
            for id_, slug, name in connection.execute(
                select(Brand.id, Brand.slug, Brand.name).order_by(Brand.position, Brand.slug)
            )
        ]
        brand_order = {brand.id: position for position, brand in enumerate(brands)}
        brand_slug = {brand.id: brand.value for brand in brands}
        with_stock = select(Vehicle.model_id).where(Vehicle.available).distinct()
        rows = connection.execute(
            select(Model.id, Model.brand_id, Model.slug, Model.name).where(Model.id.in_(with_stock))
        ).all()
        models = [
            Named(id_, model_value(brand_slug[brand_id], slug), name, brand_id)
            for id_, brand_id, slug, name in sorted(
                rows, key=lambda row: (brand_order[row[1]], row[3], row[2])
            )
        ]
        branches = [
            Named(id_, slug, name, city=city, latitude=latitude, longitude=longitude)
            for id_, slug, name, city, latitude, longitude in sorted(
                connection.execute(select(Location.id, Location.slug, Location.name,
                                          Location.city, Location.latitude,
                                          Location.longitude)),
                key=lambda row: (row[2], row[1]),
            )
        ]
        return cls(brands, models, branches)

    def facet_options(
        self, key: str, query: StockQuery, counts: dict[str, int]
    ) -> list[FacetOption]:
        """The options of checkbox filter ``key`` in display order, zero counts included."""
        values: list[Named] | tuple[str, ...]
        if key == "brand":
            values = self.brands
        elif key == "model":
            values = self.model_options(query)
        elif key == "branch":
            values = self.branches
        elif key == "equipment":
            values = tuple(catalog.EQUIPMENT_FILTERS)
        else:
            values = VOCABULARY_FACETS[key][1]
        return options(values, counts)

    def model_options(self, query: StockQuery) -> list[Named]:
        """Models offered by the model filter: those of the chosen brands, else all."""
        brands = set(query.brands)
        if not brands:
            return self.models
        return [model for model in self.models if model.value.split(".")[0] in brands]


def branch_distances(branches: list[Named], origin: Place) -> list[float]:
    """How far each branch is from ``origin``, in km, in the order of ``branches``."""
    return [distance_km(branch.latitude, branch.longitude, origin) for branch in branches]


def radius_options(distances: Mapping[str, float], counts: Mapping[str, int]
                   ) -> list[FacetOption]:
    """The distance filter's options: per radius, how many vehicles its branches hold
    (``distances`` and ``counts`` by branch slug)."""
    return [
        FacetOption(str(radius), sum(count for slug, count in counts.items()
                                     if distances[slug] <= radius))
        for radius in RADII
    ]


def options(values: list[Named] | tuple[str, ...], counts: dict[str, int]) -> list[FacetOption]:
    """Facet options in display order, zero counts included."""
    return [
        FacetOption(item.value, counts.get(item.value, 0), item.name)
        if isinstance(item, Named)
        else FacetOption(item, counts.get(item, 0))
        for item in values
    ]
