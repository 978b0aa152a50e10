"""Compare list, favourites and recently viewed: list rules, clean-up and the comparison
rows."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer import shortlists
from dealer.locations.repository import LocationView
from dealer.shortlists import COMPARE, FAVOURITES, MISSING, ShortlistFullError
from dealer.stock.repository import ConsumptionView, PhotoView, PriceView, VehicleDetail

SLUGS = [f"vw-golf-{number}" for number in range(1, 8)]


# --- the lists ------------------------------------------------------------------------


def test_compare_takes_six_and_refuses_the_seventh() -> None:
    listed: list[str] = []
    for slug in SLUGS[:6]:
        listed = shortlists.add(listed, slug, COMPARE)
    assert listed == SLUGS[:6]
    with pytest.raises(ShortlistFullError) as refused:
        shortlists.add(listed, SLUGS[6], COMPARE)
    assert refused.value.message("de") == (
        "Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum "
        "Vergleichen aus."
    )
    assert refused.value.message("nl") == (
        "Voertuig kan niet worden toegevoegd. Selecteer maximaal 6 voertuigen om te vergelijken."
    )


def test_a_listed_vehicle_is_not_added_twice_even_when_the_list_is_full() -> None:
    listed = shortlists.add(["a-1", "b-2"], "a-1", FAVOURITES)
    assert listed == ["a-1", "b-2"]
    assert shortlists.add(SLUGS[:6], SLUGS[0], COMPARE) == SLUGS[:6]


def test_favourites_have_a_guard_limit() -> None:
    full = [f"car-{number}" for number in range(shortlists.FAVOURITES_MAX)]
    with pytest.raises(ShortlistFullError):
        shortlists.add(full, "one-more", FAVOURITES)


@pytest.mark.parametrize("slug", ["", "Not A Slug", "<script>", "a" * 201, "trailing-"])
def test_malformed_slugs_are_refused(slug: str) -> None:
    with pytest.raises(ValueError, match="not a vehicle slug"):
        shortlists.add([], slug, FAVOURITES)


def test_remove_keeps_the_order_of_the_others() -> None:
    assert shortlists.remove(["a-1", "b-2", "c-3"], "b-2") == ["a-1", "c-3"]
    assert shortlists.remove(["a-1"], "x-9") == ["a-1"]


def test_each_press_toggles_in_order_so_two_presses_put_it_back() -> None:
    """A box pressed twice before the page shows the first press: the list as it was."""
    once = shortlists.toggle(["a-1"], "b-2", COMPARE)
    assert once == ["a-1", "b-2"]
    assert shortlists.toggle(once, "b-2", COMPARE) == ["a-1"]
    assert shortlists.toggle(SLUGS[:6], SLUGS[2], COMPARE) == SLUGS[:2] + SLUGS[3:6]
    with pytest.raises(ShortlistFullError):  # the seventh is still refused
        shortlists.toggle(SLUGS[:6], SLUGS[6], COMPARE)


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ('["a-1","b-2"]', ["a-1", "b-2"]),
        ('["a-1","a-1",3,null,"B-2","c-3"]', ["a-1", "c-3"]),
        ("not json", []),
        ('{"a-1": true}', []),
        ("", []),
        (None, []),
    ],
)
def test_parse_keeps_only_distinct_wellformed_slugs(stored: str | None, expected: list) -> None:
    assert shortlists.parse(stored, FAVOURITES) == expected


def test_parse_cuts_a_tampered_compare_list_to_six() -> None:
    assert shortlists.parse(shortlists.dump(SLUGS), COMPARE) == SLUGS[:6]


def test_dump_and_parse_round_trip() -> None:
    assert shortlists.parse(shortlists.dump(SLUGS[:3]), COMPARE) == SLUGS[:3]


def test_prune_keeps_available_vehicles_in_order_and_counts_the_rest() -> None:
    kept, removed = shortlists.prune(["a-1", "b-2", "c-3", "d-4"], {"d-4", "a-1"})
    assert kept == ["a-1", "d-4"]
    assert removed == 2
    assert shortlists.prune(["a-1"], {"a-1"}) == (["a-1"], 0)


def test_removed_notice_counts_in_both_languages() -> None:
    assert shortlists.removed_notice(1, "nl") == (
        "1 voertuig is niet meer beschikbaar en is uit uw lijsten verwijderd."
    )
    assert shortlists.removed_notice(2, "de") == (
        "2 Fahrzeuge sind nicht mehr verfügbar und wurden aus Ihren Listen entfernt."
    )


# --- recently viewed ------------------------------------------------------------------


def test_the_vehicle_viewed_last_comes_first_and_once() -> None:
    listed = shortlists.viewed([], SLUGS[0])
    listed = shortlists.viewed(listed, SLUGS[1])
    assert listed == [SLUGS[1], SLUGS[0]]
    assert shortlists.viewed(listed, SLUGS[0]) == [SLUGS[0], SLUGS[1]]


def test_recently_viewed_keeps_the_last_twelve() -> None:
    listed: list[str] = []
    for number in range(20):
        listed = shortlists.viewed(listed, f"audi-a3-{number}")
    assert len(listed) == shortlists.RECENT_MAX == 12
    assert listed[0] == "audi-a3-19" and listed[-1] == "audi-a3-8"


def test_a_page_shows_six_and_never_its_own_vehicle() -> None:
    listed = [f"audi-a3-{number}" for number in range(10)]
    assert shortlists.recent_shown(listed, "audi-a3-1") == [
        "audi-a3-0", "audi-a3-2", "audi-a3-3", "audi-a3-4", "audi-a3-5", "audi-a3-6"]
    assert shortlists.recent_shown(listed) == listed[:6]


@given(stored=st.text(max_size=200) | st.none(), slug=st.text(max_size=50))
def test_whatever_the_browser_sends_recently_viewed_stays_a_list_of_slugs(
        stored: str | None, slug: str) -> None:
    listed = shortlists.viewed(shortlists.parse_recent(stored), slug)
    assert len(listed) <= shortlists.RECENT_MAX
    assert all(shortlists.is_slug(listed_slug) for listed_slug in listed)
    assert shortlists.parse_recent(shortlists.dump(listed)) == listed


# --- the comparison -------------------------------------------------------------------


def _price(deal_type: str, total: str | None = None, monthly: str | None = None) -> PriceView:
    return PriceView(
        deal_type=deal_type, total_price=Decimal(total) if total else None,
        monthly_installment=Decimal(monthly) if monthly else None, down_payment=None,
        contract_duration=None, interest_rate=None, borrowing_rate=None,
        fixed_interest_period=None, annual_distance=None, installment_protection=False,
        bank=None, net_loan_amount=None, remaining_balance=None, discount=None,
        disclaimer=None, actions=("testdrive", "interest"), test_drive_mode="form",
    )


LOCATION = LocationView(
    slug="utrecht", name="Rijnland Autogroep Utrecht", brands=(), services=(), street="",
    postal_code="", city="Utrecht", country="NL", latitude=0.0, longitude=0.0, vat_number="",
    iban="", email="", phone="", fax=None, opening_hours=(), employees=(),
)


def _vehicle(slug: str, **changes: object) -> VehicleDetail:
    base = VehicleDetail(
        id=1, external_id=slug, slug=slug, available=True, brand_slug="volkswagen",
        brand_name="Volkswagen", model_slug="golf", model_name="Golf", version="1.5 TSI Life",
        vehicle_type="passenger", condition="used", fuel="petrol", body_style="hatchback",
        transmission="manual", drive_type="front", mileage=12_345, year=2022,
        first_registration=dt.date(2022, 3, 1), power_hp=150, power_kw=110,
        engine_capacity=1498, seats=5, doors=5, exterior_colour="blue", colour_name=None,
        interior_colour="black", interior_material="cloth", emissions_class="euro6d",
        driven_axles=1, max_weight=1_800, towing_weight=1_500, electric_range=None,
        warranty_months=12, vat_reportable=False, smartphone_integration=("apple_carplay",),
        description=None, features=("abs", "cruise_control"),
        photos=(PhotoView(f"/vehicles/{slug}.svg", "side"),),
        prices=(_price("purchase", total="24950"), _price("private_lease", monthly="399")),
        consumption=ConsumptionView(5.4, None, None, None, 123, "C", None, None),
        delivery_packages=(), location=LOCATION, updated_at=dt.datetime(2025, 1, 1),
    )
    return dataclasses.replace(base, **changes)


def _rows(sections) -> dict[str, shortlists.CompareRow]:
    return {row.key: row for section in sections for row in section.rows}


def test_rows_flag_the_fields_where_vehicles_differ() -> None:
    golf = _vehicle("vw-golf-1")
    other = _vehicle(
        "vw-golf-2", mileage=40_000, features=("abs", "tow_bar"),
        prices=(_price("purchase", total="21950"), _price("private_lease", monthly="399")),
    )
    rows = _rows(shortlists.compare_sections([golf, other], "nl"))
    assert rows["mileage"].cells == ["12.345 km", "40.000 km"] and rows["mileage"].differs
    assert rows["purchase"].cells == ["€ 24.950", "€ 21.950"] and rows["purchase"].differs
    assert rows["private_lease"].cells == ["€ 399 per maand"] * 2
    assert not rows["private_lease"].differs
    assert not rows["brand"].differs and not rows["fuel"].differs
    # Equipment: every feature either vehicle has, in catalogue order.
    assert [key for key in rows if key in ("abs", "cruise_control", "tow_bar")] == [
        "abs", "cruise_control", "tow_bar"]
    assert rows["tow_bar"].cells == ["Nee", "Ja"] and rows["tow_bar"].differs
    assert not rows["abs"].differs


def test_every_vehicle_field_and_acquisition_type_has_a_row() -> None:
    sections = shortlists.compare_sections([_vehicle("a-1"), _vehicle("b-2")], "de")
    assert [section.key for section in sections] == ["prices", "data", "consumption",
                                                     "equipment"]
    rows = _rows(sections)
    for key in ("brand", "model", "version", "fuel", "vehicle_type", "body_style",
                "transmission", "drive_type", "mileage", "year", "power", "seats", "doors",
                "exterior_colour", "interior_colour", "interior_material", "emissions_class",
                "driven_axles", "max_weight", "towing_weight", "warranty", "vat_reportable",
                "smartphone_integration", "location", "co2_emissions"):
        assert key in rows, key
    assert rows["power"].cells[0] == "150 PS (110 kW)"
    assert rows["vat_reportable"].cells[0] == "Nein"
    # Acquisition types neither vehicle is offered with, and fields neither has, are left
    # out; a field only one vehicle has shows a dash for the other.
    assert "business_lease" not in rows and "electric_range" not in rows
    mixed = _rows(shortlists.compare_sections(
        [_vehicle("a-1"), _vehicle("e-2", fuel="electric", electric_range=420)], "de"))
    assert mixed["electric_range"].cells == [MISSING, "420 km"]
    assert mixed["electric_range"].differs


def test_a_single_vehicle_differs_from_nothing() -> None:
    sections = shortlists.compare_sections([_vehicle("a-1")], "nl")
    assert not any(row.differs for section in sections for row in section.rows)


def test_only_differences_drops_equal_rows_and_empty_sections() -> None:
    sections = shortlists.compare_sections(
        [_vehicle("a-1"), _vehicle("b-2", mileage=99_000)], "nl")
    narrowed = shortlists.only_differences(sections)
    assert [(s.key, [row.key for row in s.rows]) for s in narrowed] == [("data", ["mileage"])]
    assert len(_rows(sections)) > 1  # the full table is untouched


def test_columns_link_to_the_vehicles_in_the_visitors_language() -> None:
    columns = shortlists.compare_columns([_vehicle("vw-golf-1")], "de")
    assert columns[0].href == "/de/angebote/vw-golf-1"
    assert columns[0].title == "Volkswagen Golf"
    assert columns[0].photo == "/vehicles/vw-golf-1.svg"


@pytest.mark.parametrize(
    ("count", "locale", "heading"),
    [
        (0, "nl", "Voertuigen vergelijken"),
        (1, "de", "Fahrzeuge vergleichen"),
        (2, "nl", "2 voertuigen vergelijken"),
        (6, "de", "6 Fahrzeuge vergleichen"),
    ],
)
def test_heading_gives_the_count_once_there_is_a_comparison(
    count: int, locale: str, heading: str
) -> None:
    assert shortlists.compare_heading(count, locale) == heading


def test_favourite_card_matches_the_stock_overview_card() -> None:
    card = shortlists.vehicle_card(_vehicle("vw-golf-1"), "nl")
    assert card.slug == "vw-golf-1"
    assert card.href == "/voorraad/vw-golf-1"
    assert card.price == "€ 24.950"
    assert card.branch == "Rijnland Autogroep Utrecht, Utrecht"
