"""The distance filter on the demo stock in SQLite: the index equals plain SQL, the border
is crossed both ways, and the page says what it found in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from sqlalchemy.engine import Engine

from dealer.stock.index import StockIndex
from dealer.stock.query import DISTANCE_SORT, RADII, StockQuery
from dealer.views import stock as listing
from tests import stock_sql_reference as sql_search


@pytest.fixture(scope="module")
def index(stock_engine: Engine) -> StockIndex:
    return StockIndex.build(stock_engine)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch, index: StockIndex):
    """The stock overview's values for a URL's query, in a language."""
    monkeypatch.setattr(listing, "get_index", lambda: index)
    return lambda params, locale: listing.stock_listing(params, locale)


@pytest.mark.parametrize("params", [
    {"near": "47533", "within": "25"},
    {"near": "6511 AB", "within": "50", "fuel": "diesel,petrol"},
    {"near": "Köln", "within": "100", "brand": "volkswagen", "price_max": "40000"},
    {"near": "Nijmegen"},  # distances without a radius
    {"near": "Atlantis", "within": "25"},  # not found: no radius
])
@pytest.mark.parametrize("sort", [DISTANCE_SORT, "price_desc"])
def test_index_equals_sql(index: StockIndex, stock_engine: Engine,
                          summaries: Callable[[dict], sql_search.Summary], params: dict,
                          sort: str) -> None:
    query = StockQuery.from_params({**params, "sort": sort})
    for page in (1, 3):
        assert index.search(query, page=page) == sql_search.search(
            stock_engine, query, page=page, summary=summaries(params))


def branches(index: StockIndex, params: dict) -> set[str]:
    result = index.search(StockQuery.from_params(params), per_page=2_000)
    assert result.total <= 2_000
    return {card.branch_slug for card in result.cards}


def test_the_border_is_crossed_both_ways(index: StockIndex) -> None:
    # 47533 Kleve (DE): the Dutch branches of Nijmegen (23 km) and Arnhem (25 km).
    assert branches(index, {"near": "47533", "within": "25"}) == {"kleve", "nijmegen", "arnhem"}
    # 6511 Nijmegen (NL): the German branch of Kleve (19 km).
    assert branches(index, {"near": "6511", "within": "25"}) == {"nijmegen", "arnhem", "kleve"}
    # Venlo (NL): Duisburg (42 km) and Düsseldorf (49 km) in Germany.
    assert branches(index, {"near": "Venlo", "within": "50", "brand": "volkswagen"}) >= {
        "venlo", "duisburg"}


def test_radius_counts_are_what_each_radius_shows(index: StockIndex) -> None:
    query = StockQuery.from_params({"near": "Eindhoven", "within": "50", "fuel": "diesel"})
    result = index.search(query)
    counts = [option.count for option in result.facets["within"]]
    assert counts == sorted(counts) and counts[-1] > counts[0] > 0
    for radius, count in zip(RADII, counts, strict=True):
        within = index.search(query.replace(within=radius), per_page=2_000)
        assert within.total == count
        assert all(card.distance_km <= radius and card.fuel == "diesel"
                   for card in within.cards)


@pytest.mark.parametrize(("locale", "nearest", "radius", "about"), [
    ("nl", "Afstand (dichtstbij eerst)", "Binnen 25 km", "ca. "),
    ("de", "Entfernung (nächste zuerst)", "Im Umkreis von 25 km", "ca. "),
])
def test_the_overview_offers_radii_nearest_first_and_distances(
        shown, locale: str, nearest: str, radius: str, about: str) -> None:
    page = shown({"near": "47533", "within": "25", "sort": DISTANCE_SORT}, locale)
    (group,) = [group for group in page["filters"] if group.kind == "distance"]
    assert group.text == "47533"
    options = {option.label: option for option in group.options}
    assert options[radius].checked and options[radius].count == page["total"]
    assert options[radius].href.endswith("?near=47533")  # unticks it
    # The app is sent the radii as their links only, the same HTML the served page has.
    assert group.links.count('role="radio"') == len(group.options) == 4
    (sent,) = [group for group in page["controls"] if group.kind == "distance"]
    assert sent.options == [] and sent.links == group.links
    assert page["sorts"][0].label == nearest
    kilometres = [int(re.fullmatch(rf"{about}(\d+) km", card.distance).group(1))
                  for card in page["card_values"]]
    assert kilometres == sorted(kilometres) and kilometres[0] == 1 and kilometres[-1] <= 25
    assert re.search(rf"{radius}<svg", page["pills"])


@pytest.mark.parametrize(("locale", "message", "sort"), [
    ("nl", "We konden „Atlantis” niet vinden.", "Prijs (laag naar hoog)"),
    ("de", "„Atlantis“ haben wir nicht gefunden.", "Preis (aufsteigend)"),
])
def test_an_unknown_place_is_said_on_the_page(shown, locale: str, message: str,
                                              sort: str) -> None:
    page = shown({"near": "Atlantis", "within": "50", "sort": DISTANCE_SORT}, locale)
    assert message in page["pills"] and 'role="status"' in page["pills"]
    assert page["total"] == shown({}, locale)["total"]
    assert page["query"] == "near=Atlantis" and page["sort"] == "price_asc"
    (group,) = [group for group in page["filters"] if group.kind == "distance"]
    assert group.options == [] and group.text == "Atlantis"
    assert page["sorts"][0].label == sort


@pytest.mark.parametrize(("locale", "nearest", "cheapest"), [
    ("nl", "Afstand (dichtstbij eerst)", "Prijs (laag naar hoog)"),
    ("de", "Entfernung (nächste zuerst)", "Preis (aufsteigend)"),
])
def test_a_place_typed_without_an_order_lists_the_nearest_first(
        shown, locale: str, nearest: str, cheapest: str) -> None:
    page = shown({"near": "Nijmegen"}, locale)
    assert page["sort"] == DISTANCE_SORT and page["query"] == "near=Nijmegen"
    # The order control says so, in the served page and the app alike (the same HTML).
    assert "<summary" in page["sort_menu"] and f"<span>{nearest}</span>" in page["sort_menu"]
    kilometres = distances_of(page)
    assert kilometres == sorted(kilometres)
    # Another order chosen is kept in its link; 'nearest first' is the place's own link.
    links = {link.label: link.href for link in page["sorts"]}
    assert links[cheapest].endswith("?near=Nijmegen&sort=price_asc")
    assert links[nearest].endswith("?near=Nijmegen")
    by_price = shown({"near": "Nijmegen", "sort": "price_asc"}, locale)
    assert by_price["sort"] == "price_asc" and f"<span>{cheapest}</span>" in by_price["sort_menu"]
    assert max(distances_of(by_price)) > max(kilometres)


def distances_of(page: dict) -> list[int]:
    return [int(re.search(r"(\d+) km", card.distance).group(1)) for card in page["card_values"]]
