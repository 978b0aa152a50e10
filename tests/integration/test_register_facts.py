"""The register block of a vehicle page with a Dutch plate, the RDW client answering from a
loopback server with recorded answers: asked once off the page's path, kept, shown in both
languages and in what the server sends; an outage hides the block and delays no page. And
the stock import takes the plate."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.plates.client import FUELS, VEHICLES
from dealer.plates.lookup import CACHE_SECONDS, PlateLookupService
from dealer.plates.models import RegisterAnswer
from dealer.plates.register import StockRegister
from dealer.routes import path_for
from dealer.settings import Settings
from dealer.stock.importer import import_rows
from dealer.stock.models import Vehicle
from dealer.views.vehicle import vehicle_page
from tests.conftest import wait_until
from tests.integration.test_stock_import import feed_row
from tests.loopback import LoopbackService

# Recorded answers of opendata.rdw.nl for 3-TZ-456, the demo stock's Škoda Kamiq.
RECORDED = {
    f"/resource/{VEHICLES}": ("application/json", json.dumps([{
        "kenteken": "3TZ456", "voertuigsoort": "Personenauto", "merk": "SKODA",
        "handelsbenaming": "KAMIQ", "inrichting": "hatchback", "eerste_kleur": "ZWART",
        "datum_eerste_toelating": "20241105", "datum_eerste_tenaamstelling_in_nederland":
        "20241105", "vervaldatum_apk": "20281105", "tellerstandoordeel": "Logisch",
        "code_toelichting_tellerstandoordeel": "00",
        "jaar_laatste_registratie_tellerstand": "2025",
        "datum_eerste_toelating_dt": "2024-11-05T00:00:00.000",
        "vervaldatum_apk_dt": "2028-11-05T00:00:00.000",
    }])),
    f"/resource/{FUELS}": ("application/json", json.dumps([{
        "kenteken": "3TZ456", "brandstof_volgnummer": "1", "brandstof_omschrijving": "Benzine",
        "nettomaximumvermogen": "85.00",
    }])),
}
KAMIQ = "10000"  # its external id


def register_at(service: LoopbackService, engine: Engine | None = None) -> StockRegister:
    settings = Settings(public_mocks=False, content_token="token",  # no demo fallback
                        plate_lookup_url=f"{service.origin}/resource")
    return StockRegister(PlateLookupService(settings), engine=engine)


def slug_of(engine: Engine, external_id: str) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.external_id == external_id)).one()


@pytest.fixture
def register_service() -> Iterator[LoopbackService]:
    with LoopbackService(RECORDED) as service:
        yield service


def test_the_facts_are_asked_once_kept_and_shown_in_both_languages(
    fresh_stock_engine: Engine, register_service: LoopbackService,
) -> None:
    register = register_at(register_service)
    slug = slug_of(fresh_stock_engine, KAMIQ)
    nl_path, de_path = (path_for("vehicle", locale, vehicle=slug) for locale in ("nl", "de"))

    first = vehicle_page(nl_path, engine=fresh_stock_engine, register=register)
    assert first.view is not None and first.view.register == []  # not kept yet: no block

    def shown() -> object:
        page = vehicle_page(nl_path, engine=fresh_stock_engine, register=register)
        return page.view is not None and page.view.register and page
    nl = wait_until(shown, "the register's facts on the page")
    assert [(fact.label, fact.value) for fact in nl.view.register] == [
        ("Kenteken", "3-TZ-456"), ("Datum eerste toelating", "5 november 2024"),
        ("APK geldig tot", "5 november 2028"), ("Tellerstandoordeel", "Logisch"),
    ]
    assert nl.view.register_source.startswith("Bron: open data van de RDW voor kenteken")
    assert ("APK geldig tot", "5 november 2028") in [(f.label, f.value) for f in nl.info.facts]

    de = vehicle_page(de_path, engine=fresh_stock_engine, register=register)
    assert [(fact.label, fact.value) for fact in de.view.register][2:] == [
        ("HU (APK) gültig bis", "5. November 2028"),
        ("Bewertung des Kilometerstands", "Plausibel"),
    ]
    asked = register_service.requested(f"/resource/{VEHICLES}")
    assert len(asked) == 1 and asked[0].path.endswith("?kenteken=3TZ456")  # then kept


def test_an_outage_hides_the_block_without_delaying_the_page(
    fresh_stock_engine: Engine,
) -> None:
    slug = slug_of(fresh_stock_engine, KAMIQ)
    path = path_for("vehicle", "de", vehicle=slug)
    with LoopbackService(RECORDED, hold=True) as silent:  # asked, never answers
        register = register_at(silent)
        page = vehicle_page(path, engine=fresh_stock_engine, register=register)
        wait_until(lambda: silent.requested(f"/resource/{VEHICLES}"), "the register asked")
        # The page was there while the register had not answered, and stays without it.
        assert page.view is not None and page.view.register == []
        assert vehicle_page(path, engine=fresh_stock_engine, register=register).view.register == []
    with LoopbackService(RECORDED, status=503) as failing:
        register = register_at(failing)
        vehicle_page(path, engine=fresh_stock_engine, register=register)
        wait_until(lambda: failing.requested(f"/resource/{VEHICLES}") and not register.asking(),
                   "the register to fail")
        page = vehicle_page(path, engine=fresh_stock_engine, register=register)
        assert page.info.status == 200 and page.view.register == []
        assert len(failing.requested(f"/resource/{VEHICLES}")) == 1  # the failure is kept


def test_an_answer_is_shared_by_every_process_and_outlives_a_restart(
    fresh_stock_engine: Engine, register_service: LoopbackService,
) -> None:
    """The site's reader stores what the register said: another server process, or the
    next start, shows the facts at once without asking, until the answer is an hour old."""
    path = path_for("vehicle", "nl", vehicle=slug_of(fresh_stock_engine, KAMIQ))
    first = register_at(register_service, fresh_stock_engine)
    vehicle_page(path, engine=fresh_stock_engine, register=first)
    wait_until(lambda: register_service.requested(f"/resource/{VEHICLES}")
               and not first.asking(), "the register's answer")
    with LoopbackService(RECORDED, status=503) as down:  # the other process's register
        other = register_at(down, fresh_stock_engine)
        page = vehicle_page(path, engine=fresh_stock_engine, register=other)
        assert ("APK geldig tot", "5 november 2028") in [
            (fact.label, fact.value) for fact in page.view.register]
        assert not other.asking() and down.requested(f"/resource/{VEHICLES}") == []
        with Session(fresh_stock_engine) as session:  # an hour later it is asked again
            row = session.get(RegisterAnswer, "3TZ456")
            row.fetched_at -= dt.timedelta(seconds=CACHE_SECONDS)
            session.add(row)
            session.commit()
        later = register_at(down, fresh_stock_engine)
        assert vehicle_page(path, engine=fresh_stock_engine, register=later).view.register == []
        wait_until(lambda: down.requested(f"/resource/{VEHICLES}"), "the register asked again")
    assert len(register_service.requested(f"/resource/{VEHICLES}")) == 1


def test_every_demo_plate_shows_its_facts_from_the_demo_register(
    fresh_stock_engine: Engine,
) -> None:
    register = StockRegister(PlateLookupService(Settings(public_mocks=True)))
    with Session(fresh_stock_engine) as session:
        slugs = session.exec(select(Vehicle.slug).where(Vehicle.licence_plate.is_not(None))).all()
    assert len(slugs) == 8
    for slug in slugs:
        path = path_for("vehicle", "nl", vehicle=slug)
        wait_until(lambda path=path: vehicle_page(path, engine=fresh_stock_engine,
                                                  register=register).view.register,
                   f"the register block of {slug}")


def test_the_stock_import_takes_the_plate(fresh_stock_engine: Engine) -> None:
    report = import_rows(fresh_stock_engine, [
        feed_row("P-1", licence_plate=" 3tz 456"), feed_row("P-2", licence_plate="B-AB 1234"),
        feed_row("P-3", licence_plate="not a plate"), feed_row("P-4"),
    ])
    assert (report.created, [row.reasons for row in report.rejected]) == (3, [
        ("licence_plate: is not a Dutch or German licence plate",)])
    with Session(fresh_stock_engine) as session:
        plates = dict(session.exec(select(Vehicle.external_id, Vehicle.licence_plate)
                                   .where(Vehicle.external_id.startswith("P-"))).all())
    assert plates == {"P-1": "3-TZ-456", "P-2": "B-AB 1234", "P-4": None}
