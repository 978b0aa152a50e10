"""The chat assistant on the demo stock: stock answers that agree with the stock overview,
branches and their departments' hours, the monthly examples, the fallback, and the
hand-over stored as one lead."""

from __future__ import annotations

import datetime as dt
from urllib.parse import parse_qsl, urlsplit

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, delete, select

from dealer import phones, pricing
from dealer.appointments.slots import time_zone
from dealer.chat import assistant
from dealer.chat.assistant import PRIVATE_DEAL_TYPES, VISITOR, Message
from dealer.i18n import format_day, format_number, format_price, format_time
from dealer.leads.models import Lead
from dealer.leads.store import InvalidSubmissionError, client_key
from dealer.locations.repository import LocationView, get_location
from dealer.routes import path_for
from dealer.stock.index import get_index
from dealer.stock.labels import label
from dealer.stock.models import Location, OpeningHours
from dealer.stock.query import StockQuery
from dealer.stock.repository import current_vehicle
from dealer.views.locations import hours_summary
from tests.unit.test_chat_understand import ASKED_DE, ASKED_NL, Asked

QUESTIONS = {"nl": "elektrische SUV onder 60.000", "de": "Elektro-SUV unter 60.000 Euro"}
STOCK_PATHS = {"nl": "/voorraad", "de": "/de/angebote"}


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_stock_question_shows_three_cars_and_the_same_search(stock_engine: Engine,
                                                               locale: str) -> None:
    reply = assistant.answer(QUESTIONS[locale], locale, engine=stock_engine)
    url = urlsplit(reply.link.href)
    assert url.path == STOCK_PATHS[locale]
    query = StockQuery.from_params(dict(parse_qsl(url.query)))
    assert query.fuel == ("electric",) and query.body_style == ("suv",)
    assert query.price == (None, 60000)
    total = get_index(stock_engine).count(query)
    assert total > 3
    assert len(reply.vehicles) == 3
    assert all(v.href.startswith(STOCK_PATHS[locale] + "/") for v in reply.vehicles)
    assert f"{total}" in reply.text.replace(".", "")
    assert reply.vehicle == reply.vehicles[0].href.rsplit("/", 1)[-1]


def test_no_match_offers_the_whole_stock(stock_engine: Engine) -> None:
    reply = assistant.answer("rode cabrio onder 1.000 euro", "nl", engine=stock_engine)
    assert reply.vehicles == []
    assert reply.link.href == "/voorraad"


@pytest.mark.parametrize(("locale", "question", "words"), [
    ("nl", "openingstijden Utrecht", ["Franciscusdreef 40", "3565 AC Utrecht", "09:00"]),
    ("de", "Wo ist die Filiale in Köln?", ["Frankfurter Straße 210", "51065 Köln", "Showroom"]),
])
def test_a_branch_question_gives_address_and_hours(stock_engine: Engine, locale: str,
                                                   question: str, words: list[str]) -> None:
    reply = assistant.answer(question, locale, engine=stock_engine)
    for word in words:
        assert word in reply.text
    assert reply.link.href.endswith(("/vestigingen/utrecht", "/de/standorte/koeln"))


def test_a_branch_question_without_a_place_asks_which(stock_engine: Engine) -> None:
    reply = assistant.answer("Wann habt ihr geöffnet?", "de", engine=stock_engine)
    assert "Utrecht" in reply.text and "Köln" in reply.text


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_monthly_example_comes_from_the_pricing_module(stock_engine: Engine,
                                                           locale: str) -> None:
    index = get_index(stock_engine)
    card = index.search(StockQuery.from_params({"monthly_min": "1"}), per_page=1).cards[0]
    reply = assistant.answer("Wat kost deze auto per maand?" if locale == "nl"
                             else "Was kostet der im Monat?", locale,
                             vehicle_slug=card.slug, engine=stock_engine)
    assert card.model_name in reply.text
    assert "€" in reply.text
    assert reply.link.href.endswith(card.slug + ("/lease-calculator" if locale == "nl"
                                                 else "/leasingrechner"))


def test_a_monthly_question_without_a_car_asks_which(stock_engine: Engine) -> None:
    reply = assistant.answer("Was kostet der im Monat?", "de", engine=stock_engine)
    assert "?" in reply.text and not reply.link.href


@pytest.mark.parametrize(("locale", "question"), [("nl", "Hoe is het weer?"),
                                                  ("de", "Erzähl mir einen Witz")])
def test_an_unknown_question_gets_help_not_an_error(stock_engine: Engine, locale: str,
                                                    question: str) -> None:
    reply = assistant.answer(question, locale, engine=stock_engine)
    assert reply.offer == "handover"
    assert reply.text != assistant.not_understood("de" if locale == "nl" else "nl").text


def test_the_greeting_reads_the_branches(stock_engine: Engine) -> None:
    assert "10" in assistant.greeting("nl", engine=stock_engine).text


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_hand_over_stores_one_lead_with_the_conversation(fresh_stock_engine: Engine,
                                                             locale: str) -> None:
    conversation = [assistant.greeting(locale, engine=fresh_stock_engine),
                    Message(VISITOR, QUESTIONS[locale])]
    conversation.append(assistant.answer(QUESTIONS[locale], locale, engine=fresh_stock_engine))
    details = {"name": "Anna de Vries", "email": "anna@example.nl", "phone": "+31 6 12345678",
               "privacy": "on"}
    for _ in range(2):  # a double click stores one lead
        assistant.hand_over(details, conversation, locale=locale, source_page="/",
                            client_key=client_key("198.51.100.9"), idempotency_key="chat" * 5,
                            engine=fresh_stock_engine)
    with Session(fresh_stock_engine) as session:
        stored = session.exec(select(Lead)).all()
    assert len(stored) == 1
    lead = stored[0]
    assert lead.form_id == "chat_handover" and lead.locale == locale
    assert lead.payload["email"] == "anna@example.nl"
    assert lead.payload["phone"] == "+31612345678"
    transcript = lead.payload["transcript"]
    assert QUESTIONS[locale] in transcript
    assert conversation[-1].vehicles[0].href in transcript


def test_a_test_drive_from_the_chat_is_a_lead_about_the_vehicle(
        fresh_stock_engine: Engine) -> None:
    card = get_index(fresh_stock_engine).search(StockQuery(), per_page=1).cards[0]
    greeting = assistant.greeting("de", vehicle_slug=card.slug, engine=fresh_stock_engine)
    assert greeting.offer == "test_drive"
    assistant.hand_over(
        {"name": "Jan Schmidt", "email": "jan@example.de", "preferred_date": "2099-01-02",
         "privacy": "on"}, [greeting], locale="de", source_page="/de/angebote/" + card.slug,
        client_key=client_key("198.51.100.10"), idempotency_key="drive" * 4,
        vehicle_slug=card.slug, engine=fresh_stock_engine)
    with Session(fresh_stock_engine) as session:
        lead = session.exec(select(Lead)).one()
    assert (lead.form_id, lead.vehicle_slug) == ("chat_test_drive", card.slug)
    assert lead.payload["preferred_date"] == "2099-01-02"


def test_contact_details_are_checked_by_the_form_rules(fresh_stock_engine: Engine) -> None:
    with pytest.raises(InvalidSubmissionError) as rejected:
        assistant.hand_over({"name": "A", "email": "geen-adres", "privacy": ""}, [],
                            locale="nl", source_page="/", client_key="x" * 16,
                            idempotency_key="wrong" * 4, engine=fresh_stock_engine)
    assert set(rejected.value.errors) == {"name", "email", "privacy"}
    with Session(fresh_stock_engine) as session:
        assert session.exec(select(Lead)).all() == []


# --- departments' hours and monthly prices: what each answer must say ----------------------

NOW = dt.datetime(2026, 11, 27, 9, 0, tzinfo=dt.UTC)  # a Friday morning at every branch
DEPARTMENT_WORDS = {
    "nl": {"showroom": "showroom", "workshop": "werkplaats", "parts": "onderdelen"},
    "de": {"showroom": "Showroom", "workshop": "Werkstatt", "parts": "Teile"},
}
CLOSED = {"nl": "gesloten", "de": "geschlossen"}
ZONES = {country: time_zone(country) for country in ("NL", "DE")}


def _branch(engine: Engine, slug: str) -> LocationView:
    with Session(engine) as session:
        branch = get_location(session, slug)
    assert branch is not None
    return branch


def _hours_facts(reply: Message, asked: Asked, locale: str, engine: Engine) -> None:
    if asked.branch is None:  # no branch named: the answer asks which
        assert "Utrecht" in reply.text and "Köln" in reply.text
        return
    branch = _branch(engine, asked.branch)
    department = asked.department or "showroom"
    assert branch.name in reply.text
    assert DEPARTMENT_WORDS[locale][department].casefold() in reply.text.casefold()
    assert reply.link.href == path_for("location", locale, location=branch.slug)
    if not branch.hours(department):  # the demo branches keep no hours for parts
        advisor = next(e for e in branch.employees if e.department == "parts")
        assert advisor.name in reply.text
        assert phones.shown(advisor.phone or "", branch.country, locale) in reply.text
        return
    today = NOW.astimezone(ZONES[branch.country]).date()
    days = ([today + dt.timedelta(days=asked.in_days)] if asked.in_days is not None else
            [today + dt.timedelta(days=(day - today.weekday()) % 7) for day in asked.weekdays])
    if not days:  # the week, with the address
        assert hours_summary(branch.hours(department), locale) in reply.text
        assert branch.street in reply.text
        return
    for day in days:
        assert format_day(day, locale) in reply.text
        hours = next(t for t in branch.hours(department) if t.weekday == day.weekday())
        if hours.is_open:
            for time in (hours.opens, hours.closes):
                assert format_time(dt.time.fromisoformat(time or ""), locale) in reply.text
    if any(not t.is_open for t in branch.hours(department)
           if t.weekday in {day.weekday() for day in days}):
        assert CLOSED[locale] in reply.text


def _monthly_facts(reply: Message, asked: Asked, locale: str, engine: Engine) -> None:
    index = get_index(engine)
    named = StockQuery.from_params(dict(parse_qsl(asked.query)))
    deal = asked.deal_type or next(
        (d for d in PRIVATE_DEAL_TYPES if index.count(named.replace(scope_deal=d))),
        PRIVATE_DEAL_TYPES[-1])
    expected = named.replace(scope_deal=deal, sort=f"{deal}_asc")
    assert label("deal_type", deal, locale) in reply.text
    url = urlsplit(reply.link.href)
    assert url.path == path_for(f"{deal}_stock", locale)
    shown = StockQuery.from_params(dict(parse_qsl(url.query)), deal=deal)
    result = index.search(expected, page=1, per_page=3)
    if asked.price_around is not None:
        assert format_price(asked.price_around, locale) in reply.text
    for bound in expected.monthly:
        if bound is not None:
            assert format_price(bound, locale) in reply.text
    if not result.total:
        assert shown == expected.cleared() and reply.vehicles == []
        return
    assert shown == expected  # the link lists the same cars, in the same order
    assert [v.href.rsplit("/", 1)[-1] for v in reply.vehicles] == [c.slug for c in result.cards]
    amounts = [getattr(card, deal) for card in result.cards]
    assert amounts == sorted(amounts)  # the lowest monthly amount first
    assert format_number(result.total, locale) in reply.text
    first = current_vehicle(engine, result.cards[0].slug)
    assert first is not None
    example = pricing.calculate(first.prices, pricing.Choices(deal),
                                country=first.location.country, locale=locale)
    assert example is not None and example.headline in reply.text
    if deal == "private_finance":  # consumer credit: its representative example
        assert example.example and example.example in reply.text
        assert example.figure("effective_rate") in reply.text
    else:
        assert example.figure("months") in reply.text


@pytest.mark.parametrize(("locale", "text", "asked"),
                         [("nl", *row) for row in ASKED_NL] + [("de", *row) for row in ASKED_DE])
def test_each_answer_holds_the_facts_asked_for(stock_engine: Engine, locale: str, text: str,
                                               asked: Asked) -> None:
    reply = assistant.answer(text, locale, engine=stock_engine, now=NOW)
    if asked.intent == "branch":
        _hours_facts(reply, asked, locale, stock_engine)
    else:
        _monthly_facts(reply, asked, locale, stock_engine)


def test_most_monthly_questions_find_cars(stock_engine: Engine) -> None:
    """The table's monthly questions are answered with cars, not only with 'no match'."""
    monthly = [(locale, text) for locale, table in (("nl", ASKED_NL), ("de", ASKED_DE))
               for text, asked in table if asked.intent == "monthly"]
    found = [text for locale, text in monthly
             if assistant.answer(text, locale, engine=stock_engine).vehicles]
    assert len(found) >= len(monthly) - 4


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_named_model_wins_over_the_vehicle_on_the_page(stock_engine: Engine,
                                                          locale: str) -> None:
    index = get_index(stock_engine)
    audi = index.search(StockQuery.from_params({"brand": "audi", "monthly_min": "1"}),
                        per_page=1).cards[0]
    question = {"nl": "Wat kost een Golf per maand?", "de": "Was kostet ein Golf im Monat?"}
    reply = assistant.answer(question[locale], locale, vehicle_slug=audi.slug,
                             engine=stock_engine)
    assert reply.vehicles and all("Golf" in v.label for v in reply.vehicles)
    assert "Audi" not in reply.text


def test_a_branch_without_the_department_names_the_nearest_that_have_it(
        fresh_stock_engine: Engine) -> None:
    with Session(fresh_stock_engine) as session:
        kleve = session.exec(select(Location).where(Location.slug == "kleve")).one()
        session.exec(delete(OpeningHours).where(col(OpeningHours.location_id) == kleve.id,
                                                col(OpeningHours.department) == "workshop"))
        session.commit()
    reply = assistant.answer("Öffnungszeiten Werkstatt Kleve", "de", engine=fresh_stock_engine)
    assert reply.text.startswith("Rijnland Autogroep Kleve hat keine Werkstatt.")
    assert "Nijmegen" in reply.text  # 25 km away
    assert "Köln" not in reply.text


def test_parts_hours_are_answered_where_a_branch_keeps_them(fresh_stock_engine: Engine) -> None:
    with Session(fresh_stock_engine) as session:
        venlo = session.exec(select(Location).where(Location.slug == "venlo")).one()
        session.add_all(OpeningHours(location_id=venlo.id, department="parts", weekday=day,
                                     is_open=day < 5, opens="08:00" if day < 5 else None,
                                     closes="16:30" if day < 5 else None) for day in range(7))
        session.commit()
    friday = assistant.answer("Wanneer is de onderdelenbalie in Venlo vandaag open?", "nl",
                              engine=fresh_stock_engine, now=NOW)
    assert friday.text == ("De onderdelenafdeling van Rijnland Autogroep Venlo is vandaag "
                           "(vrijdag 27 november) open van 08:00 tot 16:30.")
    sunday = assistant.answer("Haben die Ersatzteile in Venlo am Sonntag geöffnet?", "de",
                              engine=fresh_stock_engine, now=NOW)
    assert sunday.text == ("Der Teiledienst von Rijnland Autogroep Venlo ist am Sonntag, "
                           "29. November geschlossen.")


@pytest.mark.parametrize(("locale", "question", "place"), [
    ("nl", "Hebben jullie een SUV in de buurt van Zeist?", "Zeist"),
    ("de", "Welche SUV gibt es in der Nähe von Wesel?", "Wesel"),
])
def test_a_place_asked_from_leads_to_the_nearest_cars(stock_engine: Engine, locale: str,
                                                      question: str, place: str) -> None:
    reply = assistant.answer(question, locale, engine=stock_engine)
    url = urlsplit(reply.link.href)
    assert url.path == STOCK_PATHS[locale]
    assert dict(parse_qsl(url.query)) == {"body_style": "suv", "near": place}
    query = StockQuery.from_params(dict(parse_qsl(url.query)))
    # The three cars the chat shows are the listing's first: the nearest.
    first = get_index(stock_engine).search(query).cards[:3]
    assert [v.href.rsplit("/", 1)[-1] for v in reply.vehicles] == [c.slug for c in first]
    assert first[0].distance_km is not None and first[0].distance_km <= min(
        c.distance_km for c in get_index(stock_engine).search(query.replace(page=2)).cards)
