"""The analytics contract: event ids, payloads of each page kind, the analysts' table."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from dealer.analytics import (
    EVENTS,
    constants,
    constants_script,
    event,
    events_table,
    page_events,
    quick_entry,
    stock_filters,
)
from dealer.forms.definitions import SCREEN_FORMS
from dealer.pageinfo import PageInfo

DOCS = Path(__file__).resolve().parents[2] / "docs" / "analytics.md"
SPEC_EVENTS = {  # SPEC §9, in its words -> our contract id
    "page view": "vm_page_view", "vehicle overview": "vm_vehicle_overview",
    "detail": "vm_vehicle_detail", "test drive": "vm_test_drive", "interest": "vm_interest",
    "lease calculator": "vm_lease_calculator", "lease overview": "vm_lease_overview",
    "lease detail": "vm_lease_detail", "location overview": "vm_location_overview",
    "location detail": "vm_location_detail", "model detail": "vm_model_detail",
    "social click": "vm_social_click", "more-details click": "vm_more_details_click",
    "opening-hours click": "vm_opening_hours_click", "location phone": "vm_location_phone_click",
    "email": "vm_location_email_click", "whatsapp": "vm_location_whatsapp_click",
    "route clicks": "vm_location_route_click", "form ready": "vm_form_ready",
    "download": "vm_download", "location filter": "vm_location_filter",
    "vehicle quick search": "vm_vehicle_quick_search",
    "vehicle overview filter": "vm_vehicle_overview_filter",
}


def test_every_event_of_the_spec_has_a_vm_contract_id() -> None:
    ids = {definition.contract_id for definition in EVENTS.values()}
    assert set(SPEC_EVENTS.values()) <= ids
    assert all(re.fullmatch(r"vm_[a-z_]+", contract) for contract in ids)


def test_an_event_carries_its_contract_id_and_refuses_strange_fields() -> None:
    assert event("location_detail", location_id="utrecht") == {
        "event": "vm_location_detail", "contract_id": "vm_location_detail",
        "location_id": "utrecht"}
    with pytest.raises(ValueError, match="email"):
        event("form_ready", form_id="interest", email="someone@example.com")


def test_the_constants_object_names_country_and_languages() -> None:
    assert constants("de") == {"country": "DE", "locales": ["nl", "de"], "locale": "de",
                               "vehicles": {}, "models": {}, "lease_vehicles": {},
                               "locations": {}}


def info(screen: str, path: str, params: dict | None = None, **fields) -> PageInfo:
    return PageInfo(screen=screen, locale="nl", params=params or {}, path=path, **fields)


def names(events: list[dict]) -> list[str]:
    return [entry["event"] for entry in events]


def test_a_vehicle_page_caches_the_vehicle_by_its_id() -> None:
    car = {"@type": "Car", "brand": {"name": "Škoda"}, "model": "Fabia",
           "offers": {"price": "15950.00"}}
    events = page_events(info("vehicle", "/voorraad/skoda-fabia-12012",
                              {"vehicle": "skoda-fabia-12012"}, heading="Škoda Fabia",
                              json_ld=[car]))
    assert names(events) == ["vm_page_view", "vm_vehicle_detail"]
    assert events[1]["vehicle_id"] == "12012"
    assert events[1]["vm_constants"]["vehicles"]["12012"] == {
        "name": "Škoda Fabia", "path": "/voorraad/skoda-fabia-12012", "brand": "Škoda",
        "model": "Fabia", "price": "15950.00"}


def test_a_request_form_counts_as_its_kind_and_as_a_form_ready() -> None:
    events = page_events(info("vehicle_test_drive", "/voorraad/x-7/proefrit", {"vehicle": "x-7"}))
    assert names(events) == ["vm_page_view", "vm_test_drive", "vm_form_ready"]
    assert events[2] == event("form_ready", form_id="test_drive", vehicle_id="7")
    model = page_events(info("model_test_drive", "/volkswagen/modellen/golf/proefrit",
                             {"brand": "volkswagen", "model": "golf"}))
    assert model[1]["model_id"] == "volkswagen/golf"


def test_every_request_form_but_the_job_application_says_it_is_ready() -> None:
    forms = {screen: page_events(info(screen, "/x", {"vehicle": "x-7", "brand": "volkswagen",
                                                     "model": "golf"}))
             for screen in SCREEN_FORMS}
    assert {screen for screen, events in forms.items()
            if "vm_form_ready" not in names(events)} == {"vacancy_apply"}


def test_a_page_that_was_not_found_is_only_a_page_view() -> None:
    events = page_events(info("vehicle", "/voorraad/gone-1", {"vehicle": "gone-1"}, status=404))
    assert names(events) == ["vm_page_view"] and events[0]["status"] == 404


def test_filters_and_quick_searches_of_the_stock() -> None:
    assert stock_filters({"fuel": "diesel", "sort": "price_asc", "page": "2", "x": "1"}) == {
        "fuel": "diesel"}
    assert quick_entry({"electric": "1"}) == "electric"
    listing = info("stock", "/voorraad")
    assert names(page_events(listing)) == ["vm_page_view", "vm_vehicle_overview"]
    assert page_events(listing, {"fuel": "diesel"})[2] == event(
        "vehicle_overview_filter", filters={"fuel": "diesel"})
    assert page_events(listing, {"electric": "1"})[2] == event(
        "vehicle_quick_search", quick_entry="electric", filters={"electric": "1"})


def test_a_location_search_is_a_location_filter() -> None:
    events = page_events(info("locations", "/vestigingen"), {"place": "Utrecht", "q": "x"})
    assert events[2] == event("location_filter", filters={"place": "Utrecht"})


def test_the_page_start_script_caches_records_and_pushes() -> None:
    entries = page_events(info("location", "/vestigingen/utrecht", {"location": "utrecht"},
                               heading="Utrecht"))
    program = ("global.window=global;global.dataLayer=[];" + constants_script("nl")
               + f"vmTrack({json.dumps(entries)});"
               "console.log(JSON.stringify({c:vmConstants,n:dataLayer.length}))")
    result = json.loads(subprocess.run(["node", "-e", program], capture_output=True,
                                       text=True, check=True).stdout)
    assert result["c"]["locations"]["utrecht"]["name"] == "Utrecht"
    assert result["n"] == 1 + len(entries)


def test_the_analysts_table_is_the_one_in_the_docs() -> None:
    table = events_table()
    assert all(f"`{definition.contract_id}`" in table for definition in EVENTS.values())
    assert table in DOCS.read_text(encoding="utf-8"), (
        "docs/analytics.md is out of date: paste dealer.analytics.events_table() into it")
