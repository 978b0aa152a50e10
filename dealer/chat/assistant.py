"""The site's own chat assistant: answers in the visitor's language from the site's data.

Stock questions go through ``understand`` to a ``StockQuery`` and the stock index (up
to three vehicles and a link to the same search on the stock overview); branch
questions to the branches' addresses and showroom hours; a monthly question to the
pricing module's example for the vehicle being talked about; anything else to a
helpful answer that says what the assistant can do. A visitor who wants a person
leaves contact details, checked by the form rules, and the conversation is stored as a
lead through the outbox (``hand_over``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy.engine import Engine

from dealer import phones, pricing
from dealer.brands import brand_name
from dealer.chat.understand import MAX_TEXT, Vocabulary, understand
from dealer.db import get_engine, session_scope
from dealer.forms.definitions import CHAT_FORMS, FormDef, get_form
from dealer.i18n import N_, format_number, gettext, ngettext
from dealer.leads.store import StoredLead, store_lead
from dealer.locations.repository import LocationView, branch_names, list_locations
from dealer.pageinfo import Link
from dealer.routes import path_for
from dealer.stock.index import get_index
from dealer.stock.query import StockQuery
from dealer.stock.repository import current_vehicle
from dealer.views.frame import site_frame
from dealer.views.locations import hours_summary
from dealer.views.stock import card_values, listing_path

SHOWN_VEHICLES = 3
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
           engine: Engine | None = None) -> Message:
    """The answer to one question; ``vehicle_slug`` is the vehicle talked about (the
    page's, or the last one shown)."""
    understood = understand(text, locale, vocabulary(engine))
    if understood.intent == "stock":
        return _stock(understood.query, locale, engine)
    if understood.intent == "branch":
        return _branch(understood.branch, locale, engine)
    if understood.intent == "monthly":
        return _monthly(vehicle_slug, locale, engine)
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
    result = get_index(engine).search(query, page=1, per_page=SHOWN_VEHICLES)
    display = "private_lease" if query.monthly != (None, None) else "purchase"
    cards = [card_values(card, locale, display) for card in result.cards]
    vehicles = [Link(label=card.title, value=f"{card.specs} · {card.price}", href=card.href)
                for card in cards]
    link = Link(label=gettext(locale, "Show all results"), href=listing_path(locale, query,
                                                                             display))
    if not result.total:
        return _say(gettext(locale, "No car in our stock matches that right now. Try fewer "
                                    "wishes, or see the whole stock."),
                    link=Link(label=gettext(locale, "Show the whole stock"),
                              href=listing_path(locale, query.cleared())))
    text = ngettext(locale, "I found {n} car that matches.", "I found {n} cars that match.",
                    result.total, n=format_number(result.total, locale))
    if result.total > SHOWN_VEHICLES:
        text += " " + gettext(locale, "Here are the first three.")
    return _say(text, vehicles=vehicles, link=link, vehicle=cards[0].slug)


def _branch(slug: str | None, locale: str, engine: Engine | None) -> Message:
    with session_scope(engine) as session:
        branches = list_locations(session)
    chosen = next((branch for branch in branches if branch.slug == slug), None)
    if chosen is None:
        names = ", ".join(branch.city for branch in branches)
        return _say(gettext(locale, "Which branch do you mean? We are in {places}.",
                            places=names),
                    link=Link(label=gettext(locale, "All branches"),
                              href=path_for("locations", locale)))
    return _say(branch_text(chosen, locale),
                link=Link(label=gettext(locale, "About this location"),
                          href=path_for("location", locale, location=chosen.slug)))


def branch_text(branch: LocationView, locale: str) -> str:
    return gettext(
        locale, "{name}, {street}, {postal_code} {city}. Showroom: {hours}. Phone {phone}.",
        name=branch.name, street=branch.street, postal_code=branch.postal_code,
        city=branch.city, hours=hours_summary(branch.hours("showroom"), locale),
        phone=phones.shown(branch.phone, branch.country, locale))


def _monthly(vehicle_slug: str | None, locale: str, engine: Engine | None) -> Message:
    detail = current_vehicle(engine or get_engine(), vehicle_slug) if vehicle_slug else None
    if detail is None:
        return _say(gettext(locale, "Which car do you mean? Ask me for a car first, or open "
                                    "one in our stock and ask me there."))
    summaries = [summary for summary in pricing.price_summaries(
        detail.prices, country=detail.location.country, locale=locale) if summary.monthly]
    title = _title(detail.brand_slug, detail.brand_name, detail.model_name, locale)
    if not summaries:
        return _say(gettext(locale, "The {vehicle} is offered for purchase only.",
                            vehicle=title),
                    link=Link(label=title, href=path_for("vehicle", locale, vehicle=detail.slug)))
    summary = summaries[0]
    text = gettext(locale, "{deal_type} of the {vehicle}: {amount} ({note}).",
                   deal_type=summary.title, vehicle=title, amount=summary.headline,
                   note=summary.headline_note)
    if summary.example:
        text += " " + summary.example
    return _say(text, link=Link(
        label=gettext(locale, "Calculate your instalment"),
        href=path_for("lease_calculator", locale, vehicle=detail.slug)))


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
