"""Phone numbers as a Dutch or a German visitor reads them, and as links and leads store them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer import phones


@pytest.mark.parametrize(("number", "country", "locale", "shown"), [
    ("+31 30 262 40 00", "NL", "nl", "030 262 4000"),  # a Dutch number on a Dutch page
    ("+31 30 262 40 00", "NL", "de", "+31 30 262 4000"),  # ... on a German page
    ("+49 221 96 47 0", "DE", "de", "0221 96470"),
    ("+49 221 96 47 0", "DE", "nl", "+49 221 96470"),
    ("bel ons", "NL", "nl", "bel ons"),  # no number: as written
])
def test_numbers_are_written_as_the_pages_country_writes_them(number: str, country: str,
                                                              locale: str, shown: str) -> None:
    assert phones.shown(number, country, locale) == shown


def test_links_and_leads_use_e164() -> None:
    assert phones.tel_href("030 262 40 00", "NL") == "tel:+31302624000"
    assert phones.e164("0171 1234567", "DE") == "+491711234567"
    assert phones.e164("12345678", "NL") is None


def test_a_whatsapp_link_opens_a_chat_with_the_number() -> None:
    assert phones.whatsapp_href("06 2000 4000", "NL") == "https://wa.me/31620004000"
    assert phones.whatsapp_href("+49 151 2007 4000", "NL") == "https://wa.me/4915120074000"
    assert phones.whatsapp_href("not a number", "NL") is None


@given(st.text(max_size=60), st.sampled_from(["NL", "DE", "XX", ""]))
def test_nothing_a_visitor_types_makes_it_raise(text: str, country: str) -> None:
    assert isinstance(phones.shown(text, country, "nl"), str)
    assert phones.tel_href(text, country).startswith("tel:")
