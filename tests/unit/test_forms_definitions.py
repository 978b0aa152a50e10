"""The visitor forms and their validation on the server (no browser, no database)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from dealer.forms import rules
from dealer.forms.definitions import (
    CHAT_FORMS,
    FORM_ERROR,
    FORMS,
    HONEYPOT,
    MAX_FIELDS,
    MAX_VALUE_CHARS,
    SCREEN_FORMS,
    get_form,
    initial_values,
    is_spam,
    payload,
    rule_message,
    validate_submission,
)
from dealer.i18n import LOCALES
from dealer.routes import SCREENS

TOMORROW = (dt.date.today() + dt.timedelta(days=2)).isoformat()
BRANCHES = {"branch": ["Rijnland Autogroep Utrecht", "Rijnland Autogroep Köln"]}


def interest(**changes: object) -> dict[str, object]:
    values: dict[str, object] = {
        "name": "Anna de Vries",
        "email": "anna@example.nl",
        "phone": "",
        "contact_preference": "email",
        "message": "",
        "trade_in": "",
        "privacy": "on",
        HONEYPOT: "",
    }
    values.update(changes)
    return values


def test_every_form_screen_has_a_form_and_a_route() -> None:
    assert set(SCREEN_FORMS) <= set(SCREENS)
    # The chat's forms are the chat panel's; the appointment request is the appointment
    # page's and the Button's dialog.
    assert set(SCREEN_FORMS.values()) == set(FORMS) - set(CHAT_FORMS) - {"appointment"}


@pytest.mark.parametrize("form_id", sorted(FORMS))
def test_every_text_field_has_a_maximum_length_and_valid_rules(form_id: str) -> None:
    form = get_form(form_id)
    assert form.fields[-1].name == HONEYPOT
    for f in form.fields:
        assert all(rule.name in rules.RULE_NAMES for rule in f.parsed_rules)
        if f.type in ("text", "autocomplete") and f.input_type not in ("date", "number") and (
                f.name != "transcript"):  # written by the server, not typed
            assert f.max_length is not None and f.max_length <= 2000, f.name
        if f.shown_when:
            assert form.field(f.shown_when).is_check
    assert form.field("privacy").required


def test_a_complete_interest_request_passes() -> None:
    assert validate_submission("vehicle_interest", interest(), "nl") == {}


@pytest.mark.parametrize(("locale", "error"), [
    ("nl", "Naam mag geen tabs, regeleinden of andere stuurtekens bevatten."),
    ("de", "Name darf keine Tabulatoren, Zeilenumbrüche oder anderen Steuerzeichen enthalten."),
])
def test_a_name_with_a_control_character_is_refused(locale: str, error: str) -> None:
    for name in ("Anna\x1b[2J", "Anna\nde Vries", "Anna\x07"):
        assert validate_submission("vehicle_interest", interest(name=name), locale) == {
            "name": error}
    assert validate_submission("vehicle_interest", interest(name="Anna de Vries"), locale) == {}


def test_missing_fields_are_named_in_the_visitors_language() -> None:
    assert validate_submission("vehicle_interest", interest(name=" ", email="", privacy=""),
                               "de") == {
        "name": "Name ist ein Pflichtfeld.",
        "email": "E-Mail-Adresse ist ein Pflichtfeld.",
        "privacy": "Bitte stimmen Sie zu, damit wir Ihre Anfrage bearbeiten können.",
    }
    assert validate_submission("vehicle_interest", interest(email="anna@"), "nl") == {
        "email": "Vul een geldig e-mailadres in."
    }


# A sentence end (. ? !) followed by a word in lower case: a label that is a question
# ("Why do you want this job?") put where a sentence names the field.
BROKEN_SENTENCE = re.compile(r"[.?!]\s+[a-zäöüß]")
# Fields whose allowed values the page offers when it loads (``options``).
RUNTIME_CHOICES = ("branch", "time")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("form_id", sorted(FORMS))
def test_every_field_error_reads_as_a_sentence(form_id: str, locale: str) -> None:
    """Each error a visitor can meet (every rule of every field, and the choice from a
    list the page offered) is one or more whole sentences."""
    form = get_form(form_id)
    for f in form.fields:
        if f.name == HONEYPOT:  # never shown
            continue
        offered = (rules.Rule("is", ("a", "b")),) if f.name in RUNTIME_CHOICES else ()
        for rule in (*f.parsed_rules, *offered):
            text = rule_message(f, rule, locale)
            assert text[:1].isupper() and text.endswith("."), (f.name, rule.name, text)
            assert "?" not in text and not BROKEN_SENTENCE.search(text), (
                f.name, rule.name, text)


def test_a_question_label_is_named_as_a_noun_in_errors() -> None:
    def motivation(text: str, locale: str) -> str:
        values = {"name": "Anna de Vries", "email": "anna@example.nl", "motivation": text}
        return validate_submission("job_application", values, locale)["motivation"]

    assert motivation("Ik wil graag.", "nl") == (
        "Uw motivatie moet tussen 50 en 2000 tekens lang zijn.")
    assert motivation(" ", "de") == "Ihre Motivation ist ein Pflichtfeld."


def test_phone_is_optional_but_must_look_like_a_number() -> None:
    assert validate_submission("vehicle_interest", interest(phone="+31 6 1234 5678"), "nl") == {}
    errors = validate_submission("vehicle_interest", interest(phone="call me maybe"), "nl")
    assert errors == {
        "phone": "Vul een telefoonnummer in met alleen cijfers, bijvoorbeeld +31 6 12345678."
    }


def test_trade_in_fields_count_only_when_the_toggle_is_on() -> None:
    hidden = interest(trade_in="", trade_in_plate="!!", trade_in_mileage="lots")
    assert validate_submission("vehicle_interest", hidden, "nl") == {}
    shown = interest(trade_in="on", trade_in_plate="", trade_in_mileage="-1")
    assert validate_submission("vehicle_interest", shown, "nl") == {
        "trade_in_plate": "Kenteken van uw auto is verplicht.",
        "trade_in_mileage": "Kilometerstand moet tussen 0 en 2.000.000 liggen.",
    }
    valid = interest(trade_in=True, trade_in_plate="B-AB 1234", trade_in_mileage="85000")
    assert validate_submission("vehicle_interest", valid, "de") == {}


def test_test_drive_needs_a_future_date_and_an_offered_branch() -> None:
    values = {**interest(), "preferred_date": TOMORROW, "time_of_day": "any",
              "branch": "Rijnland Autogroep Köln"}
    assert validate_submission("vehicle_test_drive", values, "de", options=BRANCHES) == {}
    past = {**values, "preferred_date": "2020-01-31", "branch": "Somewhere else"}
    assert validate_submission("vehicle_test_drive", past, "nl", options=BRANCHES) == {
        "preferred_date": "Voorkeursdatum moet in de toekomst liggen.",
        "branch": "Kies een vestiging uit de lijst.",
    }
    assert "preferred_date" in validate_submission(
        "model_test_drive", {**values, "preferred_date": "31-01-2030"}, "nl", options=BRANCHES
    )


def test_direct_contact_requires_a_topic_and_a_real_message() -> None:
    values = {**interest(), "topic": "workshop", "message": "Wanneer kan mijn auto langskomen?"}
    assert validate_submission("direct_contact", values, "nl") == {}
    errors = validate_submission("direct_contact", {**values, "topic": "x", "message": "Hoi"},
                                 "de")
    assert errors == {
        "topic": "Bitte wählen Sie aus, worum es bei Ihrer Frage geht.",
        "message": "Ihre Nachricht muss zwischen 10 und 2000 Zeichen lang sein.",
    }


def test_the_server_refuses_what_a_browser_never_sends() -> None:
    assert FORM_ERROR in validate_submission("vehicle_interest", ["name"], "nl")
    assert FORM_ERROR in validate_submission(
        "vehicle_interest", {f"f{i}": "" for i in range(MAX_FIELDS + 1)}, "nl"
    )
    assert validate_submission("vehicle_interest", interest(name={"$gt": ""}), "de") == {
        "name": "Dieser Wert konnte nicht gelesen werden. Bitte geben Sie ihn erneut ein."
    }
    huge = interest(message="x" * (MAX_VALUE_CHARS + 1))
    assert validate_submission("vehicle_interest", huge, "nl") == {
        "message": "Deze tekst is te lang."
    }
    assert "message" in validate_submission("vehicle_interest", interest(message="x" * 2001),
                                             "nl")
    assert "name" in validate_submission("vehicle_interest", interest(name="Jan\x00"), "nl")


def test_unknown_form_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        validate_submission("newsletter", interest(), "nl")


def test_payload_keeps_shown_fields_only_with_booleans() -> None:
    form = get_form("vehicle_interest")
    stored = payload(form, interest(name="  Anna  ", extra="dropped", trade_in_plate="AB-12-CD"))
    assert stored["name"] == "Anna"
    assert stored["privacy"] is True and stored["trade_in"] is False
    assert "trade_in_plate" not in stored and "extra" not in stored and HONEYPOT not in stored


def test_honeypot_marks_bots() -> None:
    assert not is_spam(interest())
    assert is_spam(interest(**{HONEYPOT: "http://spam.example"}))


def test_initial_values_preselect_the_defaults() -> None:
    values = initial_values(get_form("model_test_drive"))
    assert values["time_of_day"] == "any" and values["privacy"] == ""
    assert set(values) == set(get_form("model_test_drive").names)
