"""A request form sent by the browser itself: the served form's POST to its own page.

It works before the app has taken over the page and without JavaScript. Only the site's
own pages may send it (the Origin, else the Referer, names the site: another site cannot
make a visitor's browser send requests in their name). The body is bounded and read by
code that cannot raise; the same rules as the app's check it in the page's language, and
a lead is stored as the app stores it (the same store, subject, rate limit and
idempotency key, the latter from the form's hidden field, so a double submit is one
lead). A job application comes as ``multipart/form-data`` with its CV: once the rules
let the rest through, the file is examined and kept as the app's upload keeps it
(``forms.uploads.receive``: its content, its size, the quotas), and the lead claims it.
Errors answer the page again with every value as sent and each error beside its field (a
browser cannot send a chosen file again: its field says so); a stored request is
answered 303 to the page's acknowledgement (a reload of it sends nothing again).
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import Receive, Scope

from dealer import params
from dealer.forms import uploads
from dealer.forms.definitions import (
    MALFORMED_FORM,
    MAX_FIELDS,
    SCREEN_FORMS,
    FieldDef,
    FormDef,
    bounded_value,
    get_form,
    validate_submission,
)
from dealer.forms.messages import DOMAIN
from dealer.i18n import gettext
from dealer.leads.sending import send_lead
from dealer.leads.store import RateLimitedError, client_key, store_lead
from dealer.pageinfo import PageInfo
from dealer.routes import PageRequest, request_for, resolve, same_site
from dealer.settings import get_settings
from dealer.views.forms import (
    FIX_FIELDS,
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
from dealer.web.body_limit import MAX_BODY_BYTES, announced_length

logger = logging.getLogger(__name__)

# The largest form a browser sends: every text field at its longest, percent-encoded.
MAX_FORM_BYTES = 64 * 1024


def takes_post(path: str) -> bool:
    """Whether ``path`` is a request form the server answers a POST of."""
    resolved = resolve(path)
    return resolved is not None and resolved[0] in SCREEN_FORMS


def file_field(form: FormDef) -> FieldDef | None:
    """The form's file field (the job application's CV), if it has one."""
    return next((f for f in form.fields if f.type == "file"), None)


def body_limit(form: FormDef) -> int:
    """The longest body a browser sends for ``form``: a CV and its form, or the form."""
    return MAX_BODY_BYTES if file_field(form) else MAX_FORM_BYTES


def sent_form(body: bytes, content_type: str) -> params.SentForm | None:
    """What a browser sent, as either encoding of a form; None for anything else."""
    fields = params.form_fields(body, content_type, max_fields=MAX_FIELDS)
    if fields is not None:
        return params.SentForm(fields, {})
    return params.multipart_form(body, content_type, max_parts=MAX_FIELDS)


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
    form = get_form(SCREEN_FORMS[screen])
    headers = Headers(scope=scope)
    length, limit = announced_length(scope), body_limit(form)
    if length is not None and length > limit:
        return await _too_large(form, page)
    malformed = gettext(locale, MALFORMED_FORM, DOMAIN)
    if not same_origin(headers):
        logger.info("refused a form sent to %s from another site", for_log(path))
        return await _page(page, status=403, failure=malformed)
    body = await read_body(receive, limit)
    if body is None:
        return await _too_large(form, page)
    sent = sent_form(body, headers.get("content-type", ""))
    if sent is None:
        return await _page(page, status=400, failure=malformed)
    info, subject = await form_page(page)
    if subject is None:
        return info  # the vehicle is gone: its page says so, as on a GET
    values = {f.name: bounded_value(f, sent.fields.get(f.name, "")) for f in form.fields
              if f.type != "file"}
    key = params.request_key(sent.fields.get(REQUEST_KEY))
    visitor = client_key(scope["client"][0] if scope.get("client") else "")
    options = form_options(form, subject.branches)
    attached: dict[str, uploads.StoredUpload] = {}
    if (cv := file_field(form)) is not None:
        received = await _attach(form, cv, values, sent.files.get(cv.name), visitor,
                                 locale, options)
        if not isinstance(received, uploads.StoredUpload):  # the visitor is told why
            return with_served_form(info, subject, sent=values, request_key=key,
                                    errors=received,
                                    failure=gettext(locale, FIX_FIELDS, DOMAIN))
        attached[cv.name] = received
    requested = (await asyncio.to_thread(requested_calculation, subject.vehicle_slug, query,
                                         locale) if subject.vehicle_slug else None)
    request = {
        "form_id": form.id, "locale": locale, "source_page": path, "client_key": visitor,
        "values": {**values, **{name: kept.token for name, kept in attached.items()}},
        "file_names": {name: kept.name for name, kept in attached.items()},
        "idempotency_key": key, **lead_subject(subject), "options": options,
        "calculation": requested.query if requested else dict(subject.terms),
    }
    outcome = await send_lead(lambda: store_lead(**request),
                              f"a {form.id} lead sent without the app")
    if not (outcome.lead is not None and outcome.lead.created):
        for kept in attached.values():  # refused, a honeypot's, or the same request again
            await _discard(kept, visitor)
    if not outcome.stored:  # the visitor keeps the form and is told why
        errors, failure = not_sent({}, outcome.refused, locale)
        info.status = (503 if outcome.refused is None
                       else 429 if isinstance(outcome.refused, RateLimitedError) else 200)
        return with_served_form(info, subject, sent=values, request_key=key, errors=errors,
                                failure=failure)
    return RedirectResponse(same_site(path, urlencode({**query, SENT_PARAM: SENT})),
                            status_code=303)


async def _attach(form: FormDef, cv: FieldDef, values: dict[str, str],
                  chosen: params.SentFile | None, visitor: str, locale: str,
                  options: dict[str, list[str]]) -> uploads.StoredUpload | dict[str, str]:
    """The CV sent with an application, examined and kept as the app's upload keeps it;
    or the errors to show beside the fields: the rules' first (a file is examined only
    for an application they let through), then the file's (its content, its size, a
    quota, or a failure of ours such as the database's: the visitor may send it again)."""
    errors = validate_submission(form.id, {**values, cv.name: ""}, locale, options=options)
    if chosen is not None:
        errors.pop(cv.name, None)  # the rules' 'please add your CV'
    if errors or chosen is None:
        return errors
    try:
        received = await asyncio.to_thread(uploads.receive, chosen.data, chosen.name, visitor)
    except Exception:
        logger.exception("a CV sent without the app could not be kept")
        received = uploads.NOT_CHECKED
    if isinstance(received, str):
        return {cv.name: uploads.problem_text(received, locale)}
    return received


async def _discard(kept: uploads.StoredUpload, visitor: str) -> None:
    """Remove a kept CV no lead claimed; should that fail, the sweep removes it later."""
    try:
        await asyncio.to_thread(uploads.discard, kept.token, visitor)
    except Exception:
        logger.exception("a CV no lead claimed waits for the sweep")


async def _too_large(form: FormDef, page: PageRequest) -> Response | PageInfo:
    """The answer to a body longer than the form's: the application's page says that the
    file is too large, beside its field; another form's is a bare 413."""
    cv = file_field(form)
    if cv is None:
        return PlainTextResponse("Request too large", status_code=413)
    info, subject = await form_page(page)
    if subject is None:
        return info
    info.status = 413
    return with_served_form(info, subject, errors={
        cv.name: uploads.problem_text(uploads.TOO_LARGE, page.locale)},
        failure=gettext(page.locale, FIX_FIELDS, DOMAIN))


async def _page(page: PageRequest, *, status: int, failure: str) -> PageInfo:
    """The form's page with a fresh form and ``failure`` above it (nothing sent is shown)."""
    info, subject = await form_page(page)
    if subject is None:
        return info
    info.status = status
    return with_served_form(info, subject, failure=failure)
