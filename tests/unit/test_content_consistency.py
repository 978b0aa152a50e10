"""The bundled demo content and the catalogs agree with themselves and with the data:
the number of branches they name, one word per thing, and the formal 'u' / 'Sie'."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dealer.content.repository import DEMO_DIR
from dealer.settings import PROJECT_ROOT
from dealer.stock.demo import BRANCHES

LOCALES_DIR = PROJECT_ROOT / "locales"
NUMBERS = {
    "nl": ["nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen",
           "tien", "elf", "twaalf"],
    "de": ["null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn", "elf", "zwölf"],
}
BRANCH_WORDS = {"nl": r"vestigingen", "de": r"standort(?:e|en)"}
# One word per thing: the word the site uses, and the ones it must not use beside it.
ONE_WORD = {
    "nl": {"familiekaart": ["familiepas"]},
    "de": {"Gewerbeleasing": ["Geschäftsleasing"],
           "Gewerbefinanzierung": ["Geschäftsfinanzierung"],
           "Familienkarte": ["Familienpass"]},
}
INFORMAL = {
    "nl": re.compile(r"\b(?:je|jij|jou|jouw|jezelf|jullie)\b", re.IGNORECASE),
    "de": re.compile(r"\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer)\b",
                     re.IGNORECASE),
}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in ("_uid", "uuid", "filename", "url", "cached_url", "full_slug", "slug"):
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def texts(locale: str) -> list[tuple[str, str]]:
    """(where, text) of every bundled story and every translation of ``locale``."""
    found = []
    for path in sorted((DEMO_DIR / locale).glob("*.json")):
        for story in json.loads(path.read_text(encoding="utf-8"))["stories"]:
            found += [(f"{path.name}:{story['full_slug']}", text) for text in _strings(story)]
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file):
                strings = message.string if isinstance(message.string, tuple) else (
                    message.string,)
                found += [(f"{path.name}:{message.id!r}", text) for text in strings if text]
    return found


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_texts_are_read(locale: str) -> None:
    where = {place.split(":")[0] for place, _ in texts(locale)}
    assert {"pages.json", "vacancies.json", "messages.po", "content.po"} <= where


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_number_of_branches_named_is_the_number_there_are(locale: str) -> None:
    words = "|".join(NUMBERS[locale])
    pattern = re.compile(rf"\b(\d+|{words})\s+{BRANCH_WORDS[locale]}\b", re.IGNORECASE)
    named = [(place, match.group(1)) for place, text in texts(locale)
             for match in pattern.finditer(text)]
    assert named, "the demo content names how many branches there are"
    for place, number in named:
        count = int(number) if number.isdigit() else NUMBERS[locale].index(number.lower())
        assert count == len(BRANCHES), (place, number)


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_one_word_per_thing(locale: str) -> None:
    for word, others in ONE_WORD[locale].items():
        for place, text in texts(locale):
            for other in others:
                assert other.lower() not in text.lower(), (place, other, f"say {word}")


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_visitors_are_addressed_formally(locale: str) -> None:
    informal = [(place, text) for place, text in texts(locale) if INFORMAL[locale].search(text)]
    assert informal == []


def test_the_checks_see_what_they_look_for() -> None:
    assert INFORMAL["nl"].search("Stel je Volkswagen Golf samen")
    assert not INFORMAL["nl"].search("Stel uw Volkswagen Golf samen")
    assert INFORMAL["de"].search("Stelle dein Auto zusammen")
    assert Path(DEMO_DIR).is_dir()
