"""Reservations: reserving a vehicle with a deposit, the payment's outcome, the hold's end.

A reservation holds its vehicle while it is ``pending`` (the visitor is paying; until the
payment's lifetime ends, ``PAYMENT_LIFETIME``) and while it is ``paid`` (until
``expires_at``, the deposit's hold). Only a paid one shows the vehicle as reserved. The
hold is the unique ``held_vehicle`` column: two visitors reserving one car at once get
one reservation; the other insert fails.

A payment's status is only ever what the provider's API answers for it (``settle``): a
webhook says no more than "ask about this payment", so a forged or repeated one changes
nothing that the API does not confirm, and a second call finds nothing left to do.

A deposit to be refunded (paid after its hold lapsed for a car another visitor has, or the
dealer's refund) is ``refunding`` until the provider takes the refund: what it refuses,
``retry_refunds`` tries again. The visitor's mails (``mails``) are queued in the
transaction that changes the reservation.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from dealer.alerts.models import AlertMail
from dealer.db import session_scope
from dealer.leads.outbox import DeliveryReport
from dealer.leads.store import add_site_lead
from dealer.reservations import mails
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import MollieClient, PaymentError
from dealer.settings import Settings, get_settings
from dealer.stock.repository import VehicleDetail, current_vehicle

logger = logging.getLogger(__name__)

PAYMENT_LIFETIME = dt.timedelta(minutes=15)  # an unpaid reservation's hold
# A refund the provider refused is tried again this much later (``retry_refunds``).
REFUND_RETRY = dt.timedelta(minutes=5)
REFUNDING = "refunding"  # the deposit is to be refunded: the provider has not taken it yet
FORM_ID = "reservation"
HOLDING = ("pending", "paid")
# What a payment's status makes of a pending reservation; others are left as they are.
_OUTCOMES = {"paid": "paid", "failed": "failed", "canceled": "canceled", "expired": "failed"}


class VehicleTakenError(Exception):
    """Another reservation holds the vehicle."""


@dataclass(frozen=True)
class Started:
    reservation_id: int
    checkout_url: str


def now_utc() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def transition(status: str, payment_status: str) -> str | None:
    """The reservation's next status for its payment's status; None: nothing changes.
    A pending reservation follows its payment; one that lapsed (``expired``) while its
    payment was still open becomes ``late`` when it is paid after all (its deposit is
    refunded, or it takes the car again if no one else has it). Every other status is
    final for a payment: a second report of the same payment changes nothing."""
    if status == "pending":
        return _OUTCOMES.get(payment_status)
    if status == "expired" and payment_status == "paid":
        return "late"
    return None


def _release_lapsed(session: Session, now: dt.datetime,
                    vehicle_slug: str | None = None) -> int:
    """Ends the holds whose time is over: a pending one's payment lifetime (``expired``),
    a paid one's hold (``ended``)."""
    ended = 0
    for status, new in (("pending", "expired"), ("paid", "ended")):
        statement = (update(Reservation)
                     .where(Reservation.status == status, Reservation.expires_at <= now)
                     .values(status=new, held_vehicle=None))
        if vehicle_slug is not None:
            statement = statement.where(Reservation.vehicle_slug == vehicle_slug)
        ended += session.exec(statement).rowcount  # type: ignore[call-overload]
    return ended


def start(engine: Engine, client: MollieClient, *, vehicle_slug: str, description: str,
          name: str, email: str, locale: str, return_url: str, webhook_url: str,
          settings: Settings | None = None, now: dt.datetime | None = None) -> Started:
    """Holds the vehicle for a pending reservation and opens its payment. Raises
    VehicleTakenError when another reservation holds it, PaymentError when the provider cannot
    open the payment (the hold is let go again). ``return_url`` gets the reservation's
    id appended."""
    settings = settings or get_settings()
    now = now or now_utc()
    cents = settings.reservation_deposit * 100
    try:
        with session_scope(engine) as session:
            _release_lapsed(session, now, vehicle_slug)
            reservation = Reservation(
                vehicle_slug=vehicle_slug, held_vehicle=vehicle_slug, amount_cents=cents,
                name=name, email=email, locale=locale, created_at=now,
                expires_at=now + PAYMENT_LIFETIME)
            session.add(reservation)
            session.flush()
            reservation_id = reservation.id
    except IntegrityError as exc:
        raise VehicleTakenError(vehicle_slug) from exc
    assert reservation_id is not None
    try:
        payment = client.create_payment(
            cents=cents, description=description, redirect_url=f"{return_url}{reservation_id}",
            webhook_url=webhook_url, metadata={"reservation": str(reservation_id)},
            locale=locale)
    except PaymentError:
        with session_scope(engine) as session:
            session.exec(update(Reservation).where(Reservation.id == reservation_id)
                         .values(status="failed", held_vehicle=None))
        raise
    with session_scope(engine) as session:
        session.exec(update(Reservation).where(Reservation.id == reservation_id)
                     .values(payment_id=payment.id))
    return Started(reservation_id, payment.checkout_url)


def _paid(session: Session, reservation: Reservation, now: dt.datetime, settings: Settings,
          subject: str, source_page: str) -> None:
    reservation.status = "paid"
    reservation.paid_at = now
    reservation.expires_at = now + dt.timedelta(hours=settings.reservation_hold_hours)
    reservation.held_vehicle = reservation.vehicle_slug
    reservation.lead_id = add_site_lead(
        session, form_id=FORM_ID,
        fields={"name": reservation.name, "email": reservation.email,
                "payment_id": reservation.payment_id or "",
                "deposit": f"EUR {reservation.amount_cents / 100:.2f}",
                "reserved_until": f"{reservation.expires_at.isoformat(timespec='minutes')} UTC"},
        vehicle_slug=reservation.vehicle_slug, brand="", model="", subject=subject,
        locale=reservation.locale, source_page=source_page,
        idempotency_key=f"reservation-{reservation.payment_id}", now=now, settings=settings)


def _queue_mail(session: Session, kind: str, reservation: Reservation,
                detail: VehicleDetail | None, settings: Settings, now: dt.datetime) -> None:
    """Queue the visitor's mail of ``kind`` (``mails.PAID``...) in the transaction that
    changes the reservation: its key is unique, so it is queued once."""
    message = mails.reservation_mail(kind, reservation, detail, settings, now)
    session.add(AlertMail(key=mails.mail_key(kind, reservation.payment_id or ""),
                          kind=mails.MAIL_KIND, email=reservation.email,
                          message=message.as_string(), next_attempt_at=now, created_at=now))


def settle(engine: Engine, client: MollieClient, payment_id: str, *,
           subject: str = "", source_page: str = "/",
           settings: Settings | None = None, now: dt.datetime | None = None) -> str | None:
    """Brings the reservation of a payment up to date with what the provider's API says
    of it: its status afterwards, None for a payment of no reservation (it is not asked
    about). A paid reservation queues the visitor's confirmation. Raises PaymentError
    when the provider cannot tell (the webhook is answered with an error, so the provider
    reports it again later); a refund it refuses is left ``refunding`` for
    ``retry_refunds``."""
    settings = settings or get_settings()
    with Session(engine) as session:
        slug = session.exec(select(Reservation.vehicle_slug)
                            .where(Reservation.payment_id == payment_id)).first()
    if slug is None:
        return None
    payment = client.payment(payment_id)
    now = now or now_utc()
    detail = current_vehicle(engine, slug)
    try:
        with session_scope(engine) as session:
            reservation = session.exec(select(Reservation)
                                       .where(Reservation.payment_id == payment_id)).one()
            new = transition(reservation.status, payment.status)
            if new == "late":  # paid after its hold lapsed: it holds the car if it is free
                _release_lapsed(session, now, reservation.vehicle_slug)
                if session.exec(select(Reservation.id).where(
                        Reservation.held_vehicle == reservation.vehicle_slug)).first() is None:
                    new = "paid"
                else:  # refunded at once below, or later by retry_refunds
                    reservation.status, reservation.expires_at = REFUNDING, now
            if new == "paid":
                _paid(session, reservation, now, settings, subject, source_page)
                _queue_mail(session, mails.PAID, reservation, detail, settings, now)
            elif new in ("failed", "canceled"):
                reservation.status, reservation.held_vehicle = new, None
            status, reservation_id = reservation.status, reservation.id
    except IntegrityError:
        # The same payment settled by a parallel report a moment ago (its lead is unique).
        with Session(engine) as session:
            return session.exec(select(Reservation.status)
                                .where(Reservation.payment_id == payment_id)).one()
    if new == "late" and reservation_id is not None:
        try:
            if _refund_once(engine, client, reservation_id, settings, now):
                status = "refunded"
        except PaymentError as exc:
            logger.warning("reservation #%s: the refund failed, it is tried again later: %s",
                           reservation_id, exc)
    return status


def _refund_once(engine: Engine, client: MollieClient, reservation_id: int,
                 settings: Settings, now: dt.datetime) -> bool:
    """Refunds a ``refunding`` reservation's deposit if no other worker is at it (the row
    is claimed until ``REFUND_RETRY`` from now) and queues the visitor's mail; False when
    it was not due or is claimed. Raises PaymentError when the provider refuses (it is
    tried again after ``REFUND_RETRY``)."""
    with session_scope(engine) as session:
        claimed = session.exec(
            update(Reservation)
            .where(Reservation.id == reservation_id, Reservation.status == REFUNDING,
                   Reservation.expires_at <= now)
            .values(expires_at=now + REFUND_RETRY)).rowcount  # type: ignore[call-overload]
        reservation = session.get(Reservation, reservation_id)
        payment_id, cents, slug = ((reservation.payment_id, reservation.amount_cents,
                                    reservation.vehicle_slug) if reservation else (None, 0, ""))
    if claimed != 1 or payment_id is None:
        return False
    # The provider's idempotency key: a refund sent twice (a crash in between) is one.
    client.refund(payment_id, cents)
    detail = current_vehicle(engine, slug)
    with session_scope(engine) as session:
        reservation = session.get(Reservation, reservation_id)
        assert reservation is not None
        reservation.status = "refunded"
        _queue_mail(session, mails.REFUNDED, reservation, detail, settings, now)
    return True


def retry_refunds(engine: Engine, client: MollieClient, settings: Settings | None = None,
                  now: dt.datetime | None = None) -> DeliveryReport:
    """Tries again the refunds that are due (``refunding``): ``sent`` the refunds made,
    ``retried`` those the provider refused again."""
    settings, now = settings or get_settings(), now or now_utc()
    report = DeliveryReport()
    with Session(engine) as session:
        due = list(session.exec(select(Reservation.id).where(
            Reservation.status == REFUNDING, Reservation.expires_at <= now)))
    for reservation_id in due:
        try:
            report.sent += _refund_once(engine, client, reservation_id, settings, now)
        except PaymentError as exc:
            logger.warning("reservation #%s: the refund failed again: %s", reservation_id, exc)
            report.retried += 1
    return report


def expire(engine: Engine, now: dt.datetime | None = None) -> int:
    """Ends every hold whose time is over; how many."""
    with session_scope(engine) as session:
        return _release_lapsed(session, now or now_utc())


def cancel(engine: Engine, reservation_id: int, settings: Settings | None = None,
           now: dt.datetime | None = None) -> Reservation | None:
    """The dealer ends a reservation's hold (pending or paid); None when there is none. A
    visitor who paid is told by mail."""
    settings, now = settings or get_settings(), now or now_utc()
    with Session(engine) as session:
        found = session.get(Reservation, reservation_id)
    detail = current_vehicle(engine, found.vehicle_slug) if found is not None else None
    with session_scope(engine) as session:
        reservation = session.get(Reservation, reservation_id)
        if reservation is None or reservation.status not in HOLDING:
            return None
        reservation.status, reservation.held_vehicle = "canceled", None
        if reservation.paid_at is not None:
            _queue_mail(session, mails.CANCELED, reservation, detail, settings, now)
        session.flush()
        session.expunge(reservation)
        return reservation


def refund(engine: Engine, client: MollieClient, reservation_id: int,
           settings: Settings | None = None, now: dt.datetime | None = None
           ) -> Reservation | None:
    """Refunds a paid deposit and ends its hold; the visitor is told by mail. None for a
    reservation without a paid deposit to refund (or one being refunded). Raises
    PaymentError when the provider refuses: the reservation stays ``refunding`` and
    ``retry_refunds`` tries again."""
    settings, now = settings or get_settings(), now or now_utc()
    with session_scope(engine) as session:
        reservation = session.get(Reservation, reservation_id)
        if (reservation is None or reservation.paid_at is None or reservation.payment_id is None
                or reservation.status in ("refunded", REFUNDING)):
            return None
        reservation.status, reservation.held_vehicle = REFUNDING, None
        reservation.expires_at = now
    _refund_once(engine, client, reservation_id, settings, now)
    with Session(engine) as session:
        return session.get(Reservation, reservation_id)


def held_vehicles(engine: Engine, now: dt.datetime | None = None) -> dict[str, dt.datetime]:
    """The vehicles paid reservations hold now (few at any time), each with the hold's
    end: the vehicle page's own status and the 'Reserved' badge of the cards."""
    with Session(engine) as session:
        return dict(session.exec(select(Reservation.vehicle_slug, Reservation.expires_at).where(
            Reservation.status == "paid", Reservation.expires_at > (now or now_utc()))).all())


def reservations(engine: Engine, limit: int = 50) -> list[Reservation]:
    """The newest reservations first, for the dealer's list."""
    with Session(engine) as session:
        return list(session.exec(select(Reservation).order_by(
            Reservation.id.desc()).limit(limit)))  # type: ignore[union-attr]
