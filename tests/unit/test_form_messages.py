"""Error texts for the form rules, in Dutch and German."""

from __future__ import annotations

import logging
from datetime import datetime
from string import Formatter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from dealer import catalogs
from dealer.forms.messages import message
from dealer.forms.rules import LOCAL_TIMEZONE, RULE_NAMES, validate
from dealer.i18n import format_date
from dealer.settings import PROJECT_ROOT

LOCALES = ("nl", "de")

# For each rule: arguments and value that select its main message.
SAMPLES: dict[str, tuple[tuple[str, ...], object]] = {
    "accepted": ((), None),
    "alpha": ((), None),
    "alpha_spaces": ((), None),
    "alphanumeric": ((), None),
    "between": (("1", "10"), None),
    "confirm": ((), None),
    "contains_alpha": ((), None),
    "contains_alpha_spaces": ((), None),
    "contains_alphanumeric": ((), None),
    "contains_lowercase": ((), None),
    "contains_numeric": ((), None),
    "contains_symbol": ((), None),
    "contains_uppercase": ((), None),
    "date_after": (("2024-06-01",), None),
    "date_after_or_equal": (("2024-06-01",), None),
    "date_before": (("2024-06-01",), None),
    "date_between": (("2024-06-01", "2024-06-30"), None),
    "date_format": (("DD-MM-YYYY",), None),
    "email": ((), None),
    "ends_with": ((".nl", ".de"), None),
    "is": (("a", "b"), None),
    "length": (("5", "10"), None),
    "lowercase": ((), None),
    "matches": (("/^[0-9]+$/",), None),
    "max": (("3",), None),
    "min": (("3",), None),
    "no_control": ((), None),
    "not": (("admin",), "admin"),
    "number": ((), None),
    "require_one": (("E-mail",), None),
    "required": ((), None),
    "starts_with": (("+31", "+49"), None),
    "symbol": ((), None),
    "uppercase": ((), None),
    "url": ((), None),
}
WITHOUT_LABEL = {"email", "url"}


def catalog(locale: str) -> Catalog:
    path = PROJECT_ROOT / "locales" / locale / "LC_MESSAGES" / "forms.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain="forms")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def test_samples_cover_every_rule() -> None:
    assert set(SAMPLES) == RULE_NAMES


@pytest.mark.parametrize("rule", sorted(RULE_NAMES))
def test_every_rule_has_a_translated_message(rule: str, caplog: pytest.LogCaptureFixture) -> None:
    args, value = SAMPLES[rule]
    with caplog.at_level(logging.WARNING):
        texts = {
            locale: message(rule, locale, label="Kenteken", args=args, value=value)
            for locale in LOCALES
        }
    assert not [record for record in caplog.records if "untranslated" in record.getMessage()]
    assert texts["nl"] != texts["de"]
    for text in texts.values():
        assert "{" not in text and text.endswith(".")
        assert ("Kenteken" in text) is (rule not in WITHOUT_LABEL)


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_holds_exactly_the_marked_messages(locale: str) -> None:
    marked = {entry.id for entry in catalogs.extract()["forms"] if entry.id}
    assert {entry.id for entry in catalog(locale) if entry.id} == marked


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_translations_are_complete_and_keep_placeholders(locale: str) -> None:
    po = catalog(locale)
    assert po.locale is not None and str(po.locale) == locale
    for entry in po:
        if not entry.id:
            continue
        assert not entry.fuzzy, entry.id
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), entry.id
        expected = set().union(*map(placeholders, ids)) - {"n"}
        for string in strings:
            assert placeholders(string) - {"n"} == expected, (entry.id, string)


class TestWording:
    def test_email(self) -> None:
        assert message("email", "de", label="E-Mail") == (
            "Bitte geben Sie eine gültige E-Mail-Adresse ein."
        )
        assert message("email", "nl", label="E-mail") == "Vul een geldig e-mailadres in."

    def test_label_starts_the_sentence_with_a_capital(self) -> None:
        assert message("required", "nl", label="e-mailadres") == "E-mailadres is verplicht."
        assert message("required", "de", label="Vorname") == "Vorname ist ein Pflichtfeld."

    def test_label_inside_a_sentence_is_kept_as_given(self) -> None:
        assert message("accepted", "de", label="die Datenschutzerklärung") == (
            "Bitte bestätigen Sie „die Datenschutzerklärung“."
        )

    def test_length_variants_and_plurals(self) -> None:
        assert message("length", "nl", label="Postcode", args=("6", "6")) == (
            "Postcode moet precies 6 tekens lang zijn."
        )
        assert message("length", "nl", label="Naam", args=("1",)) == (
            "Naam moet minimaal 1 teken lang zijn."
        )
        assert message("length", "de", label="Nachricht", args=("0", "500")) == (
            "Nachricht darf höchstens 500 Zeichen lang sein."
        )
        assert message("length", "de", label="Name", args=("10", "2")) == (
            "Name muss zwischen 2 und 10 Zeichen lang sein."
        )

    def test_between_orders_and_formats_numbers(self) -> None:
        assert message("between", "nl", label="Kilometerstand", args=("200000", "1000")) == (
            "Kilometerstand moet tussen 1.000 en 200.000 liggen."
        )
        assert message("between", "de", label="Preis", args=("x", "10")) == (
            "Dieses Feld ist fehlerhaft konfiguriert und kann nicht gesendet werden."
        )

    def test_dates_are_written_for_the_locale(self) -> None:
        assert message("date_after", "de", label="Wunschtermin", args=("2024-03-01",)) == (
            "Wunschtermin muss nach dem 1. März 2024 liegen."
        )
        assert message("date_before", "nl", label="Geboortedatum") == (
            "Geboortedatum moet in het verleden liggen."
        )
        assert message("date_between", "nl", label="Datum", args=("2024-06-01", "2024-06-30")) == (
            "Datum moet tussen 1 juni 2024 en 30 juni 2024 liggen."
        )

    def test_date_between_with_one_date_starts_today(self) -> None:
        today = format_date(datetime.now(LOCAL_TIMEZONE).date(), "de")
        assert message("date_between", "de", label="Termin", args=("2999-12-31",)) == (
            f"Termin muss zwischen dem {today} und dem 31. Dezember 2999 liegen."
        )

    def test_date_format_names_the_format(self) -> None:
        assert message("date_format", "nl", label="Datum", args=("DD-MM-YYYY",)) == (
            "Datum is geen geldige datum. Gebruik de notatie DD-MM-YYYY."
        )

    def test_options_are_listed_in_the_locale(self) -> None:
        assert message("starts_with", "nl", label="Telefoon", args=("+31", "+32", "+49")) == (
            "Telefoon moet beginnen met +31, +32 of +49."
        )
        assert message("require_one", "de", label="Telefon", args=("E-Mail",)) == (
            "Telefon oder E-Mail ist erforderlich."
        )

    def test_max_and_min_speak_of_choices_for_lists(self) -> None:
        assert message("max", "nl", label="Opties", args=("3",), value=["a", "b", "c", "d"]) == (
            "Opties: kies er maximaal 3."
        )
        assert message("min", "de", label="Anzahlung", args=("1000",), value="500") == (
            "Anzahlung muss mindestens 1.000 betragen."
        )
        assert (
            message("max", "de", label="Türen", value="12") == "Türen darf höchstens 10 betragen."
        )

    def test_not_quotes_the_value(self) -> None:
        assert message("not", "de", label="Benutzername", args=("admin",), value="admin") == (
            "Benutzername: „admin“ ist nicht zulässig."
        )

    def test_lowercase_variants(self) -> None:
        assert message("lowercase", "nl", label="Code", args=("allow_numeric_dashes",)) == (
            "Code mag alleen kleine letters, cijfers en streepjes bevatten."
        )
        assert (
            message("lowercase", "de", label="Code") == "Code darf nur Kleinbuchstaben enthalten."
        )

    def test_unknown_rule(self) -> None:
        with pytest.raises(ValueError, match="unknown form rule"):
            message("postcode", "nl", label="Postcode")


def test_failing_rules_turn_into_messages() -> None:
    failed = validate("a@b", "required|length:5,10|email")
    texts = [message(rule.name, "de", label="E-Mail", args=rule.args) for rule in failed]
    assert texts == [
        "E-Mail muss zwischen 5 und 10 Zeichen lang sein.",
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    ]
