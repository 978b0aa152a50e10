"""The mails a visitor gets about a reservation, in the language they reserved in: the
confirmation once the deposit is paid (the car with its link, the deposit, the hold's end
on the site's clock, the branch to contact, and the terms shown before paying), and a
short one when the dealer cancels the reservation or the deposit is refunded.

They are queued with the alert mails (``alerts.models.AlertMail``, sent by
``alerts.store.deliver``) under a key per payment and mail, in the transaction that
changes the reservation: a restart loses none, and none is queued twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from email.message import EmailMessage

from dealer import phones
from dealer.i18n import LANGUAGE_TAGS, N_, format_date, format_price, format_time, gettext
from dealer.leads.outbox import visitor_envelope
from dealer.reservations.models import Reservation
from dealer.reservations.terms import RESERVATION_TERMS
from dealer.routes import path_for
from dealer.settings import Settings
from dealer.stock.price_history import DEALER_ZONE
from dealer.stock.repository import VehicleDetail
from dealer.views.markup import Html

MAIL_KIND = "reserve"  # alert_mail.kind of every reservation mail
PAID, CANCELED, REFUNDED = "paid", "canceled", "refunded"
MAIL_KINDS = (PAID, CANCELED, REFUNDED)
# The queue key of each mail about a payment: at most one of each.
_KEYS = {PAID: "reservation-{payment}", CANCELED: "reservation-canceled-{payment}",
         REFUNDED: "reservation-refunded-{payment}"}

_SUBJECTS = {
    PAID: N_("Your reservation of the {vehicle}"),
    CANCELED: N_("Your reservation of the {vehicle} has been canceled"),
    REFUNDED: N_("Your deposit for the {vehicle} has been refunded"),
}
_GREETING = N_("Dear {name},")
_PAID_TEXT = N_("Thank you for your reservation. We have received your deposit of {amount}: "
                "the {vehicle} is reserved for you until {date}, {time}.")
_CANCELED_TEXT = N_("We have canceled your reservation of the {vehicle}; the car is no longer "
                    "held for you. For questions about your deposit of {amount}, please "
                    "contact us.")
_REFUNDED_TEXT = N_("We have refunded your deposit of {amount} for the {vehicle}; the car is "
                    "no longer reserved for you. The amount is back in your account within "
                    "a few working days.")
_LATE_TEXT = N_("Your payment reached us after the reservation time had ended, and another "
                "customer has reserved the car meanwhile.")
_CAR = N_("The car:")
_CONTACT = N_("Your contact for this car:")
_NEXT = N_("What happens next:")
_SIGNATURE = N_("Kind regards,")


@dataclass(frozen=True)
class _Lines:
    """A mail's parts: paragraphs of text, a link, the branch's lines and a list."""

    paragraphs: list[str]
    car: str
    link: str
    branch: list[str]
    next_steps: list[str]


def mail_key(kind: str, payment_id: str) -> str:
    return _KEYS[kind].format(payment=payment_id)


def _lines(kind: str, reservation: Reservation, vehicle: str,
           detail: VehicleDetail | None, settings: Settings) -> _Lines:
    locale = reservation.locale
    amount = format_price(reservation.amount_cents / 100, locale, cents=True)
    paragraphs = [gettext(locale, _GREETING, name=reservation.name)]
    next_steps: list[str] = []
    if kind == PAID:
        until = reservation.expires_at.astimezone(DEALER_ZONE)
        paragraphs.append(gettext(locale, _PAID_TEXT, amount=amount, vehicle=vehicle,
                                  date=format_date(until.date(), locale),
                                  time=format_time(until.time(), locale)))
        next_steps = [gettext(locale, term, hours=settings.reservation_hold_hours,
                              amount=amount) for term in RESERVATION_TERMS[1:]]
    elif kind == CANCELED:
        paragraphs.append(gettext(locale, _CANCELED_TEXT, amount=amount, vehicle=vehicle))
    else:
        paragraphs.append(gettext(locale, _REFUNDED_TEXT, amount=amount, vehicle=vehicle))
        if reservation.paid_at is None:  # paid too late: someone else had the car
            paragraphs.append(gettext(locale, _LATE_TEXT))
    branch: list[str] = []
    if detail is not None:
        place = detail.location
        branch = [place.name, place.street, f"{place.postal_code} {place.city}",
                  phones.shown(place.phone, place.country, locale), place.email]
    link = (settings.base_url.rstrip("/")
            + path_for("vehicle", locale, vehicle=reservation.vehicle_slug))
    return _Lines(paragraphs, vehicle, link, branch, next_steps)


def reservation_mail(kind: str, reservation: Reservation, detail: VehicleDetail | None,
                     settings: Settings, now: dt.datetime) -> EmailMessage:
    """The mail of ``kind`` (``PAID``, ``CANCELED``, ``REFUNDED``) about a reservation of
    a payment; ``detail`` the car as the stock has it (None: no longer there)."""
    locale = reservation.locale
    vehicle = detail.title if detail is not None else reservation.vehicle_slug
    lines = _lines(kind, reservation, vehicle, detail, settings)
    message = visitor_envelope(
        settings, reservation.email, gettext(locale, _SUBJECTS[kind], vehicle=vehicle),
        key=mail_key(kind, reservation.payment_id or ""), kind="reservation", now=now)
    car, contact, steps = (gettext(locale, text) for text in (_CAR, _CONTACT, _NEXT))
    signature = gettext(locale, _SIGNATURE)
    text = [*lines.paragraphs, f"{car}\n{lines.car}\n{lines.link}"]
    if lines.branch:
        text.append("\n".join((contact, *lines.branch)))
    if lines.next_steps:
        text.append("\n".join((steps, *(f"- {step}" for step in lines.next_steps))))
    text.append(f"{signature}\n{settings.site_name}")
    message.set_content("\n\n".join(text))
    html = Html("").join(Html("<p>{}</p>").format(p) for p in lines.paragraphs)
    html += Html('<p>{}<br><a href="{}">{}</a></p>').format(car, lines.link, lines.car)
    if lines.branch:
        html += Html("<p>{}<br>{}</p>").format(
            contact, Html("<br>").join(lines.branch))
    if lines.next_steps:
        html += Html("<p>{}</p><ul>{}</ul>").format(
            steps, Html("").join(Html("<li>{}</li>").format(s) for s in lines.next_steps))
    html += Html("<p>{}<br>{}</p>").format(signature, settings.site_name)
    message.add_alternative(str(Html(
        '<!doctype html><html lang="{}"><body>{}</body></html>').format(
            LANGUAGE_TAGS.get(locale, locale), html)), subtype="html")
    return message
