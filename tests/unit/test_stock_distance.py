"""The stock's distance filter: the place a visitor types, the radius with its counts, the
order nearest first and each card's distance, across the Dutch-German border."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.i18n import format_distance
from dealer.locations.lookup import MAX_PLACE_LENGTH, locate
from dealer.locations.places import Place, distance_km
from dealer.stock import catalog
from dealer.stock.demo import BRANCHES
from dealer.stock.facets import VOCABULARY_FACETS, Named, Vocabularies, radius_options
from dealer.stock.index import StockIndex
from dealer.stock.query import DEFAULT_SORT, DISTANCE_SORT, RADII, SORT_OPTIONS, StockQuery
from dealer.views.stock import card_html, card_values, place_notice, sort_options

# Branches on both sides of the border; their places are the demo branches'.
NEAR_THE_BORDER = ("nijmegen", "arnhem", "kleve", "venlo", "koeln")
VEHICLES_PER_BRANCH = 4


def border_index() -> StockIndex:
    """An index of a few vehicles at each branch of NEAR_THE_BORDER; vehicle ids take the
    branches in turn, so id order and distance order differ."""
    places = {branch.slug: branch for branch in BRANCHES}
    branches = [Named(number, slug, places[slug].city, city=places[slug].city,
                      latitude=places[slug].latitude, longitude=places[slug].longitude)
                for number, slug in enumerate(NEAR_THE_BORDER, start=1)]
    vocabularies = Vocabularies([Named(1, "volkswagen", "Volkswagen")],
                                [Named(1, "volkswagen.golf", "Golf", 1)], branches)
    size = VEHICLES_PER_BRANCH * len(branches)
    rows = [(vehicle_id, f"volkswagen-golf-{vehicle_id}", 1, 1, "1.5 TSI", "volkswagen golf",
             branches[vehicle_id % len(branches)].id, 10_000 + vehicle_id, 2022, 150, 110,
             False, None, *(0 for _ in VOCABULARY_FACETS))
            for vehicle_id in range(1, size + 1)]
    prices = [(vehicle_id, 0, 20_000.0 + vehicle_id) for vehicle_id in range(1, size + 1)]
    equipment = {group: [] for group in catalog.EQUIPMENT_FILTERS}
    return StockIndex(1, vocabularies, StockIndex._columns(vocabularies, rows, prices,
                                                           equipment, []))


INDEX = border_index()


def branches_found(params: dict) -> set[str]:
    result = INDEX.search(StockQuery.from_params(params), per_page=100)
    return {card.branch_slug for card in result.cards}


# --- the place and the distance ------------------------------------------------------


def test_distance_is_the_great_circle_distance() -> None:
    amsterdam = Place("Amsterdam", 52.3676, 4.9041, 0)
    assert distance_km(52.52, 13.405, amsterdam) == pytest.approx(577, abs=3)  # Berlin
    assert distance_km(52.3676, 4.9041, amsterdam) == 0


@pytest.mark.parametrize(("text", "named"), [
    ("Kleve", "Kleve"),
    ("  nijmegen ", "nijmegen"),  # a town is named as written, spaces tidied
    ("Koeln", "Koeln"),
    ("47533", "47533 Kleve"),  # a German postcode, named with its place
    ("D-47533", "47533 Kleve"),
    ("6511", "6511 Nijmegen"),  # a Dutch postcode area
    ("6511 AB", "6511 Nijmegen"),
])
def test_a_town_or_postcode_is_a_place(text: str, named: str) -> None:
    place = locate(text)
    assert place is not None and place.name == named


@pytest.mark.parametrize("garbage", [
    None, 5, ["Kleve"], "", " ", "k", "xyzzy", "0000", "99999", "<script>alert(1)</script>",
    "Kleve\x00", "🙂🙂", "Kleve" * 100, "1" * 10_000,
])
def test_anything_else_is_no_place(garbage: object) -> None:
    assert locate(garbage) is None


# --- the radius: across the border ------------------------------------------------------


def test_a_german_postcode_near_the_border_finds_dutch_branches_vehicles() -> None:
    # 47533 Kleve: Nijmegen is 23 km away, Arnhem 25 km, Venlo 47 km.
    assert branches_found({"near": "47533", "within": "25"}) == {"kleve", "nijmegen", "arnhem"}
    assert branches_found({"near": "47533", "within": "50"}) == {"kleve", "nijmegen", "arnhem",
                                                                  "venlo"}


def test_a_dutch_postcode_near_the_border_finds_a_german_branchs_vehicles() -> None:
    # 6511 Nijmegen: Kleve is 19 km away, Köln 127 km.
    assert branches_found({"near": "6511", "within": "25"}) == {"nijmegen", "arnhem", "kleve"}
    assert "koeln" not in branches_found({"near": "6511", "within": "100"})
    assert branches_found({"near": "6511", "within": "200"}) == set(NEAR_THE_BORDER)


def test_towns_on_either_side_find_the_other_sides_branches() -> None:
    assert "kleve" in branches_found({"near": "Nijmegen", "within": "25"})
    assert "venlo" in branches_found({"near": "Nettetal", "within": "25"})  # German, by Venlo


def test_nearest_first_then_by_vehicle_id_with_each_cards_distance() -> None:
    query = StockQuery.from_params({"near": "47533", "sort": DISTANCE_SORT})
    cards = INDEX.search(query, per_page=100).cards
    assert len(cards) == INDEX.size
    distances = [card.distance_km for card in cards]
    assert distances == sorted(distances)
    assert [card.branch_slug for card in cards[:VEHICLES_PER_BRANCH]] == ["kleve"] * 4
    ids = [card.id for card in cards[:VEHICLES_PER_BRANCH]]
    assert ids == sorted(ids)
    # Pages continue where the previous one ended.
    first, second = (INDEX.search(query, page=page, per_page=6).cards for page in (1, 2))
    assert first + second == cards[:12]
    assert INDEX.first(query, 3) == (INDEX.size, cards[:3])


def test_without_a_place_cards_have_no_distance() -> None:
    assert all(card.distance_km is None for card in INDEX.search(StockQuery()).cards)
    assert "within" not in INDEX.search(StockQuery()).facets


# --- counts per radius -------------------------------------------------------------------


def test_each_radius_counts_what_choosing_it_shows() -> None:
    query = StockQuery.from_params({"near": "47533", "within": "25"})
    result = INDEX.search(query)
    counts = {option.value: option.count for option in result.facets["within"]}
    assert list(counts) == [str(radius) for radius in RADII]
    assert result.total == counts["25"] == 3 * VEHICLES_PER_BRANCH
    for radius in RADII:  # the radius's own choice does not narrow its counts
        assert INDEX.count(query.replace(within=radius)) == counts[str(radius)]
    assert counts["200"] == INDEX.size


def test_radius_counts_apply_every_other_filter() -> None:
    query = StockQuery.from_params({"near": "6511", "within": "200", "branch": "kleve,koeln"})
    counts = {option.value: option.count for option in INDEX.search(query).facets["within"]}
    assert counts == {"25": 4, "50": 4, "100": 4, "200": 8}


def test_radius_options_sum_the_branches_within_each_radius() -> None:
    options = radius_options({"a": 10.0, "b": 25.0, "c": 80.0, "d": 500.0},
                             {"a": 1, "b": 2, "c": 4, "d": 8})
    assert [(option.value, option.count) for option in options] == [
        ("25", 3), ("50", 3), ("100", 7), ("200", 7)]


# --- the query string ----------------------------------------------------------------------


def test_a_place_and_radius_in_the_url() -> None:
    query = StockQuery.from_params({"near": "  6511   AB ", "within": "50",
                                    "sort": "distance_asc"})
    assert (query.near, query.within, query.sort) == ("6511 AB", 50, DISTANCE_SORT)
    # Nearest first is the order of a place found: the URL needs no sort.
    assert query.to_query_string() == "near=6511%20AB&within=50"
    pills = {pill.key: pill.query for pill in query.pills()}
    assert pills == {"near": "", "within": "near=6511%20AB"}


@pytest.mark.parametrize("place", ["Kleve", "6511 AB", "47533", "Nijmegen"])
def test_a_place_without_a_chosen_order_sorts_nearest_first(place: str) -> None:
    query = StockQuery.from_params({"near": place})
    assert query.sort == DISTANCE_SORT and query.to_params() == {"near": place}
    shown = [card.distance_km for card in INDEX.search(query).cards]
    assert shown and shown == sorted(shown)
    # An order chosen is kept, and written out; without a place it is the default again.
    chosen = StockQuery.from_params({"near": place, "sort": "price_asc"})
    assert chosen.sort == DEFAULT_SORT and chosen.to_params()["sort"] == "price_asc"
    assert StockQuery.from_params(chosen.to_params()) == chosen
    assert chosen.replace(near="").to_params() == {}
    assert StockQuery.from_params({"near": place, "sort": "mileage_desc"}).sort == "mileage_desc"
    # A place that is not found leaves the default order.
    assert StockQuery.from_params({"near": "Atlantis"}).sort == DEFAULT_SORT


@pytest.mark.parametrize("params", [
    {"within": "25"},  # a radius needs a place
    {"sort": "distance_asc"},  # and so does nearest first
    {"near": ["", None], "within": ["30"]},
    {"near": 5, "within": 25},
    {"near": " ", "within": "-25"},
    {"within": "25km"},
])
def test_garbage_gives_the_plain_search(params: dict) -> None:
    assert StockQuery.from_params(params) == StockQuery()


def test_an_unknown_place_is_kept_for_its_message_without_radius_or_order() -> None:
    query = StockQuery.from_params({"near": "Atlantis", "within": "25", "sort": "distance_asc"})
    assert (query.near, query.within, query.sort, query.origin) == ("Atlantis", None,
                                                                   DEFAULT_SORT, None)
    assert INDEX.search(query).total == INDEX.size  # no filter, no error
    assert place_notice(query, "nl") == ("We konden „Atlantis” niet vinden. Probeer een "
                                         "Nederlandse of Duitse postcode of plaats.")
    assert place_notice(query, "de").startswith("„Atlantis“ haben wir nicht gefunden.")
    assert DISTANCE_SORT not in sort_options(query)


def test_removing_the_place_removes_radius_and_order() -> None:
    query = StockQuery.from_params({"near": "Kleve", "within": "25", "sort": "distance_asc"})
    assert query.replace(near="") == StockQuery()
    assert query.cleared() == StockQuery()
    assert sort_options(query) == (DISTANCE_SORT, *SORT_OPTIONS)


URL_TEXT = st.one_of(st.text(max_size=120), st.sampled_from(
    ["Kleve", "47533", "6511 AB", "D-47533", "Nijmegen", "25", "50", "100", "200",
     "distance_asc", "price_desc", ""]))


@given(st.dictionaries(st.sampled_from(["near", "within", "sort", "page", "q"]),
                       st.one_of(URL_TEXT, st.lists(URL_TEXT, max_size=3), st.none(),
                                 st.integers())))
def test_the_parser_never_raises_and_keeps_its_bounds(params: dict) -> None:
    query = StockQuery.from_params(params)
    assert len(query.near) <= MAX_PLACE_LENGTH and query.near == query.near.strip()
    assert query.within is None or (query.within in RADII and query.origin is not None)
    assert query.sort != DISTANCE_SORT or query.origin is not None
    # The canonical URL gives the same search back.
    assert StockQuery.from_params(parse_qs(query.to_query_string())) == query


# --- on the card -------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "shown"), [("nl", "ca. 23 km"), ("de", "ca. 23 km")])
def test_a_card_shows_its_distance(locale: str, shown: str) -> None:
    query = StockQuery.from_params({"near": "47533", "within": "25", "sort": DISTANCE_SORT})
    card = next(card for card in INDEX.search(query).cards if card.branch_slug == "nijmegen")
    values = card_values(card, locale, "purchase")
    assert values.distance == shown
    assert f'<span class="list-card-distance">{shown}</span>' in card_html(values, 0)
    plain = card_values(INDEX.search(StockQuery()).cards[0], locale, "purchase")
    assert plain.distance == "" and "list-card-distance" not in card_html(plain, 0)


def test_distances_are_whole_kilometres_as_babel_writes_them() -> None:
    assert format_distance(0.2, "nl") == "1 km"
    assert format_distance(22.5, "de") == "23 km"
    assert format_distance(1234.4, "nl") == "1.234 km"
