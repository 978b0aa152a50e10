"""The pages a visitor reaches from an alert mail, served by the HTTP layer: confirming a
saved search, seeing and deleting one's alerts, and unsubscribing (a page with a button,
and RFC 8058's one-click POST a mail program sends). Each is in the language the search
was saved in, never indexed and never cached."""

from __future__ import annotations

import asyncio
import datetime as dt
from html import escape
from urllib.parse import parse_qsl, urlencode

from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import Receive, Scope, Send

from dealer.alerts import store
from dealer.alerts.mails import CONFIRM_PATH, DELETE_PATH, MANAGE_PATH, UNSUBSCRIBE_PATH
from dealer.db import get_engine
from dealer.i18n import DEFAULT_LOCALE, N_, gettext
from dealer.params import integer
from dealer.views.stock import stock_path

PATHS = (CONFIRM_PATH, MANAGE_PATH, UNSUBSCRIBE_PATH, DELETE_PATH)
HEADERS = {"cache-control": "private, no-store", "x-robots-tag": "noindex"}
MAX_FORM_BYTES = 4096

_CONFIRMED = N_("Your search alert is on")
_CONFIRMED_TEXT = N_("We mail you when a car matching your search arrives or gets cheaper.")
_BAD_LINK = N_("This link does not work (any more)")
_BAD_LINK_TEXT = N_("The alert it was for may have been deleted.")
_YOUR_ALERTS = N_("Your search alerts")
_NONE = N_("You have no search alerts.")
_DELETE = N_("Delete")
_SHOW = N_("Show the cars")
_UNSUBSCRIBE = N_("Stop all alerts")
_UNSUBSCRIBE_TEXT = N_("Stop every alert to {email} and delete the address?")
_UNSUBSCRIBED = N_("Your alerts are stopped and your address is deleted.")
_DIGEST, _INSTANT = N_("At most once a day"), N_("At once")


def _page(locale: str, title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
        '<meta name="robots" content="noindex"><meta name="viewport" '
        f'content="width=device-width, initial-scale=1"><title>{escape(title)}</title></head>'
        f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>",
        status_code=status, headers=HEADERS)


def _bad_link(locale: str = DEFAULT_LOCALE) -> HTMLResponse:
    return _page(locale, gettext(locale, _BAD_LINK),
                 f"<p>{escape(gettext(locale, _BAD_LINK_TEXT))}</p>", 404)


def _manage_page(email: str, token: str) -> HTMLResponse:
    searches = store.searches_of(get_engine(), email)
    locale = searches[-1].locale if searches else DEFAULT_LOCALE
    items = []
    for search in searches:
        href = stock_path(search.locale) + (f"?{urlencode(search.params)}" if search.params
                                            else "")
        mode = gettext(locale, _INSTANT if search.mode == "instant" else _DIGEST)
        action = f"{DELETE_PATH}?{urlencode({'t': token, 'search': search.id})}"
        items.append(
            f'<li><a href="{escape(href)}">{escape(gettext(locale, _SHOW))}</a> '
            f"({escape(mode)}) "
            f'<form method="post" action="{escape(action)}" style="display:inline">'
            f'<button type="submit">{escape(gettext(locale, _DELETE))}</button></form></li>')
    body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{escape(gettext(locale, _NONE))}</p>"
    unsubscribe = f"{UNSUBSCRIBE_PATH}?{urlencode({'t': token})}"
    body += (f'<form method="post" action="{escape(unsubscribe)}">'
             f'<button type="submit">{escape(gettext(locale, _UNSUBSCRIBE))}</button></form>')
    return _page(locale, gettext(locale, _YOUR_ALERTS), body)


def _locale_of(email: str) -> str:
    searches = store.searches_of(get_engine(), email)
    return searches[-1].locale if searches else DEFAULT_LOCALE


async def _read_body(receive: Receive) -> None:
    """Drain a small form body (its content is not needed: the link carries the token)."""
    size, more = 0, True
    while more and size <= MAX_FORM_BYTES:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)


def answer(method: str, path: str, query_string: str) -> Response:
    """The answer to one request of these pages; never raises on what a visitor sends."""
    query = dict(parse_qsl(query_string[:2000]))
    token = query.get("t", "")
    if path == CONFIRM_PATH:
        search = store.confirm(get_engine(), token, dt.datetime.now(dt.UTC))
        if search is None:
            return _bad_link()
        return _page(search.locale, gettext(search.locale, _CONFIRMED),
                     f"<p>{escape(gettext(search.locale, _CONFIRMED_TEXT))}</p>")
    email = store.address_of(token)
    if email is None:
        return _bad_link()
    if path == MANAGE_PATH:
        return _manage_page(email, token)
    if path == DELETE_PATH and method == "POST":
        store.delete_search(get_engine(), email, integer(query.get("search"), 0) or 0)
        return RedirectResponse(f"{MANAGE_PATH}?{urlencode({'t': token})}", status_code=303,
                                headers=HEADERS)
    if path == UNSUBSCRIBE_PATH:
        locale = _locale_of(email)
        if method == "POST":  # RFC 8058: the mail program's one click, or the page's button
            store.unsubscribe(get_engine(), email)
            return _page(locale, gettext(locale, _UNSUBSCRIBE),
                         f"<p>{escape(gettext(locale, _UNSUBSCRIBED))}</p>")
        action = f"{UNSUBSCRIBE_PATH}?{urlencode({'t': token})}"
        return _page(locale, gettext(locale, _UNSUBSCRIBE),
                     f"<p>{escape(gettext(locale, _UNSUBSCRIBE_TEXT, email=email))}</p>"
                     f'<form method="post" action="{escape(action)}"><button type="submit">'
                     f"{escape(gettext(locale, _UNSUBSCRIBE))}</button></form>")
    return Response(status_code=405, headers=HEADERS | {"allow": "GET, POST"})


async def serve(scope: Scope, receive: Receive, send: Send) -> None:
    method = scope["method"]
    if method == "POST":
        await _read_body(receive)
    response = await asyncio.to_thread(
        answer, "POST" if method == "POST" else "GET", scope["path"],
        scope.get("query_string", b"").decode("latin-1"))
    await response(scope, receive, send)
