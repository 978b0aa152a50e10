"""The server's error reporter with the real SDK against a fake ingest on the loopback
interface: a failing page arrives as an envelope with the release, environment and
sample rate, and without what the visitor entered; without a DSN nothing is sent."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
import sentry_sdk
from hypothesis import given
from hypothesis import strategies as st

from dealer import reporting
from dealer.routes import PageRequest
from dealer.settings import Settings
from dealer.state.failures import browser_failed
from dealer.web import describe as describe_module
from dealer.web.describe import describe
from tests.loopback import LoopbackService

EMAIL, PHONE = "jan.jansen@example.nl", "+31 6 12345678"
FILTERED = reporting.FILTERED


@pytest.fixture
def ingest() -> Iterator[LoopbackService]:
    service = LoopbackService()
    yield service
    sentry_sdk.init()  # no DSN: the reporter is off again for the other tests
    service.close()


@pytest.fixture
def failing_page(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(request: PageRequest):
        raise RuntimeError(f"lead of {EMAIL} ({PHONE}) could not be read")

    monkeypatch.setattr(describe_module, "describer_for", lambda screen: fails)


def envelope_items(body: str) -> list[dict]:
    return [json.loads(line) for line in body.splitlines() if line.startswith("{")]


def test_a_server_error_arrives_without_what_the_visitor_entered(
        ingest: LoopbackService, failing_page: None) -> None:
    settings = Settings(sentry_dsn=f"http://public@{ingest.origin.split('//')[1]}/1",
                        sentry_environment="staging")
    assert reporting.start(settings, lambda: "build-1a2b")
    info = asyncio.run(describe(f"/over-ons?email={EMAIL}", {"email": EMAIL}))
    assert info.status == 500
    sentry_sdk.flush(timeout=5)
    envelopes = ingest.requested("/api/1/envelope/")
    assert envelopes, "no envelope reached the ingest"
    body = envelopes[0].text
    assert EMAIL not in body and "12345678" not in body
    header, *items = envelope_items(body)
    assert header["trace"]["sample_rate"] == "0.1"  # SPEC §9's traces sample rate
    assert header["trace"]["release"] == "build-1a2b"
    event = next(item for item in items if item.get("exception") or item.get("logentry"))
    assert event["release"] == "build-1a2b" and event["environment"] == "staging"
    assert "RuntimeError" in body


def test_an_error_the_browser_reports_is_not_sent_again_by_the_server(
        ingest: LoopbackService) -> None:
    # The browser's reporter sends it, with the replay the visitor consented to.
    settings = Settings(sentry_dsn=f"http://public@{ingest.origin.split('//')[1]}/1",
                        sentry_environment="staging")
    assert reporting.start(settings, lambda: "build-1a2b")
    browser_failed(Exception("Error: the chat widget failed"))
    sentry_sdk.flush(timeout=2)
    assert ingest.requested("/api/1/envelope/") == []


def test_without_a_dsn_nothing_is_sent(ingest: LoopbackService, failing_page: None) -> None:
    assert not reporting.start(Settings(sentry_environment="staging"), lambda: "x")
    assert not reporting.start(Settings(sentry_dsn=f"http://public@{ingest.origin[7:]}/1"),
                               lambda: "x")
    asyncio.run(describe("/over-ons"))
    sentry_sdk.flush(timeout=1)
    assert ingest.requests == []


def test_scrubbing_keeps_the_error_and_drops_the_visitor() -> None:
    event = reporting.scrub({
        "request": {"url": "https://site.nl/voorraad?q=golf&email=a@b.nl",
                    "query_string": "q=golf", "data": {"email": EMAIL}, "cookies": {"a": "b"},
                    "headers": {"User-Agent": "Chrome", "Cookie": "consent=1",
                                "Referer": "https://x.nl/?phone=0612345678"}},
        "user": {"ip_address": "1.2.3.4"},
        "exception": {"values": [{"value": f"mail {EMAIL} failed",
                                  "stacktrace": {"frames": [{"vars": {"email": EMAIL}}]}}]},
        "breadcrumbs": {"values": [{"data": {"url": "/api?email=x@y.nl"}}]},
    })
    text = json.dumps(event)
    assert EMAIL not in text and "q=golf" not in text and "1.2.3.4" not in text
    assert event["request"] == {"url": "https://site.nl/voorraad",
                                "headers": {"User-Agent": "Chrome"}}
    assert event["exception"]["values"][0]["value"] == "mail [filtered] failed"


def test_a_realistic_error_keeps_hosts_dates_and_ids_and_loses_the_visitor() -> None:
    """A lead that could not be stored, as the server's log integration and the browser
    report it: the addresses' hosts, the date and the ids help to find it; the visitor's
    e-mail address, phone number, form values and search do not leave the site."""
    parameters = ('[parameters: (\'vehicle_interest\', \'{"name": "Anna de Vries", '
                  '"message": "Bel mij op 030-2624000"}\', 12345678)]')
    event = reporting.scrub({
        "logentry": {"message": "a vehicle_interest lead could not be stored"},
        "exception": {"values": [
            {"type": "OperationalError", "value":
             "(sqlite3.OperationalError) database is locked\n"
             "[SQL: INSERT INTO lead (form_id, payload, vehicle_id) VALUES (?, ?, ?)]\n"
             f"{parameters}\n(Background on this error at: https://sqlalche.me/e/20/e3q8)",
             "stacktrace": {"frames": [{"filename": "dealer/leads/store.py", "lineno": 212,
                                        "vars": {"values": {"name": "Anna de Vries"}}}]}},
            {"type": "TypeError", "value":
             f"Failed to fetch http://127.0.0.1:3000/_upload?email={EMAIL}: lead 87654321 "
             f"of {EMAIL} ({PHONE}, 0221 964 70 00) on 2026-11-27 10:41:44 (27.11.2026) "
             "from 10.0.0.12",
             "stacktrace": {"frames": [
                 {"abs_path": "http://127.0.0.1:3000/assets/forms-1a2b3c4d.js?v=20261127",
                  "lineno": 1, "colno": 23456}]}},
        ]},
        "request": {"url": "http://127.0.0.1:3000/voorraad?q=golf+gti&kenteken=KX512T",
                    "data": {"name": "Anna de Vries", "email": EMAIL, "phone": PHONE}},
        "breadcrumbs": {"values": [
            {"category": "navigation", "data": {"from": "/voorraad/vw-golf-20261127?q=golf",
                                                "to": "/direct-contact?lease_offer=x"}},
            {"category": "console", "message": f"sending 06-12345678 for {EMAIL}"}]},
    })
    stored, browser = event["exception"]["values"]
    assert stored["value"] == (
        "(sqlite3.OperationalError) database is locked\n"
        "[SQL: INSERT INTO lead (form_id, payload, vehicle_id) VALUES (?, ?, ?)]\n"
        "[parameters: [filtered]]\n"
        "(Background on this error at: https://sqlalche.me/e/20/e3q8)")
    assert stored["stacktrace"]["frames"] == [{"filename": "dealer/leads/store.py",
                                               "lineno": 212}]
    assert browser["value"] == (
        "Failed to fetch http://127.0.0.1:3000/_upload: lead 87654321 of [filtered] "
        "([filtered], [filtered]) on 2026-11-27 10:41:44 (27.11.2026) from 10.0.0.12")
    assert browser["stacktrace"]["frames"][0]["abs_path"] == (
        "http://127.0.0.1:3000/assets/forms-1a2b3c4d.js")
    assert event["request"] == {"url": "http://127.0.0.1:3000/voorraad"}
    navigation, console = event["breadcrumbs"]["values"]
    assert navigation["data"] == {"from": "/voorraad/vw-golf-20261127", "to": "/direct-contact"}
    assert console["message"] == "sending [filtered] for [filtered]"
    text = json.dumps(event)
    for visitor in (EMAIL, "12345678\"", "Anna", "2624000", "golf+gti", "KX512T"):
        assert visitor not in text


WORDS = st.text(st.characters(codec="utf-8", exclude_characters="0123456789+@"), max_size=30)


@given(before=WORDS, after=WORDS,
       phone=st.sampled_from(["+31 6 12345678", "06-12345678", "(0221) 964 70 00",
                              "0049 171 1234567", "030 262 4000"]),
       ident=st.integers(10_000_000, 10**15), day=st.dates())
def test_phone_numbers_go_and_ids_and_dates_stay_in_any_text(
        before: str, after: str, phone: str, ident: int, day: object) -> None:
    text = f"{before} {phone} {after} id {ident} on {day.isoformat()}"
    scrubbed = reporting.scrub_text(text)
    assert phone not in scrubbed and FILTERED in scrubbed
    assert scrubbed.endswith(f" id {ident} on {day.isoformat()}")
