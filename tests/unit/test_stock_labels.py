from __future__ import annotations

import pytest

from dealer.i18n import load_catalog
from dealer.stock import catalog
from dealer.stock.labels import LABELS, label, msgids
from dealer.stock.query import DISTANCE_SORT, FILTER_DEFINITIONS, QUICK_ENTRIES, SORT_OPTIONS

VOCABULARIES = {
    "fuel": catalog.FUELS,
    "lease_fuel": catalog.LEASE_FUELS,
    "vehicle_type": catalog.VEHICLE_TYPES,
    "condition": catalog.CONDITIONS,
    "body_style": catalog.BODY_STYLES,
    "transmission": catalog.TRANSMISSIONS,
    "drive_type": catalog.DRIVE_TYPES,
    "colour": catalog.COLOURS,
    "interior_material": catalog.INTERIOR_MATERIALS,
    "emissions_class": catalog.EMISSION_CLASSES,
    "smartphone_integration": catalog.SMARTPHONE_INTEGRATIONS,
    "equipment": tuple(catalog.EQUIPMENT_FILTERS),
    "deal_type": catalog.DEAL_TYPES,
    "action": catalog.ACTIONS,
    "fixed_interest_period": catalog.FIXED_INTEREST_PERIODS,
    "sort": (*SORT_OPTIONS, DISTANCE_SORT),
    "filter": tuple(definition.key for definition in FILTER_DEFINITIONS),
    "quick_entry": tuple(QUICK_ENTRIES),
    "service": catalog.SERVICES,
    "opening_department": catalog.OPENING_DEPARTMENTS,
    "weekday": catalog.WEEKDAYS,
    "department": catalog.DEPARTMENTS,
    "job_title": catalog.JOB_TITLES,
    "delivery_package": catalog.DELIVERY_PACKAGES,
    "delivery_item": catalog.DELIVERY_ITEMS,
    "contract_term": catalog.CONTRACT_TERMS,
    "customer_type": catalog.LEASE_CUSTOMER_TYPES,
    "test_drive_mode": catalog.TEST_DRIVE_MODES,
}


@pytest.mark.parametrize("kind", sorted(VOCABULARIES))
def test_every_key_has_a_label(kind: str) -> None:
    assert set(LABELS[kind]) == set(VOCABULARIES[kind])


def test_every_feature_has_a_label() -> None:
    for key in catalog.FEATURES:
        assert key in LABELS["feature"] or key.startswith("alloy_wheels_")


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_catalog_translates_every_msgid(locale: str) -> None:
    po = load_catalog(locale, "stock")
    assert po is not None
    for msgid in msgids():
        message = po.get(msgid)
        assert message is not None and message.string and not message.fuzzy, msgid


def test_labels_are_translated() -> None:
    assert label("fuel", "pluginhybrid", "de") == "Plug-in-Hybrid"
    assert label("fuel", "pluginhybrid", "nl") == "Plug-in hybride"
    assert label("body_style", "estate", "de") == "Kombi"
    assert label("sort", "private_lease_asc", "nl") == "Private lease per maand (laag naar hoog)"
    assert label("feature", "alloy_wheels_18", "nl") == 'Lichtmetalen velgen 18"'
    assert label("feature", "alloy_wheels_19", "de") == "Leichtmetallfelgen 19 Zoll"
    assert label("weekday", "0", "de") == "Montag"


def test_unknown_keys_stay_readable() -> None:
    assert label("fuel", "hydrogen_fuel", "nl") == "Hydrogen fuel"
    assert label("nonsense", "x", "de") == "X"
