"""What a form page is about: the vehicle or model named in its URL, or the offer, vehicle
or branch a contact link names (``dealer.forms.origins``), and its branches.

The HTTP layer (status code, title) and the form state both ask ``describe_form``, so a
form for an unknown vehicle is a 404 for search engines and the not-found state for
people alike.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sqlmodel import Session

from dealer.brands import PLATFORM_BRANDS
from dealer.content.repository import get_repository
from dealer.db import get_engine
from dealer.forms.definitions import (
    FORM_ERROR,
    SCREEN_FORMS,
    FormDef,
    bounded_value,
    get_form,
    initial_values,
)
from dealer.forms.messages import DOMAIN
from dealer.forms.origins import Origin, contact_origin, topic_for
from dealer.i18n import N_, format_number, format_price, gettext
from dealer.kept import KeptLately
from dealer.leads.store import LeadRejectedError
from dealer.locations.repository import branch_names, get_location, list_locations
from dealer.pageinfo import PageInfo, error_page
from dealer.params import text
from dealer.plates.plates import MAX_INPUT
from dealer.pricing import calculation_from_query, calculation_query
from dealer.routes import PageRequest, path_for
from dealer.stock.repository import get_vehicle
from dealer.views.lease_offers import offer_detail
from dealer.views.plates import VALUATION_PARAM
from dealer.views.served_form import form_html, thanks_html
from dealer.views.vacancies import load_vacancies
from dealer.visible import for_log
from dealer.web.seo import page_title

logger = logging.getLogger(__name__)

FIX_FIELDS = N_("Please check the fields marked in red.")
NOT_STORED = N_(
    "We could not send your request because of a problem on our side. Everything you "
    "entered is still here: please try again in a moment."
)
# The query parameter of a form page whose request was sent (the served form's answer).
SENT_PARAM, SENT = "sent", "1"


def rejection(errors: dict[str, str], rejected: LeadRejectedError,
              locale: str) -> tuple[dict[str, str], str]:
    """The form's field errors with those of a rejected lead added, and the notice above
    the form (the store's own reason, else 'check the fields')."""
    fields = {k: v for k, v in rejected.errors.items() if k != FORM_ERROR}
    return ({**errors, **fields},
            rejected.errors.get(FORM_ERROR) or gettext(locale, FIX_FIELDS, DOMAIN))


def not_sent(errors: dict[str, str], refused: LeadRejectedError | None,
             locale: str) -> tuple[dict[str, str], str]:
    """The form's field errors and the notice above it after a request that was not
    stored: the rules' refusal (``rejection``), else a failure on our side (the fields
    stay as they are, the visitor is asked to try again)."""
    if refused is None:
        return errors, gettext(locale, NOT_STORED, DOMAIN)
    return rejection(errors, refused, locale)


@dataclass(frozen=True)
class FormSubject:
    """The vehicle, model, lease offer or vacancy a form is about (empty for direct contact
    without an origin)."""

    kind: str = ""  # vehicle | model | lease_offer | vacancy | ""
    title: str = ""
    details: str = ""  # key facts, formatted for the locale
    image: str = ""
    image_alt: str = ""
    href: str = ""  # the vehicle or model page
    vehicle_slug: str | None = None
    brand: str | None = None
    model: str | None = None
    branches: tuple[str, ...] = field(default_factory=tuple)  # names the branch field offers
    # The answers the form starts with because of where the visitor came from (the
    # vehicle's branch; the topic of a request about an offer, a vehicle, a model or a
    # branch; the plate a visitor typed in a 'what is my car worth' block), by field name.
    presets: dict[str, str] = field(default_factory=dict)
    # What the lead records of it beyond the title (a lease offer's terms).
    terms: dict[str, str] = field(default_factory=dict)


def with_presets(form: FormDef, values: Mapping[str, str],
                 subject: FormSubject) -> dict[str, str]:
    """The values with the subject's presets where nothing was typed."""
    preset = {name: bounded_value(form.field(name), value)
              for name, value in subject.presets.items()
              if name in form.names and not values.get(name)}
    return {**values, **preset}


def form_options(form: FormDef, branches: Sequence[str]) -> dict[str, list[str]]:
    """The run-time choices the rules check a submission against (a test drive's branch)."""
    return {"branch": list(branches)} if "branch" in form.names else {}


def lead_subject(subject: FormSubject) -> dict[str, str | None]:
    """What a lead records of the form's subject, however the request was sent."""
    return {"vehicle_slug": subject.vehicle_slug, "brand": subject.brand,
            "model": subject.model, "subject": subject.title}


# The figures a request repeats from the calculator, besides the monthly amount.
SUMMARY_FIGURES = ("months", "annual_km", "down_payment", "remaining_balance")


def _vehicle(slug: str, brand: str | None, locale: str) -> FormSubject | None:
    with Session(get_engine()) as session:
        vehicle = get_vehicle(session, slug)
        if vehicle is None or not vehicle.available or brand not in (None, vehicle.brand_slug):
            return None
        branches = list_locations(session, brand=vehicle.brand_slug)
    facts = [str(vehicle.year), f"{format_number(vehicle.mileage, locale)} km"]
    purchase = vehicle.price("purchase")
    if purchase is not None and purchase.total_price is not None:
        facts.append(format_price(purchase.total_price, locale))
    photo = vehicle.photos[0].url if vehicle.photos else ""
    screen = "brand_vehicle" if brand else "vehicle"
    params = {"brand": brand} if brand else {}
    return FormSubject(
        kind="vehicle",
        title=vehicle.title,
        details=" · ".join(facts),
        image=photo,
        image_alt=vehicle.title if photo else "",
        href=path_for(screen, locale, vehicle=slug, **params),
        vehicle_slug=slug,
        brand=vehicle.brand_slug,
        model=vehicle.model_slug,
        branches=tuple(location.name for location in branches) or (vehicle.location.name,),
        presets={"branch": vehicle.location.name},
    )


def _branch_names(brand: str) -> tuple[str, ...]:
    with Session(get_engine()) as session:
        return tuple(location.name for location in list_locations(session, brand=brand))


async def _model(brand: str, model: str, locale: str) -> FormSubject | None:
    story = await get_repository().get_model(brand, model, locale)
    if story is None:
        return None
    content = story.get("content") or {}
    gallery = content.get("gallery") or []
    picture = gallery[0] if gallery and isinstance(gallery[0], dict) else {}
    facts = []
    if content.get("price_from"):
        facts.append(gettext(locale, "from {price}", DOMAIN,
                             price=format_price(content["price_from"], locale)))
    return FormSubject(
        kind="model",
        title=str(story.get("name") or content.get("name") or model),
        details=" · ".join(facts),
        image=str(picture.get("filename") or ""),
        image_alt=str(picture.get("alt") or ""),
        href=path_for("brand_model", locale, brand=brand, model=model),
        brand=brand,
        model=model,
        branches=await asyncio.to_thread(_branch_names, brand),
        presets={"topic": topic_for("model")},
    )


def _lease_offer(slug: str, locale: str) -> FormSubject:
    """The lease offer a contact link names; none (a plain contact form) when it is gone."""
    detail = offer_detail(slug, locale)
    if detail is None:
        return FormSubject()
    title = f"{detail.title} {detail.version}"
    price = f"{detail.headline} {detail.headline_note}".strip()
    return FormSubject(
        kind="lease_offer", title=title, details=" · ".join([detail.customer, price]),
        image=detail.photo, image_alt=title if detail.photo else "",
        href=path_for("lease_offer", locale, offer=slug),
        terms={"lease_offer": slug, "lease_type": detail.customer, "monthly": price},
        presets={"topic": topic_for("lease_offer")},
    )


def _vehicle_question(slug: str, locale: str) -> FormSubject:
    """A question about a vehicle of the stock: the vehicle as its subject, its branch
    chosen; none (a plain contact form) when it is sold or unknown."""
    subject = _vehicle(slug, None, locale)
    if subject is None:
        return FormSubject()
    return replace(subject, presets={**subject.presets, "topic": topic_for("vehicle")})


def _branch_question(slug: str) -> FormSubject:
    """A question for a branch: the branch chosen, the topic of what it does."""
    with Session(get_engine()) as session:
        location = get_location(session, slug)
    if location is None:
        return FormSubject()
    return FormSubject(presets={"branch": location.name,
                                "topic": topic_for("branch", location.services)})


def _every_branch() -> tuple[str, ...]:
    with Session(get_engine()) as session:
        return tuple(branch_names(session).values())


async def _contact_subject(origin: Origin, locale: str) -> FormSubject:
    """The subject of a contact link from ``origin``; a plain form for none."""
    if origin.kind == "lease_offer":
        return await asyncio.to_thread(_lease_offer, origin.slug, locale)
    if origin.kind == "vehicle":
        return await asyncio.to_thread(_vehicle_question, origin.slug, locale)
    if origin.kind == "branch":
        return await asyncio.to_thread(_branch_question, origin.slug)
    return FormSubject()


async def _vacancy(slug: str, locale: str) -> FormSubject | None:
    """The open vacancy an application is for; the lead records it and its branch."""
    found = [vacancy for vacancy in await load_vacancies(locale) if vacancy.slug == slug]
    if not found:
        return None
    vacancy = found[0]
    return FormSubject(kind="vacancy", title=vacancy.title, details=vacancy.line,
                       href=vacancy.href,
                       terms={"vacancy": vacancy.slug, "branch": vacancy.branch_slug})


async def load_subject(screen: str, locale: str, params: dict[str, str],
                       query: Mapping[str, str] | None = None) -> FormSubject | None:
    """The subject of a form screen; None when the vehicle or model does not exist.
    Database or content errors propagate (the page shows that it could not load)."""
    form = get_form(SCREEN_FORMS[screen])
    if form.subject == "vehicle":
        return await asyncio.to_thread(_vehicle, params["vehicle"], params.get("brand"), locale)
    if form.subject == "model":
        return await _model(params["brand"], params["model"], locale)
    if form.subject == "vacancy":
        return await _vacancy(params["vacancy"], locale)
    if form.id == "direct_contact":  # about what its link names; any branch may be asked
        subject = await _contact_subject(contact_origin(query), locale)
        return replace(subject, branches=await asyncio.to_thread(_every_branch))
    # A plate typed in a 'what is my car worth' block comes along to the trade-in request.
    plate = text((query or {}).get(VALUATION_PARAM), MAX_INPUT)
    return FormSubject(presets={"trade_in_plate": plate} if plate.strip() else {})


def not_found_kind(screen: str) -> str:
    """The error kind (``dealer.pageinfo.ERRORS``) of a form whose subject is missing."""
    subject = get_form(SCREEN_FORMS[screen]).subject
    if subject == "model":
        return "model_not_found"
    if subject == "vacancy":
        return "vacancy_not_found"
    return "vehicle_form_not_found"


async def form_page(request: PageRequest) -> tuple[PageInfo, FormSubject | None]:
    """The page info of a form screen and its subject: 404 (no subject) for an unknown
    vehicle or model, 500 when the subject could not be loaded. Form pages are not for
    search engines (noindex)."""
    path, locale, params, query = request.path, request.locale, request.params, request.query
    screen = request.screen or "direct_contact"
    form = get_form(SCREEN_FORMS[screen])
    info = PageInfo(screen=screen, locale=locale, params=params, path=path, noindex=True)
    try:
        subject = await load_subject(screen, locale, params, query)
    except Exception:  # the page says it could not load; the server must not fail
        logger.exception("form subject of %s could not be loaded", for_log(path))
        return error_page("form_load_failed", path, locale, screen, status=500,
                          params=params), None
    if subject is None:
        brand = params.get("brand", "")
        return error_page(not_found_kind(screen), path, locale, screen, params=params,
                          brand=brand, brand_name=PLATFORM_BRANDS.get(brand, "")), None
    info.heading = gettext(locale, form.title, DOMAIN)
    info.title = (page_title(f"{info.heading}: {subject.title}") if subject.title
                  else form_title(screen, locale))
    info.description = gettext(locale, form.intro, DOMAIN)
    return info, subject


def form_title(screen: str, locale: str) -> str:
    """The title of a form page without a subject (direct contact)."""
    return page_title(gettext(locale, get_form(SCREEN_FORMS[screen]).title, DOMAIN))


# The form pages the HTTP answer built in the last 30 s, by URL: the page's load in the app
# takes the subject the visitor was just served (``served_form_page``).
_SERVED: KeptLately[tuple[PageInfo, FormSubject | None]] = KeptLately(30.0, 256)


async def served_form_page(request: PageRequest) -> tuple[PageInfo, FormSubject | None]:
    """``form_page`` as the HTTP answer built it a moment ago for the same URL, else now."""
    return _SERVED.get(request.path, request.query) or await form_page(request)


async def describe_form(request: PageRequest) -> PageInfo:
    """The PageInfo of ``form_page`` with the served form, or its acknowledgement once
    it was sent."""
    info, subject = await form_page(request)
    _SERVED.keep(request.path, request.query, (info, subject))
    return info if subject is None else with_form(info, subject, request.query)


def with_form(info: PageInfo, subject: FormSubject,
              query: Mapping[str, str] | None) -> PageInfo:
    """A form screen's page with its served form, or its acknowledgement once sent, under
    the form's heading."""
    form = get_form(SCREEN_FORMS[info.screen])
    info.heading = info.heading or gettext(info.locale, form.title, DOMAIN)
    if (query or {}).get(SENT_PARAM) == SENT:
        info.form_html = thanks_html(form, info.locale)
        return info
    return with_served_form(info, subject)


def with_served_form(info: PageInfo, subject: FormSubject, *,
                     sent: Mapping[str, str] | None = None, request_key: str = "",
                     errors: Mapping[str, str] | None = None, failure: str = "") -> PageInfo:
    """The page with its served form: empty but for the subject's presets, or with the
    values ``sent`` and what was wrong with them."""
    form = get_form(SCREEN_FORMS[info.screen])
    values = sent if sent is not None else with_presets(form, initial_values(form), subject)
    info.form_html = form_html(
        form, info.locale, values=values, request_key=request_key or secrets.token_urlsafe(24),
        errors=errors, failure=failure, branches=subject.branches,
        subject=" · ".join(part for part in (subject.title, subject.details) if part),
        sent=sent is not None)
    return info


@dataclass(frozen=True)
class RequestedCalculation:
    """The calculator's choice a request link carries, recomputed from the vehicle."""

    summary: str  # e.g. "Private lease: € 411 per maand · 48 maanden · 10.000 km per jaar"
    query: dict[str, str]  # the canonical calculation, stored with the lead


@dataclass
class FormView:
    """What a form page shows besides its fields: its subject's card, the calculation the
    request link carried, and the branches its branch field offers. The defaults are a
    state's empty page before the first load."""

    title: str = ""
    details: str = ""
    image: str = ""
    image_alt: str = ""
    href: str = ""
    calculation: str = ""  # the summary of the requested calculation, if any
    branches: list[str] = field(default_factory=list)


def form_view(subject: FormSubject, requested: RequestedCalculation | None) -> FormView:
    return FormView(title=subject.title, details=subject.details, image=subject.image,
                    image_alt=subject.image_alt, href=subject.href,
                    calculation=requested.summary if requested else "",
                    branches=list(subject.branches))


def requested_calculation(
    vehicle_slug: str, query: Mapping[str, str], locale: str
) -> RequestedCalculation | None:
    """None when the link carries no calculation or the vehicle offers no such deal."""
    if "deal" not in query:
        return None
    with Session(get_engine()) as session:
        vehicle = get_vehicle(session, vehicle_slug)
    if vehicle is None:
        return None
    calculation = calculation_from_query(
        vehicle.prices, query, country=vehicle.location.country, locale=locale
    )
    if calculation is None:
        return None
    shown = [f"{calculation.title}: {calculation.headline}"]
    shown += [f"{figure.label} {figure.value}" for figure in calculation.figures
              if figure.key in SUMMARY_FIGURES]
    return RequestedCalculation(" · ".join(shown), calculation_query(calculation))
