"""The plate lookup: the RDW client on a mock transport (found, not found, timeout, 5xx,
malformed JSON), its cache, the demo register, and what the visitor and the lead get."""

from __future__ import annotations

import asyncio
import datetime as dt

import httpx
import pytest

from dealer.plates.client import FUELS, VEHICLES, RdwClient, display_name
from dealer.plates.demo import DEMO_BASE_URL, demo_transport
from dealer.plates.lookup import (
    CACHE_SECONDS,
    FAILURE_SECONDS,
    VISITOR_LOOKUPS,
    VISITOR_WINDOW_SECONDS,
    PlateLookup,
    PlateLookupService,
)
from dealer.plates.plates import dutch_plate
from dealer.settings import Settings
from dealer.views.plates import autofill, lead_record, plate_view, valuation_href

pytestmark = pytest.mark.anyio

BASE = "https://opendata.rdw.test/resource"
GOLF = {"kenteken": "KX512T", "voertuigsoort": "Personenauto", "merk": "VOLKSWAGEN",
        "handelsbenaming": "VOLKSWAGEN GOLF", "eerste_kleur": "GRIJS",
        "datum_eerste_toelating": "20170512"}
FUEL_ROWS = [
    {"kenteken": "KX512T", "brandstof_volgnummer": "2", "brandstof_omschrijving": "Elektriciteit"},
    {"kenteken": "KX512T", "brandstof_volgnummer": "1", "brandstof_omschrijving": "Benzine"},
]


class Register:
    """The RDW's endpoint: answers per dataset, or what a test sets; records requests."""

    def __init__(self) -> None:
        self.answers: dict[str, httpx.Response | Exception] = {
            VEHICLES: httpx.Response(200, json=[GOLF]),
            FUELS: httpx.Response(200, json=FUEL_ROWS),
        }
        self.requests: list[httpx.Request] = []
        self.delay = 0.0

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.delay:
            await asyncio.sleep(self.delay)
        answer = self.answers[request.url.path.rsplit("/", 1)[-1]]
        if isinstance(answer, Exception):
            raise answer
        return answer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def service(register: Register, clock: Clock | None = None,
            timeout: float = 2.0) -> PlateLookupService:
    client = RdwClient(base_url=BASE, app_token="app-token",
                       transport=httpx.MockTransport(register))
    return PlateLookupService(Settings(public_mocks=False), client=client,
                              clock=clock or Clock(), timeout=timeout)


async def test_a_found_plate_gives_its_vehicle_from_both_datasets() -> None:
    register = Register()
    lookup = await service(register).look_up("kx 512 t")
    assert lookup.state == "found"
    vehicle = lookup.vehicle
    assert vehicle is not None
    assert (vehicle.plate, vehicle.make, vehicle.model) == ("KX-512-T", "Volkswagen", "Golf")
    assert vehicle.first_registration == dt.date(2017, 5, 12)
    assert vehicle.fuels == ("Benzine", "Elektriciteit")  # in the register's order
    assert vehicle.colour == "GRIJS"
    asked = sorted(str(request.url) for request in register.requests)
    assert asked == [f"{BASE}/8ys7-d773.json?kenteken=KX512T",
                     f"{BASE}/m9d7-ebf2.json?kenteken=KX512T"]
    assert register.requests[0].headers["X-App-Token"] == "app-token"


async def test_an_unknown_plate_is_not_found() -> None:
    register = Register()
    register.answers = {VEHICLES: httpx.Response(200, json=[]),
                        FUELS: httpx.Response(200, json=[])}
    lookup = await service(register).look_up("ZZ-999-Z")
    assert (lookup.state, lookup.vehicle) == ("not_found", None)
    assert lookup.plate is not None and lookup.plate.formatted == "ZZ-999-Z"
    # The register was asked once: without a vehicle there are no fuels to ask for.
    assert [str(request.url) for request in register.requests] == [
        f"{BASE}/m9d7-ebf2.json?kenteken=ZZ999Z"]


@pytest.mark.parametrize("failure", [
    httpx.ReadTimeout("slow"),
    httpx.ConnectError("refused"),
    httpx.Response(503, text="Service Unavailable"),
    httpx.Response(500, json={"code": "internal", "error": True}),
    httpx.Response(400, json={"code": "query.compiler.malformed", "error": True}),
    httpx.Response(200, text="<html>maintenance</html>"),  # malformed JSON
    httpx.Response(200, json={"error": True}),  # JSON, but no list of rows
    httpx.Response(200, json=[1, 2]),
])
async def test_a_failing_register_is_unavailable_and_kept_briefly(
    failure: httpx.Response | Exception,
) -> None:
    register, clock = Register(), Clock()
    register.answers[FUELS] = failure
    lookups = service(register, clock)
    lookup = await lookups.look_up("KX-512-T")
    assert lookup.state == "unavailable"
    assert lookup.plate is not None and lookup.vehicle is None
    register.answers[FUELS] = httpx.Response(200, json=FUEL_ROWS)
    asked = len(register.requests)
    clock.now += FAILURE_SECONDS - 1
    assert (await lookups.look_up("KX-512-T")).state == "unavailable"  # the register rests
    assert len(register.requests) == asked
    clock.now += 1
    assert (await lookups.look_up("KX-512-T")).state == "found"  # asked again


async def test_a_slow_register_times_out() -> None:
    register = Register()
    register.delay = 1.0
    started = asyncio.get_running_loop().time()
    lookup = await service(register, timeout=0.2).look_up("KX-512-T")
    assert lookup.state == "unavailable"
    assert asyncio.get_running_loop().time() - started < 0.9


async def test_answers_are_kept_for_a_while_in_a_small_cache() -> None:
    register, clock = Register(), Clock()
    lookups = service(register, clock)
    await lookups.look_up("KX-512-T")
    await lookups.look_up("kx512t")
    assert len(register.requests) == 2  # one lookup: two datasets
    clock.now += CACHE_SECONDS
    await lookups.look_up("KX-512-T")
    assert len(register.requests) == 4


async def test_a_visitor_may_have_the_register_asked_a_few_times_in_ten_minutes() -> None:
    register, clock = Register(), Clock()
    lookups = service(register, clock)
    plates = [f"KX-{number}-T" for number in range(100, 100 + VISITOR_LOOKUPS)]
    for plate in plates:
        assert (await lookups.look_up(plate, "198.51.100.7")).state == "found"
    asked = len(register.requests)
    limited = await lookups.look_up("KX-999-T", "198.51.100.7")
    assert limited.state == "limited" and limited.plate is not None
    assert len(register.requests) == asked  # nobody was asked
    # What the site knows already costs the register nothing.
    assert (await lookups.look_up(plates[0], "198.51.100.7")).state == "found"
    assert (await lookups.look_up("KX-999-T", "203.0.113.4")).state == "found"  # another one
    clock.now += VISITOR_WINDOW_SECONDS
    assert (await lookups.look_up("KX-998-T", "198.51.100.7")).state == "found"


@pytest.mark.parametrize(("locale", "message"), [
    ("nl", "U heeft in korte tijd veel kentekens opgezocht. Probeer het over een paar minuten "
           "opnieuw of vul de gegevens van uw auto zelf in."),
    ("de", "Sie haben in kurzer Zeit viele Kennzeichen abgefragt. Bitte versuchen Sie es in "
           "einigen Minuten erneut oder geben Sie die Daten Ihres Autos selbst ein."),
])
def test_a_limited_visitor_is_told_so(locale: str, message: str) -> None:
    view = plate_view(PlateLookup("limited", dutch_plate("AB-123-C")), locale)
    assert view.message == message and view.details == {}


async def test_invalid_and_german_plates_ask_nobody() -> None:
    register = Register()
    lookups = service(register)
    assert (await lookups.look_up("hello")).state == "invalid"
    assert (await lookups.look_up("")).state == "invalid"
    german = await lookups.look_up("B-AB 1234")
    assert german.state == "german" and german.plate is not None
    assert register.requests == []


async def test_the_demo_register_answers_through_the_same_client() -> None:
    lookups = PlateLookupService(Settings(public_mocks=True))
    assert lookups.uses_demo
    yaris = await lookups.look_up("t 123 br")
    assert yaris.state == "found" and yaris.vehicle is not None
    assert (yaris.vehicle.make, yaris.vehicle.model) == ("Toyota", "Yaris")
    assert (await lookups.look_up("ZZ-999-Z")).state == "not_found"
    assert PlateLookupService(Settings(public_mocks=False, plate_lookup_url="")).uses_demo
    assert not PlateLookupService(Settings(public_mocks=False)).uses_demo


async def test_the_offline_demo_finds_its_plates_when_the_register_is_unreachable() -> None:
    """The demo (no content service) without a network: the register's address does not
    answer, the bundled demo plates do; a configured site says the register is away."""
    unreachable = "http://127.0.0.1:9/resource"  # nothing listens on the discard port
    demo = PlateLookupService(Settings(public_mocks=False, plate_lookup_url=unreachable))
    golf = await demo.look_up("KX-512-T")
    assert golf.state == "found" and golf.vehicle is not None
    assert (golf.vehicle.make, golf.vehicle.model) == ("Volkswagen", "Golf")
    assert (await demo.look_up("ZZ-999-Z")).state == "not_found"
    live = PlateLookupService(Settings(public_mocks=False, plate_lookup_url=unreachable,
                                       content_token="token"))
    assert (await live.look_up("KX-512-T")).state == "unavailable"
    await demo.aclose()
    await live.aclose()


async def test_the_demo_transport_answers_like_socrata() -> None:
    async with httpx.AsyncClient(transport=demo_transport(), base_url=DEMO_BASE_URL) as http:
        rows = (await http.get("/resource/8ys7-d773.json", params={"kenteken": "T123BR"})).json()
        assert [row["brandstof_omschrijving"] for row in rows] == ["Benzine", "Elektriciteit"]
        assert (await http.get("/resource/m9d7-ebf2.json",
                               params={"kenteken": "ZZ999Z"})).json() == []
        assert (await http.get("/resource/nope.json")).status_code == 404


def test_register_names_as_people_write_them() -> None:
    assert display_name("VOLKSWAGEN") == "Volkswagen"
    assert display_name("BMW") == "BMW"
    assert display_name("MERCEDES-BENZ") == "Mercedes-Benz"
    assert display_name("X1 SDRIVE18D") == "X1 SDRIVE18D"


# --- what the visitor and the lead get --------------------------------------------------


async def found() -> PlateLookup:
    return await PlateLookupService(Settings(public_mocks=True)).look_up("T-123-BR")


async def test_the_view_of_a_found_plate_in_both_languages() -> None:
    lookup = await found()
    dutch, german = plate_view(lookup, "nl"), plate_view(lookup, "de")
    assert dutch.details == {
        "trade_in_make": "Toyota", "trade_in_model": "Yaris",
        "trade_in_first_registration": "2016-09-01", "trade_in_fuel": "Benzine-hybride",
        "trade_in_colour": "Wit",
    }
    assert german.details["trade_in_fuel"] == "Benzin-Hybrid"
    assert german.details["trade_in_colour"] == "Weiß"
    assert dutch.vehicle == "Toyota Yaris · 2016 · Benzine-hybride · Wit"
    assert "T-123-BR" in dutch.message and dutch.vehicle in dutch.message


@pytest.mark.parametrize("state", ["not_found", "invalid", "german", "unavailable", "limited"])
def test_every_state_has_a_message_in_both_languages(state: str) -> None:
    plate = dutch_plate("AB-123-C")
    lookup = PlateLookup(state, plate)  # type: ignore[arg-type]
    dutch, german = plate_view(lookup, "nl"), plate_view(lookup, "de")
    assert dutch.message and german.message and dutch.message != german.message
    assert dutch.details == {}


def test_the_valuation_link_carries_the_plate() -> None:
    lookup = PlateLookup("not_found", dutch_plate("ab-123-c"))
    assert valuation_href("https://taxatie.example/inruil?bron=site", lookup) == (
        "https://taxatie.example/inruil?bron=site&kenteken=AB123C")
    assert valuation_href("https://taxatie.example/inruil", PlateLookup("invalid")) == (
        "https://taxatie.example/inruil")
    assert valuation_href("", lookup) == ""


def test_autofill_keeps_what_the_visitor_typed() -> None:
    first = {"trade_in_make": "Toyota", "trade_in_model": "Yaris", "trade_in_fuel": "Benzine"}
    values = {"trade_in_make": "", "trade_in_model": "Yaris Cross", "trade_in_fuel": ""}
    assert autofill(values, first, {}) == {"trade_in_make": "Toyota", "trade_in_fuel": "Benzine"}
    filled = {**values, "trade_in_make": "Toyota", "trade_in_fuel": "Benzine"}
    # Another plate that is not found: what the first lookup filled in is cleared.
    assert autofill(filled, {}, first) == {"trade_in_make": "", "trade_in_fuel": ""}


async def test_the_lead_keeps_the_registers_own_data() -> None:
    assert lead_record(await found()) == {
        "plate": "T-123-BR", "state": "found", "make": "Toyota", "model": "Yaris",
        "first_registration": "2016-09-01", "fuel": "Benzine, Elektriciteit",
        "colour": "WIT", "kind": "Personenauto",
    }
    assert lead_record(PlateLookup("german", None)) == {"plate": "", "state": "german"}
