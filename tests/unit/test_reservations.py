"""Reservation rules without a database: the status a payment's report leads to, the
amounts Mollie is sent, what is read of its answers, and the demo provider."""

from __future__ import annotations

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.reservations.mollie import (
    PAYMENT_STATUSES,
    DemoMollie,
    MollieClient,
    PaymentError,
    _payment,
    amount_value,
)
from dealer.reservations.service import transition

STATUSES = ("pending", "paid", "failed", "canceled", "expired", "ended", "refunded")


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
