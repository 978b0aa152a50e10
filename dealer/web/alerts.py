"""The pages a visitor reaches from an alert mail, served by the HTTP layer: confirming a
saved search, seeing and deleting one's alerts, and unsubscribing (a page with a button,
and RFC 8058's one-click POST a mail program sends). Each is in the language the search
was saved in, never indexed and never cached."""

from __future__ import annotations

import asyncio
import datetime as dt
from urllib.parse import parse_qsl, urlencode

from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import Receive, Scope, Send

from dealer.alerts import store
from dealer.alerts.mails import (
    CONFIRM_PATH,
    DELETE_PATH,
    MANAGE_PATH,
    UNSUBSCRIBE_PATH,
    manage_url,
)
from dealer.alerts.models import SavedSearch
from dealer.db import get_engine
from dealer.i18n import DEFAULT_LOCALE, N_, gettext
from dealer.params import integer
from dealer.settings import get_settings
from dealer.stock.index import get_index
from dealer.views.markup import Html
from dealer.views.stock import listing_heading, pill_values, stock_path
from dealer.web.notice_page import HEADERS, notice_page

PATHS = (CONFIRM_PATH, MANAGE_PATH, UNSUBSCRIBE_PATH, DELETE_PATH)
MAX_FORM_BYTES = 4096

_CONFIRM_TITLE = N_("Confirm your search alert")
_CONFIRM_QUESTION = N_("Shall we mail {email} when a car matching this search arrives or "
                       "gets cheaper?")
_CONFIRM = N_("Confirm")
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


def _paragraph(text: str) -> Html:
    return Html("<p>{}</p>").format(text)


def _button_form(action: str, label: str) -> Html:
    return Html('<form method="post" action="{}"><button type="submit">{}</button></form>'
                  ).format(action, label)


def _bad_link(locale: str = DEFAULT_LOCALE) -> HTMLResponse:
    return notice_page(locale, gettext(locale, _BAD_LINK),
                       _paragraph(gettext(locale, _BAD_LINK_TEXT)), 404)


def _listing(search: SavedSearch) -> str:
    """The listing a search was saved from, as it was on page 1."""
    query = f"?{urlencode(search.params)}" if search.params else ""
    return stock_path(search.locale, deal=search.deal) + query


def _summary(search: SavedSearch, locale: str) -> Html:
    """The search in words: the listing's name and its filters as the listing's pills
    name them."""
    query = store.search_query(search)
    result = get_index(get_engine()).search(query, per_page=1)
    filters = ", ".join(pill.label for pill in pill_values(query, result, locale,
                                                            search.display))
    return Html("<strong>{}</strong>{}").format(listing_heading(locale, None, search.deal),
                                                   f": {filters}" if filters else "")


def _confirm_page(search: SavedSearch, token: str) -> HTMLResponse:
    """The question a confirmation link opens: a page that confirms nothing itself (a mail
    scanner opening the link does not say yes), with a button that does."""
    locale = search.locale
    if search.confirmed_at is not None:
        return _confirmed_page(search)
    action = f"{CONFIRM_PATH}?{urlencode({'t': token})}"
    return notice_page(locale, gettext(locale, _CONFIRM_TITLE), Html("").join((
        _paragraph(_summary(search, locale)),
        _paragraph(gettext(locale, _CONFIRM_QUESTION, email=search.email)),
        _button_form(action, gettext(locale, _CONFIRM)))))


def _confirmed_page(search: SavedSearch) -> HTMLResponse:
    locale = search.locale
    return notice_page(locale, gettext(locale, _CONFIRMED), Html("").join((
        _paragraph(_summary(search, locale)),
        _paragraph(gettext(locale, _CONFIRMED_TEXT)),
        Html('<p><a href="{}">{}</a> · <a href="{}">{}</a></p>').format(
            _listing(search), gettext(locale, _SHOW),
            manage_url(get_settings(), search.email), gettext(locale, _YOUR_ALERTS)))))


def _manage_page(email: str, token: str) -> HTMLResponse:
    searches = store.searches_of(get_engine(), email)
    locale = searches[-1].locale if searches else DEFAULT_LOCALE
    items = Html("").join(
        Html('<li><span>{}</span> <a href="{}">{}</a> ({}){}</li>').format(
            _summary(search, locale), _listing(search), gettext(locale, _SHOW),
            gettext(locale, _INSTANT if search.mode == "instant" else _DIGEST),
            _button_form(f"{DELETE_PATH}?{urlencode({'t': token, 'search': search.id})}",
                         gettext(locale, _DELETE)))
        for search in searches)
    body = (Html("<ul>{}</ul>").format(items) if searches
            else _paragraph(gettext(locale, _NONE)))
    unsubscribe = f"{UNSUBSCRIBE_PATH}?{urlencode({'t': token})}"
    return notice_page(locale, gettext(locale, _YOUR_ALERTS),
                       body + _button_form(unsubscribe, gettext(locale, _UNSUBSCRIBE)))


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
        if method == "POST":
            search = store.confirm(get_engine(), token, dt.datetime.now(dt.UTC))
            return _confirmed_page(search) if search else _bad_link()
        search = store.to_confirm(get_engine(), token)
        return _confirm_page(search, token) if search else _bad_link()
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
            return notice_page(locale, gettext(locale, _UNSUBSCRIBE),
                               _paragraph(gettext(locale, _UNSUBSCRIBED)))
        action = f"{UNSUBSCRIBE_PATH}?{urlencode({'t': token})}"
        return notice_page(locale, gettext(locale, _UNSUBSCRIBE),
                           _paragraph(gettext(locale, _UNSUBSCRIBE_TEXT, email=email))
                           + _button_form(action, gettext(locale, _UNSUBSCRIBE)))
    return Response(status_code=405, headers=HEADERS | {"allow": "GET, POST"})


async def serve(scope: Scope, receive: Receive, send: Send) -> None:
    method = scope["method"]
    if method == "POST":
        await _read_body(receive)
    response = await asyncio.to_thread(
        answer, "POST" if method == "POST" else "GET", scope["path"],
        scope.get("query_string", b"").decode("latin-1"))
    await response(scope, receive, send)
