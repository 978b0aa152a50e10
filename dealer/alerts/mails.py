"""The mails of saved searches, in the language the search was saved in: the request to
confirm, and the alert listing the cars (photo, title, price, link) with a one-click
unsubscribe (RFC 8058) and a link to the visitor's alerts."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from email.message import EmailMessage
from urllib.parse import urlencode

from dealer.alerts import tokens
from dealer.i18n import N_, gettext
from dealer.leads.outbox import visitor_envelope
from dealer.settings import Settings
from dealer.views.markup import Html
from dealer.views.stock import Card

CONFIRM_PATH = "/alerts/confirm"
MANAGE_PATH = "/alerts/manage"
UNSUBSCRIBE_PATH = "/alerts/unsubscribe"
DELETE_PATH = "/alerts/delete"

_CONFIRM_SUBJECT = N_("Please confirm your search alert")
_CONFIRM_TEXT = N_("You asked us to mail you new cars matching your search. Open this link "
                   "and confirm the alert there; until then we send you nothing.")
_NOT_YOU = N_("Not you? Then ignore this mail: nothing will be sent.")
_ALERT_SUBJECT = N_("New cars for your search")
_ALERT_TEXT = N_("These cars match your saved search:")
_MANAGE = N_("Your alerts")
_UNSUBSCRIBE = N_("Stop all alerts")


def link(settings: Settings, path: str, **query: str) -> str:
    return f"{settings.base_url.rstrip('/')}{path}?{urlencode(query)}"


def unsubscribe_url(settings: Settings, email: str) -> str:
    return link(settings, UNSUBSCRIBE_PATH, t=tokens.sign("address", email))


def manage_url(settings: Settings, email: str) -> str:
    return link(settings, MANAGE_PATH, t=tokens.sign("address", email))


def confirmation_message(settings: Settings, *, email: str, locale: str, search_id: int,
                         key: str, now: dt.datetime) -> EmailMessage:
    url = link(settings, CONFIRM_PATH, t=tokens.sign("confirm", str(search_id)))
    message = visitor_envelope(settings, email, gettext(locale, _CONFIRM_SUBJECT), key=key,
                               kind="alert", now=now)
    message.set_content("\n\n".join((gettext(locale, _CONFIRM_TEXT), url,
                                     gettext(locale, _NOT_YOU))))
    return message


def alert_message(settings: Settings, *, email: str, locale: str, cards: Sequence[Card],
                  key: str, now: dt.datetime) -> EmailMessage:
    unsubscribe, manage = unsubscribe_url(settings, email), manage_url(settings, email)
    base = settings.base_url.rstrip("/")
    message = visitor_envelope(settings, email, gettext(locale, _ALERT_SUBJECT), key=key,
                               kind="alert", now=now)
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    intro, manage_label = gettext(locale, _ALERT_TEXT), gettext(locale, _MANAGE)
    stop_label = gettext(locale, _UNSUBSCRIBE)
    text = [intro, ""]
    text += [f"{card.title} {card.version}\n{card.price}\n{base}{card.href}\n" for card in cards]
    text += [f"{manage_label}: {manage}", f"{stop_label}: {unsubscribe}"]
    message.set_content("\n".join(text))
    items = Html("").join(
        Html('<li><a href="{}">{}<br>{} {}</a><br><strong>{}</strong></li>').format(
            base + card.href,
            Html('<img src="{}" alt="{}" width="240">').format(
                _absolute(base, card.photo), card.photo_alt) if card.photo else "",
            card.title, card.version, card.price)
        for card in cards
    )
    message.add_alternative(str(Html(
        '<!doctype html><html lang="{}"><body><p>{}</p><ul>{}</ul>'
        '<p><a href="{}">{}</a> · <a href="{}">{}</a></p></body></html>').format(
        locale, intro, items, manage, manage_label, unsubscribe, stop_label)),
        subtype="html",
    )
    return message


def _absolute(base: str, url: str) -> str:
    return url if url.startswith("https://") else base + url
