from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from dealer.stock.query import (
    DEFAULT_SORT,
    FILTER_DEFINITIONS,
    QUICK_ENTRIES,
    SORT_OPTIONS,
    StockQuery,
)
from dealer.stock.text import fold, search_terms, slugify


def test_parses_every_kind_of_filter() -> None:
    query = StockQuery.from_params({
        "q": "  Golf   GTI ",
        "brand": ["volkswagen", "audi"],
        "fuel": "petrol,diesel",
        "equipment": "towbar",
        "price_min": "10000",
        "price_max": "30000",
        "year_min": "2019",
        "electric": "1",
        "sort": "mileage_desc",
        "page": "3",
    })
    assert query.q == "Golf GTI"
    assert query.brand == ("audi", "volkswagen")
    assert query.fuel == ("diesel", "petrol")
    assert query.equipment == ("towbar",)
    assert query.price == (10000, 30000)
    assert query.year == (2019, None)
    assert query.electric is True
    assert query.sort == "mileage_desc"
    assert query.page == 3


@pytest.mark.parametrize(
    "params",
    [
        {"fuel": "rocket"},
        {"brand": "<script>alert(1)</script>"},
        {"price_min": "-5"},
        {"price_min": "1e9"},
        {"price_max": "abc"},
        {"mileage_max": "9999999999999"},
        {"sort": "price; DROP TABLE vehicle"},
        {"page": "0"},
        {"page": "-1"},
        {"page": "999999"},
        {"electric": "maybe"},
        {"model": "golf"},
        {"colour": ["", ",", " "]},
        {"unknown": "x"},
        {"q": ["", None]},
        {"brand": [None, 5]},
    ],
)
def test_hostile_values_are_ignored(params: dict) -> None:
    assert StockQuery.from_params(params) == StockQuery()


def test_never_raises_on_garbage_input() -> None:
    assert StockQuery.from_params(None) == StockQuery()  # type: ignore[arg-type]
    assert StockQuery.from_params({"q": "x" * 10_000}).q == "x" * 100


def test_swapped_range_bounds_are_put_in_order() -> None:
    assert StockQuery.from_params({"price_min": "30000", "price_max": "10000"}).price == (
        10000, 30000,
    )


def test_query_string_is_canonical_and_round_trips() -> None:
    first = StockQuery.from_params({"fuel": "petrol,diesel", "brand": "volkswagen", "q": "id 3",
                                    "sort": "year_asc", "power_max": "200"})
    second = StockQuery.from_params({"power_max": ["200"], "sort": "year_asc", "q": "id 3",
                                     "brand": ["volkswagen"], "fuel": ["diesel", "petrol"]})
    assert first.to_query_string() == second.to_query_string()
    assert first.to_query_string() == (
        "brand=volkswagen&fuel=diesel,petrol&power_max=200&q=id%203&sort=year_asc"
    )
    assert list(first.to_params()) == sorted(first.to_params())
    assert StockQuery.from_params(parse_qs(first.to_query_string())) == first


def test_defaults_are_left_out() -> None:
    assert StockQuery.from_params({"sort": DEFAULT_SORT, "page": "1"}).to_query_string() == ""


def test_pills_remove_exactly_their_value_and_reset_the_page() -> None:
    query = StockQuery.from_params(
        {"fuel": "petrol,diesel", "price_min": "5000", "price_max": "9000", "electric": "1",
         "q": "golf", "page": "4", "sort": "year_desc"}
    )
    pills = {(pill.key, pill.value, pill.bound): pill.query for pill in query.pills()}
    assert pills[("fuel", "diesel", None)] == (
        "electric=1&fuel=petrol&price_max=9000&price_min=5000&q=golf&sort=year_desc"
    )
    assert pills[("price", "5000", "min")] == (
        "electric=1&fuel=diesel,petrol&price_max=9000&q=golf&sort=year_desc"
    )
    assert pills[("price", "9000", "max")].endswith("price_min=5000&q=golf&sort=year_desc")
    assert pills[("electric", "1", None)].startswith("fuel=diesel,petrol")
    assert pills[("q", "golf", None)] == (
        "electric=1&fuel=diesel,petrol&price_max=9000&price_min=5000&sort=year_desc"
    )
    assert query.active_count == 6


def test_models_follow_the_chosen_brands() -> None:
    query = StockQuery.from_params({"brand": "audi", "model": "audi.q3,volkswagen.golf"})
    assert query.model == ("audi.q3",)
    # Unticking the brand drops its models too.
    assert query.toggle("brand", "audi").model == ("audi.q3",)
    assert query.toggle("brand", "audi").toggle("brand", "skoda").model == ()


def test_brand_scope_fixes_the_brand_outside_the_url() -> None:
    query = StockQuery.from_params(
        {"brand": "volkswagen", "model": "audi.a3-sportback,volkswagen.golf"}, brand="audi"
    )
    assert query.scope_brand == "audi"
    assert query.brand == ()
    assert query.brands == ("audi",)
    assert query.model == ("audi.a3-sportback",)
    assert query.to_query_string() == "model=audi.a3-sportback"
    assert StockQuery.from_params({}, brand="../etc").scope_brand is None


def test_quick_entries_are_filter_sets() -> None:
    assert set(QUICK_ENTRIES) == {"electric", "hybrid", "compact", "high_entry", "family",
                                  "company_car"}
    assert StockQuery.quick_entry("electric").electric is True
    assert StockQuery.quick_entry("high_entry").body_style == ("mpv", "suv")
    assert StockQuery.quick_entry("nonsense") == StockQuery()


def test_sort_options_cover_every_price_kind_both_ways_and_the_newest_drop() -> None:
    fields = {"mileage", "year", "price", "private_lease", "business_lease", "private_finance",
              "business_finance"}
    assert set(SORT_OPTIONS) == {f"{f}_{d}" for f in fields for d in ("asc", "desc")} | {
        "price_drop_desc"}
    assert StockQuery.from_params({"sort": "price_drop_desc"}).sort == "price_drop_desc"
    assert StockQuery.from_params({"sort": "price_drop_asc"}).sort == "price_asc"


def test_price_lowered_is_a_toggle() -> None:
    query = StockQuery.from_params({"price_lowered": "1"})
    assert query.price_lowered and query.to_params() == {"price_lowered": "1"}
    assert [pill.key for pill in query.pills()] == ["price_lowered"]
    assert not StockQuery.from_params({"price_lowered": ["yes please"]}).price_lowered


def test_filter_definitions_have_every_kind() -> None:
    kinds = {definition.kind for definition in FILTER_DEFINITIONS}
    assert kinds == {"checkbox", "range", "minmax", "search", "toggle", "place", "radius"}
    equipment = next(d for d in FILTER_DEFINITIONS if d.key == "equipment")
    assert equipment.options == ("towbar", "cruise_control", "parking", "airbags", "security",
                                 "air_conditioning")


def test_text_folding() -> None:
    assert fold("Škoda Kodiaq") == "skoda kodiaq"
    assert slugify("A5 Coupé 2.0 TFSI") == "a5-coupe-2-0-tfsi"
    assert search_terms("  Škoda  škoda OCTAVIA ") == ("skoda", "octavia")
