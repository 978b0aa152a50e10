"""The HTTP side of online reservations (``/reservering/...``), outside the app:

* ``POST /reservering``: the vehicle page's reservation form (vehicle, locale, name,
  e-mail, the terms accepted) -> the provider's checkout (303);
* ``POST /reservering/webhook``: the provider's report ``id=tr_...`` -> the payment is
  asked of the provider's API (``service.settle``); 200 once it is known, 503 while the
  provider cannot tell (it reports again later);
* ``GET /reservering/terug/{id}``: where the checkout sends the visitor back: the payment
  is asked again (the report may come later than the visitor) -> the vehicle's page;
* ``GET|POST /reservering/demo/{payment}``: the demo provider's checkout (demo only).
"""

from __future__ import annotations

import asyncio
import logging
import re
from urllib.parse import parse_qsl, urlsplit

from sqlmodel import Session, select
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.types import Receive, Scope, Send

from dealer import params
from dealer.alerts.store import wake_alerts
from dealer.db import get_engine
from dealer.i18n import LOCALES, N_, format_price, gettext
from dealer.reservations import service
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import (
    DEMO,
    DEMO_CHECKOUT_PATH,
    PAYMENT_ID,
    PaymentError,
    mollie_client,
    uses_demo,
)
from dealer.routes import path_for, same_site
from dealer.settings import get_settings
from dealer.stock.repository import current_vehicle
from dealer.views.markup import Html
from dealer.web.body_limit import bounded
from dealer.web.notice_page import notice_page

logger = logging.getLogger(__name__)

PREFIX = "/reservering"
START_PATH = PREFIX
WEBHOOK_PATH = f"{PREFIX}/webhook"
RETURN_PATH = f"{PREFIX}/terug/"
MAX_FORM_BYTES = 4096
MAX_NAME = 100
MAX_EMAIL = 254
# One address, as a mail's To header takes it: dot-separated words without list
# separators, quotes or brackets, a dot in the domain.
_ATOM = r'[^@\s,;:<>()\[\]"\\.]+'
EMAIL = re.compile(rf"{_ATOM}(?:\.{_ATOM})*@{_ATOM}(?:\.{_ATOM})+")
SEE_OTHER = 303


def is_reservation_path(path: str) -> bool:
    return path == PREFIX or path.startswith(PREFIX + "/")


def _notice(locale: str, title: str, text: str, back: str, status: int) -> HTMLResponse:
    link = gettext(locale, "Back to the car")
    return notice_page(locale, title, Html('<p>{}</p><p><a href="{}">{}</a></p>').format(
        text, back, link), status)


def vehicle_path(slug: str, locale: str) -> str:
    return path_for("vehicle", locale, vehicle=slug)


async def _form(request: Request) -> dict[str, str]:
    return dict(parse_qsl((await request.body()).decode("utf-8", "replace")))


def _same_origin(request: Request) -> bool:
    """A form sent from the site's own pages (browsers send Origin with a POST)."""
    origin = request.headers.get("origin")
    return origin is None or origin in get_settings().own_origins


async def start(request: Request) -> Response:
    form = await _form(request)
    locale = form.get("locale", "")
    locale = locale if locale in LOCALES else LOCALES[0]
    slug = params.text(form.get("vehicle"), 200)
    name = " ".join(params.text(form.get("name"), MAX_NAME).split())
    email = params.text(form.get("email"), MAX_EMAIL).strip()
    engine = get_engine()
    detail = await asyncio.to_thread(current_vehicle, engine, slug) if slug else None
    if detail is None or not detail.available:
        return _notice(locale, gettext(locale, "Vehicle not found"),
                       gettext(locale, "This car is no longer in our stock."),
                       path_for("stock", locale), 404)
    back = vehicle_path(slug, locale)
    if not (_same_origin(request) and name and EMAIL.fullmatch(email)
            and form.get("terms") == "accepted"):
        return _notice(locale, gettext(locale, "Reservation not possible"),
                       gettext(locale, "Please fill in your name and e-mail address and "
                                       "accept the reservation terms."), back, 400)
    base = get_settings().base_url.rstrip("/")
    client = mollie_client()
    try:
        started = await asyncio.to_thread(
            service.start, engine, client, vehicle_slug=slug, description=gettext(
                locale, "Reservation deposit {vehicle}", vehicle=detail.title)[:255],
            name=name, email=email, locale=locale, return_url=base + RETURN_PATH,
            webhook_url=base + WEBHOOK_PATH)
    except service.VehicleTakenError:
        return _notice(locale, gettext(locale, "Already being reserved"),
                       gettext(locale, "Someone else is reserving this car right now. "
                                       "Please try again later or contact us."), back, 409)
    except PaymentError:
        logger.exception("reservation: the payment could not be opened")
        return _notice(locale, gettext(locale, "Reservation not possible"),
                       gettext(locale, "Payments cannot be made right now. Please try again "
                                       "later."), back, 503)
    finally:
        client.close()
    return RedirectResponse(started.checkout_url, SEE_OTHER)


async def _settle(payment_id: str) -> str | None:
    client = mollie_client()
    try:
        return await asyncio.to_thread(service.settle, get_engine(), client, payment_id)
    finally:
        client.close()
        wake_alerts()  # a mail the payment queued goes now


async def webhook(request: Request) -> Response:
    payment_id = (await _form(request)).get("id", "")
    if not PAYMENT_ID.fullmatch(payment_id):
        return PlainTextResponse("unknown payment", status_code=400)
    try:
        await _settle(payment_id)
    except PaymentError:
        logger.warning("reservation webhook: the provider could not tell about a payment")
        return PlainTextResponse("try again", status_code=503)
    return PlainTextResponse("ok")


def _reservation(**where: object) -> Reservation | None:
    with Session(get_engine()) as session:
        statement = select(Reservation)
        for name, value in where.items():
            statement = statement.where(getattr(Reservation, name) == value)
        return session.exec(statement).first()


async def returned(path: str) -> Response:
    number = params.integer(path.removeprefix(RETURN_PATH), None, minimum=1)
    found = await asyncio.to_thread(_reservation, id=number) if number else None
    if found is None:
        return RedirectResponse("/", SEE_OTHER)
    if found.status == "pending" and found.payment_id:
        try:
            await _settle(found.payment_id)
        except PaymentError:  # the webhook brings it later
            logger.warning("reservation return: the provider could not tell about a payment")
    return RedirectResponse(vehicle_path(found.vehicle_slug, found.locale), SEE_OTHER)


async def demo_checkout(request: Request, payment_id: str) -> Response:
    found = (await asyncio.to_thread(_reservation, payment_id=payment_id)
             if PAYMENT_ID.fullmatch(payment_id) and DEMO.known(payment_id) else None)
    if found is None:
        return PlainTextResponse("unknown payment", status_code=404)
    locale = found.locale
    if request.method == "POST":
        target = DEMO.decide(payment_id, (await _form(request)).get("decision") == "pay")
        await _settle(payment_id)  # as the provider's report would
        return RedirectResponse(same_site(urlsplit(target or "/").path), SEE_OTHER)
    body = Html(
        '<p>{}</p><p>{}</p><form method="post"><button name="decision" value="pay">{}</button> '
        '<button name="decision" value="cancel">{}</button></form>').format(
        format_price(found.amount_cents / 100, locale, cents=True),
        gettext(locale, "Demo payment: no money is charged."),
        gettext(locale, N_("Pay")), gettext(locale, N_("Cancel payment")))
    return notice_page(locale, gettext(locale, "Pay the deposit"), body)


async def _answer(scope: Scope, receive: Receive, send: Send) -> None:
    request = Request(scope, receive)
    path, post = scope["path"].rstrip("/"), scope["method"] == "POST"
    if path == START_PATH and post:
        response = await start(request)
    elif path == WEBHOOK_PATH and post:
        response = await webhook(request)
    elif path.startswith(RETURN_PATH) and not post:
        response = await returned(path)
    elif path.startswith(DEMO_CHECKOUT_PATH) and uses_demo(get_settings()):
        response = await demo_checkout(request, path.removeprefix(DEMO_CHECKOUT_PATH))
    else:
        response = PlainTextResponse("not found", status_code=404)
    await response(scope, receive, send)


async def reservation_app(scope: Scope, receive: Receive, send: Send) -> None:
    """Every ``/reservering`` request, its body at most a small form."""
    await bounded(_answer, scope, receive, send, limit=MAX_FORM_BYTES)
