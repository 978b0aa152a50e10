import datetime as dt
from decimal import Decimal

import pytest

from dealer import catalogs
from dealer.i18n import (
    format_date,
    format_day,
    format_number,
    format_price,
    format_time,
    gettext,
    negotiate_locale,
    ngettext,
)


@pytest.mark.parametrize(("path", "cookie", "header", "expected"), [
    ("/de", None, None, "de"),
    ("/de/angebote/x", "nl", "nl", "de"),
    ("/", "de", "nl", "de"),
    ("/", "nl", "de", "nl"),
    ("/", "DE ", None, "de"),
    ("/", "fr", "de-AT,de;q=0.9", "de"),
    ("/", None, "nl-BE", "nl"),
    ("/", None, "en-US,en;q=0.9,de;q=0.8,nl;q=0.7", "de"),
    ("/", None, "de;q=0.2,nl;q=0.8", "nl"),
    ("/", None, "*,de;q=0.1", "de"),
    ("/", None, "fr, en", "nl"),
    ("/", None, "de;q=0", "nl"),
    ("/dealer", None, None, "nl"),
    ("/", None, ";;;q=abc,\x00,de;q=nan,,", "nl"),
    ("", None, "de;q=1.5", "nl"),
])
def test_negotiate_locale(path, cookie, header, expected) -> None:
    assert negotiate_locale(path, cookie, header) == expected


@pytest.mark.parametrize("header", ["x" * 10000, "de-" + "a" * 500, "q=1;" * 100, "é,ö;q=ü"])
def test_negotiate_locale_never_raises(header: str) -> None:
    assert negotiate_locale("/", None, header) in ("nl", "de")


def test_format_price() -> None:
    assert format_price(12345, "nl") == "€ 12.345"
    assert format_price(12345, "de") == "12.345 €"
    assert format_price(Decimal("349.5"), "de", cents=True) == "349,50 €"
    assert format_price("0.5", "nl") == "€ 1"  # half-up, not banker's rounding


def test_format_price_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        format_price("abc", "nl")


def test_format_number_and_date() -> None:
    assert format_number(123456, "nl") == "123.456"
    assert format_number(12.5, "de", decimals=1) == "12,5"
    assert format_date(dt.date(2026, 3, 1), "nl") == "1 maart 2026"
    assert format_date(dt.date(2026, 3, 1), "de") == "1. März 2026"


def test_a_day_is_written_with_its_weekday_and_no_year() -> None:
    assert format_day(dt.date(2026, 11, 28), "nl") == "zaterdag 28 november"
    assert format_day(dt.date(2026, 11, 28), "de") == "Samstag, 28. November"
    assert format_time(dt.time(7, 30), "nl") == format_time(dt.time(7, 30), "de") == "07:30"


def test_gettext_translates_and_formats() -> None:
    assert gettext("de", "Page not found: {path}", path="/x") == "Seite nicht gefunden: /x"
    assert gettext("nl", "Oops, this page does not exist") == "Oeps, deze pagina bestaat niet"
    assert gettext("de", "Oops, this page does not exist") == "Hoppla, diese Seite existiert nicht"


def test_unknown_msgid_falls_back_to_english() -> None:
    assert gettext("de", "No such message {n}", n=3) == "No such message 3"


def test_ngettext_falls_back_by_number() -> None:
    assert ngettext("nl", "{n} car", "{n} cars", 1) == "1 car"
    assert ngettext("nl", "{n} car", "{n} cars", 2) == "2 cars"


def test_every_message_is_translated() -> None:
    assert catalogs.problems() == []


def test_the_check_finds_a_message_inside_an_f_string(tmp_path) -> None:
    """A msgid in no catalog is reported, also where it is marked inside an f-string
    ('Vermogen 115 hp' reached a lease offer page that way)."""
    (tmp_path / "offer.py").write_text(
        "from dealer.i18n import gettext\n\n\n"
        "def power(hp: int, locale: str) -> str:\n"
        "    return f\"{hp} {gettext(locale, 'hp')}\"\n",
        encoding="utf-8",
    )
    assert catalogs.problems(tmp_path) == ["nl/messages: 'hp'", "de/messages: 'hp'"]
