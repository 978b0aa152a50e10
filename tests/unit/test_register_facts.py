"""The vehicle register's facts on a stock vehicle's page: reading the RDW's answer (any
garbage gives no fact, never an exception), the facts in both languages, and the stock
register that never lets a page wait for the register."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import threading

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.plates.client import PlateLookupError, RdwClient, RegisteredVehicle, parse_vehicle
from dealer.plates.demo import DEMO_BASE_URL, demo_transport
from dealer.plates.lookup import CACHE_SECONDS, FAILURE_SECONDS, PlateLookupService
from dealer.plates.plates import dutch_plate
from dealer.plates.register import StockRegister
from dealer.settings import Settings
from dealer.stock.demo import DEMO_PLATES
from dealer.views.vehicle import register_facts, vehicle_view
from tests.conftest import wait_until
from tests.unit.test_vehicle_view import vehicle

PLATE = dutch_plate("3-TZ-456")
# The RDW's answer for a plate (m9d7-ebf2), as recorded: fields the page reads, and others.
RECORDED = {
    "kenteken": "3TZ456", "voertuigsoort": "Personenauto", "merk": "SKODA",
    "handelsbenaming": "KAMIQ", "eerste_kleur": "ZWART", "datum_eerste_toelating": "20241105",
    "vervaldatum_apk": "20281105", "tellerstandoordeel": "Logisch",
    "code_toelichting_tellerstandoordeel": "00", "jaar_laatste_registratie_tellerstand": "2025",
    "vervaldatum_apk_dt": "2028-11-05T00:00:00.000",
}
FETCHED = dt.date(2026, 11, 27)


def registered(**changes: object) -> RegisteredVehicle:
    vehicle_ = parse_vehicle(PLATE, [{**RECORDED, **changes}], [], FETCHED)
    assert vehicle_ is not None
    return vehicle_


def test_the_register_answer_gives_admission_apk_and_odometer() -> None:
    found = registered()
    assert (found.plate, found.make, found.model) == ("3-TZ-456", "Skoda", "Kamiq")
    assert found.first_registration == dt.date(2024, 11, 5)
    assert found.apk_expiry == dt.date(2028, 11, 5)
    assert found.odometer == "logical"
    assert found.owners is None  # the open data does not give it
    assert found.fetched_on == FETCHED
    assert registered(tellerstandoordeel="Onlogisch").odometer == "illogical"
    assert registered(tellerstandoordeel=" geen  OORDEEL ").odometer == "no_judgement"
    assert registered(tellerstandoordeel="Niet geregistreerd").odometer == ""
    assert registered(aantal_eigenaren="3").owners == 3
    for unusable in ("0", "-1", "3.0", "٣", "100", 3, None, "veel"):
        assert registered(aantal_eigenaren=unusable).owners is None
    for unusable in ("2028-11-05", "20281305", 20281105, "", None, ["20281105"]):
        assert registered(vervaldatum_apk=unusable).apk_expiry is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = ("merk", "handelsbenaming", "datum_eerste_toelating", "vervaldatum_apk",
          "tellerstandoordeel", "aantal_eigenaren", "eerste_kleur", "voertuigsoort")


@given(body=JSON)
def test_a_garbage_body_is_no_vehicle_or_a_lookup_error(body: object) -> None:
    try:
        found = parse_vehicle(PLATE, body, body, FETCHED)
    except PlateLookupError:  # the lookup's one failure: 'unavailable', the block hidden
        return
    assert found is None or isinstance(found, RegisteredVehicle)


@given(row=st.fixed_dictionaries({}, optional=dict.fromkeys(FIELDS, JSON)))
def test_any_field_value_gives_a_vehicle_with_what_could_be_read(row: dict) -> None:
    found = parse_vehicle(PLATE, [row], [{"brandstof_omschrijving": v} for v in row.values()],
                          FETCHED)
    assert found is not None and found.plate == "3-TZ-456"
    for locale in ("nl", "de"):  # and the page shows it, or nothing
        register_facts(vehicle(brand_slug="skoda"), found, locale)


def test_the_facts_read_in_both_languages_with_their_source() -> None:
    skoda = vehicle(brand_slug="skoda", licence_plate="3-TZ-456")
    nl = vehicle_view(skoda, "nl", registered=registered(aantal_eigenaren="2"))
    de = vehicle_view(skoda, "de", registered=registered(aantal_eigenaren="2"))
    assert [(fact.label, fact.value) for fact in nl.register] == [
        ("Kenteken", "3-TZ-456"),
        ("Datum eerste toelating", "5 november 2024"),
        ("APK geldig tot", "5 november 2028"),
        ("Tellerstandoordeel", "Logisch"),
        ("Vorige eigenaren", "2"),
    ]
    assert [(fact.label, fact.value) for fact in de.register] == [
        ("Kennzeichen", "3-TZ-456"),
        ("Erstzulassung", "5. November 2024"),
        ("HU (APK) gültig bis", "5. November 2028"),
        ("Bewertung des Kilometerstands", "Plausibel"),
        ("Vorbesitzer", "2"),
    ]
    assert nl.register_source == ("Bron: open data van de RDW voor kenteken 3-TZ-456, "
                                  "opgehaald op 27 november 2026.")
    assert de.register_source.endswith("zum Kennzeichen 3-TZ-456, abgerufen am "
                                       "27. November 2026.")
    assert [fact.value for fact in vehicle_view(skoda, "de", registered=registered(
        tellerstandoordeel="Geen oordeel")).register][3] == "Keine Bewertung"


def test_no_block_without_an_answer_or_for_another_make() -> None:
    skoda = vehicle(brand_slug="skoda", licence_plate="3-TZ-456")
    assert vehicle_view(skoda, "nl").register == []  # nothing kept: no block
    assert register_facts(vehicle(brand_slug="audi"), registered(), "nl") == ([], "")
    # A make the register writes as a brand's first word still matches it.
    vw = registered(merk="VOLKSWAGEN")
    assert register_facts(vehicle(brand_slug="volkswagen-bedrijfswagens"), vw, "nl")[0]
    bare = registered(datum_eerste_toelating="", vervaldatum_apk="", tellerstandoordeel="")
    assert register_facts(skoda, bare, "nl") == ([], "")  # a plate alone is no fact
    undated = dataclasses.replace(registered(), fetched_on=None)
    assert register_facts(skoda, undated, "nl") == ([], "")


class SlowRegister:
    """An RDW endpoint that answers only when the test lets it."""

    def __init__(self, answer: httpx.Response) -> None:
        self.answer = answer
        self.asked = 0
        self.go = threading.Event()

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.asked += 1
        while not self.go.is_set():
            await asyncio.sleep(0.01)
        return self.answer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def stock_register(endpoint: SlowRegister, clock: Clock | None = None) -> StockRegister:
    client = RdwClient(base_url="https://opendata.rdw.test/resource",
                       transport=httpx.MockTransport(endpoint))
    settings = Settings(public_mocks=False, content_token="token")  # no demo fallback
    return StockRegister(PlateLookupService(settings, client=client, timeout=30.0,
                                            clock=clock or Clock()))


def test_a_page_never_waits_and_a_later_view_has_the_facts() -> None:
    endpoint = SlowRegister(httpx.Response(200, json=[RECORDED]))
    register = stock_register(endpoint)
    assert register.facts("3tz456") is None  # nothing kept: asked in the background
    wait_until(lambda: endpoint.asked, "the register to be asked")
    assert register.facts("3-TZ-456") is None  # still asking: no second question, no wait
    assert endpoint.asked == 1 and register.asking()
    endpoint.go.set()
    found = wait_until(lambda: register.facts("3-TZ-456"), "the register's answer")
    assert found.apk_expiry == dt.date(2028, 11, 5)
    assert endpoint.asked == 2  # the vehicle, then its fuels; kept from now on
    assert register.facts("3-TZ-456") is found
    assert register.facts("B-AB 1234") is None and register.facts(None) is None  # no register


def test_an_old_answer_is_shown_while_the_register_is_asked_again() -> None:
    endpoint, clock = SlowRegister(httpx.Response(200, json=[RECORDED])), Clock()
    endpoint.go.set()
    register = stock_register(endpoint, clock)
    register.facts("3-TZ-456")
    old = wait_until(lambda: register.facts("3-TZ-456"), "the register's answer")
    # The answer shows before it is stored; until then the plate counts as being asked, and
    # a question in the meantime would be the same one.
    wait_until(lambda: not register.asking(), "the answer stored")
    endpoint.go.clear()
    clock.now += CACHE_SECONDS  # the answer is an hour old: asked again, shown meanwhile
    assert register.facts("3-TZ-456") is old
    wait_until(lambda: endpoint.asked == 3, "the register to be asked again")
    endpoint.answer = httpx.Response(503)
    endpoint.go.set()
    wait_until(lambda: not register.asking(), "the register to fail")
    assert register.facts("3-TZ-456") is None  # an outage hides the block
    clock.now += FAILURE_SECONDS
    endpoint.answer = httpx.Response(200, json=[{**RECORDED, "vervaldatum_apk": "20301105"}])
    new = wait_until(lambda: register.facts("3-TZ-456"), "the register back")
    assert new.apk_expiry == dt.date(2030, 11, 5)


@pytest.mark.parametrize("answer", [httpx.Response(503), httpx.Response(200, text="<html>")])
def test_a_register_outage_hides_the_facts(answer: httpx.Response) -> None:
    endpoint = SlowRegister(answer)
    endpoint.go.set()
    register = stock_register(endpoint)
    assert register.facts("3-TZ-456") is None
    wait_until(lambda: endpoint.asked and not register.asking(), "the register to fail")
    assert register.facts("3-TZ-456") is None  # the failure is kept: not asked again
    assert endpoint.asked == 1


def test_every_demo_stock_plate_is_in_the_demo_register() -> None:
    async def ask_all() -> list[RegisteredVehicle | None]:
        client = RdwClient(base_url=DEMO_BASE_URL, transport=demo_transport())
        plates = [dutch_plate(text) for text in DEMO_PLATES.values()]
        return [await client.vehicle(plate) for plate in plates if plate is not None]

    found = asyncio.run(ask_all())
    assert len(found) == len(DEMO_PLATES)
    assert all(vehicle_ and vehicle_.apk_expiry and vehicle_.odometer for vehicle_ in found)
