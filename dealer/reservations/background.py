"""Reservation work the server does while it runs: the refunds the payments provider
refused are tried again (``service.retry_refunds``), and the mails they queue are sent
at once."""

from __future__ import annotations

from dealer.alerts.store import wake_alerts
from dealer.background import Recurring
from dealer.db import get_engine
from dealer.leads.outbox import DeliveryReport
from dealer.reservations import service
from dealer.reservations.mollie import mollie_client

POLL_SECONDS = 60.0


def process() -> DeliveryReport:
    """One round: the refunds that are due, tried again."""
    client = mollie_client()
    try:
        report = service.retry_refunds(get_engine(), client)
    finally:
        client.close()
    if report.sent:
        wake_alerts()
    return report


_refunds = Recurring("reservation refunds", process)


async def run_reservations(interval: float = POLL_SECONDS) -> None:
    """Retry refunds for as long as the server runs; no error ends the loop."""
    await _refunds.run(interval)
