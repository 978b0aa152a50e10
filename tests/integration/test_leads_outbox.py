"""Delivering leads: SMTP and webhook targets on loopback that fail first, then accept."""

from __future__ import annotations

import asyncio
import datetime as dt
import email
import json
import socket
import socketserver
import ssl
import threading
from collections.abc import Iterator
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
import trustme
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import settings as settings_module
from dealer.leads import outbox
from dealer.leads.models import Lead, OutboxMessage
from dealer.leads.outbox import (
    MAX_ATTEMPTS,
    delivery_state,
    process_outbox,
    retry_delay,
    run_outbox,
)
from dealer.leads.store import client_key, store_lead
from dealer.settings import Settings
from dealer.web.server import SiteLayer

NOW = dt.datetime(2025, 6, 2, 9, 0, tzinfo=dt.UTC)


class SmtpSink(socketserver.ThreadingTCPServer):
    """A minimal SMTP server: refuses the first ``failures`` mails with 451, keeps the rest;
    offers STARTTLS with ``tls``."""

    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, failures: int, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(("127.0.0.1", 0), SmtpHandler)
        self.failures = failures
        self.tls = tls
        self.received: list[Message] = []
        self.encrypted: list[bool] = []  # per mail received: whether it came encrypted
        self.passwords: list[str] = []  # AUTH lines, as anyone on the network would read them


class SmtpHandler(socketserver.StreamRequestHandler):
    server: SmtpSink

    def reply(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())

    def handle(self) -> None:
        self.reply("220 sink ready")
        encrypted = False
        while line := self.rfile.readline():
            command = line.decode().strip().upper()
            if command.startswith(("EHLO", "HELO")):
                self.reply("250-sink")
                if self.server.tls is not None and not encrypted:
                    self.reply("250-STARTTLS")
                self.reply("250 AUTH PLAIN")
            elif command == "STARTTLS" and self.server.tls is not None:
                self.reply("220 go ahead")
                self.connection = self.server.tls.wrap_socket(self.connection, server_side=True)
                self.rfile, self.wfile = (self.connection.makefile("rb"),
                                          self.connection.makefile("wb", buffering=0))
                encrypted = True
            elif command.startswith("AUTH"):
                self.server.passwords.append(line.decode().strip())
                self.reply("235 2.7.0 authenticated")
            elif command.startswith("MAIL FROM"):
                if self.server.failures > 0:
                    self.server.failures -= 1
                    self.reply("451 4.3.0 mailbox temporarily unavailable")
                else:
                    self.reply("250 OK")
            elif command.startswith("RCPT TO"):
                self.reply("250 OK")
            elif command == "DATA":
                self.reply("354 go ahead")
                data = b"".join(iter(self.rfile.readline, b".\r\n"))
                self.server.received.append(email.message_from_bytes(data))
                self.server.encrypted.append(encrypted)
                self.reply("250 queued")
            elif command == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 OK")


class Webhook(ThreadingHTTPServer):
    """Answers 503 to the first ``failures`` calls, 200 afterwards; records every call."""

    daemon_threads = True

    def __init__(self, failures: int) -> None:
        super().__init__(("127.0.0.1", 0), WebhookHandler)
        self.failures = failures
        self.calls: list[tuple[dict[str, str], dict]] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/leads"


class WebhookHandler(BaseHTTPRequestHandler):
    server: Webhook

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.calls.append((dict(self.headers), body))
        status = 503 if self.server.failures > 0 else 200
        self.server.failures -= 1
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        pass


def serve(server: socketserver.BaseServer) -> Iterator:
    # shutdown() waits until the loop next looks: every half second by default, which was
    # most of these tests' time.
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    yield from serve(SmtpSink(failures=1))


@pytest.fixture
def webhook() -> Iterator[Webhook]:
    yield from serve(Webhook(failures=2))


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def add_lead(engine: Engine, settings: Settings) -> int:
    stored = store_lead(
        form_id="vehicle_test_drive", locale="de",
        values={"name": "Jörg Müller", "email": "joerg@example.de", "phone": "",
                "preferred_date": "2099-05-14", "time_of_day": "morning",
                "branch": "Rijnland Autogroep Köln", "message": "", "trade_in": "",
                "privacy": "on"},
        source_page="/de/angebote/audi-a3-1/probefahrt", client_key=client_key("192.0.2.1"),
        idempotency_key="outbox-test-key-0001", vehicle_slug="audi-a3-1", brand="audi",
        model="a3", subject="Audi A3 Sportback", engine=engine, settings=settings, now=NOW,
    )
    assert stored is not None
    return stored.id


def rows(engine: Engine) -> dict[str, OutboxMessage]:
    with Session(engine) as session:
        return {m.channel: m for m in session.exec(select(OutboxMessage))}


def test_retry_schedule_doubles_up_to_six_hours() -> None:
    delays = [retry_delay(n).total_seconds() for n in range(1, 13)]
    assert delays[:5] == [30, 60, 120, 240, 480]
    assert delays[-1] == 6 * 3600 and max(delays) == 6 * 3600
    total = sum((retry_delay(n) for n in range(1, MAX_ATTEMPTS)), dt.timedelta())
    total_hours = total / dt.timedelta(hours=1)
    assert 48 < total_hours < 96  # a dealer's mail server may be down for a weekend


def test_failing_smtp_is_retried_with_backoff_then_delivered(
    empty_engine: Engine, smtp_sink: SmtpSink,
) -> None:
    settings = Settings(smtp_host="127.0.0.1", smtp_port=smtp_sink.server_address[1],
                        lead_mail_to="verkauf@example.de", lead_webhook_url=None,
                        base_url="https://www.example.de")
    lead_id = add_lead(empty_engine, settings)

    report = process_outbox(empty_engine, settings=settings, now=NOW)
    assert (report.sent, report.retried) == (0, 1)
    message = rows(empty_engine)["email"]
    assert (message.status, message.attempts) == ("pending", 1)
    assert message.next_attempt_at == NOW + dt.timedelta(seconds=30)
    assert "451" in message.last_error

    # Not due yet: nothing is tried, the lead waits.
    assert process_outbox(empty_engine, settings=settings,
                          now=NOW + dt.timedelta(seconds=29)).retried == 0
    report = process_outbox(empty_engine, settings=settings, now=NOW + dt.timedelta(seconds=30))
    assert report.sent == 1
    message = rows(empty_engine)["email"]
    assert (message.status, message.attempts, message.last_error) == ("sent", 2, None)

    (mail,) = smtp_sink.received
    assert mail["To"] == "verkauf@example.de" and mail["Reply-To"] == "joerg@example.de"
    assert mail["Subject"] == f"Probefahrt anfragen: Audi A3 Sportback (#{lead_id})"
    assert mail["Message-ID"] == "<lead-outbox-test-key-0001@www.example.de>"
    body = mail.get_payload(decode=True).decode()
    assert "Wunschtermin: 2099-05-14" in body and "Standort: Rijnland Autogroep Köln" in body
    assert "https://www.example.de/de/angebote/audi-a3-1/probefahrt" in body
    # Nothing is sent twice.
    assert process_outbox(empty_engine, settings=settings, now=NOW + dt.timedelta(days=1)).sent == 0


def test_no_password_crosses_an_unencrypted_connection(
    empty_engine: Engine, smtp_sink: SmtpSink,
) -> None:
    settings = Settings(smtp_host="127.0.0.1", smtp_port=smtp_sink.server_address[1],
                        smtp_user="website", smtp_password="geheim",
                        lead_mail_to="verkauf@example.de", lead_webhook_url=None)
    add_lead(empty_engine, settings)
    assert process_outbox(empty_engine, settings=settings, now=NOW).sent == 0
    assert smtp_sink.passwords == [] and smtp_sink.received == []
    assert "STARTTLS" in rows(empty_engine)["email"].last_error


@pytest.fixture(scope="module")
def certificate_authority() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def tls_sink(certificate_authority: trustme.CA, tmp_path: Path,
             monkeypatch: pytest.MonkeyPatch) -> Iterator[SmtpSink]:
    """A mail server offering STARTTLS with a certificate for 127.0.0.1 that the site's
    default trust (here: the test's own authority) verifies."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    certificate_authority.issue_cert("127.0.0.1").configure_cert(context)
    trusted = tmp_path / "trusted.pem"
    certificate_authority.cert_pem.write_to_path(str(trusted))
    monkeypatch.setenv("SSL_CERT_FILE", str(trusted))
    yield from serve(SmtpSink(failures=0, tls=context))


def mail_settings(sink: SmtpSink, **more: object) -> Settings:
    return Settings(smtp_host="127.0.0.1", smtp_port=sink.server_address[1],
                    lead_mail_to="verkauf@example.de", lead_webhook_url=None, **more)


@pytest.mark.parametrize("required", [False, True])
def test_mail_goes_encrypted_whenever_the_server_offers_starttls(
    empty_engine: Engine, tls_sink: SmtpSink, required: bool,
) -> None:
    settings = mail_settings(tls_sink, smtp_require_tls=required)  # no login
    add_lead(empty_engine, settings)
    assert process_outbox(empty_engine, settings=settings, now=NOW).sent == 1
    assert tls_sink.encrypted == [True] and tls_sink.passwords == []


def test_a_certificate_the_server_made_for_itself_still_encrypts_unless_tls_is_required(
    empty_engine: Engine,
) -> None:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    trustme.CA().issue_cert("127.0.0.1").configure_cert(context)  # nobody trusts its maker
    for sink in serve(SmtpSink(failures=0, tls=context)):
        add_lead(empty_engine, mail_settings(sink))
        required = mail_settings(sink, smtp_require_tls=True)
        assert process_outbox(empty_engine, settings=required, now=NOW).sent == 0
        assert "CERTIFICATE_VERIFY_FAILED" in rows(empty_engine)["email"].last_error
        later = NOW + dt.timedelta(minutes=5)
        assert process_outbox(empty_engine, settings=mail_settings(sink), now=later).sent == 1
        assert sink.encrypted == [True]


def test_required_encryption_sends_nothing_to_a_server_without_starttls(
    empty_engine: Engine,
) -> None:
    for sink in serve(SmtpSink(failures=0)):
        settings = mail_settings(sink, smtp_require_tls=True)
        add_lead(empty_engine, settings)
        assert process_outbox(empty_engine, settings=settings, now=NOW).sent == 0
        assert sink.received == []
        assert "STARTTLS" in rows(empty_engine)["email"].last_error
        # Not required, the same server still gets the lead, as before.
        later = NOW + dt.timedelta(minutes=5)
        assert process_outbox(empty_engine, settings=mail_settings(sink), now=later).sent == 1
        assert sink.encrypted == [False]


def test_health_tells_how_many_leads_wait_and_for_how_long(
    empty_engine: Engine, smtp_sink: SmtpSink,
) -> None:
    nothing = Settings(smtp_host=None, lead_webhook_url=None)
    add_lead(empty_engine, nothing)
    assert delivery_state(empty_engine, nothing, NOW + dt.timedelta(hours=1)) == {
        "channels": [], "undelivered_leads": 1, "oldest_undelivered_seconds": 3600,
        "failed_messages": 0}

    mail = Settings(smtp_host="127.0.0.1", smtp_port=smtp_sink.server_address[1],
                    lead_mail_to="verkauf@example.de", lead_webhook_url=None)
    with Session(empty_engine) as session:
        (lead,) = session.exec(select(Lead)).all()
        session.add(OutboxMessage(lead_id=lead.id, channel="email", next_attempt_at=NOW))
        session.commit()
    process_outbox(empty_engine, settings=mail, now=NOW)  # the sink refuses the first mail
    later = NOW + dt.timedelta(hours=1)
    assert process_outbox(empty_engine, settings=mail, now=later).sent == 1
    assert delivery_state(empty_engine, mail, later)["undelivered_leads"] == 0


@pytest.mark.parametrize(("minimum_mb", "status", "disk"), [
    ("0", "ok", "ok"),
    (str(10**9), "degraded", "low"),  # a petabyte: more than this machine has free
])
def test_health_warns_when_the_disk_runs_low(
    empty_engine: Engine, monkeypatch: pytest.MonkeyPatch, minimum_mb: str, status: str,
    disk: str,
) -> None:
    """Below DEALER_MIN_FREE_DISK_MB the database could soon not store leads: /health says
    so, and the site keeps serving (200)."""
    monkeypatch.setenv("DEALER_MIN_FREE_DISK_MB", minimum_mb)
    settings_module.get_settings.cache_clear()
    monkeypatch.setattr("dealer.web.server.get_engine", lambda: empty_engine)

    async def no_app(scope: dict, receive: object, send: object) -> None:
        raise AssertionError("/health is the HTTP layer's own answer")

    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=SiteLayer(no_app))
        async with httpx.AsyncClient(transport=transport, base_url="http://site.test") as client:
            return await client.get("/health")

    try:
        response = asyncio.run(ask())
    finally:
        settings_module.get_settings.cache_clear()
    report = response.json()
    assert response.status_code == 200
    assert (report["status"], report["database"]) == (status, "ok")
    assert report["disk"]["status"] == disk
    assert report["disk"]["minimum_free_mb"] == int(minimum_mb)
    assert report["disk"]["free_mb"] > 0


def test_failing_webhook_is_retried_with_the_same_idempotency_key(
    empty_engine: Engine, webhook: Webhook,
) -> None:
    settings = Settings(smtp_host=None, lead_webhook_url=webhook.url)
    lead_id = add_lead(empty_engine, settings)
    moments = [NOW, NOW + dt.timedelta(seconds=30), NOW + dt.timedelta(seconds=90)]
    reports = [process_outbox(empty_engine, settings=settings, now=moment) for moment in moments]
    assert [(r.sent, r.retried) for r in reports] == [(0, 1), (0, 1), (1, 0)]
    assert rows(empty_engine)["webhook"].status == "sent"
    keys = {headers["Idempotency-Key"] for headers, _ in webhook.calls}
    assert keys == {"outbox-test-key-0001"} and len(webhook.calls) == 3
    body = webhook.calls[-1][1]
    assert body["id"] == lead_id and body["form"] == "vehicle_test_drive"
    assert body["vehicle"] == "audi-a3-1" and body["fields"]["branch"] == "Rijnland Autogroep Köln"


def test_an_unreachable_target_is_given_up_after_max_attempts_but_the_lead_stays(
    empty_engine: Engine,
) -> None:
    settings = Settings(smtp_host="127.0.0.1", smtp_port=closed_port(),
                        lead_mail_to="verkoop@example.nl", lead_webhook_url=None)
    add_lead(empty_engine, settings)
    moment, outcomes = NOW, []
    for _ in range(MAX_ATTEMPTS):
        report = process_outbox(empty_engine, settings=settings, now=moment)
        outcomes.append((report.retried, report.failed))
        moment = rows(empty_engine)["email"].next_attempt_at
    assert outcomes[:-1] == [(1, 0)] * (MAX_ATTEMPTS - 1) and outcomes[-1] == (0, 1)
    message = rows(empty_engine)["email"]
    assert (message.status, message.attempts) == ("failed", MAX_ATTEMPTS)
    assert "Connection refused" in message.last_error or "ConnectionRefused" in message.last_error
    with Session(empty_engine) as session:
        assert len(session.exec(select(Lead)).all()) == 1


def test_background_loop_survives_errors_and_wakes_on_demand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def flaky() -> outbox.DeliveryReport:
        calls.append("run")
        if len(calls) == 1:
            raise RuntimeError("database is locked")
        return outbox.DeliveryReport()

    monkeypatch.setattr(outbox, "process_outbox", flaky)

    async def scenario() -> None:
        task = asyncio.create_task(run_outbox(interval=3600))
        await asyncio.sleep(0.1)  # the first run failed; the loop waits for an hour
        assert calls == ["run"]
        outbox.wake_outbox()  # a lead was stored: look now
        await asyncio.sleep(0.1)
        assert calls == ["run", "run"] and not task.done()
        task.cancel()

    asyncio.run(scenario())
