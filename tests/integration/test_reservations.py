"""Reservations against a loopback Mollie API and a real SQLite database: a paid deposit
holds the car and makes one lead however often the webhook comes, the webhook's body is
never believed, two visitors racing for one car get one reservation, and the hold ends
after its time, by the dealer's cancel or with a refund."""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from dealer.reservations import __main__ as commands
from dealer.reservations import service
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import MollieClient
from dealer.settings import Settings
from tests.loopback import LoopbackService

SETTINGS = Settings(smtp_host=None, lead_mail_to=None, lead_webhook_url=None,
                    mollie_api_key="test_key", reservation_deposit=250)
START = dt.datetime(2026, 11, 27, 10, 0, tzinfo=dt.UTC)
PAYMENT = "tr_loop1"
JSON = "application/json"


def payment(status: str, payment_id: str = PAYMENT) -> tuple[str, str]:
    return JSON, json.dumps({"id": payment_id, "status": status,
                             "_links": {"checkout": {"href": "https://pay.example/c/1"}}})


@pytest.fixture
def mollie() -> Iterator[LoopbackService]:
    with LoopbackService({"/v2/payments": payment("open"),
                          f"/v2/payments/{PAYMENT}": payment("open"),
                          f"/v2/payments/{PAYMENT}/refunds": (JSON, '{"resource":"refund"}')},
                         ) as service_:
        yield service_


@pytest.fixture
def client(mollie: LoopbackService) -> Iterator[MollieClient]:
    client_ = MollieClient(base_url=mollie.origin + "/v2", api_key="test_key")
    yield client_
    client_.close()


def reserve(engine: Engine, client: MollieClient, slug: str = "vw-golf-1",
            now: dt.datetime = START) -> service.Started:
    return service.start(engine, client, vehicle_slug=slug, description="Aanbetaling VW Golf",
                         name="Anna de Vries", email="anna@example.nl", locale="nl",
                         return_url="https://site.example/reservering/terug/",
                         webhook_url="https://site.example/reservering/webhook",
                         settings=SETTINGS, now=now)


def settle(engine: Engine, client: MollieClient, at: dt.datetime) -> str | None:
    return service.settle(engine, client, PAYMENT, subject="VW Golf",
                          source_page="/voorraad/vw-golf-1", settings=SETTINGS, now=at)


def rows(engine: Engine) -> tuple[list[Reservation], list[Lead]]:
    with Session(engine) as session:
        return (list(session.exec(select(Reservation))), list(session.exec(select(Lead))))


def test_a_paid_reservation_holds_the_car_and_is_one_lead(
        empty_engine: Engine, mollie: LoopbackService, client: MollieClient) -> None:
    started = reserve(empty_engine, client)
    assert started.checkout_url == "https://pay.example/c/1"
    sent = json.loads(mollie.requested("/v2/payments")[0].text)
    assert sent["amount"] == {"currency": "EUR", "value": "250.00"}
    assert sent["redirectUrl"] == f"https://site.example/reservering/terug/{started.reservation_id}"
    assert sent["webhookUrl"] == "https://site.example/reservering/webhook"
    assert sent["locale"] == "nl_NL"
    assert mollie.requested("/v2/payments")[0].headers["authorization"] == "Bearer test_key"
    # Open: pending, not yet reserved for the page.
    assert settle(empty_engine, client, START + dt.timedelta(minutes=1)) == "pending"
    assert "vw-golf-1" not in service.held_vehicles(empty_engine, START)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    paid_at = START + dt.timedelta(minutes=2)
    assert settle(empty_engine, client, paid_at) == "paid"
    assert settle(empty_engine, client, paid_at + dt.timedelta(seconds=5)) == "paid"  # replayed
    reservations, leads = rows(empty_engine)
    assert [r.status for r in reservations] == ["paid"]
    assert reservations[0].expires_at == paid_at + dt.timedelta(hours=48)
    assert len(leads) == 1 and leads[0].payload["payment_id"] == PAYMENT
    assert leads[0].form_id == "reservation" and reservations[0].lead_id == leads[0].id
    assert service.held_vehicles(empty_engine, paid_at) == {
        "vw-golf-1": paid_at + dt.timedelta(hours=48)}
    with pytest.raises(service.VehicleTakenError):
        reserve(empty_engine, client, now=paid_at + dt.timedelta(hours=1))


def test_the_webhook_body_is_not_believed(
        empty_engine: Engine, mollie: LoopbackService, client: MollieClient) -> None:
    reserve(empty_engine, client)
    # Whatever a report claims, the API says the payment is still open.
    assert settle(empty_engine, client, START) == "pending"
    assert service.settle(empty_engine, client, "tr_unknown", settings=SETTINGS) is None
    assert mollie.requested("/v2/payments/tr_unknown") == []  # not ours: not even asked
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("canceled")
    assert settle(empty_engine, client, START) == "canceled"
    assert rows(empty_engine)[1] == []
    mollie.answers["/v2/payments"] = payment("open", "tr_loop2")
    reserve(empty_engine, client)  # the car is free again


def test_two_visitors_racing_for_one_car_get_one_reservation(
        empty_engine: Engine, client: MollieClient) -> None:
    gate = threading.Barrier(2)
    outcomes: list[str] = []

    def visitor() -> None:
        gate.wait()
        try:
            reserve(empty_engine, client)
            outcomes.append("reserved")
        except service.VehicleTakenError:
            outcomes.append("taken")

    threads = [threading.Thread(target=visitor) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["reserved", "taken"]
    assert len(rows(empty_engine)[0]) == 1


def test_holds_end_after_their_time_by_cancel_and_by_refund(
        empty_engine: Engine, mollie: LoopbackService, client: MollieClient) -> None:
    # An unpaid reservation lets go after the payment's lifetime.
    reserve(empty_engine, client)
    later = START + service.PAYMENT_LIFETIME + dt.timedelta(seconds=1)
    assert service.expire(empty_engine, later) == 1
    # Paid after all while the car is free: it holds the car again.
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    assert settle(empty_engine, client, later) == "paid"
    # 48 hours later the hold is over.
    ended = later + dt.timedelta(hours=48, seconds=1)
    assert service.held_vehicles(empty_engine, ended) == {}
    assert service.expire(empty_engine, ended) == 1
    reservation = rows(empty_engine)[0][0]
    assert reservation.status == "ended" and reservation.held_vehicle is None
    # The refund is one call to the API, once.
    refunded = service.refund(empty_engine, client, reservation.id)
    assert refunded is not None and refunded.status == "refunded"
    assert json.loads(mollie.requested(f"/v2/payments/{PAYMENT}/refunds")[0].text) == {
        "amount": {"currency": "EUR", "value": "250.00"}}
    assert service.refund(empty_engine, client, reservation.id) is None


def test_the_dealer_cancels_a_paid_reservation(
        empty_engine: Engine, mollie: LoopbackService, client: MollieClient) -> None:
    started = reserve(empty_engine, client)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    settle(empty_engine, client, START)
    canceled = service.cancel(empty_engine, started.reservation_id)
    assert canceled is not None and canceled.status == "canceled"
    assert "vw-golf-1" not in service.held_vehicles(empty_engine, START)
    assert service.cancel(empty_engine, started.reservation_id) is None
    assert mollie.requested(f"/v2/payments/{PAYMENT}/refunds") == []


def test_the_dealers_commands(empty_engine: Engine, mollie: LoopbackService,
                              client: MollieClient, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    started = reserve(empty_engine, client)
    mollie.answers[f"/v2/payments/{PAYMENT}"] = payment("paid")
    settle(empty_engine, client, START)
    monkeypatch.setattr(commands, "get_engine", lambda: empty_engine)
    monkeypatch.setattr(commands, "mollie_client", lambda: MollieClient(
        base_url=mollie.origin + "/v2", api_key="test_key"))
    assert commands.main(["list"]) == 0
    assert "paid      vw-golf-1" in capsys.readouterr().out
    assert commands.main(["cancel", str(started.reservation_id)]) == 0
    assert "refund" in capsys.readouterr().out  # the deposit is not refunded by a cancel
    assert commands.main(["refund", str(started.reservation_id)]) == 0
    assert len(mollie.requested(f"/v2/payments/{PAYMENT}/refunds")) == 1
    assert commands.main(["refund", str(started.reservation_id)]) == 1
    assert commands.main(["cancel", "999"]) == 1
    assert commands.main(["expire"]) == 0
