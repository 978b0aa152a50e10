"""The in-memory stock index: every available vehicle as numpy columns.

A search is a handful of boolean masks: one per active filter, combined with AND.
Facet counts apply every filter except the facet's own (``np.bincount`` over the
option codes), sort orders are computed once at build time, and only the 24 cards
of the page are turned into Python objects. Results equal those of
the plain SQL reference in ``tests/stock_sql_reference.py`` exactly.

Every process keeps one index (``get_index``) and compares the stock version in the
database with the one it was built from at most every ``CHECK_INTERVAL`` seconds.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from sqlalchemy import Float, Select, case, cast, select
from sqlalchemy.engine import Connection, Engine

from dealer.db import get_engine
from dealer.locations.places import Place
from dealer.stock import catalog, price_history
from dealer.stock.facets import (
    FACET_ORDER,
    VOCABULARY_FACETS,
    Vocabularies,
    branch_distances,
    first_photo_url,
    price_drop_days,
    radius_options,
)
from dealer.stock.models import Vehicle, VehicleFeature, VehiclePrice
from dealer.stock.query import (
    DEFAULT_SORT,
    DISTANCE_SORT,
    PER_PAGE,
    QUICK_ENTRIES,
    RANGE_KEYS,
    SORT_OPTIONS,
    StockQuery,
)
from dealer.stock.results import (
    FacetOption,
    StockResult,
    VehicleCard,
    clamp_page,
    page_count,
    range_bounds,
)
from dealer.stock.similar import SIMILAR_MAX, Candidates, Reference, branch_ranks, similar_rows
from dealer.stock.version import current_version

logger = logging.getLogger(__name__)

CHECK_INTERVAL = 0.5  # seconds between stock version checks per process
_EQUIPMENT_KEYS = tuple(catalog.EQUIPMENT_FILTERS)


def _codes(values: list, vocabulary: list | tuple) -> np.ndarray:
    """Positions of ``values`` in ``vocabulary``; unknown values get len(vocabulary)."""
    position = {value: code for code, value in enumerate(vocabulary)}
    unknown = len(vocabulary)
    return np.array([position.get(v, unknown) for v in values], _code_type(vocabulary))


def _code_type(vocabulary: list | tuple) -> type:
    return np.uint8 if len(vocabulary) < 255 else np.int32


def _id_codes(ids: tuple, named: list) -> np.ndarray:
    """Codes of database ids: their positions in ``named``."""
    keys = np.array(ids, np.int64)
    known = np.array([item.id for item in named], np.int64)
    lookup = np.full(int(max(keys.max(initial=0), known.max(initial=0))) + 1, len(named))
    lookup[known] = np.arange(len(named))
    return lookup[keys].astype(_code_type(named))


def _fetch(connection: Connection, statement: Select) -> list[tuple]:
    """All rows as the driver returns them, skipping per-value result processing.

    For the large reads of the build: the statements cast what needs it in SQL.
    """
    result = connection.execute(statement)
    try:
        return result.cursor.fetchall()
    finally:
        result.close()


def _branch_ranks(branches: list) -> np.ndarray:
    """Row ``code``: every branch's rank by distance from branch ``code`` (0 nearest); the
    last row and column stand for a branch the index does not know (no order)."""
    ranks = np.zeros((len(branches) + 1, len(branches) + 1))
    for code, branch in enumerate(branches):
        origin = Place(branch.value, branch.latitude, branch.longitude, 0)
        ranks[code] = branch_ranks(np.array([*branch_distances(branches, origin), math.inf]))
    return ranks


def _sort_order(values: np.ndarray, ids: np.ndarray, descending: bool) -> np.ndarray:
    """Row order for a sort: values asc/desc, missing values last, then by vehicle id."""
    missing = np.isnan(values)
    keys = np.where(missing, 0.0, -values if descending else values)
    return np.lexsort((ids, keys, missing)).astype(np.int32)


# Equipment groups are bits of one byte per vehicle; _GROUP_COMBINATIONS[g] marks the
# byte values that include group g, to turn one bincount into every group's count.
_GROUP_BIT = {group: 1 << bit for bit, group in enumerate(_EQUIPMENT_KEYS)}
_GROUP_COMBINATIONS = {
    group: (np.arange(256) & bit) != 0 for group, bit in _GROUP_BIT.items()
}


@dataclass(frozen=True)
class _Facet:
    codes: np.ndarray
    vocabulary: list[str]  # option values in code order

    def mask(self, values: tuple[str, ...]) -> np.ndarray:
        codes = [code for code, value in enumerate(self.vocabulary) if value in values]
        if len(codes) == 1:
            return self.codes == codes[0]
        wanted = np.zeros(len(self.vocabulary) + 1, bool)
        wanted[codes] = True
        return wanted[self.codes]


class StockIndex:
    """Column arrays of the available vehicles, in vehicle id order."""

    def __init__(self, version: int, vocabularies: Vocabularies, columns: dict) -> None:
        self.version = version
        self.vocabularies = vocabularies
        self.size = len(columns["id"])
        self._ids: np.ndarray = columns["id"]
        self._slug: list[str] = columns["slug"]
        self._version_text: list[str] = columns["version"]
        self._photo: list[str | None] = columns["photo"]
        self._power_kw: np.ndarray = columns["power_kw"]
        self._vat: np.ndarray = columns["vat_reportable"]
        self._numbers: dict[str, np.ndarray] = columns["numbers"]
        self._equipment: np.ndarray = columns["equipment"]
        self._facets: dict[str, _Facet] = columns["facets"]
        self._search_code: np.ndarray = columns["search_code"]
        self._search_texts: list[str] = columns["search_texts"]
        branches = self._facets["branch"]
        # Vehicles per branch (the radius counts of a search with no other filter), and
        # each branch's rows in id order (for 'nearest first').
        self._branch_totals = np.bincount(branches.codes, minlength=len(branches.vocabulary) + 1)
        self._branch_rows = np.split(np.argsort(branches.codes, kind="stable"),
                                     np.cumsum(self._branch_totals)[:-1])
        self._row_of_slug = {slug: row for row, slug in enumerate(self._slug)}
        self._candidates = Candidates(
            ids=self._ids, model=self._facets["model"].codes,
            body_style=self._facets["body_style"].codes, fuel=self._facets["fuel"].codes,
            price=self._numbers["price"], monthly=self._numbers["monthly"],
            branch=self._facets["branch"].codes,
        )
        self._code_of = {key: {value: code for code, value in enumerate(facet.vocabulary)}
                         for key, facet in self._facets.items()}
        self._branch_ranks = _branch_ranks(vocabularies.branches)
        self._orders = {
            sort: _sort_order(self._numbers[sort.rsplit("_", 1)[0]], self._ids,
                              sort.endswith("_desc"))
            for sort in SORT_OPTIONS
        }

    # --- building ------------------------------------------------------------------

    @classmethod
    def build(cls, engine: Engine) -> StockIndex:
        """Read the available vehicles from the database."""
        with engine.connect() as connection:
            # The version is read first: a change during the build then shows up as a
            # newer version at the next check and causes another build.
            version = current_version(connection)
            vocabularies = Vocabularies.load(connection)
            rows = _fetch(connection, (
                select(
                    Vehicle.id, Vehicle.slug, Vehicle.brand_id, Vehicle.model_id, Vehicle.version,
                    Vehicle.search_text, Vehicle.location_id, Vehicle.mileage, Vehicle.year,
                    Vehicle.power_hp, Vehicle.power_kw, Vehicle.vat_reportable, first_photo_url(),
                    # Vocabulary columns arrive as their codes.
                    *(
                        case({value: code for code, value in enumerate(vocabulary)},
                             value=getattr(Vehicle, column), else_=len(vocabulary))
                        for column, vocabulary in VOCABULARY_FACETS.values()
                    ),
                )
                .where(Vehicle.available)
                .order_by(Vehicle.id)
            ))
            # One number per price row: the purchase price, or the monthly instalment of
            # the other deal types.
            deal_code = case(
                {deal_type: code for code, deal_type in enumerate(catalog.DEAL_TYPES)},
                value=VehiclePrice.deal_type,
                else_=-1,
            )
            amount = case(
                (VehiclePrice.deal_type == "purchase", VehiclePrice.total_price),
                else_=VehiclePrice.monthly_installment,
            )
            prices = _fetch(
                connection, select(VehiclePrice.vehicle_id, deal_code, cast(amount, Float))
            )
            equipment = {
                group: _fetch(
                    connection,
                    select(VehicleFeature.vehicle_id)
                    .where(VehicleFeature.feature.in_(features))
                    .distinct(),
                )
                for group, features in catalog.EQUIPMENT_FILTERS.items()
            }
            drops = connection.execute(price_drop_days()).all()
        return cls(version, vocabularies,
                   cls._columns(vocabularies, rows, prices, equipment, drops))

    @staticmethod
    def _columns(vocabularies: Vocabularies, rows: list, prices: list, equipment: dict,
                 drops: list) -> dict:
        size = len(rows)
        fields = list(zip(*rows, strict=True)) if rows else [()] * (13 + len(VOCABULARY_FACETS))
        (ids, slug, brand_id, model_id, version, search_text, location_id, mileage, year,
         power_hp, power_kw, vat, photo, *vocabulary_columns) = fields
        ids = np.array(ids, np.int64)

        def positions(vehicle_ids: np.ndarray) -> np.ndarray:
            """Rows of the given vehicle ids; vehicles not in the index are left out."""
            found = np.searchsorted(ids, vehicle_ids)
            found = np.minimum(found, max(size - 1, 0))
            return found[ids[found] == vehicle_ids] if size else found[:0]

        facets = {
            key: _Facet(_id_codes(keys, named), [item.value for item in named])
            for key, keys, named in (
                ("brand", brand_id, vocabularies.brands),
                ("model", model_id, vocabularies.models),
                ("branch", location_id, vocabularies.branches),
            )
        }
        for (key, (_, vocabulary)), codes in zip(VOCABULARY_FACETS.items(), vocabulary_columns,
                                                 strict=True):
            facets[key] = _Facet(np.array(codes, _code_type(vocabulary)), list(vocabulary))

        numbers = {
            "mileage": np.array(mileage, np.float64),
            "year": np.array(year, np.float64),
            "power": np.array(power_hp, np.float64),
        }
        price_table = np.full((len(catalog.DEAL_TYPES), size), np.nan)
        if prices:
            vehicle_ids, codes, amounts = zip(*prices, strict=True)
            vehicle_ids, codes = np.array(vehicle_ids, np.int64), np.array(codes, np.int64)
            amounts = np.array(amounts, np.float64)  # None (no amount) becomes NaN
            known = (codes >= 0) & np.isin(vehicle_ids, ids)
            price_table[codes[known], positions(vehicle_ids[known])] = amounts[known]
        for code, deal_type in enumerate(catalog.DEAL_TYPES):
            numbers["price" if deal_type == "purchase" else deal_type] = price_table[code]
        monthly = price_table[1:]
        numbers["monthly"] = np.fmin.reduce(monthly, axis=0)  # NaN only where all are NaN

        # The day of the newest price drop as a day number (date.toordinal), NaN: none.
        numbers["price_drop"] = np.full(size, np.nan)
        if drops:
            vehicle_ids = np.array([vehicle_id for vehicle_id, _ in drops], np.int64)
            days = np.array([day.toordinal() for _, day in drops], np.float64)
            known = np.isin(vehicle_ids, ids)
            numbers["price_drop"][positions(vehicle_ids[known])] = days[known]

        bits = np.zeros(size, np.uint8)
        for group, vehicle_rows in equipment.items():
            vehicle_ids = np.array([row[0] for row in vehicle_rows], np.int64)
            bits[positions(vehicle_ids)] |= _GROUP_BIT[group]

        search_texts = sorted(set(search_text))
        return {
            "id": ids,
            "slug": list(slug),
            "version": list(version),
            "photo": list(photo),
            "power_kw": np.array(power_kw, np.int64),
            "vat_reportable": np.array(vat, bool),
            "numbers": numbers,
            "equipment": bits,
            "facets": facets,
            "search_code": _codes(list(search_text), search_texts),
            "search_texts": search_texts,
        }

    # --- searching -----------------------------------------------------------------

    def _distances(self, query: StockQuery) -> np.ndarray | None:
        """How far each branch (by its code) is from the search's place, in km; None
        without a place. A vehicle's distance is its branch's: the vehicles' distances
        are never computed one by one."""
        origin = query.origin
        if origin is None:
            return None
        return np.array([*branch_distances(self.vocabularies.branches, origin), math.inf])

    def _filter_masks(
        self, query: StockQuery, distances: np.ndarray | None = None
    ) -> tuple[np.ndarray | None, dict[str, np.ndarray]]:
        """The mask every result must pass (brand scope) and one mask per active filter."""
        scopes = []
        if query.scope_brand:
            scopes.append(self._facets["brand"].mask((query.scope_brand,)))
        if query.scope_deal:
            scopes.append(~np.isnan(self._numbers[query.scope_deal]))
        base = np.logical_and.reduce(scopes) if scopes else None
        masks: dict[str, np.ndarray] = {}
        for key, facet in self._facets.items():
            if values := getattr(query, key):
                masks[key] = facet.mask(values)
        if query.equipment:
            required = sum(_GROUP_BIT[group] for group in query.equipment)
            masks["equipment"] = (self._equipment & required) == required
        for key in RANGE_KEYS:
            low, high = getattr(query, key)
            values = self._range_values(query, key)
            # Comparisons with NaN (no such price) are false: those vehicles drop out.
            if low is not None and high is not None:
                masks[key] = (values >= low) & (values <= high)
            elif low is not None:
                masks[key] = values >= low
            elif high is not None:
                masks[key] = values <= high
        if terms := query.search_terms:
            matching = np.array(
                [all(term in text for term in terms) for text in self._search_texts] + [False]
            )
            masks["q"] = matching[self._search_code]
        if query.electric:
            masks["electric"] = self._facets["fuel"].mask(("electric",))
        if query.vat_reportable:
            masks["vat_reportable"] = self._vat
        if distances is not None and query.within is not None:
            masks["within"] = (distances <= query.within)[self._facets["branch"].codes]
        if query.price_lowered:
            masks["price_lowered"] = self._numbers["price_drop"] >= _first_recent_day()
        return base, masks

    def _range_values(self, query: StockQuery, key: str) -> np.ndarray:
        """The numbers a range filter reads: on a deal listing the monthly amount is that
        deal type's, elsewhere the lowest of the vehicle's monthly amounts."""
        if key == "monthly" and query.scope_deal:
            return self._numbers[query.scope_deal]
        return self._numbers[key]

    def _combine(self, base: np.ndarray | None, masks: dict, skip: str | None) -> np.ndarray:
        parts = [mask for key, mask in masks.items() if key != skip]
        if base is not None:
            parts.append(base)
        if not parts:
            return np.ones(self.size, bool)
        if len(parts) == 1:
            return parts[0]
        return np.logical_and.reduce(parts)

    def rows_of(self, vehicle_ids: list[int]) -> np.ndarray:
        """The mask of the rows of these vehicles (those available)."""
        return np.isin(self._ids, np.array(vehicle_ids, self._ids.dtype))

    def matching(self, query: StockQuery, among: np.ndarray) -> np.ndarray:
        """The rows within the mask ``among`` that ``query`` finds."""
        base, masks = self._filter_masks(query)
        return np.flatnonzero(self._combine(base, masks | {"among": among}, None))

    def cards(self, rows: np.ndarray) -> list[VehicleCard]:
        """The cards of these rows."""
        return self._cards(rows)

    def count(self, query: StockQuery) -> int:
        base, masks = self._filter_masks(query, self._distances(query))
        return int(np.count_nonzero(self._combine(base, masks, None)))

    def first(self, query: StockQuery, count: int) -> tuple[int, list[VehicleCard]]:
        """How many vehicles match and the first ``count`` of them in the query's order,
        without the facet counts and range bounds a listing page needs (the chat's
        answers)."""
        distances = self._distances(query)
        base, masks = self._filter_masks(query, distances)
        everything = self._combine(base, masks, None)
        total = int(np.count_nonzero(everything))
        rows = self._page_rows(everything, total, query.sort, 0, count, distances)
        return total, self._cards(rows, distances)

    def search(
        self, query: StockQuery, page: int | None = None, per_page: int = PER_PAGE
    ) -> StockResult:
        """One page of results with total, facet counts and range bounds; with a place,
        the counts per radius (facet "within") and each card's distance."""
        distances = self._distances(query)
        base, masks = self._filter_masks(query, distances)
        everything = self._combine(base, masks, None)
        matching = np.flatnonzero(everything)
        rows_of: dict[str, np.ndarray] = {}

        def others(key: str) -> np.ndarray:
            """Rows passing every filter except ``key``'s own (facets and range bounds)."""
            if key not in masks:
                return matching
            if key not in rows_of:
                rows_of[key] = np.flatnonzero(self._combine(base, masks, key))
            return rows_of[key]

        total = int(matching.size)
        pages = page_count(total, per_page)
        current = clamp_page(page if page is not None else query.page, pages)
        rows = self._page_rows(everything, total, query.sort, (current - 1) * per_page, per_page,
                               distances)
        facets = self._facet_counts(query, others)
        if distances is not None:
            facets["within"] = self._radius_counts(distances, others("within"))

        return StockResult(
            total=total,
            cards=self._cards(rows, distances),
            facets=facets,
            ranges={key: self._bounds(self._range_values(query, key).take(others(key)))
                    for key in RANGE_KEYS},
            page=current,
            pages=pages,
            per_page=per_page,
        )

    def _page_rows(
        self, everything: np.ndarray, total: int, sort: str, start: int, per_page: int,
        distances: np.ndarray | None = None,
    ) -> np.ndarray:
        """The rows of one page in sort order, scanning the sort order only as far as needed."""
        if sort == DISTANCE_SORT and distances is not None:
            return self._nearest_rows(everything, distances, start, per_page)
        order = self._orders.get(sort, self._orders[DEFAULT_SORT])  # nearest without a place
        wanted = min(start + per_page, total)
        if wanted <= 0:
            return order[:0]
        # Expected scan length for the matches' density, with some slack.
        step = min(self.size, int(wanted * self.size / total * 1.3) + 256)
        found: list[np.ndarray] = []
        have = 0
        for offset in range(0, self.size, step):
            chunk = order[offset:offset + step]
            hits = chunk[everything[chunk]]
            found.append(hits)
            have += hits.size
            if have >= wanted:
                break
        return np.concatenate(found)[start:wanted]

    def _nearest_rows(self, everything: np.ndarray, distances: np.ndarray, start: int,
                      count: int) -> np.ndarray:
        """Rows ``start`` to ``start + count`` of the matching ones, nearest first, then by
        vehicle id: branch by branch (branches equally far together), only as far as
        needed."""
        found: list[np.ndarray] = []
        have = 0
        for distance in np.unique(distances):
            codes = np.flatnonzero(distances == distance)
            rows = (self._branch_rows[codes[0]] if codes.size == 1
                    else np.sort(np.concatenate([self._branch_rows[code] for code in codes])))
            hits = rows[everything[rows]]
            found.append(hits)
            have += hits.size
            if have >= start + count:
                break
        return np.concatenate(found)[start:start + count]

    def _radius_counts(self, distances: np.ndarray, rows: np.ndarray) -> list[FacetOption]:
        """Per radius, how many of ``rows`` are at a branch within it."""
        branches = self._facets["branch"]
        tally = self._branch_totals if rows.size == self.size else np.bincount(
            branches.codes.take(rows), minlength=len(branches.vocabulary) + 1)
        slugs = branches.vocabulary
        return radius_options(dict(zip(slugs, distances.tolist(), strict=False)),
                              dict(zip(slugs, tally.tolist(), strict=False)))

    def _facet_counts(
        self, query: StockQuery, others: Callable[[str], np.ndarray]
    ) -> dict[str, list[FacetOption]]:
        facets = {}
        for key in FACET_ORDER:
            rows = others(key)
            if key == "equipment":
                combinations = np.bincount(self._equipment.take(rows), minlength=256)
                counts = {
                    group: int(combinations[_GROUP_COMBINATIONS[group]].sum())
                    for group in _EQUIPMENT_KEYS
                }
            else:
                facet = self._facets[key]
                tally = np.bincount(facet.codes.take(rows), minlength=len(facet.vocabulary) + 1)
                counts = dict(zip(facet.vocabulary, tally.tolist(), strict=False))
            facets[key] = self.vocabularies.facet_options(key, query, counts)
        return facets


    @staticmethod
    def _bounds(values: np.ndarray) -> tuple[int, int] | None:
        if not values.size:
            return None
        low, high = np.fmin.reduce(values), np.fmax.reduce(values)  # NaN-skipping
        if math.isnan(low):
            return None
        return range_bounds(float(low), float(high))

    def _cards(self, rows: np.ndarray, distances: np.ndarray | None = None
               ) -> list[VehicleCard]:
        """The cards of ``rows``: each column is read for all rows at once; with the
        branch distances of a place, each card's distance."""
        facets, numbers, vocabularies = self._facets, self._numbers, self.vocabularies

        def column(values: np.ndarray) -> list:
            return values.take(rows).tolist()

        def prices(key: str) -> list[float | None]:
            return [None if math.isnan(value) else value for value in column(numbers[key])]

        def words(key: str) -> list[str]:
            return [facets[key].vocabulary[code] for code in column(facets[key].codes)]

        dropped = (numbers["price_drop"].take(rows) >= _first_recent_day()).tolist()

        brands = [vocabularies.brands[code] for code in column(facets["brand"].codes)]
        models = [vocabularies.models[code] for code in column(facets["model"].codes)]
        branch_codes = column(facets["branch"].codes)
        branches = [vocabularies.branches[code] for code in branch_codes]
        far = ([None] * len(branch_codes) if distances is None
               else distances.take(branch_codes).tolist())
        fields = zip(
            column(self._ids), rows.tolist(), brands, models, branches,
            column(numbers["year"]), column(numbers["mileage"]), column(numbers["power"]),
            column(self._power_kw), column(self._vat), words("fuel"), words("transmission"),
            words("body_style"), words("condition"), words("colour"), prices("price"),
            prices("private_lease"), prices("business_lease"), prices("private_finance"),
            prices("business_finance"), far, dropped, strict=True,
        )
        return [
            VehicleCard(
                id=id_,
                slug=self._slug[row],
                brand_slug=brand.value,
                brand_name=brand.name,
                model_slug=model.value.split(".", 1)[1],
                model_name=model.name,
                version=self._version_text[row],
                year=int(year),
                mileage=int(mileage),
                fuel=fuel,
                transmission=transmission,
                power_hp=int(power_hp),
                power_kw=power_kw,
                body_style=body_style,
                condition=condition,
                colour=colour,
                photo_url=self._photo[row],
                price=price,
                private_lease=private_lease,
                business_lease=business_lease,
                private_finance=private_finance,
                business_finance=business_finance,
                vat_reportable=vat,
                branch_slug=branch.value,
                branch_name=branch.name,
                branch_city=branch.city or "",
                distance_km=distance,
                price_dropped=price_dropped,
            )
            for (id_, row, brand, model, branch, year, mileage, power_hp, power_kw, vat, fuel,
                 transmission, body_style, condition, colour, price, private_lease,
                 business_lease, private_finance, business_finance, distance,
                 price_dropped) in fields
        ]

    def similar(self, *, vehicle_id: int, model: str, body_style: str, fuel: str,
                price: float | None, monthly: float | None, branch: str,
                limit: int = SIMILAR_MAX) -> list[VehicleCard]:
        """The vehicles on offer most like the one described (``dealer.stock.similar``);
        ``model`` as the model filter writes it ("volkswagen.golf"), ``branch`` a slug."""

        def code(key: str, value: str) -> int:
            return self._code_of[key].get(value, len(self._facets[key].vocabulary))

        reference = Reference(
            id=vehicle_id, model=code("model", model), body_style=code("body_style", body_style),
            fuel=code("fuel", fuel), price=price, monthly=monthly, branch=code("branch", branch),
        )
        rows = similar_rows(self._candidates, reference, self._branch_ranks[reference.branch],
                            limit)
        return self._cards(rows)

    def cards_of(self, slugs: list[str]) -> list[VehicleCard]:
        """The cards of the vehicles ``slugs`` names that are on offer, in that order."""
        rows = [self._row_of_slug[slug] for slug in slugs if slug in self._row_of_slug]
        return self._cards(np.array(rows, np.int64))

    def quick_entry_counts(self, brand: str | None = None) -> dict[str, int]:
        """How many vehicles each quick-entry type finds."""
        return {
            kind: self.count(StockQuery.quick_entry(kind, brand=brand)) for kind in QUICK_ENTRIES
        }


def _first_recent_day() -> int:
    """The day number from which a price drop is recent: the index is built once per
    stock version, the day moves on by itself."""
    return price_history.first_recent_day(price_history.today()).toordinal()


# --- the index of this process --------------------------------------------------------

@dataclass
class _Slot:
    index: StockIndex | None = None
    checked_at: float = -math.inf
    rebuilding: bool = False


_lock = threading.Lock()
_slots: dict[str, _Slot] = {}  # by database URL


def get_index(engine: Engine | None = None) -> StockIndex:
    """This process's index of ``engine`` (default: the site's database), kept current.

    The stock version is looked up at most every ``CHECK_INTERVAL`` seconds; when it
    moved, a new index is built in a thread of its own while requests keep the current
    one, so changes made by any process (imports, status changes) show within that time
    plus one build (1.7 s at 100,000 vehicles), and no visitor waits for a build. Only
    the very first index is built on the request path: there is nothing to serve yet.
    """
    engine = engine or get_engine()
    key = engine.url.render_as_string(hide_password=False)
    slot = _slots.get(key)
    if slot is not None and slot.index is not None and (
        time.monotonic() - slot.checked_at < CHECK_INTERVAL
    ):
        return slot.index
    with _lock:
        slot = _slots.setdefault(key, _Slot())
        if slot.index is None or time.monotonic() - slot.checked_at >= CHECK_INTERVAL:
            with engine.connect() as connection:
                stored = current_version(connection)
            if slot.index is None:
                slot.index = StockIndex.build(engine)
            elif slot.index.version != stored and not slot.rebuilding:
                slot.rebuilding = True
                threading.Thread(target=_rebuild, args=(slot, engine), daemon=True,
                                 name="stock-index").start()
            slot.checked_at = time.monotonic()
        return slot.index


def _rebuild(slot: _Slot, engine: Engine) -> None:
    try:
        index = StockIndex.build(engine)
    except Exception:  # the current index stays; the next check tries again
        logger.exception("stock index rebuild failed")
        index = None
    with _lock:
        if index is not None:
            slot.index = index
        slot.rebuilding = False


def reset_index() -> None:
    """Forget the indexes of this process (tests, or after replacing a database)."""
    with _lock:
        _slots.clear()
