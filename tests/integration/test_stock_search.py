from __future__ import annotations

import html
import time
from collections.abc import Callable

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine

from dealer.stock import index as index_module
from dealer.stock.index import StockIndex, get_index
from dealer.stock.models import Vehicle
from dealer.stock.query import SORT_OPTIONS, StockQuery
from dealer.stock.results import StockResult
from dealer.stock.version import bump_stock_version
from tests import stock_sql_reference as sql_search


@pytest.fixture(scope="module")
def index(stock_engine: Engine) -> StockIndex:
    return StockIndex.build(stock_engine)


QUERIES = [
    {},
    {"brand": "volkswagen,skoda", "fuel": "petrol,diesel", "price_max": "35000"},
    {"body_style": "suv", "transmission": "automatic", "year_min": "2020"},
    {"fuel": "electric", "mileage_max": "60000", "equipment": "towbar"},
    {"equipment": "parking,cruise_control,security"},
    {"brand": "audi", "colour": "black,grey", "monthly_max": "600"},
    {"monthly_min": "300", "monthly_max": "450", "condition": "used"},
    {"q": "golf tsi", "condition": "used"},
    {"q": "ŠKODA octavia"},
    {"q": "no such car"},
    {"q": "100%_"},
    {"model": "skoda.octavia-combi,skoda.kodiaq", "brand": "skoda", "power_min": "140"},
    {"branch": "utrecht,koeln", "drive": "four"},
    {"electric": "1", "vat_reportable": "1"},
    {"price_lowered": "1", "fuel": "petrol,diesel"},
    {"price_min": "999999"},
    {"brand": "unknown-brand"},
]


@pytest.mark.parametrize("params", QUERIES)
@pytest.mark.parametrize("sort", ["price_asc", "private_lease_desc", "mileage_desc",
                                  "price_drop_desc"])
def test_index_equals_sql(
    index: StockIndex, stock_engine: Engine, summaries: Callable[[dict], sql_search.Summary],
    params: dict, sort: str
) -> None:
    query = StockQuery.from_params({**params, "sort": sort})
    for page in (1, 2):
        assert index.search(query, page=page) == sql_search.search(
            stock_engine, query, page=page, summary=summaries(params))


def deal_listing(index: StockIndex, engine: Engine, params: dict, deal: str) -> StockResult:
    """Every vehicle of a deal listing, by its own monthly amount; the same as SQL finds."""
    query = StockQuery.from_params({**params, "sort": f"{deal}_asc"}, deal=deal)
    result = index.search(query, per_page=2_000)
    assert result == sql_search.search(engine, query, per_page=2_000)
    return result


@pytest.mark.parametrize("deal", ["private_lease", "business_finance"])
def test_deal_listing_holds_only_vehicles_offered_that_way(
    index: StockIndex, stock_engine: Engine, deal: str
) -> None:
    result = deal_listing(index, stock_engine, {"fuel": "diesel"}, deal)
    assert 0 < result.total < index.count(StockQuery.from_params({"fuel": "diesel"}))
    assert all(getattr(card, deal) is not None for card in result.cards)


@pytest.mark.parametrize("deal", ["private_lease", "private_finance"])
def test_a_monthly_budget_on_a_deal_listing_is_that_deal_types_amount(
    index: StockIndex, stock_engine: Engine, deal: str
) -> None:
    result = deal_listing(index, stock_engine, {"monthly_max": "400"}, deal)
    assert result.total > 0
    assert all(getattr(card, deal) <= 400 for card in result.cards)
    # Elsewhere the budget takes a vehicle's lowest monthly amount, of any deal type.
    anywhere = index.search(StockQuery.from_params({"monthly_max": "400"}), per_page=2_000)
    assert any(card.slug not in {c.slug for c in result.cards} and getattr(card, deal)
               for card in anywhere.cards)


@pytest.mark.parametrize("params", QUERIES)
def test_the_first_cars_are_the_first_page_without_its_facets(index: StockIndex,
                                                              params: dict) -> None:
    query = StockQuery.from_params({**params, "sort": "private_lease_asc"})
    page = index.search(query, page=1, per_page=3)
    assert index.first(query, 3) == (page.total, page.cards)


# The newest drop's order is checked in test_price_history.py: a card has no drop day.
@pytest.mark.parametrize("sort", [sort for sort in SORT_OPTIONS if sort != "price_drop_desc"])
def test_every_sort_equals_sql_and_orders(
    index: StockIndex, stock_engine: Engine, sort: str
) -> None:
    query = StockQuery.from_params({"sort": sort, "page": "5"})
    result = index.search(query)
    assert result == sql_search.search(stock_engine, query)
    field, direction = sort.rsplit("_", 1)
    values = [getattr(card, field) for card in index.search(query, per_page=2_000).cards]
    present = [value for value in values if value is not None]
    assert present == sorted(present, reverse=direction == "desc")
    # Vehicles without that price come last.
    assert values[: len(present)] == present


def test_brand_scope_equals_sql(index: StockIndex, stock_engine: Engine) -> None:
    query = StockQuery.from_params({"fuel": "diesel"}, brand="audi")
    result = index.search(query)
    assert result == sql_search.search(stock_engine, query)
    assert {card.brand_slug for card in result.cards} == {"audi"}
    assert all(option.value.startswith("audi.") for option in result.facets["model"])


def test_facets_count_with_all_other_filters(index: StockIndex) -> None:
    everything = index.search(StockQuery())
    audi = index.search(StockQuery.from_params({"brand": "audi"}))
    brand_counts = {option.value: option.count for option in audi.facets["brand"]}
    # The brand facet ignores the brand filter itself: every brand keeps its count.
    assert brand_counts == {option.value: option.count for option in everything.facets["brand"]}
    assert audi.total == brand_counts["audi"]
    # Other facets count Audis only.
    assert sum(option.count for option in audi.facets["condition"]) == audi.total
    # Options without matches are listed with 0 so they can be shown disabled.
    electric_audi = index.search(StockQuery.from_params({"brand": "audi", "fuel": "electric"}))
    fuel_counts = {option.value: option.count for option in electric_audi.facets["fuel"]}
    assert fuel_counts["hybrid"] == 0 and "hybrid" in fuel_counts
    assert {o.value for o in electric_audi.facets["model"]} == {
        o.value for o in audi.facets["model"]
    }


def test_ticking_an_option_gives_its_count(index: StockIndex) -> None:
    base = StockQuery.from_params({"body_style": "suv"})
    result = index.search(base)
    for option in result.facets["fuel"]:
        assert index.search(base.toggle("fuel", option.value)).total == option.count
    for option in result.facets["equipment"]:
        assert index.search(base.toggle("equipment", option.value)).total == option.count


def test_ranges_and_cards(index: StockIndex) -> None:
    result = index.search(StockQuery.from_params({"price_max": "20000", "sort": "price_desc"}))
    low, high = result.ranges["price"]
    assert low <= 20000 < high  # the price range ignores its own filter
    assert all(card.price <= 20000 for card in result.cards)
    card = result.cards[0]
    assert card.slug.startswith(f"{card.brand_slug}-{card.model_slug}-")
    assert card.photo_url.startswith("/vehicles/") and card.branch_name
    assert index.search(StockQuery.from_params({"q": "nothing at all"})).ranges["price"] is None


def test_pagination(index: StockIndex) -> None:
    result = index.search(StockQuery())
    assert len(result.cards) == 24
    assert result.pages == -(-result.total // 24)
    last = index.search(StockQuery.from_params({"page": str(result.pages)}))
    assert len(last.cards) == result.total - 24 * (result.pages - 1)
    beyond = index.search(StockQuery.from_params({"page": "9999"}))
    assert beyond.page == result.pages and beyond.cards == last.cards
    seen = {card.id for page in range(1, 4)
            for card in index.search(StockQuery(), page=page).cards}
    assert len(seen) == 72


def test_quick_entry_counts(index: StockIndex) -> None:
    counts = index.quick_entry_counts()
    assert counts["electric"] == index.search(StockQuery.from_params({"fuel": "electric"})).total
    assert all(count > 0 for count in counts.values())


def test_index_follows_stock_changes(
    fresh_stock_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = get_index(fresh_stock_engine)
    assert get_index(fresh_stock_engine) is first
    slug = first.search(StockQuery()).cards[0].slug
    with fresh_stock_engine.begin() as connection:
        connection.execute(update(Vehicle).where(Vehicle.slug == slug).values(available=False))
        bump_stock_version(connection)
    # Within the check interval the process keeps its index ...
    assert get_index(fresh_stock_engine) is first
    # ... after it, requests keep it while the new one is built beside them ...
    monkeypatch.setattr(index_module, "CHECK_INTERVAL", 0.0)
    time.sleep(0.01)
    assert get_index(fresh_stock_engine) is first
    # ... and then the change is there.
    deadline = time.monotonic() + 10
    while (second := get_index(fresh_stock_engine)) is first and time.monotonic() < deadline:
        time.sleep(0.01)
    assert second.version == first.version + 1
    assert second.size == first.size - 1
    assert slug not in {card.slug for card in second.search(StockQuery(), per_page=500).cards}
    assert second.search(StockQuery()) == sql_search.search(fresh_stock_engine, StockQuery())


@pytest.mark.parametrize(("params", "deal"), [
    ({"display": "private_lease", "sort": "price_asc"}, None),
    ({"display": "business_lease", "sort": "price_desc"}, None),
    ({}, "private_finance"),  # a deal listing sorts by its own monthly price
])
def test_sorting_by_price_follows_the_price_the_cards_show(
    monkeypatch: pytest.MonkeyPatch, index: StockIndex, params: dict, deal: str | None
) -> None:
    from dealer.views import stock as listing

    monkeypatch.setattr(listing, "get_index", lambda: index)
    shown = listing.stock_listing(params, "nl", listing.Scope(deal=deal))
    display = deal or params["display"]
    amounts = [float(card.price.split()[1].replace(".", "").replace(",", "."))
               for card in shown["card_values"] if card.price_label]
    expected = sorted(amounts, reverse=params.get("sort", "").endswith("desc"))
    assert len(amounts) > 10 and amounts == expected, display


@pytest.mark.parametrize(("locale", "shown", "hidden"), [
    ("de", "Volkswagen Nutzfahrzeuge", "Bedrijfswagens"),
    ("nl", "Volkswagen Bedrijfswagens", "Nutzfahrzeuge"),
])
def test_brand_names_follow_the_language(
    monkeypatch: pytest.MonkeyPatch, index: StockIndex, locale: str, shown: str, hidden: str
) -> None:
    from dealer.views import stock as listing

    monkeypatch.setattr(listing, "get_index", lambda: index)
    page = listing.stock_listing({"brand": "volkswagen-bedrijfswagens"}, locale)
    (brands,) = [group for group in page["filters"] if group.key == "brand"]
    labels = [option.label for option in brands.options]
    assert shown in labels and not any(hidden in label for label in labels)
    assert page["card_values"] and all(card.title.startswith(shown)
                                       for card in page["card_values"])
    assert f"{html.escape(shown)}<svg" in page["pills"]  # the pill names the brand


def test_a_page_view_searches_the_stock_once(monkeypatch: pytest.MonkeyPatch,
                                             index: StockIndex, stock_engine: Engine) -> None:
    """The served page, the app's load and analytics build the same listing: one search,
    until the URL, the reservations or the stock (a new index) differ."""
    from dealer.views import stock as listing

    searches = []

    def counted(index: StockIndex) -> StockIndex:
        search = index.search
        monkeypatch.setattr(index, "search", lambda *args, **kw: searches.append(index)
                            or search(*args, **kw))
        return index

    current = counted(index)
    monkeypatch.setattr(listing, "get_index", lambda: current)
    first = listing.stock_listing({"fuel": "electric"}, "nl")
    assert listing.stock_listing({"fuel": "electric"}, "nl") is first
    assert len(searches) == 1
    listing.stock_listing({"fuel": "electric"}, "de")
    listing.stock_listing({"fuel": "electric", "page": "2"}, "nl")
    slug = first["card_values"][0].slug
    reserved = listing.stock_listing({"fuel": "electric"}, "nl", reserved={slug})
    assert reserved["card_values"][0].reserved and not first["card_values"][0].reserved
    assert len(searches) == 4
    current = counted(StockIndex.build(stock_engine))  # the stock changed
    assert listing.stock_listing({"fuel": "electric"}, "nl") == first
    assert searches[4:] == [current]
