from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from stdnum import iban
from stdnum.eu import vat

from dealer import phones
from dealer.stock import catalog, demo


@pytest.fixture(scope="module")
def stock() -> demo.DemoStock:
    return demo.generate(2_000)


def test_same_seed_same_stock() -> None:
    assert demo.generate(50, seed=3) == demo.generate(50, seed=3)
    assert demo.generate(50, seed=3).vehicles != demo.generate(50, seed=4).vehicles


def test_six_brands_and_branches_in_both_countries(stock: demo.DemoStock) -> None:
    assert len(stock.brands) == 6
    assert sum(brand["has_custom_favicon"] for brand in stock.brands) == 2
    countries = Counter(location["country"] for location in stock.locations)
    assert len(stock.locations) >= 8 and countries["NL"] >= 3 and countries["DE"] >= 3
    every_brand = {brand for location in stock.locations for brand in location["brands"]}
    assert every_brand == {brand["slug"] for brand in stock.brands}


def test_branch_numbers_are_real_numbers(stock: demo.DemoStock) -> None:
    """VAT numbers and IBANs pass their check digits; phone numbers are valid numbers of
    the branch's country."""
    for location in stock.locations:
        assert vat.is_valid(location["vat_number"]), location["vat_number"]
        assert iban.is_valid(location["iban"]), location["iban"]
        assert location["vat_number"].startswith(location["country"])
        assert phones.e164(location["phone"], location["country"]) is not None


def test_vehicles_are_plausible(stock: demo.DemoStock) -> None:
    vehicles = stock.vehicles
    assert len(vehicles) == 2_000
    assert len({v["slug"] for v in vehicles}) == len(vehicles)
    for vehicle in vehicles:
        assert vehicle["fuel"] in catalog.FUELS
        assert vehicle["body_style"] in catalog.BODY_STYLES
        assert vehicle["exterior_colour"] in catalog.COLOURS
        assert 2014 <= vehicle["year"] <= demo.REFERENCE_YEAR
        assert 0 <= vehicle["mileage"] <= 320_000
        if vehicle["condition"] == "new":
            assert vehicle["mileage"] < 200
        assert vehicle["power_kw"] == round(vehicle["power_hp"] * 0.7355)
    # Every brand, fuel and body style occurs.
    assert {v["brand"] for v in vehicles} == {b["slug"] for b in stock.brands}
    assert {v["fuel"] for v in vehicles} == set(catalog.FUELS)
    assert {v["body_style"] for v in vehicles} == set(catalog.BODY_STYLES)


def test_prices_are_realistic(stock: demo.DemoStock) -> None:
    purchase = [p["total_price"] for p in stock.prices if p["deal_type"] == "purchase"]
    assert len(purchase) == len(stock.vehicles)
    assert all(Decimal(995) <= price <= Decimal(200_000) for price in purchase)
    assert Decimal(10_000) < sorted(purchase)[len(purchase) // 2] < Decimal(60_000)
    deal_types = Counter(p["deal_type"] for p in stock.prices)
    assert set(deal_types) == set(catalog.DEAL_TYPES)
    for row in stock.prices:
        if row["deal_type"] != "purchase":
            assert Decimal(20) < row["monthly_installment"] < row["total_price"]
            assert row["contract_duration"] in (24, 36, 48, 60, 72, 84)
        assert row["actions"] == ["testdrive", "interest"]


def test_equipment_uses_the_catalogue(stock: demo.DemoStock) -> None:
    features = {row["feature"] for row in stock.features}
    assert features <= set(catalog.FEATURES)
    for group in catalog.EQUIPMENT_FILTERS.values():
        assert features & set(group)


def test_photos_are_self_hosted_files(stock: demo.DemoStock) -> None:
    from dealer.settings import PROJECT_ROOT

    urls = {photo["url"] for photo in stock.photos}
    assert all(url.startswith("/vehicles/") for url in urls)
    missing = [url for url in urls if not (PROJECT_ROOT / "assets" / url.lstrip("/")).exists()]
    assert missing == []


def test_lease_offers(stock: demo.DemoStock) -> None:
    offers = stock.lease_offers
    assert len(offers) == 40
    assert {offer["fuel"] for offer in offers} <= set(catalog.LEASE_FUELS)
    for offer in offers:
        assert offer["monthly_price_incl_vat"] > offer["monthly_price_excl_vat"]
        assert set(offer["included"]).isdisjoint(offer["not_included"])
        assert offer["monthly_mileage"] == round(offer["annual_mileage"] / 12)

