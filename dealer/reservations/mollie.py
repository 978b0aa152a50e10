"""Client of Mollie's payments API (v2): create a payment, read it, refund it.

``POST /payments`` with the amount (``{"currency": "EUR", "value": "250.00"}``), a
description, ``redirectUrl``, ``webhookUrl``, ``metadata`` and ``locale`` answers the
payment (``id`` ``tr_...``, ``status`` ``open``, ``_links.checkout.href``). Mollie posts
``id=tr_...`` to the webhook on every status change; the payment's real status is only
what ``GET /payments/{id}`` answers. ``POST /payments/{id}/refunds`` refunds an amount.

Without an API key (or with public mocks) the demo provider (``DemoMollie``) answers the
same requests through a local transport, its checkout a page of the site's own.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from dataclasses import dataclass
from decimal import Decimal

import httpx

from dealer.settings import Settings, get_settings

TIMEOUT_S = 10.0
PAYMENT_STATUSES = ("open", "pending", "authorized", "paid", "failed", "canceled", "expired")
PAYMENT_ID = re.compile(r"tr_[A-Za-z0-9]{1,32}")
# The origins of Mollie's hosted checkout (``_links.checkout.href``).
MOLLIE_CHECKOUT_ORIGINS = ("https://www.mollie.com",)
DEMO_BASE_URL = "https://api.mollie.demo.invalid/v2"
DEMO_CHECKOUT_PATH = "/reservering/demo/"  # + payment id: the demo's checkout page


class PaymentError(Exception):
    """The payments provider could not be asked, refused, or answered what we cannot read."""


@dataclass(frozen=True)
class Payment:
    id: str
    status: str  # one of PAYMENT_STATUSES
    checkout_url: str = ""  # where the visitor pays (an open payment only)


def amount_value(cents: int) -> str:
    """Mollie's amount string: 25000 -> "250.00"."""
    return f"{Decimal(cents) / 100:.2f}"


def _payment(body: object) -> Payment:
    if not isinstance(body, dict):
        raise PaymentError("the provider sent no payment")
    payment_id, status = body.get("id"), body.get("status")
    if not (isinstance(payment_id, str) and PAYMENT_ID.fullmatch(payment_id)
            and status in PAYMENT_STATUSES):
        raise PaymentError("the provider sent a payment we cannot read")
    links = body.get("_links")
    checkout = links.get("checkout") if isinstance(links, dict) else None
    href = checkout.get("href") if isinstance(checkout, dict) else None
    return Payment(payment_id, status, href if isinstance(href, str) else "")


class MollieClient:
    def __init__(self, *, base_url: str, api_key: str,
                 transport: httpx.BaseTransport | None = None,
                 timeout: float = TIMEOUT_S) -> None:
        self._http = httpx.Client(base_url=base_url.rstrip("/") + "/", transport=transport,
                                  timeout=timeout,
                                  headers={"Authorization": f"Bearer {api_key}",
                                           "Accept": "application/json"})

    def close(self) -> None:
        self._http.close()

    def _call(self, method: str, path: str, body: dict | None = None,
              headers: dict[str, str] | None = None) -> object:
        try:
            response = self._http.request(method, path, json=body, headers=headers)
        except httpx.HTTPError as exc:
            raise PaymentError(f"provider unreachable: {exc!r}") from exc
        if response.status_code not in (200, 201):
            raise PaymentError(f"provider refused {method} {path} ({response.status_code})")
        try:
            return response.json()
        except ValueError as exc:
            raise PaymentError("the provider sent invalid JSON") from exc

    def create_payment(self, *, cents: int, description: str, redirect_url: str,
                       webhook_url: str, metadata: dict[str, str], locale: str) -> Payment:
        payment = _payment(self._call("POST", "payments", {
            "amount": {"currency": "EUR", "value": amount_value(cents)},
            "description": description,
            "redirectUrl": redirect_url,
            "webhookUrl": webhook_url,
            "metadata": metadata,
            "locale": {"nl": "nl_NL", "de": "de_DE"}.get(locale, "nl_NL"),
        }))
        if not payment.checkout_url:
            raise PaymentError("the provider sent no checkout address")
        return payment

    def payment(self, payment_id: str) -> Payment:
        if not PAYMENT_ID.fullmatch(payment_id):
            raise PaymentError("not a payment id")
        return _payment(self._call("GET", f"payments/{payment_id}"))

    def refund(self, payment_id: str, cents: int) -> None:
        if not PAYMENT_ID.fullmatch(payment_id):
            raise PaymentError("not a payment id")
        # Mollie answers a repeated request with the same key as the first: one refund.
        self._call("POST", f"payments/{payment_id}/refunds",
                   {"amount": {"currency": "EUR", "value": amount_value(cents)}},
                   {"Idempotency-Key": f"refund-{payment_id}"})


class DemoMollie:
    """The demo provider: payments kept in memory, answered as Mollie answers them. Its
    checkout (``DEMO_CHECKOUT_PATH``) lets the visitor pay or cancel (``decide``)."""

    def __init__(self) -> None:
        self._payments: dict[str, dict] = {}
        self._lock = threading.Lock()

    def decide(self, payment_id: str, paid: bool) -> str | None:
        """The visitor paid or canceled an open payment; its redirect address, None for
        a payment the demo does not know."""
        with self._lock:
            payment = self._payments.get(payment_id)
            if payment is None:
                return None
            if payment["status"] == "open":
                payment["status"] = "paid" if paid else "canceled"
            return payment["redirectUrl"]

    def known(self, payment_id: str) -> bool:
        return payment_id in self._payments

    def _answer(self, request: httpx.Request) -> httpx.Response:
        parts = request.url.path.rstrip("/").split("/")  # ["", "v2", "payments", id, ...]
        with self._lock:
            if request.method == "POST" and parts[2:] == ["payments"]:
                data = json.loads(request.content or b"{}")
                payment_id = "tr_demo" + secrets.token_hex(6)
                self._payments[payment_id] = {"id": payment_id, "status": "open",
                                              "redirectUrl": data.get("redirectUrl", "/")}
                return httpx.Response(201, json={
                    "id": payment_id, "status": "open",
                    "_links": {"checkout": {"href": DEMO_CHECKOUT_PATH + payment_id}}})
            payment = self._payments.get(parts[3]) if len(parts) > 3 else None
            if payment is None:
                return httpx.Response(404, json={"status": 404, "title": "Not Found"})
            if request.method == "GET" and len(parts) == 4:
                return httpx.Response(200, json={"id": payment["id"],
                                                 "status": payment["status"]})
            if request.method == "POST" and parts[4:] == ["refunds"]:
                return httpx.Response(201, json={"resource": "refund", "status": "pending"})
        return httpx.Response(404, json={"status": 404, "title": "Not Found"})

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self._answer)


DEMO = DemoMollie()


def uses_demo(settings: Settings) -> bool:
    return settings.public_mocks or not settings.mollie_api_key


def mollie_client(settings: Settings | None = None) -> MollieClient:
    """The configured provider's client: Mollie's API, or the demo provider's."""
    settings = settings or get_settings()
    if uses_demo(settings):
        return MollieClient(base_url=DEMO_BASE_URL, api_key="test_demo",
                            transport=DEMO.transport())
    return MollieClient(base_url=settings.mollie_base_url, api_key=settings.mollie_api_key or "")
