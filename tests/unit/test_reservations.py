"""Reservation rules without a database: the status a payment's report leads to, the
amounts Mollie is sent, what is read of its answers, and the demo provider."""

from __future__ import annotations

import datetime as dt
from email.utils import getaddresses

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.reservations import mails
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import (
    PAYMENT_STATUSES,
    DemoMollie,
    MollieClient,
    PaymentError,
    _payment,
    amount_value,
)
from dealer.reservations.service import transition
from dealer.settings import Settings
from dealer.web.reservations import EMAIL

STATUSES = ("pending", "paid", "failed", "canceled", "expired", "ended", "refunding",
            "refunded")


@pytest.mark.parametrize(("status", "payment", "new"), [
    ("pending", "open", None), ("pending", "pending", None), ("pending", "authorized", None),
    ("pending", "paid", "paid"), ("pending", "failed", "failed"),
    ("pending", "canceled", "canceled"), ("pending", "expired", "failed"),
    ("paid", "paid", None),  # a repeated report: nothing left to do
    ("paid", "canceled", None), ("refunded", "paid", None), ("ended", "paid", None),
    ("expired", "paid", "late"), ("expired", "canceled", None),
])
def test_a_reservation_follows_its_payment_once(status: str, payment: str,
                                                new: str | None) -> None:
    assert transition(status, payment) == new


@given(st.sampled_from(STATUSES), st.text(max_size=20))
def test_no_report_changes_a_settled_reservation(status: str, payment: str) -> None:
    new = transition(status, payment)
    assert new is None or status in ("pending", "expired")


@pytest.mark.parametrize(("cents", "value"), [(25000, "250.00"), (1, "0.01"), (99950, "999.50")])
def test_amounts_are_written_as_mollie_reads_them(cents: int, value: str) -> None:
    assert amount_value(cents) == value


@given(st.one_of(st.none(), st.text(), st.integers(),
                 st.dictionaries(st.sampled_from(["id", "status", "_links"]),
                                 st.one_of(st.text(), st.none(), st.integers(),
                                           st.sampled_from(PAYMENT_STATUSES)))))
def test_an_answer_is_a_payment_or_a_payment_error(body: object) -> None:
    try:
        payment = _payment(body)
    except PaymentError:
        return
    assert payment.status in PAYMENT_STATUSES and payment.id.startswith("tr_")


def test_the_demo_provider_answers_like_mollie() -> None:
    demo = DemoMollie()
    client = MollieClient(base_url="https://api.mollie.demo.invalid/v2", api_key="test_x",
                          transport=demo.transport())
    opened = client.create_payment(cents=25000, description="Deposit", redirect_url="/back/1",
                                   webhook_url="/hook", metadata={}, locale="de")
    assert opened.status == "open" and opened.checkout_url.endswith(opened.id)
    assert client.payment(opened.id).status == "open"
    assert demo.decide(opened.id, paid=True) == "/back/1"
    assert demo.decide(opened.id, paid=False) == "/back/1"  # decided once
    assert client.payment(opened.id).status == "paid"
    client.refund(opened.id, 25000)
    with pytest.raises(PaymentError):
        client.payment("tr_unknown")
    with pytest.raises(PaymentError):
        client.payment("../payments")
    assert demo.decide("tr_unknown", paid=True) is None


def test_an_unreachable_provider_is_a_payment_error() -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("down", request=request)

    client = MollieClient(base_url="https://mollie.invalid/v2", api_key="k",
                          transport=httpx.MockTransport(down))
    with pytest.raises(PaymentError):
        client.payment("tr_abc")


def _reservation(name: str, email: str, locale: str) -> Reservation:
    return Reservation(vehicle_slug="vw-golf-1", amount_cents=25000, name=name, email=email,
                       locale=locale, payment_id="tr_unit1",
                       created_at=dt.datetime(2026, 7, 1, 8, tzinfo=dt.UTC),
                       expires_at=dt.datetime(2026, 7, 3, 8, tzinfo=dt.UTC))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=100), st.one_of(st.text(max_size=60), st.from_regex(EMAIL, fullmatch=True)),
       st.sampled_from(mails.MAIL_KINDS),
       st.sampled_from(["nl", "de"]))
def test_every_address_the_form_takes_gets_one_mail_of_its_own(
        name: str, email: str, kind: str, locale: str) -> None:
    if not EMAIL.fullmatch(email):
        return
    message = mails.reservation_mail(kind, _reservation(name, email, locale), None,
                                     Settings(), dt.datetime(2026, 7, 1, tzinfo=dt.UTC))
    assert [address for _, address in getaddresses([str(message["To"])])] == [email]
    assert message.get_body(("plain",)).get_content()


@pytest.mark.parametrize("email", ["anna@example.nl,bob@example.nl", "a,b@example.nl",
                                   "Anna <anna@example.nl>", "anna@example.nl;x@y.z"])
def test_a_list_of_addresses_is_not_one_address(email: str) -> None:
    assert EMAIL.fullmatch(email) is None


@pytest.mark.parametrize(("locale", "until"), [("nl", "3 juli 2026, 10:00"),
                                               ("de", "3. Juli 2026, 10:00")])
def test_the_confirmation_names_the_hold_on_the_sites_clock(locale: str, until: str) -> None:
    message = mails.reservation_mail(mails.PAID, _reservation("Anna", "a@b.nl", locale), None,
                                     Settings(base_url="https://site.test"),
                                     dt.datetime(2026, 7, 1, tzinfo=dt.UTC))
    text = message.get_body(("plain",)).get_content()
    assert until in text  # 08:00 UTC is 10:00 in Amsterdam in summer
    assert "https://site.test/" in text and message["Message-ID"].startswith("<reservation-")
