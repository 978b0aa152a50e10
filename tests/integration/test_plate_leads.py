"""A request with a car to trade in: the stored lead keeps the plate as it is officially
written, what the visitor sent (edited details included) and what the register said."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.forms.definitions import HONEYPOT
from dealer.leads.models import Lead
from dealer.leads.store import LeadRejectedError, client_key, store_lead
from dealer.plates.lookup import PlateLookupService
from dealer.settings import Settings
from dealer.views.plates import lead_record, plate_view

pytestmark = pytest.mark.anyio

NO_CHANNELS = Settings(smtp_host=None, lead_mail_to=None, lead_webhook_url=None)


def submit(engine: Engine, key: str, values: dict[str, object],
           lookup: dict[str, str] | None) -> Lead:
    store_lead(
        form_id="vehicle_interest",
        values={"name": "Anna de Vries", "email": "anna@example.nl", "phone": "",
                "contact_preference": "email", "message": "", "privacy": "on",
                HONEYPOT: "", "trade_in": "on", "trade_in_mileage": "98000", **values},
        locale="nl", source_page="/voorraad/audi-a3-1/interesse",
        client_key=client_key("198.51.100.9"), idempotency_key=key, engine=engine,
        settings=NO_CHANNELS, now=dt.datetime(2026, 11, 25, 9, 0, tzinfo=dt.UTC),
        trade_in_lookup=lookup,
    )
    with Session(engine) as session:
        return session.exec(select(Lead).where(Lead.idempotency_key == key)).one()


async def test_the_lead_keeps_the_plate_and_the_looked_up_data(empty_engine: Engine) -> None:
    lookup = await PlateLookupService(Settings(public_mocks=True)).look_up("kx512t")
    details = plate_view(lookup, "nl").details
    lead = submit(empty_engine, "plate-lead-found-0001", {
        "trade_in_plate": "kx 512 t", **details,
        "trade_in_colour": "Antraciet",  # the visitor knows better than the register
    }, lead_record(lookup))
    assert lead.payload["trade_in_plate"] == "KX-512-T"
    assert lead.payload["trade_in_make"] == "Volkswagen"
    assert lead.payload["trade_in_model"] == "Golf"
    assert lead.payload["trade_in_first_registration"] == "2017-05-12"
    assert lead.payload["trade_in_fuel"] == "Benzine"
    assert lead.payload["trade_in_colour"] == "Antraciet"
    assert lead.payload["trade_in_lookup"] == {
        "plate": "KX-512-T", "state": "found", "make": "Volkswagen", "model": "Golf",
        "first_registration": "2017-05-12", "fuel": "Benzine", "colour": "GRIJS",
        "kind": "Personenauto",
    }


async def test_a_german_plate_is_stored_written_the_german_way(empty_engine: Engine) -> None:
    lookup = await PlateLookupService(Settings(public_mocks=True)).look_up("b ab 1234")
    lead = submit(empty_engine, "plate-lead-german-001", {"trade_in_plate": "b ab 1234",
                                                          "trade_in_make": "Opel"},
                  lead_record(lookup))
    assert lead.payload["trade_in_plate"] == "B-AB 1234"
    assert lead.payload["trade_in_make"] == "Opel"
    assert lead.payload["trade_in_lookup"] == {"plate": "B-AB 1234", "state": "german"}


def test_without_a_trade_in_nothing_of_a_plate_is_kept(empty_engine: Engine) -> None:
    lead = submit(empty_engine, "plate-lead-none-00001",
                  {"trade_in": "", "trade_in_plate": "KX-512-T"},
                  {"plate": "KX-512-T", "state": "found"})
    assert not any(name.startswith("trade_in_") for name in lead.payload)


async def test_a_trade_in_request_is_a_lead_with_the_car_its_mileage_and_condition(
        empty_engine: Engine) -> None:
    """The site's own trade-in request: no toggle, the car is what it is about; without
    mileage and condition it is not stored, and says why in the visitor's language."""
    lookup = await PlateLookupService(Settings(public_mocks=True)).look_up("GHJ45K")
    request = {
        "form_id": "trade_in", "locale": "de", "source_page": "/de/inzahlungnahme",
        "client_key": client_key("198.51.100.9"), "engine": empty_engine,
        "settings": NO_CHANNELS, "now": dt.datetime(2026, 11, 25, 9, 0, tzinfo=dt.UTC),
        "trade_in_lookup": lead_record(lookup),
    }
    values = {"trade_in_plate": "GHJ45K", **plate_view(lookup, "de").details,
              "name": "Jörg Müller", "email": "joerg@example.de", "phone": "",
              "contact_preference": "email", "message": "", "privacy": "on", HONEYPOT: ""}
    with pytest.raises(LeadRejectedError) as rejected:
        store_lead(values=values, idempotency_key="trade-in-request-0001", **request)
    assert rejected.value.errors == {
        "trade_in_mileage": "Kilometerstand ist ein Pflichtfeld.",
        "trade_in_condition": "Bitte wählen Sie den Zustand Ihres Fahrzeugs."}
    store_lead(values={**values, "trade_in_mileage": "64000", "trade_in_condition": "good"},
               idempotency_key="trade-in-request-0002", **request)
    with Session(empty_engine) as session:
        (lead,) = session.exec(select(Lead))
    assert lead.form_id == "trade_in"
    assert lead.payload["trade_in_plate"] == "GHJ-45-K"
    assert (lead.payload["trade_in_make"], lead.payload["trade_in_fuel"]) == ("KIA", "Elektro")
    assert (lead.payload["trade_in_mileage"], lead.payload["trade_in_condition"]) == (
        "64000", "good")
    assert lead.payload["trade_in_lookup"]["state"] == "found"
