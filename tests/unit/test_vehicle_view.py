"""The vehicle page's values: formatting in both languages, price blocks, flags, links."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from dealer.locations.repository import LocationView, OpeningTime
from dealer.pageinfo import Fact
from dealer.settings import get_settings
from dealer.stock.price_history import PriceChange
from dealer.stock.repository import (
    ConsumptionView,
    DeliveryPackageView,
    PhotoView,
    PriceView,
    VehicleDetail,
)
from dealer.views.vehicle import car_json_ld, describe_found, vehicle_view


def price(deal_type: str, **values) -> PriceView:
    fields = {f.name: None for f in dataclasses.fields(PriceView)}
    fields.update(deal_type=deal_type, installment_protection=False, actions=("testdrive",),
                  test_drive_mode="form")
    fields.update(values)
    return PriceView(**fields)


def location(country: str = "NL") -> LocationView:
    hours = (
        OpeningTime("showroom", 0, True, "09:00", "18:00", None),
        OpeningTime("showroom", 6, False, None, None, "Appointments only"),
        OpeningTime("workshop", 0, True, "07:30", "17:00", None),
    )
    return LocationView(
        slug="nijmegen", name="Rijnland Autogroep Nijmegen", brands=(("audi", "Audi"),),
        services=("sales",), street="Nieuwe Dukenburgseweg 35", postal_code="6534 AD",
        city="Nijmegen", country=country, latitude=51.8, longitude=5.8,
        vat_number="NL1", iban="NL2", email="nijmegen@example.com", phone="+31 24 371 60 60",
        fax=None, opening_hours=hours, employees=(),
    )


def vehicle(**changes) -> VehicleDetail:
    detail = VehicleDetail(
        id=1, external_id="1", slug="audi-a3-sportback-35-tfsi-1", available=True,
        brand_slug="audi", brand_name="Audi", model_slug="a3-sportback",
        model_name="A3 Sportback", version="35 TFSI S line", vehicle_type="passenger",
        condition="used", fuel="pluginhybrid", body_style="hatchback",
        transmission="automatic", drive_type="front", mileage=42_500, year=2021,
        first_registration=dt.date(2021, 3, 1), power_hp=150, power_kw=110,
        engine_capacity=1498, seats=5, doors=5, exterior_colour="black",
        colour_name="Mythos Black", interior_colour="grey", interior_material="cloth",
        emissions_class="euro6d", driven_axles=1, max_weight=1900, towing_weight=1500,
        electric_range=None, warranty_months=12, vat_reportable=False,
        smartphone_integration=("apple_carplay",), description=None,
        features=("abs", "cruise_control", "tow_bar", "alloy_wheels_18", "ski_bag"),
        photos=(PhotoView("/vehicles/a-side.svg", "side"), PhotoView("/vehicles/a-rear.svg",
                                                                      "rear")),
        prices=(
            price("purchase", total_price=Decimal("28950.00"), discount=Decimal("1000.00")),
            price("private_lease", monthly_installment=Decimal("459.00"),
                  contract_duration=48, annual_distance=10_000,
                  disclaimer="Includes insurance and maintenance."),
            price("private_finance", total_price=Decimal("28950.00"),
                  monthly_installment=Decimal("399.83"), down_payment=Decimal("5000.00"),
                  contract_duration=72, interest_rate=Decimal("7.220"),
                  borrowing_rate=Decimal("6.990"), fixed_interest_period="fixed",
                  bank="Rijnland Financial Services", net_loan_amount=Decimal("23950.00"),
                  remaining_balance=Decimal("0.00")),
        ),
        consumption=ConsumptionView(1.3, None, 15.2, 5.9, 29, "B", "E", 62),
        delivery_packages=(DeliveryPackageView("basic", Decimal("595.00"),
                                               ("registration", "cleaning")),),
        location=location(),
        updated_at=dt.datetime(2025, 5, 1, tzinfo=dt.UTC),
    )
    return dataclasses.replace(detail, **changes)


def rows(block) -> dict[str, str]:
    return {fact.label: fact.value for fact in block.rows}


def test_purchase_block_shows_total_and_the_price_before_discount() -> None:
    nl = vehicle_view(vehicle(), "nl").prices[0]
    de = vehicle_view(vehicle(), "de").prices[0]
    assert (nl.heading, nl.amount, nl.was, nl.amount_note) == ("Kopen", "€ 28.950", "€ 29.950", "")
    assert (de.amount, de.was) == ("28.950 €", "29.950 €")
    assert rows(nl)["Korting"] == "€ 1.000"
    assert rows(de)["Rabatt"] == "1.000 €"


def test_finance_block_formats_every_figure_per_language() -> None:
    nl = vehicle_view(vehicle(), "nl").prices[2]
    de = vehicle_view(vehicle(), "de").prices[2]
    assert (nl.amount, nl.amount_note) == ("€ 399,83", "per maand")
    assert (de.amount, de.amount_note) == ("399,83 €", "pro Monat")
    assert rows(nl)["Jaarlijks kostenpercentage"] == "7,22%"
    assert rows(de)["Effektiver Jahreszins"] == "7,22\xa0%"
    assert rows(nl)["Looptijd"] == "72 maanden"
    assert rows(de)["Laufzeit"] == "72 Monate"
    assert rows(de)["Zinsbindung"] == "Fest für die gesamte Laufzeit"
    assert rows(de)["Restschuldversicherung"] == "Nein"
    assert rows(nl)["Slottermijn"] == "€ 0"


def test_lease_block_has_distance_disclaimer_and_calculator() -> None:
    block = vehicle_view(vehicle(), "de").prices[1]
    assert rows(block)["Kilometer pro Jahr"] == "10.000 km"
    assert "Restschuldversicherung" not in rows(block)  # loans only
    assert block.disclaimer == "Includes insurance and maintenance."
    assert [action.href for action in block.actions] == [
        "/de/angebote/audi-a3-sportback-35-tfsi-1/probefahrt",
        "/de/angebote/audi-a3-sportback-35-tfsi-1/leasingrechner",
    ]


def test_brand_pages_link_to_the_brand_variants() -> None:
    view = vehicle_view(vehicle(), "nl", brand="audi")
    assert [action.href for action in view.actions] == [
        "/audi/voorraad/audi-a3-sportback-35-tfsi-1/proefrit",
        "/audi/voorraad/audi-a3-sportback-35-tfsi-1/interesse",
        "/audi/voorraad/audi-a3-sportback-35-tfsi-1/lease-calculator",
    ]
    assert [crumb.href for crumb in view.breadcrumbs] == [
        "/", "/audi/voorraad", "/audi/voorraad/audi-a3-sportback-35-tfsi-1",
    ]


def test_no_calculator_for_a_purchase_only_vehicle() -> None:
    detail = vehicle(prices=(price("purchase", total_price=Decimal("15000")),))
    view = vehicle_view(detail, "nl")
    assert [action.value for action in view.actions] == ["testdrive", "interest"]
    assert (view.price, view.price_label) == ("€ 15.000", "Kopen")


def test_headline_falls_back_to_the_lowest_monthly_price() -> None:
    detail = vehicle(prices=(
        price("business_lease", monthly_installment=Decimal("610.00")),
        price("private_lease", monthly_installment=Decimal("459.00")),
    ))
    view = vehicle_view(detail, "de")
    assert (view.price, view.price_label) == ("459 € pro Monat", "Privatleasing")
    offer = car_json_ld(detail, view, "de")["offers"]
    assert "price" not in offer
    assert offer["priceSpecification"]["price"] == "459.00"


def test_key_facts_and_data_in_both_languages() -> None:
    nl = {fact.label: fact.value for fact in vehicle_view(vehicle(), "nl").key_facts}
    de = {fact.label: fact.value for fact in vehicle_view(vehicle(), "de").key_facts}
    assert nl["Kilometerstand"] == "42.500 km"
    assert de["Kilometerstand"] == "42.500 km"
    assert nl["Brandstof"] == "Plug-in hybride"
    assert de["Getriebe"] == "Automatik"
    data = {fact.label: fact.value for fact in vehicle_view(vehicle(), "de").data}
    assert data["Außenfarbe"] == "Mythos Black"
    assert "Elektrische Reichweite" not in data  # values a vehicle lacks are left out


def test_equipment_is_grouped_with_unknown_keys_last() -> None:
    groups = vehicle_view(vehicle(), "nl").equipment
    by_key = {group.key: group.features for group in groups}
    assert by_key["safety"] == ["ABS"]
    assert by_key["assistance"] == ["Cruise control"]
    assert by_key["exterior"] == ["Lichtmetalen velgen 18\""]
    assert by_key["multimedia"] == ["Apple CarPlay"]
    assert groups[-1].key == "other" and by_key["other"] == ["Ski bag"]


def test_co2_class_only_for_german_new_cars(monkeypatch: pytest.MonkeyPatch) -> None:
    used_nl = vehicle_view(vehicle(), "de")
    assert used_nl.co2_labels == []
    assert "CO₂-Klasse" not in {fact.label for fact in used_nl.consumption}
    assert {fact.label: fact.value for fact in used_nl.consumption}["CO₂-Emissionen"] == "29 g/km"

    german_new = vehicle(condition="new", location=location("DE"))
    view = vehicle_view(german_new, "de")
    assert [(label.letter, [s.letter for s in label.steps if s.active]) for label in
            view.co2_labels] == [("B", ["B"]), ("E", ["E"])]
    assert {fact.label: fact.value for fact in view.consumption}["CO₂-Klasse"] == "B"

    monkeypatch.setattr(get_settings(), "feature_co2_image", False)
    view = vehicle_view(german_new, "de")
    assert view.co2_labels == [] and view.consumption  # the class stays as text

    monkeypatch.setattr(get_settings(), "feature_wltp", False)
    view = vehicle_view(german_new, "de")
    assert view.consumption == [] and view.consumption_note == ""


def test_trade_in_link_follows_its_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(get_settings(), "trade_in_url", "https://valuation.example/nl")
    assert vehicle_view(vehicle(), "nl").trade_in.href == "https://valuation.example/nl"
    monkeypatch.setattr(get_settings(), "feature_trade_in", False)
    assert vehicle_view(vehicle(), "nl").trade_in.href == ""


def test_location_block_with_route_contact_and_opening_hours() -> None:
    block = vehicle_view(vehicle(), "de").location
    assert block.route_href.startswith("https://www.google.com/maps/dir/?api=1&destination=")
    assert "Nieuwe+Dukenburgseweg+35%2C+6534+AD+Nijmegen%2C+Niederlande" in block.route_href
    assert block.phone_href == "tel:+31243716060"
    assert block.email_href.startswith("mailto:nijmegen@example.com?subject=Audi%20A3")
    assert [schedule.heading for schedule in block.schedules] == ["Verkauf", "Werkstatt"]
    sunday = block.schedules[0].rows[1]
    assert (sunday.day, sunday.hours, sunday.comment) == ("Sonntag", "Geschlossen",
                                                          "Appointments only")
    assert block.schedules[1].rows[0].hours == "07:30 – 17:00 Uhr"


def test_sales_promises_and_photos_are_translated() -> None:
    view = vehicle_view(vehicle(), "nl")
    assert [promise.value for promise in view.promises] == [
        "Geldige APK en 12 maanden garantie", "14 dagen omruilgarantie",
        "Gratis familiekaart met app",
    ]
    assert view.photos[1].alt == "Audi A3 Sportback 35 TFSI S line, foto 2 van 2"
    assert view.packages[0].price == "€ 595"


def test_page_info_for_search_engines() -> None:
    detail = vehicle()
    view = vehicle_view(detail, "nl")
    info = describe_found(detail, view, view.path, "nl", "vehicle",
                          {"vehicle": detail.slug})
    assert info.status == 200 and info.og_type == "product"
    assert info.title.startswith("Audi A3 Sportback 35 TFSI S line | ")
    assert info.image == "/vehicles/a-side.svg"
    assert Fact("Kopen", "€ 28.950") in info.facts
    assert Fact("Private lease", "€ 459 per maand") in info.facts
    car = info.json_ld[0]
    assert car["@type"] == "Car" and car["vehicleModelDate"] == "2021"
    assert car["mileageFromOdometer"] == {"@type": "QuantitativeValue", "value": 42_500,
                                          "unitCode": "KMT"}
    assert car["offers"]["price"] == "28950.00"
    assert car["offers"]["priceCurrency"] == "EUR"
    assert car["offers"]["seller"]["@type"] == "AutoDealer"
    assert car["offers"]["seller"]["address"]["addressLocality"] == "Nijmegen"


@pytest.mark.parametrize(("locale", "purchase", "lease"), [
    ("nl", "Kopen", "Private lease"), ("de", "Kaufen", "Privatleasing")])
def test_multi_price_shows_a_block_per_acquisition_type_or_only_the_headline_one(
        monkeypatch: pytest.MonkeyPatch, locale: str, purchase: str, lease: str) -> None:
    detail = vehicle(prices=(
        price("purchase", total_price=Decimal("32950")),
        price("private_lease", monthly_installment=Decimal("459.00")),
        price("business_lease", monthly_installment=Decimal("410.00")),
    ))
    monkeypatch.setattr(get_settings(), "feature_multi_price", True)
    assert len(vehicle_view(detail, locale).prices) == 3
    monkeypatch.setattr(get_settings(), "feature_multi_price", False)
    view = vehicle_view(detail, locale)
    assert [block.deal_type for block in view.prices] == ["purchase"]
    assert view.price_label == purchase
    leased = vehicle_view(vehicle(prices=(
        price("business_lease", monthly_installment=Decimal("610.00")),
        price("private_lease", monthly_installment=Decimal("459.00")),
    )), locale)
    assert [block.deal_type for block in leased.prices] == ["private_lease"]
    assert leased.price_label == lease


@pytest.mark.parametrize(("locale", "drop", "history"), [
    ("nl", "Prijs verlaagd met € 1.000 op 12 november",
     [Fact("12 november 2026", "Kopen: € 29.950 → € 28.950"),
      Fact("20 oktober 2026", "Kopen: € 30.450 → € 29.950")]),
    ("de", "Preis um 1.000 € gesenkt am 12. November",
     [Fact("12. November 2026", "Kaufen: 29.950 € → 28.950 €"),
      Fact("20. Oktober 2026", "Kaufen: 30.450 € → 29.950 €")]),
])
def test_the_latest_drop_and_the_price_history(monkeypatch: pytest.MonkeyPatch, locale: str,
                                               drop: str, history: list[Fact]) -> None:
    monkeypatch.setattr(get_settings(), "feature_multi_price", False)
    changes = (
        PriceChange("purchase", Decimal("30450"), Decimal("29950"), dt.date(2026, 10, 20)),
        PriceChange("private_lease", Decimal("479"), Decimal("459"), dt.date(2026, 11, 1)),
        PriceChange("purchase", Decimal("29950"), Decimal("28950"), dt.date(2026, 11, 12)),
    )
    detail = vehicle(price_history=changes)
    view = vehicle_view(detail, locale)
    assert view.price_drop == drop
    assert view.price_history == history  # newest first, the shown deal types only
    info = describe_found(detail, view, view.path, locale, "vehicle", {"vehicle": detail.slug})
    assert drop in [fact.value for fact in info.facts]  # in the served HTML
    assert history[1].value in [fact.value for fact in info.facts]

    # A monthly headline names the drop per month; raised again, no drop is named.
    leased = vehicle(prices=detail.prices[1:2], price_history=changes)
    assert vehicle_view(leased, "nl").price_drop == (
        "Prijs verlaagd met € 20 per maand op 1 november")
    raised = vehicle(price_history=(*changes, PriceChange(
        "purchase", Decimal("28950"), Decimal("29450"), dt.date(2026, 11, 20))))
    assert vehicle_view(raised, locale).price_drop == ""
    assert vehicle_view(vehicle(), locale).price_history == []
