"""The site's own chat assistant: answers in the visitor's language from the site's data.

Stock questions go through ``understand`` to a ``StockQuery`` and the stock index (up
to three vehicles and a link to the same search on the stock overview); branch
questions to the hours of the department asked for (showroom, workshop, parts), for
the day named or the week, or the branch's address; a monthly question to the pricing
module's example: for the cars it names (a model, a brand, a budget or a price), the
deal type's listing sorted by that monthly amount, else the vehicle being talked about;
anything else to a helpful answer that says what the assistant can do. A visitor who wants a person
leaves contact details, checked by the form rules, and the conversation is stored as a
lead through the outbox (``hand_over``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from sqlalchemy.engine import Engine
from sqlmodel import Session

from dealer import phones, pricing
from dealer.appointments.slots import clock
from dealer.brands import brand_name
from dealer.chat.understand import MAX_TEXT, Understood, Vocabulary, understand
from dealer.db import get_engine, session_scope
from dealer.forms.definitions import CHAT_FORMS, FormDef, get_form
from dealer.i18n import N_, format_day, format_number, format_price, format_time, gettext, ngettext
from dealer.leads.store import StoredLead, store_lead
from dealer.locations.places import Place, distance_km
from dealer.locations.repository import (
    LocationView,
    branch_names,
    get_location,
    list_locations,
)
from dealer.pageinfo import Link
from dealer.routes import path_for
from dealer.stock.index import get_index
from dealer.stock.labels import label
from dealer.stock.query import StockQuery
from dealer.stock.repository import VehicleDetail, current_vehicle
from dealer.views.frame import site_frame
from dealer.views.locations import hours_summary, local_time
from dealer.views.stock import card_values, listing_path

SHOWN_VEHICLES = 3
# A monthly question naming no deal type: the first of these that has matching cars.
PRIVATE_DEAL_TYPES = ("private_lease", "private_finance")
HANDOVER_FORM, TEST_DRIVE_FORM = CHAT_FORMS
TRANSCRIPT_FIELD = "transcript"
ASSISTANT, VISITOR = "assistant", "visitor"


@dataclass
class Message:
    """One line of the conversation. ``offer`` asks the panel to show the contact form
    ("handover" or "test_drive"); ``vehicle`` is the vehicle it talks about (slug)."""

    role: str  # assistant | visitor
    text: str
    vehicles: list[Link] = field(default_factory=list)  # label: title, value: specs, price
    link: Link = field(default_factory=Link)
    offer: str = ""
    vehicle: str = ""


@dataclass(frozen=True)
class Contact:
    """How to reach the dealer without the chat (the fallback)."""

    phone: str
    phone_href: str
    email: str
    email_href: str
    form_href: str


def vocabulary(engine: Engine | None = None) -> Vocabulary:
    """The brands, models and branches the stock has now."""
    names = get_index(engine).vocabularies
    return Vocabulary(
        brands=tuple((brand.value, brand.name) for brand in names.brands),
        models=tuple((model.value, model.name) for model in names.models),
        branches=tuple((branch.value, branch.city or branch.name) for branch in names.branches),
    )


def _say(text: str, **extra: object) -> Message:
    return Message(ASSISTANT, text, **extra)  # type: ignore[arg-type]


def greeting(locale: str, *, vehicle_slug: str | None = None,
             engine: Engine | None = None) -> Message:
    """The first message; reads the stock and the branches, so a failing database shows
    as the chat's error state rather than as a broken conversation."""
    with session_scope(engine) as session:
        count = len(branch_names(session))
    get_index(engine)
    detail = current_vehicle(engine or get_engine(), vehicle_slug) if vehicle_slug else None
    if detail is not None:
        return _say(gettext(
            locale, "Would you like to test drive the {vehicle}? Leave your details and we "
            "will plan it with you. You can also ask me anything about this car.",
            vehicle=_title(detail.brand_slug, detail.brand_name, detail.model_name, locale)),
            offer="test_drive")
    return _say(ngettext(
        locale, "Hello! I can find a car in our stock for you, tell you the opening hours of "
        "our branch, give a monthly price example or put you in touch with a colleague.",
        "Hello! I can find a car in our stock for you, tell you the opening hours of our "
        "{n} branches, give a monthly price example or put you in touch with a colleague.",
        count))


def _title(brand: str, brand_fallback: str, model: str, locale: str) -> str:
    return f"{brand_name(brand, locale, brand_fallback)} {model}"


def answer(text: str, locale: str, *, vehicle_slug: str | None = None,
           engine: Engine | None = None, now: dt.datetime | None = None) -> Message:
    """The answer to one question; ``vehicle_slug`` is the vehicle talked about (the
    page's, or the last one shown); ``now`` the moment 'today' and 'tomorrow' count from."""
    understood = understand(text, locale, vocabulary(engine))
    if understood.intent == "stock":
        return _stock(understood.query, locale, engine)
    if understood.intent == "branch":
        return _branch(understood, locale, engine, now)
    if understood.intent == "monthly":
        return _monthly(understood, vehicle_slug, locale, engine)
    if understood.intent == "test_drive" and vehicle_slug:
        return _say(gettext(locale, "Gladly! Leave your details and a preferred day, and we "
                                    "will confirm the test drive."), offer="test_drive")
    if understood.intent in ("handover", "test_drive"):
        return _say(gettext(locale, "A colleague will gladly help you. Leave your name and "
                                    "email address; we send this conversation along, so you "
                                    "need not repeat yourself."), offer="handover")
    return not_understood(locale)


def not_understood(locale: str) -> Message:
    return _say(gettext(
        locale, "I did not quite understand that. You can ask me, for example: 'electric SUV "
        "under 30,000', 'opening hours Utrecht' or 'what does this car cost per month?'. Or "
        "leave your details and a colleague will contact you."), offer="handover")


def _stock(query: StockQuery, locale: str, engine: Engine | None) -> Message:
    total, found = get_index(engine).first(query, SHOWN_VEHICLES)
    cards = [card_values(card, locale, "purchase") for card in found]
    vehicles = [Link(label=card.title, value=f"{card.specs} · {card.price}", href=card.href)
                for card in cards]
    link = Link(label=gettext(locale, "Show all results"), href=listing_path(locale, query))
    if not total:
        return _say(gettext(locale, "No car in our stock matches that right now. Try fewer "
                                    "wishes, or see the whole stock."),
                    link=Link(label=gettext(locale, "Show the whole stock"),
                              href=listing_path(locale, query.cleared())))
    text = ngettext(locale, "I found {n} car that matches.", "I found {n} cars that match.",
                    total, n=format_number(total, locale))
    if total > SHOWN_VEHICLES:
        text += " " + gettext(locale, "Here are the first three.")
    return _say(text, vehicles=vehicles, link=link, vehicle=cards[0].slug)


def _branch(understood: Understood, locale: str, engine: Engine | None,
            now: dt.datetime | None) -> Message:
    department = understood.department or "showroom"
    with session_scope(engine) as session:  # the one branch asked about; all only if needed
        chosen = get_location(session, understood.branch) if understood.branch else None
        if chosen is None:
            names = ", ".join(branch.city for branch in list_locations(session))
            return _say(gettext(locale, "Which branch do you mean? We are in {places}.",
                                places=names),
                        link=Link(label=gettext(locale, "All branches"),
                                  href=path_for("locations", locale)))
        days = _dates(understood, chosen.country, now)
        if not chosen.hours(department):
            text = _without(chosen, department, session, locale)
        elif days:
            text = " ".join(day_hours(chosen, department, day, locale, now) for day in days)
        else:
            text = branch_text(chosen, department, locale)
    return _say(text, link=Link(label=gettext(locale, "About this location"),
                                href=path_for("location", locale, location=chosen.slug)))


def _dates(understood: Understood, country: str, now: dt.datetime | None) -> list[dt.date]:
    """The days a question names, on the branch's calendar: from today, or the next day
    of each weekday named (today counts)."""
    today = local_time(country, now).date()
    if understood.in_days is not None:
        return [today + dt.timedelta(days=understood.in_days)]
    return [today + dt.timedelta(days=(weekday - today.weekday()) % 7)
            for weekday in understood.weekdays]


class _Sentences(NamedTuple):
    """What the assistant says of one department, in whole sentences so that each
    language words them its own way."""

    week: str
    open_on: str
    closed_on: str
    missing: str


_DEPARTMENT_SENTENCES = {
    "showroom": _Sentences(
        N_("Showroom hours: {hours}."),
        N_("The showroom of {branch} is open {day} from {opens} to {closes}."),
        N_("The showroom of {branch} is closed {day}."),
        N_("{branch} has no showroom.")),
    "workshop": _Sentences(
        N_("Workshop hours: {hours}."),
        N_("The workshop of {branch} is open {day} from {opens} to {closes}."),
        N_("The workshop of {branch} is closed {day}."),
        N_("{branch} has no workshop.")),
    "parts": _Sentences(
        N_("Parts department hours: {hours}."),
        N_("The parts department of {branch} is open {day} from {opens} to {closes}."),
        N_("The parts department of {branch} is closed {day}."),
        N_("{branch} has no parts department.")),
}


def branch_text(branch: LocationView, department: str, locale: str) -> str:
    """Address, phone and the week's hours of one department (which the branch has)."""
    return " ".join((
        gettext(locale, "{name}, {street}, {postal_code} {city}.", name=branch.name,
                street=branch.street, postal_code=branch.postal_code, city=branch.city),
        gettext(locale, _DEPARTMENT_SENTENCES[department].week,
                hours=hours_summary(branch.hours(department), locale)),
        gettext(locale, "Phone {phone}.",
                phone=phones.shown(branch.phone, branch.country, locale)),
    ))


def day_hours(branch: LocationView, department: str, day: dt.date, locale: str,
              now: dt.datetime | None = None) -> str:
    """One department's hours on one day: "The workshop of ... is open tomorrow
    (Saturday 29 November) from 08:00 to 12:00."."""
    offset = (day - local_time(branch.country, now).date()).days
    when = {0: N_("today ({date})"), 1: N_("tomorrow ({date})")}.get(offset, N_("on {date}"))
    named = gettext(locale, when, date=format_day(day, locale))
    sentences = _DEPARTMENT_SENTENCES[department]
    time = next((t for t in branch.hours(department) if t.weekday == day.weekday()), None)
    opens, closes = clock(time and time.opens), clock(time and time.closes)
    if time is None or not time.is_open or opens is None or closes is None:
        return gettext(locale, sentences.closed_on, branch=branch.name, day=named)
    return gettext(locale, sentences.open_on, branch=branch.name, day=named,
                   opens=format_time(opens, locale), closes=format_time(closes, locale))


def _without(branch: LocationView, department: str, session: Session, locale: str) -> str:
    """A branch without the department's hours: who to ask there (parts), or the nearest
    branches that have it."""
    advisor = next((person for person in branch.employees if person.department == "parts"),
                   None)
    if department == "parts" and advisor is not None:
        return gettext(
            locale, "{branch} has no opening hours of its own for parts. Our parts advisor "
            "{name} helps you: phone {phone}, email {email}.", branch=branch.name,
            name=advisor.name, phone=phones.shown(advisor.phone or branch.phone,
                                                  branch.country, locale),
            email=advisor.email or branch.email)
    here = Place(branch.name, branch.latitude, branch.longitude, 0)
    others = sorted((other for other in list_locations(session) if other.hours(department)),
                    key=lambda other: distance_km(other.latitude, other.longitude, here))
    text = gettext(locale, _DEPARTMENT_SENTENCES[department].missing, branch=branch.name)
    if others:
        text += " " + gettext(locale, "The nearest branches that have one: {places}.",
                              places=", ".join(other.city for other in others[:2]))
    return text


def _monthly(understood: Understood, vehicle_slug: str | None, locale: str,
             engine: Engine | None) -> Message:
    """The monthly example: for the cars the question names, else for the vehicle talked
    about, else for the deal type named."""
    names_cars = understood.query != StockQuery()
    detail = (current_vehicle(engine or get_engine(), vehicle_slug)
              if vehicle_slug and not names_cars else None)
    if detail is not None:
        return _vehicle_monthly(detail, understood.deal_type, locale)
    if not names_cars and understood.deal_type is None:
        return _say(gettext(locale, "Which car do you mean? Ask me for a car first, or open "
                                    "one in our stock and ask me there."))
    return _monthly_stock(understood, locale, engine)


def _vehicle_monthly(detail: VehicleDetail, deal_type: str | None, locale: str) -> Message:
    summaries = [summary for summary in pricing.price_summaries(
        detail.prices, country=detail.location.country, locale=locale) if summary.monthly]
    title = _title(detail.brand_slug, detail.brand_name, detail.model_name, locale)
    if not summaries:
        return _say(gettext(locale, "The {vehicle} is offered for purchase only.",
                            vehicle=title),
                    link=Link(label=title, href=path_for("vehicle", locale, vehicle=detail.slug)))
    summary = next((s for s in summaries if s.deal_type == deal_type), summaries[0])
    return _say(monthly_example(summary, title, locale), link=Link(
        label=gettext(locale, "Calculate your instalment"),
        href=path_for("lease_calculator", locale, vehicle=detail.slug)))


def monthly_example(summary: pricing.Calculation, title: str, locale: str) -> str:
    """A deal type's monthly amount for one vehicle with what it depends on: the
    representative example of consumer credit and its notes, or a lease's terms."""
    text = gettext(locale, "{deal_type} of the {vehicle}: {amount} ({note}).",
                   deal_type=summary.title, vehicle=title, amount=summary.headline,
                   note=summary.headline_note)
    if summary.example:
        return " ".join((text, summary.example, *summary.disclaimers))
    terms = [f"{figure.label}: {figure.value}" for figure in summary.figures
             if figure.key in ("months", "annual_km", "down_payment", "borrowing_rate")]
    return f"{text} {', '.join(terms)}."


def _monthly_stock(understood: Understood, locale: str, engine: Engine | None) -> Message:
    """The cars named, offered with the deal type (named, else the first private one
    that has any), the lowest monthly amount first, and the first one's example."""
    index = get_index(engine)
    for deal_type in (understood.deal_type,) if understood.deal_type else PRIVATE_DEAL_TYPES:
        query = understood.query.replace(scope_deal=deal_type, sort=f"{deal_type}_asc")
        total, found = index.first(query, SHOWN_VEHICLES)
        if total:
            break
    deal_name = label("deal_type", deal_type, locale)
    if not total:
        return _say(gettext(locale, "{deal_type}: no car in our stock matches that right now. "
                                    "Try fewer wishes, or see all of them.",
                            deal_type=deal_name),
                    link=Link(label=gettext(locale, "Show the whole stock"),
                              href=listing_path(locale, query.cleared(), deal_type)))
    cards = [card_values(card, locale, deal_type) for card in found]
    first = current_vehicle(engine or get_engine(), cards[0].slug)
    summary = None if first is None else pricing.calculate(
        first.prices, pricing.Choices(deal_type), country=first.location.country, locale=locale)
    lines = [ngettext(locale, "{deal_type}: I found {n} car, the lowest monthly amount first.",
                      "{deal_type}: I found {n} cars, the lowest monthly amount first.",
                      total, n=format_number(total, locale),
                      deal_type=deal_name), *_reading(understood, locale)]
    if summary is not None:
        lines.append(monthly_example(summary, cards[0].title, locale))
    return _say(" ".join(lines), vehicles=[
        Link(label=card.title, value=f"{card.specs} · {card.price}", href=card.href)
        for card in cards],
        link=Link(label=gettext(locale, "Show all results"),
                  href=listing_path(locale, query, deal_type)),
        vehicle=cards[0].slug)


def _reading(understood: Understood, locale: str) -> list[str]:
    """How the amounts of a monthly question were read: a vehicle price or a budget."""
    lines = []
    low, high = understood.query.price
    if understood.price_around is not None and low is not None and high is not None:
        lines.append(gettext(locale, "Vehicle price around {price}: from {low} to {high}.",
                             price=format_price(understood.price_around, locale),
                             low=format_price(low, locale), high=format_price(high, locale)))
    low, high = understood.query.monthly
    if low is not None and high is not None:
        lines.append(gettext(locale, "Monthly amount from {low} to {high}.",
                             low=format_price(low, locale), high=format_price(high, locale)))
    elif high is not None:
        lines.append(gettext(locale, "Monthly amount up to {amount}.",
                             amount=format_price(high, locale)))
    elif low is not None:
        lines.append(gettext(locale, "Monthly amount from {amount}.",
                             amount=format_price(low, locale)))
    return lines


async def contact(locale: str) -> Contact:
    """The phone number and email address the editors set (no database needed: this is
    what the visitor sees when the chat is unavailable)."""
    frame = await site_frame(locale)
    return Contact(
        phone=phones.shown(frame.phone, "NL", locale) if frame.phone else "",
        phone_href=phones.tel_href(frame.phone, "NL") if frame.phone else "",
        email=frame.email,
        email_href=f"mailto:{frame.email}" if frame.email else "",
        form_href=path_for("direct_contact", locale),
    )


# --- hand-over -------------------------------------------------------------------------

_SPEAKERS = {ASSISTANT: N_("Assistant"), VISITOR: N_("Visitor")}


def transcript(messages: Sequence[Message], locale: str, form: FormDef) -> str:
    """The conversation as the dealer reads it in the lead, cut from the start to the
    transcript field's length."""
    lines = [f"{gettext(locale, _SPEAKERS.get(m.role, m.role))}: {m.text[:MAX_TEXT]}"
             + "".join(f"\n  - {v.label} ({v.value}) {v.href}" for v in m.vehicles)
             for m in messages]
    limit = form.field(TRANSCRIPT_FIELD).max_length or 4000
    return "\n".join(lines)[-limit:]


def hand_over(
    values: Mapping[str, object], messages: Sequence[Message], *, locale: str,
    source_page: str, client_key: str, idempotency_key: str,
    vehicle_slug: str | None = None, engine: Engine | None = None,
) -> StoredLead | None:
    """Store the visitor's contact details with the conversation as one lead (a test
    drive request when a vehicle is talked about). The form rules check the details:
    raises ``InvalidSubmissionError`` with the field errors, as the forms do."""
    form = get_form(TEST_DRIVE_FORM if vehicle_slug else HANDOVER_FORM)
    detail = current_vehicle(engine or get_engine(), vehicle_slug) if vehicle_slug else None
    submission = {name: values.get(name, "") for name in form.names}
    submission[TRANSCRIPT_FIELD] = transcript(messages, locale, form)
    return store_lead(
        form_id=form.id, values=submission, locale=locale, source_page=source_page,
        client_key=client_key, idempotency_key=idempotency_key,
        vehicle_slug=detail.slug if detail else None,
        brand=detail.brand_slug if detail else None,
        model=detail.model_slug if detail else None,
        subject=detail.title if detail else gettext(locale, "Chat"),
        engine=engine,
    )
