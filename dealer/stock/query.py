"""The stock search state: filters, sort and page, and its URL query string form.

``StockQuery.from_params`` accepts anything a visitor can put in a URL: values it
cannot use are dropped, it never raises. ``to_params``/``to_query_string`` give the
canonical form (sorted keys, sorted values, defaults left out), so equal searches
have equal URLs.

Query parameters::

    q=golf+gti                      free text over brand, model and version
    brand=audi,volkswagen           checkboxes: comma-separated, or the key repeated
    model=volkswagen.golf           model values are "<brand slug>.<model slug>"
    vehicle_type=… fuel=… body_style=… transmission=… drive=… colour=… branch=…
    condition=…
    equipment=towbar,parking        a vehicle must have every ticked equipment group
    price_min=…&price_max=…         ranges: price, monthly, mileage, year, power
    electric=1  vat_reportable=1    toggles
    near=3511+AB&within=50          distance: a Dutch or German postcode or town, and the
                                    radius in km (``RADII``); ``sort=distance_asc`` is
                                    'nearest first'. Both need a place that is found;
                                    with one and no sort chosen, nearest first is the
                                    order (and ``sort=price_asc`` is written out).
    price_lowered=1                 a price drop in the last 14 days (price_history.DROP_DAYS)
    sort=price_asc  page=2          sort=price_drop_desc: the newest price drop first
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from dealer.locations.lookup import MAX_PLACE_LENGTH, locate
from dealer.locations.places import Place
from dealer.stock import catalog
from dealer.stock.text import search_terms

PER_PAGE = 24
RADII = (25, 50, 100, 200)  # km: the distance filter's choices
MAX_PAGE = 10_000
MAX_SEARCH_LENGTH = 100
MAX_VALUES = 50  # per checkbox filter; more is not a visitor's doing
TRUE_VALUES = frozenset({"1", "true", "on", "yes"})

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_MODEL = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$")
_INTEGER = re.compile(r"^\d{1,9}$")


@dataclass(frozen=True)
class FilterDefinition:
    """One filter of the stock overview.

    kind: checkbox | range | minmax | search | toggle | place | radius. ``options`` lists
    the fixed values of a checkbox or radius filter; empty for brand, model and branch,
    whose options come from the data (``StockResult.facets``). ``label_kind`` is the
    ``dealer.stock.labels`` kind of the option labels.
    """

    key: str
    kind: str
    options: tuple[str, ...] = ()
    label_kind: str | None = None
    depends_on: str | None = None


FILTER_DEFINITIONS: tuple[FilterDefinition, ...] = (
    FilterDefinition("q", "search"),
    FilterDefinition("near", "place"),
    FilterDefinition("within", "radius", tuple(str(radius) for radius in RADII),
                     depends_on="near"),
    FilterDefinition("brand", "checkbox"),
    FilterDefinition("model", "checkbox", depends_on="brand"),
    FilterDefinition("vehicle_type", "checkbox", catalog.VEHICLE_TYPES, "vehicle_type"),
    FilterDefinition("condition", "checkbox", catalog.CONDITIONS, "condition"),
    FilterDefinition("fuel", "checkbox", catalog.FUELS, "fuel"),
    FilterDefinition("body_style", "checkbox", catalog.BODY_STYLES, "body_style"),
    FilterDefinition("transmission", "checkbox", catalog.TRANSMISSIONS, "transmission"),
    FilterDefinition("drive", "checkbox", catalog.DRIVE_TYPES, "drive_type"),
    FilterDefinition("colour", "checkbox", catalog.COLOURS, "colour"),
    FilterDefinition("branch", "checkbox"),
    FilterDefinition("equipment", "checkbox", tuple(catalog.EQUIPMENT_FILTERS), "equipment"),
    FilterDefinition("price", "range"),
    FilterDefinition("monthly", "range"),
    FilterDefinition("mileage", "range"),
    FilterDefinition("year", "minmax"),
    FilterDefinition("power", "minmax"),
    FilterDefinition("electric", "toggle"),
    FilterDefinition("vat_reportable", "toggle"),
    FilterDefinition("price_lowered", "toggle"),
)
FILTERS_BY_KEY = {definition.key: definition for definition in FILTER_DEFINITIONS}
CHECKBOX_KEYS = tuple(d.key for d in FILTER_DEFINITIONS if d.kind == "checkbox")
RANGE_KEYS = tuple(d.key for d in FILTER_DEFINITIONS if d.kind in ("range", "minmax"))
TOGGLE_KEYS = tuple(d.key for d in FILTER_DEFINITIONS if d.kind == "toggle")

# Sort keys: "<field>_<asc|desc>"; "price" is the purchase price, the deal types sort
# by their monthly instalment. Vehicles without that price come last either way.
# "price_drop_desc": the vehicles whose price was lowered most recently first.
SORT_FIELDS = ("price", "mileage", "year", *catalog.MONTHLY_DEAL_TYPES)
SORT_OPTIONS: tuple[str, ...] = (*(
    f"{field}_{direction}" for field in SORT_FIELDS for direction in ("asc", "desc")
), "price_drop_desc")
DEFAULT_SORT = "price_asc"
# Nearest first: offered, and kept, only while the search has a place that was found.
DISTANCE_SORT = "distance_asc"

# Quick-entry types (SPEC §3): each a predefined filter set.
QUICK_ENTRIES: dict[str, dict[str, str]] = {
    "electric": {"electric": "1"},
    "hybrid": {"fuel": ",".join(catalog.ELECTRIFIED_FUELS)},
    "compact": {"body_style": "hatchback"},
    "high_entry": {"body_style": "mpv,suv"},
    "family": {"body_style": "estate,mpv"},
    "company_car": {"fuel": "electric,pluginhybrid", "vat_reportable": "1"},
}

Range = tuple[int | None, int | None]


@dataclass(frozen=True)
class Pill:
    """An active filter value shown as a removable pill.

    ``bound`` is "min" or "max" for range pills; ``query`` is the query string of
    the search without this value (page reset).
    """

    key: str
    value: str
    query: str
    bound: str | None = None


def _texts(raw: object) -> list[str]:
    """A parameter's values: one text, or the texts of a list; nothing for anything else."""
    if isinstance(raw, str):
        return [raw]
    return [item for item in raw if isinstance(item, str)] if isinstance(raw, list | tuple) else []


def _values(raw: object) -> list[str]:
    return [part.strip().lower() for item in _texts(raw) for part in item.split(",")
            if part.strip()]


def _first(raw: object) -> str | None:
    values = _texts(raw)
    return values[0].strip() if values else None


def _integer(raw: object) -> int | None:
    value = _first(raw)
    return int(value) if value and _INTEGER.match(value) else None


def _valid_option(key: str, value: str) -> bool:
    definition = FILTERS_BY_KEY[key]
    if definition.options:
        return value in definition.options
    return bool((_MODEL if key == "model" else _SLUG).match(value)) and len(value) <= 160


@dataclass(frozen=True)
class StockQuery:
    """A validated stock search. Checkbox values are sorted tuples; ranges (min, max)."""

    q: str = ""
    near: str = ""  # a place as the visitor wrote it, found or not
    within: int | None = None  # km, one of RADII
    brand: tuple[str, ...] = ()
    model: tuple[str, ...] = ()
    vehicle_type: tuple[str, ...] = ()
    condition: tuple[str, ...] = ()
    fuel: tuple[str, ...] = ()
    body_style: tuple[str, ...] = ()
    transmission: tuple[str, ...] = ()
    drive: tuple[str, ...] = ()
    colour: tuple[str, ...] = ()
    branch: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    price: Range = (None, None)
    monthly: Range = (None, None)
    mileage: Range = (None, None)
    year: Range = (None, None)
    power: Range = (None, None)
    electric: bool = False
    vat_reportable: bool = False
    price_lowered: bool = False
    sort: str = DEFAULT_SORT
    page: int = 1
    # The brand of a brand-scoped listing (fixed by the URL path, not a filter).
    scope_brand: str | None = None
    # The acquisition type of a deal listing (/voorraad/private-lease): only vehicles
    # offered that way; fixed by the URL path too.
    scope_deal: str | None = None

    @classmethod
    def from_params(
        cls, params: Mapping[str, str | list[str]], brand: str | None = None,
        deal: str | None = None,
    ) -> StockQuery:
        """The search a URL's query parameters describe; unusable values are ignored."""
        get = params.get if isinstance(params, Mapping) else {}.get
        changes: dict[str, object] = {}
        search = " ".join((_first(get("q")) or "").split())[:MAX_SEARCH_LENGTH]
        changes["q"] = search
        changes["near"] = " ".join((_first(get("near")) or "").split())[:MAX_PLACE_LENGTH]
        within = _integer(get("within"))
        changes["within"] = within if within in RADII else None
        for key in CHECKBOX_KEYS:
            values = {v for v in _values(get(key)) if _valid_option(key, v)}
            changes[key] = tuple(sorted(values))[:MAX_VALUES]
        for key in RANGE_KEYS:
            low, high = _integer(get(f"{key}_min")), _integer(get(f"{key}_max"))
            if low is not None and high is not None and low > high:
                low, high = high, low
            changes[key] = (low, high)
        for key in TOGGLE_KEYS:
            changes[key] = (_first(get(key)) or "").lower() in TRUE_VALUES
        sort = (_first(get("sort")) or "").lower()
        changes["sort"] = sort if sort in (*SORT_OPTIONS, DISTANCE_SORT) else ""  # not chosen
        page = _integer(get("page"))
        changes["page"] = page if page and page <= MAX_PAGE else 1
        scope = brand.lower() if isinstance(brand, str) and _SLUG.match(brand.lower()) else None
        changes["scope_brand"] = scope
        changes["scope_deal"] = deal if deal in catalog.MONTHLY_DEAL_TYPES else None
        return cls(**changes)._consistent()

    def _consistent(self) -> StockQuery:
        """Drop models of brands outside the chosen brand(s); brand scope fixes the brand.
        Without a place that is found, no radius and no 'nearest first'; no order chosen:
        the default one (``default_sort``)."""
        query = self if self.sort else self._copy(sort=self.default_sort)
        if query.scope_brand:
            query = query._copy(brand=())
        if brands := query.brands:
            query = query._copy(model=tuple(m for m in query.model if m.split(".")[0] in brands))
        if (query.within is not None or query.sort == DISTANCE_SORT) and query.origin is None:
            query = query._copy(within=None,
                                sort=DEFAULT_SORT if query.sort == DISTANCE_SORT else query.sort)
        return query

    def _copy(self, **changes: object) -> StockQuery:
        """A copy with some fields changed, their values as given: a listing builds a
        search per filter option for its links, and ``dataclasses.replace`` (which runs
        ``__init__`` over every field) took most of a served page's time."""
        if unknown := changes.keys() - _FIELD_NAMES:
            raise TypeError(f"StockQuery has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(StockQuery)
        copy.__dict__.update(self.__dict__, **changes)
        return copy

    @classmethod
    def quick_entry(cls, kind: str, brand: str | None = None,
                    deal: str | None = None) -> StockQuery:
        """The search of a quick-entry type (``QUICK_ENTRIES``); unknown -> everything."""
        return cls.from_params(QUICK_ENTRIES.get(kind, {}), brand=brand, deal=deal)

    def replace(self, **changes: object) -> StockQuery:
        """A copy with some fields changed, back on page 1 unless a page is given."""
        changes.setdefault("page", 1)
        return self._copy(**changes)._consistent()

    def toggle(self, key: str, value: str) -> StockQuery:
        """Tick or untick one checkbox option (page reset)."""
        current: tuple[str, ...] = getattr(self, key)
        values = set(current) ^ {value}
        return self.replace(**{key: tuple(sorted(values))})

    @property
    def brands(self) -> tuple[str, ...]:
        """The brands the search is limited to: the scope brand, else the brand filter."""
        return (self.scope_brand,) if self.scope_brand else self.brand

    @property
    def search_terms(self) -> tuple[str, ...]:
        return search_terms(self.q)

    @property
    def default_sort(self) -> str:
        """The order of a search that chose none: nearest first with a place that is
        found, else ``DEFAULT_SORT``."""
        return DISTANCE_SORT if self.near and self.origin is not None else DEFAULT_SORT

    @property
    def origin(self) -> Place | None:
        """The place distances are measured from: the town or postcode area of ``near``."""
        return locate(self.near) if self.near else None

    def to_params(self) -> dict[str, str]:
        """Canonical query parameters: sorted keys, defaults and the scopes left out."""
        params: dict[str, str] = {}
        if self.q:
            params["q"] = self.q
        if self.near:
            params["near"] = self.near
        if self.within is not None:
            params["within"] = str(self.within)
        for key in CHECKBOX_KEYS:
            if values := getattr(self, key):
                params[key] = ",".join(values)
        for key in RANGE_KEYS:
            low, high = getattr(self, key)
            if low is not None:
                params[f"{key}_min"] = str(low)
            if high is not None:
                params[f"{key}_max"] = str(high)
        for key in TOGGLE_KEYS:
            if getattr(self, key):
                params[key] = "1"
        # Nearest first is only ever the default; the default order is left out (the
        # place is looked up only when the order is the one without a place).
        if self.sort not in (DEFAULT_SORT, DISTANCE_SORT) or (
                self.sort == DEFAULT_SORT and self.default_sort != DEFAULT_SORT):
            params["sort"] = self.sort
        if self.page != 1:
            params["page"] = str(self.page)
        return dict(sorted(params.items()))

    def to_query_string(self) -> str:
        """``to_params`` URL-encoded, without the leading "?"; "" for the plain listing."""
        return urlencode(self.to_params(), quote_via=quote, safe=",")

    def pills(self) -> list[Pill]:
        """Every active filter value with the query string that removes it."""
        pills: list[Pill] = []
        if self.q:
            pills.append(Pill("q", self.q, self.replace(q="").to_query_string()))
        if self.near:
            pills.append(Pill("near", self.near, self.replace(near="").to_query_string()))
        if self.within is not None:
            pills.append(Pill("within", str(self.within),
                              self.replace(within=None).to_query_string()))
        for key in CHECKBOX_KEYS:
            for value in getattr(self, key):
                pills.append(Pill(key, value, self.toggle(key, value).to_query_string()))
        for key in RANGE_KEYS:
            low, high = getattr(self, key)
            if low is not None:
                query = self.replace(**{key: (None, high)}).to_query_string()
                pills.append(Pill(key, str(low), query, "min"))
            if high is not None:
                query = self.replace(**{key: (low, None)}).to_query_string()
                pills.append(Pill(key, str(high), query, "max"))
        for key in TOGGLE_KEYS:
            if getattr(self, key):
                pills.append(Pill(key, "1", self.replace(**{key: False}).to_query_string()))
        return pills

    @property
    def active_count(self) -> int:
        """How many filter values are active (the number of pills)."""
        return len(self.pills())

    def cleared(self) -> StockQuery:
        """No filters, same sort (unless it needed the place) and scope."""
        return StockQuery(sort=self.sort, scope_brand=self.scope_brand,
                          scope_deal=self.scope_deal)._consistent()


_FIELD_NAMES = frozenset(field.name for field in dataclasses.fields(StockQuery))
