"""What a stock search returns: one page of render-ready cards, counts and bounds."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class VehicleCard:
    """The fields one vehicle card shows, as plain values.

    Prices are euros: ``price`` is the purchase price, the deal-type fields the
    monthly instalment; None where the vehicle is not offered that way.
    """

    id: int
    slug: str
    brand_slug: str
    brand_name: str
    model_slug: str
    model_name: str
    version: str
    year: int
    mileage: int
    fuel: str
    transmission: str
    power_hp: int
    power_kw: int
    body_style: str
    condition: str
    colour: str
    photo_url: str | None
    price: float | None
    private_lease: float | None
    business_lease: float | None
    private_finance: float | None
    business_finance: float | None
    vat_reportable: bool
    branch_slug: str
    branch_name: str
    branch_city: str
    # From the place the search names (``StockQuery.near``), in km; None without one.
    distance_km: float | None = None
    price_dropped: bool = False  # its price was lowered lately (price_history.DROP_DAYS)

    @property
    def title(self) -> str:
        return f"{self.brand_name} {self.model_name}"


@dataclass(frozen=True)
class FacetOption:
    """One option of a checkbox filter with the number of vehicles it would show.

    ``label`` is set for options named by the data (brand, model, branch); labels of
    vocabulary options come from ``dealer.stock.labels``.
    """

    value: str
    count: int
    label: str | None = None


@dataclass(frozen=True)
class StockResult:
    total: int
    cards: list[VehicleCard]
    facets: dict[str, list[FacetOption]]
    # (lowest, highest) over the vehicles matching every other filter; None if none.
    ranges: dict[str, tuple[int, int] | None]
    page: int
    pages: int
    per_page: int = 24


def model_value(brand_slug: str, model_slug: str) -> str:
    """The value of a model in the model filter: "volkswagen.golf"."""
    return f"{brand_slug}.{model_slug}"


def page_count(total: int, per_page: int) -> int:
    return max(1, math.ceil(total / per_page))


def clamp_page(page: int, pages: int) -> int:
    return min(max(page, 1), pages)


def range_bounds(low: float | None, high: float | None) -> tuple[int, int] | None:
    """Whole-number slider bounds that include every value."""
    if low is None or high is None:
        return None
    return math.floor(low), math.ceil(high)
