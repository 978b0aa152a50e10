"""The chat assistant on the demo stock: stock answers that agree with the stock overview,
branches, the monthly example, the fallback, and the hand-over stored as one lead."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.chat import assistant
from dealer.chat.assistant import VISITOR, Message
from dealer.leads.models import Lead
from dealer.leads.store import InvalidSubmissionError, client_key
from dealer.stock.index import get_index
from dealer.stock.query import StockQuery

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
