"""The stock search as plain SQL queries: the reference the in-memory index must equal.

One query for the total, one for the page, one per facet and one per range, each
with the filters written as SQL conditions. Used by the benchmark and the tests; the
site itself searches with ``dealer.stock.index``.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, Select, and_, case, exists, func, literal, or_, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import aliased

from dealer.stock import catalog, price_history
from dealer.stock.facets import (
    COLUMN_RANGES,
    FACET_ORDER,
    VOCABULARY_FACETS,
    Vocabularies,
    branch_distances,
    first_photo_url,
    price_drop_days,
    radius_options,
)
from dealer.stock.models import Brand, Location, Model, Vehicle, VehicleFeature, VehiclePrice
from dealer.stock.query import DEFAULT_SORT, DISTANCE_SORT, PER_PAGE, StockQuery
from dealer.stock.results import StockResult, VehicleCard, clamp_page, page_count, range_bounds

_DEAL_PRICES = {deal: aliased(VehiclePrice, name=deal) for deal in catalog.DEAL_TYPES}
_PRICE_COLUMNS = {
    "price": _DEAL_PRICES["purchase"].total_price,
    **{deal: _DEAL_PRICES[deal].monthly_installment for deal in catalog.MONTHLY_DEAL_TYPES},
}
_MONTHLY = (
    select(func.min(VehiclePrice.monthly_installment))
    .where(VehiclePrice.vehicle_id == Vehicle.id,
           VehiclePrice.deal_type.in_(catalog.MONTHLY_DEAL_TYPES))
    .scalar_subquery()
)
_RANGE_COLUMNS = {
    "price": _PRICE_COLUMNS["price"],
    "monthly": _MONTHLY,
    **{key: getattr(Vehicle, column) for key, column in COLUMN_RANGES.items()},
}
_DROPS = price_drop_days().subquery("drops")
_SORT_COLUMNS = {
    "price": _PRICE_COLUMNS["price"],
    "mileage": Vehicle.mileage,
    "year": Vehicle.year,
    **{deal: _PRICE_COLUMNS[deal] for deal in catalog.MONTHLY_DEAL_TYPES},
    "price_drop": _DROPS.c.day,
}


def _recent_drop() -> ColumnElement[bool]:
    return _DROPS.c.day >= price_history.first_recent_day(price_history.today())


def _from(statement: Select) -> Select:
    """The vehicle table with one outer-joined price row per deal type and its newest
    price drop."""
    statement = statement.select_from(Vehicle).outerjoin(_DROPS, _DROPS.c.vehicle_id == Vehicle.id)
    for deal_type, price in _DEAL_PRICES.items():
        statement = statement.outerjoin(
            price, and_(price.vehicle_id == Vehicle.id, price.deal_type == deal_type)
        )
    return statement


def _has_equipment(group: str) -> ColumnElement[bool]:
    return exists().where(
        VehicleFeature.vehicle_id == Vehicle.id,
        VehicleFeature.feature.in_(catalog.EQUIPMENT_FILTERS[group]),
    )


def _range_column(query: StockQuery, key: str) -> ColumnElement:
    """On a deal listing the monthly range reads that deal type's amount."""
    if key == "monthly" and query.scope_deal:
        return _PRICE_COLUMNS[query.scope_deal]
    return _RANGE_COLUMNS[key]


def _distances(query: StockQuery, vocabularies: Vocabularies) -> dict[str, float] | None:
    """Each branch's distance from the search's place, by slug; None without one."""
    origin = query.origin
    if origin is None:
        return None
    branches = vocabularies.branches
    return dict(zip((branch.value for branch in branches), branch_distances(branches, origin),
                    strict=True))


def _conditions(
    query: StockQuery, distances: dict[str, float] | None
) -> tuple[list, dict[str, ColumnElement[bool]]]:
    base: list = [Vehicle.available]
    if query.scope_brand:
        base.append(Brand.slug == query.scope_brand)
    if query.scope_deal:
        base.append(_PRICE_COLUMNS[query.scope_deal].is_not(None))
    conditions: dict[str, ColumnElement[bool]] = {}
    if query.brand:
        conditions["brand"] = Brand.slug.in_(query.brand)
    if query.model:
        conditions["model"] = or_(*(
            and_(Brand.slug == brand, Model.slug == model)
            for brand, model in (value.split(".", 1) for value in query.model)
        ))
    if query.branch:
        conditions["branch"] = Location.slug.in_(query.branch)
    for key, (column, _) in VOCABULARY_FACETS.items():
        if values := getattr(query, key):
            conditions[key] = getattr(Vehicle, column).in_(values)
    if query.equipment:
        conditions["equipment"] = and_(*(_has_equipment(group) for group in query.equipment))
    for key in _RANGE_COLUMNS:
        column = _range_column(query, key)
        low, high = getattr(query, key)
        parts = [column.is_not(None)]
        if low is not None:
            parts.append(column >= low)
        if high is not None:
            parts.append(column <= high)
        if len(parts) > 1:
            conditions[key] = and_(*parts)
    if terms := query.search_terms:
        conditions["q"] = and_(*(Vehicle.search_text.contains(t, autoescape=True) for t in terms))
    if query.electric:
        conditions["electric"] = Vehicle.fuel == "electric"
    if query.vat_reportable:
        conditions["vat_reportable"] = Vehicle.vat_reportable
    if distances is not None and query.within is not None:
        conditions["within"] = Location.slug.in_(
            [slug for slug, distance in distances.items() if distance <= query.within])
    if query.price_lowered:
        conditions["price_lowered"] = _recent_drop()
    return base, conditions


def _where(
    base: list, conditions: dict[str, ColumnElement[bool]], skip: str | None = None
) -> ColumnElement[bool]:
    return and_(*base, *(condition for key, condition in conditions.items() if key != skip))


def _joined(statement: Select) -> Select:
    return (
        _from(statement)
        .join(Brand, Brand.id == Vehicle.brand_id)
        .join(Model, Model.id == Vehicle.model_id)
        .join(Location, Location.id == Vehicle.location_id)
    )


def _float(value: object) -> float | None:
    return None if value is None else float(value)


def search(
    connection: Connection | Engine,
    query: StockQuery,
    page: int | None = None,
    per_page: int = PER_PAGE,
    *,
    summary: Summary | None = None,
) -> StockResult:
    """The same result as ``StockIndex.search``, computed by the database. ``summary``:
    the facets and ranges of the same filters (``summarise``), when a caller has them."""
    if isinstance(connection, Engine):
        with connection.connect() as opened:
            return search(opened, query, page, per_page, summary=summary)
    vocabularies = Vocabularies.load(connection)
    distances = _distances(query, vocabularies)
    base, conditions = _conditions(query, distances)
    everything = _where(base, conditions)

    total = connection.execute(_joined(select(func.count(Vehicle.id))).where(everything)).scalar()
    pages = page_count(total, per_page)
    current = clamp_page(page if page is not None else query.page, pages)
    if query.sort == DISTANCE_SORT and distances is not None:
        ordering = case(distances, value=Location.slug).asc()
    else:
        sort = DEFAULT_SORT if query.sort == DISTANCE_SORT else query.sort
        field, direction = sort.rsplit("_", 1)
        sort_column = _SORT_COLUMNS[field]
        ordering = sort_column.desc() if direction == "desc" else sort_column.asc()
    ids = connection.execute(
        _joined(select(Vehicle.id))
        .where(everything)
        .order_by(ordering.nulls_last(), Vehicle.id)
        .limit(per_page)
        .offset((current - 1) * per_page)
    ).scalars().all()
    facets, ranges = summary or _summary(connection, query, vocabularies, distances, base,
                                         conditions)
    return StockResult(
        total=total,
        cards=_cards(connection, ids, distances),
        facets=facets,
        ranges=ranges,
        page=current,
        pages=pages,
        per_page=per_page,
    )


# A search's facets and ranges: neither depends on the order or the page.
Summary = tuple[dict, dict]


def summarise(connection: Connection | Engine, query: StockQuery) -> Summary:
    if isinstance(connection, Engine):
        with connection.connect() as opened:
            return summarise(opened, query)
    vocabularies = Vocabularies.load(connection)
    distances = _distances(query, vocabularies)
    return _summary(connection, query, vocabularies, distances, *_conditions(query, distances))


def _summary(connection: Connection, query: StockQuery, vocabularies: Vocabularies,
             distances: dict[str, float] | None, base: list,
             conditions: dict[str, ColumnElement[bool]]) -> Summary:
    facets = {}
    for key in FACET_ORDER:
        where = _where(base, conditions, key)
        if key == "equipment":
            counts = {
                group: connection.execute(
                    _joined(select(func.count(Vehicle.id))).where(where, _has_equipment(group))
                ).scalar()
                for group in catalog.EQUIPMENT_FILTERS
            }
            facets[key] = vocabularies.facet_options(key, query, counts)
            continue
        if key == "model":
            column = Brand.slug + literal(".") + Model.slug
        else:
            column = {"brand": Brand.slug, "branch": Location.slug}.get(key)
            if column is None:
                column = getattr(Vehicle, VOCABULARY_FACETS[key][0])
        counts = dict(connection.execute(
            _joined(select(column, func.count(Vehicle.id))).where(where).group_by(column)
        ).all())
        facets[key] = vocabularies.facet_options(key, query, counts)
    if distances is not None:
        counts = dict(connection.execute(
            _joined(select(Location.slug, func.count(Vehicle.id)))
            .where(_where(base, conditions, "within")).group_by(Location.slug)
        ).all())
        facets["within"] = radius_options(distances, counts)

    ranges = {}
    for key in _RANGE_COLUMNS:
        column = _range_column(query, key)
        low, high = connection.execute(
            _joined(select(func.min(column), func.max(column))).where(_where(base, conditions, key))
        ).one()
        ranges[key] = range_bounds(_float(low), _float(high))
    return facets, ranges


def _cards(connection: Connection, ids: list[int], distances: dict[str, float] | None
           ) -> list[VehicleCard]:
    if not ids:
        return []
    columns = (
        Vehicle.id, Vehicle.slug, Brand.slug, Brand.name, Model.slug, Model.name,
        Vehicle.version, Vehicle.year, Vehicle.mileage, Vehicle.fuel, Vehicle.transmission,
        Vehicle.power_hp, Vehicle.power_kw, Vehicle.body_style, Vehicle.condition,
        Vehicle.exterior_colour, first_photo_url(), Vehicle.vat_reportable, Location.slug,
        Location.name, Location.city, _recent_drop(), *_PRICE_COLUMNS.values(),
    )
    rows = connection.execute(_joined(select(*columns)).where(Vehicle.id.in_(ids))).all()
    by_id = {row[0]: row for row in rows}
    cards = []
    for vehicle_id in ids:
        (id_, slug, brand_slug, brand_name, model_slug, model_name, version, year, mileage, fuel,
         transmission, power_hp, power_kw, body_style, condition, colour, photo_url, vat,
         branch_slug, branch_name, branch_city, dropped, price, *monthly) = by_id[vehicle_id]
        cards.append(VehicleCard(
            id=id_, slug=slug, brand_slug=brand_slug, brand_name=brand_name,
            model_slug=model_slug, model_name=model_name, version=version, year=year,
            mileage=mileage, fuel=fuel, transmission=transmission, power_hp=power_hp,
            power_kw=power_kw, body_style=body_style, condition=condition, colour=colour,
            photo_url=photo_url, price=_float(price), vat_reportable=bool(vat),
            branch_slug=branch_slug, branch_name=branch_name, branch_city=branch_city,
            distance_km=None if distances is None else distances[branch_slug],
            price_dropped=bool(dropped),
            **dict(zip(catalog.MONTHLY_DEAL_TYPES, map(_float, monthly), strict=True)),
        ))
    return cards
