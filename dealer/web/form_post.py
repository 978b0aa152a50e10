"""A request form sent by the browser itself: the served form's POST to its own page.

It works before the app has taken over the page and without JavaScript. Only the site's
own pages may send it (the Origin, else the Referer, names the site: another site cannot
make a visitor's browser send requests in their name). The body is bounded and read by
code that cannot raise; the same rules as the app's check it in the page's language, and
a lead is stored as the app stores it (the same store, subject, rate limit and
idempotency key, the latter from the form's hidden field, so a double submit is one
lead). Errors answer the page again with every value as sent and each error beside its
field; a stored request is answered 303 to the page's acknowledgement (a reload of it
sends nothing again).
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import Receive, Scope

from dealer import params
from dealer.forms.definitions import (
    MALFORMED_FORM,
    MAX_FIELDS,
    SCREEN_FORMS,
    bounded_value,
    get_form,
)
from dealer.forms.messages import DOMAIN
from dealer.i18n import gettext
from dealer.leads.sending import send_lead
from dealer.leads.store import RateLimitedError, client_key, store_lead
from dealer.pageinfo import PageInfo
from dealer.routes import PageRequest, request_for, resolve, same_site
from dealer.settings import get_settings
from dealer.views.forms import (
    SENT,
    SENT_PARAM,
    form_options,
    form_page,
    lead_subject,
    not_sent,
    requested_calculation,
    with_served_form,
)
from dealer.views.served_form import REQUEST_KEY
from dealer.visible import for_log
from dealer.web.body_limit import announced_length

logger = logging.getLogger(__name__)

# The largest form a browser sends: every text field at its longest, percent-encoded.
MAX_FORM_BYTES = 64 * 1024


def takes_post(path: str) -> bool:
    """Whether ``path`` is a request form the server answers a POST of: those without a
    file (a CV goes with the app)."""
    resolved = resolve(path)
    if resolved is None or resolved[0] not in SCREEN_FORMS:
        return False
    return all(f.type != "file" for f in get_form(SCREEN_FORMS[resolved[0]]).fields)


def same_origin(headers: Headers) -> bool:
    """Whether the request comes from one of the site's own pages: its Origin, else its
    Referer, is one of the site's origins."""
    own = get_settings().own_origins
    if (origin := headers.get("origin")) is not None:
        return origin in own
    try:
        referer = urlsplit(headers.get("referer", ""))
    except ValueError:  # an address no browser sends
        return False
    return f"{referer.scheme}://{referer.netloc}" in own


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The request's body; None when it is longer than ``limit`` or the client left."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body", False):
            return bytes(body)


async def answer_post(scope: Scope, receive: Receive) -> Response | PageInfo:
    """A redirect or refusal, or the page to answer with (its status set)."""
    path: str = scope["path"]
    page = request_for(path, dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"))))
    screen, locale, query = page.screen, page.locale, page.query
    headers = Headers(scope=scope)
    length = announced_length(scope)
    if length is not None and length > MAX_FORM_BYTES:
        return PlainTextResponse("Request too large", status_code=413)
    malformed = gettext(locale, MALFORMED_FORM, DOMAIN)
    if not same_origin(headers):
        logger.info("refused a form sent to %s from another site", for_log(path))
        return await _page(page, status=403, failure=malformed)
    body = await read_body(receive, MAX_FORM_BYTES)
    if body is None:
        return PlainTextResponse("Request too large", status_code=413)
    sent = params.form_fields(body, headers.get("content-type", ""), max_fields=MAX_FIELDS)
    if sent is None:
        return await _page(page, status=400, failure=malformed)
    info, subject = await form_page(page)
    if subject is None:
        return info  # the vehicle is gone: its page says so, as on a GET
    form = get_form(SCREEN_FORMS[screen])
    values = {f.name: bounded_value(f, sent.get(f.name, "")) for f in form.fields
              if f.type != "file"}
    key = params.request_key(sent.get(REQUEST_KEY))
    requested = (await asyncio.to_thread(requested_calculation, subject.vehicle_slug, query,
                                         locale) if subject.vehicle_slug else None)
    request = {
        "form_id": form.id, "values": values, "locale": locale, "source_page": path,
        "client_key": client_key(scope["client"][0] if scope.get("client") else ""),
        "idempotency_key": key, **lead_subject(subject),
        "options": form_options(form, subject.branches),
        "calculation": requested.query if requested else dict(subject.terms),
    }
    outcome = await send_lead(lambda: store_lead(**request),
                              f"a {form.id} lead sent without the app")
    if not outcome.stored:  # the visitor keeps the form and is told why
        errors, failure = not_sent({}, outcome.refused, locale)
        info.status = (503 if outcome.refused is None
                       else 429 if isinstance(outcome.refused, RateLimitedError) else 200)
        return with_served_form(info, subject, sent=values, request_key=key, errors=errors,
                                failure=failure)
    return RedirectResponse(same_site(path, urlencode({**query, SENT_PARAM: SENT})),
                            status_code=303)


async def _page(page: PageRequest, *, status: int, failure: str) -> PageInfo:
    """The form's page with a fresh form and ``failure`` above it (nothing sent is shown)."""
    info, subject = await form_page(page)
    if subject is None:
        return info
    info.status = status
    return with_served_form(info, subject, failure=failure)
