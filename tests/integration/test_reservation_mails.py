"""The visitor's mails about a reservation, with real SQLite, the HTTP layer's reservation
addresses or a loopback Mollie API, and mail captured by a loopback SMTP server: one
confirmation however often the payment is reported (replayed, or the return page racing
the webhook), in the language reserved in; a short mail when the dealer cancels or the
deposit is refunded; a refund the provider refuses is tried again by the background
round until it is made, once."""

from __future__ import annotations

import datetime as dt
import email
import json
import threading
from collections.abc import Iterator
from email import policy

import httpx
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.alerts import store
from dealer.alerts.models import AlertMail
from dealer.reservations import __main__ as commands
from dealer.reservations import service
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import MollieClient, PaymentError
from dealer.settings import get_settings
from dealer.stock.models import Vehicle
from dealer.stock.repository import current_vehicle
from dealer.web import reservations
from tests.integration.test_alerts import parts, settings_for
from tests.integration.test_leads_outbox import SmtpSink, serve
from tests.integration.test_reservations import PAYMENT, SETTINGS, payment
from tests.loopback import LoopbackService

START = dt.datetime(2026, 11, 27, 10, 0, tzinfo=dt.UTC)
SECOND = "tr_loop2"
REFUNDS = f"/v2/payments/{PAYMENT}/refunds"


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    yield from serve(SmtpSink(failures=0))


@pytest.fixture
def engine(fresh_stock_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Engine:
    monkeypatch.setattr(reservations, "get_engine", lambda: fresh_stock_engine)
    return fresh_stock_engine


@pytest.fixture
def slug(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available)).first()


@pytest.fixture
def mollie() -> Iterator[LoopbackService]:
    with LoopbackService({"/v2/payments": payment("open"),
                          f"/v2/payments/{PAYMENT}": payment("open"),
                          f"/v2/payments/{SECOND}": payment("paid", SECOND),
                          REFUNDS: ("application/json", '{"resource":"refund"}')}) as service_:
        yield service_


@pytest.fixture
def client(mollie: LoopbackService) -> Iterator[MollieClient]:
    client_ = MollieClient(base_url=mollie.origin + "/v2", api_key="test_key")
    yield client_
    client_.close()


def reserve(engine: Engine, client: MollieClient, slug: str, locale: str = "nl",
            now: dt.datetime = START) -> service.Started:
    return service.start(engine, client, vehicle_slug=slug, description="Aanbetaling",
                         name="Anna de Vries", email="anna@example.nl", locale=locale,
                         return_url="https://site.example/reservering/terug/",
                         webhook_url="https://site.example/reservering/webhook",
                         settings=SETTINGS, now=now)


def settle(engine: Engine, client: MollieClient, at: dt.datetime,
           payment_id: str = PAYMENT) -> str | None:
    return service.settle(engine, client, payment_id, settings=SETTINGS, now=at)


def queued(engine: Engine) -> list[AlertMail]:
    with Session(engine) as session:
        return list(session.exec(select(AlertMail).order_by(AlertMail.id)))


def text_of(mail: AlertMail) -> str:
    return parts(email.message_from_string(mail.message, policy=policy.default))[1]


def status(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Reservation.status).order_by(Reservation.id)).first()


TEXTS = {
    "nl": {"subject": "Uw reservering van de {vehicle}", "amount": "€ 250,00",
           "until": "28 november 2026, 11:00", "next": "Wat er nu gebeurt:",
           "terms": "Koopt u de auto niet, dan krijgt u de aanbetaling volledig terug.",
           "path": "/voorraad/"},
    "de": {"subject": "Ihre Reservierung des {vehicle}", "amount": "250,00 €",
           "until": "28. November 2026, 11:00", "next": "So geht es weiter:",
           "terms": "Kaufen Sie das Auto nicht, erhalten Sie die Anzahlung vollständig zurück.",
           "path": "/de/angebote/"},
}


@pytest.mark.anyio
@pytest.mark.parametrize("locale", ["nl", "de"])
async def test_a_paid_reservation_is_confirmed_by_one_mail_in_its_language(
        engine: Engine, slug: str, sink: SmtpSink, locale: str) -> None:
    async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=reservations.reservation_app),
            base_url="http://localhost:3000") as http:
        started = await http.post("/reservering", data={
            "vehicle": slug, "locale": locale, "name": "Anna de Vries",
            "email": "anna@example.nl", "terms": "accepted"})
        checkout = started.headers["location"]
        paid = await http.post(checkout, data={"decision": "pay"})  # settles, as a report
        await http.get(paid.headers["location"])  # the return page asks again
        payment_id = checkout.rsplit("/", 1)[-1]
        for _ in range(2):  # the provider's report, replayed
            answer = await http.post("/reservering/webhook", data={"id": payment_id})
            assert answer.status_code == 200
    settings = settings_for(sink)
    later = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=1)
    assert store.deliver(engine, settings, later).sent == 1
    assert store.deliver(engine, settings, later + dt.timedelta(hours=1)).sent == 0
    assert len(sink.received) == 1
    (mail_row,) = queued(engine)
    assert mail_row.key == f"reservation-{payment_id}" and mail_row.kind == "reserve"
    mail, text, html = parts(sink.received[0])
    detail = current_vehicle(engine, slug)
    assert detail is not None
    words = TEXTS[locale]
    assert mail["Subject"] == words["subject"].format(vehicle=detail.title)
    assert mail["To"] == "anna@example.nl" and mail["From"] == get_settings().lead_mail_from
    assert mail["Message-ID"].startswith("<reservation-") and mail["Date"]
    assert "\n" not in mail["Subject"]
    with Session(engine) as session:
        reservation = session.exec(select(Reservation)).one()
    until = reservation.expires_at.replace(tzinfo=dt.UTC).astimezone(
        service.mails.DEALER_ZONE)
    for body in (text, html):
        assert detail.title in body and words["amount"] in body
        assert words["next"] in body and words["terms"] in body
        assert detail.location.name in body and detail.location.email in body
        assert f"{until:%H:%M}" in body
        assert f"{words['path']}{slug}" in body
    assert f'<html lang="{ {"nl": "nl-NL", "de": "de-DE"}[locale] }"' in html


def test_hold_end_on_the_site_clock(engine: Engine, slug: str, mollie: LoopbackService,
                                    client: MollieClient) -> None:
    for number, locale in enumerate(("nl", "de")):
        payment_id = f"tr_clock{number}"
        mollie.answers["/v2/payments"] = payment("open", payment_id)
        mollie.answers[f"/v2/payments/{payment_id}"] = payment("paid", payment_id)
        reserve(engine, client, slug, locale, START + dt.timedelta(days=number * 3))
        # 10:00 UTC + 48 hours = 11:00 in Amsterdam (winter time), two days later
        settle(engine, client, START + dt.timedelta(days=number * 3), payment_id)
        service.cancel(engine, number + 1, SETTINGS, START)
    mails = queued(engine)
    assert [m.key for m in mails] == ["reservation-tr_clock0", "reservation-canceled-tr_clock0",
                                      "reservation-tr_clock1", "reservation-canceled-tr_clock1"]
    assert "29 november 2026, 11:00" in text_of(mails[0])
    assert "2. Dezember 2026, 11:00" in text_of(mails[2])
    assert "geannuleerd" in text_of(mails[1]) and "storniert" in text_of(mails[3])


def test_stopping_search_alerts_keeps_the_reservations_mail(
        engine: Engine, slug: str, mollie: LoopbackService, client: MollieClient) -> None:
    reserve(engine, client, slug)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    settle(engine, client, START)
    store.save_search(engine, SETTINGS, email="anna@example.nl", locale="nl", params={},
                      mode="instant", now=START)
    assert len(queued(engine)) == 2
    store.unsubscribe(engine, "anna@example.nl")
    assert [m.key for m in queued(engine)] == [f"reservation-{PAYMENT}"]


def test_the_return_page_racing_the_webhook_queues_one_mail(
        engine: Engine, slug: str, mollie: LoopbackService, client: MollieClient) -> None:
    reserve(engine, client, slug)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    gate = threading.Barrier(3)
    outcomes: list[str | None] = []

    def report() -> None:
        gate.wait()
        outcomes.append(settle(engine, client, START + dt.timedelta(minutes=1)))

    threads = [threading.Thread(target=report) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == ["paid"] * 3
    assert [m.key for m in queued(engine)] == [f"reservation-{PAYMENT}"]


def test_a_refund_the_provider_refuses_is_tried_again(
        engine: Engine, slug: str, mollie: LoopbackService, client: MollieClient,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    reserve(engine, client, slug, "de")
    # The first visitor's payment lifetime passes; another visitor reserves and pays.
    lapsed = START + service.PAYMENT_LIFETIME + dt.timedelta(minutes=1)
    mollie.answers["/v2/payments"] = payment("open", SECOND)
    reserve(engine, client, slug, "nl", lapsed)
    assert settle(engine, client, lapsed, SECOND) == "paid"
    # The first payment comes after all: the car is taken, the refund is refused.
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    mollie.statuses[REFUNDS] = 503
    late = lapsed + dt.timedelta(minutes=1)
    assert settle(engine, client, late) == "refunding"
    assert settle(engine, client, late) == "refunding"  # a replayed report asks nothing more
    assert len(mollie.requested(REFUNDS)) == 1
    monkeypatch.setattr(commands, "get_engine", lambda: engine)
    assert commands.main(["list"]) == 0
    assert "refunding" in capsys.readouterr().out
    # Not due yet; then refused again; then made, once, with its mail.
    assert service.retry_refunds(engine, client, SETTINGS, late).retried == 0
    retry = late + service.REFUND_RETRY
    assert service.retry_refunds(engine, client, SETTINGS, retry).retried == 1
    del mollie.statuses[REFUNDS]
    made = service.retry_refunds(engine, client, SETTINGS, retry + service.REFUND_RETRY)
    assert (made.sent, made.retried) == (1, 0)
    assert service.retry_refunds(engine, client, SETTINGS, retry + dt.timedelta(hours=1)
                                 ).sent == 0
    refunds = mollie.requested(REFUNDS)
    assert len(refunds) == 3 and {r.headers["idempotency-key"] for r in refunds} == {
        f"refund-{PAYMENT}"}
    assert json.loads(refunds[-1].text) == {"amount": {"currency": "EUR", "value": "250.00"}}
    assert status(engine) == "refunded"
    mails = {m.key: m for m in queued(engine)}
    assert set(mails) == {f"reservation-{SECOND}", f"reservation-refunded-{PAYMENT}"}
    refunded = text_of(mails[f"reservation-refunded-{PAYMENT}"])
    assert "zurückerstattet" in refunded and "anderer Kunde" in refunded


def test_the_dealers_refund_tells_the_visitor_and_is_retried_when_refused(
        engine: Engine, slug: str, mollie: LoopbackService, client: MollieClient) -> None:
    started = reserve(engine, client, slug)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    settle(engine, client, START)
    mollie.statuses[REFUNDS] = 500
    with pytest.raises(PaymentError):
        service.refund(engine, client, started.reservation_id, SETTINGS, START)
    assert status(engine) == "refunding"
    assert service.refund(engine, client, started.reservation_id, SETTINGS, START) is None
    assert slug not in service.held_vehicles(engine, START)  # the hold is over
    del mollie.statuses[REFUNDS]
    later = START + service.REFUND_RETRY
    assert service.retry_refunds(engine, client, SETTINGS, later).sent == 1
    assert [m.key for m in queued(engine)] == [f"reservation-{PAYMENT}",
                                               f"reservation-refunded-{PAYMENT}"]
    assert "terugbetaald" in text_of(queued(engine)[1])
    assert "andere klant" not in text_of(queued(engine)[1])  # it was paid in time
    # A reservation canceled before it was paid mails nothing.
    mollie.answers["/v2/payments"] = payment("open", SECOND)
    second = reserve(engine, client, slug, now=later)
    assert service.cancel(engine, second.reservation_id, SETTINGS, later) is not None
    assert len(queued(engine)) == 2
