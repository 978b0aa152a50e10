"""Half-typed forms kept in the browser, and values bounded as the form keeps them."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from dealer.forms.definitions import (
    HONEYPOT,
    MAX_VALUE_CHARS,
    bounded_value,
    get_form,
    initial_values,
    limit_notices,
)
from dealer.forms.drafts import (
    MAX_DRAFTS,
    MAX_STORED_CHARS,
    latest_key,
    read_drafts,
    restored_request_key,
    restored_values,
    with_draft,
    without_draft,
)
from dealer.params import request_key, text

CONTACT = get_form("direct_contact")


def test_a_draft_brings_back_what_was_typed_on_that_page_only() -> None:
    values = {**initial_values(CONTACT), "name": "Jan de Vries", "message": "Graag een offerte"}
    stored = with_draft("", "contact:golf-1:", CONTACT, values)
    assert restored_values(stored, "contact:golf-1:", CONTACT) == values
    assert restored_values(stored, "contact:polo-2:", CONTACT) == initial_values(CONTACT)


def test_a_sent_request_forgets_its_draft_and_keeps_the_others() -> None:
    stored = with_draft("", "contact:a:", CONTACT, {"name": "A"})
    stored = with_draft(stored, "contact:b:", CONTACT, {"name": "B"})
    assert list(read_drafts(without_draft(stored, "contact:a:"))) == ["contact:b:"]


def test_the_honeypot_and_unknown_fields_are_never_kept() -> None:
    stored = with_draft("", "k", CONTACT, {"name": "Jan", HONEYPOT: "spam", "evil": "x"})
    assert read_drafts(stored) == {"k": {"name": "Jan"}}


def test_a_draft_keeps_the_key_its_request_is_sent_under() -> None:
    """After the server forgot the form (idle expiry, lost state store), the request sent
    again carries the key of the first try: the store keeps one lead."""
    key = "k" * 32
    stored = with_draft("", "contact::", CONTACT, {"name": "Jan"}, key)
    assert restored_request_key(stored, "contact::") == key
    assert restored_values(stored, "contact::", CONTACT) == {**initial_values(CONTACT),
                                                              "name": "Jan"}
    assert restored_request_key(stored, "contact:golf-1:") == ""
    assert restored_request_key(without_draft(stored, "contact::"), "contact::") == ""
    # Nothing typed: no draft, and no key either.
    assert restored_request_key(with_draft("", "contact::", CONTACT, {}, key), "contact::") == ""
    # A key the browser changed into something that is no key is none.
    assert restored_request_key(stored.replace(key, "<script>"), "contact::") == ""


def test_a_form_that_starts_from_other_values_keeps_what_differs_from_them() -> None:
    """The appointment request starts from what its Button's options preset (a branch, a
    category): the draft keeps what the visitor changed, a cleared preset too."""
    form = get_form("appointment")
    start = {**initial_values(form), "branch": "venlo", "product_category": "tyres"}
    typed = {**start, "branch": "", "product_category": "workshop_service", "name": "Jan"}
    stored = with_draft("", "appointment?location=venlo", form, typed, "k" * 32, start)
    assert read_drafts(stored)["appointment?location=venlo"] == {
        "branch": "", "product_category": "workshop_service", "name": "Jan", "#key": "k" * 32}
    assert restored_values(stored, "appointment?location=venlo", form, start) == typed
    assert restored_values(stored, "appointment?", form, start) == start
    assert with_draft("", "appointment?", form, start, "k" * 32, start) == "{}"


def test_the_latest_draft_of_a_kind_is_found() -> None:
    stored = with_draft("", "appointment?location=a", CONTACT, {"name": "A"})
    stored = with_draft(stored, "appointment?location=b", CONTACT, {"name": "B"})
    stored = with_draft(stored, "direct_contact::", CONTACT, {"name": "C"})
    assert latest_key(stored, "appointment?") == "appointment?location=b"
    assert latest_key(stored, "vehicle_interest:") == latest_key("[1]", "appointment?") == ""


def test_only_the_newest_drafts_are_kept_within_the_size_limit() -> None:
    stored = ""
    for number in range(MAX_DRAFTS + 3):
        stored = with_draft(stored, f"k{number}", CONTACT, {"message": "x" * 1_900})
    assert list(read_drafts(stored)) == [f"k{n}" for n in range(3, MAX_DRAFTS + 3)]
    assert len(stored) <= MAX_STORED_CHARS


@given(st.one_of(st.text(max_size=200), st.binary(), st.integers(), st.none(),
                 st.builds(json.dumps, st.recursive(
                     st.none() | st.booleans() | st.text(max_size=5) | st.integers(),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=3)))))
def test_whatever_the_browser_hands_back_reads_without_error(stored: object) -> None:
    values = restored_values(stored, "contact::", CONTACT)
    assert set(values) == set(CONTACT.names)
    assert all(isinstance(value, str) for value in values.values())
    assert isinstance(restored_request_key(stored, "contact::"), str)
    assert isinstance(latest_key(stored, "appointment?"), str)


@given(st.one_of(st.text(max_size=80), st.from_regex(r"[A-Za-z0-9_-]{10,70}", fullmatch=True),
                 st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=2)))
def test_a_request_key_is_the_key_or_nothing(value: object) -> None:
    key = request_key(value)
    assert key in ("", value)
    assert bool(key) == (isinstance(value, str) and 16 <= len(value) <= 64
                         and all(c.isascii() and (c.isalnum() or c in "_-") for c in value))


def test_values_are_cut_where_the_browser_cuts_them() -> None:
    message = CONTACT.field("message")
    assert bounded_value(message, "x" * 900_000) == "x" * message.max_length
    assert bounded_value(message, {"nested": "x"}) == ""
    assert len(bounded_value(CONTACT.field(HONEYPOT), "y" * 10_000)) <= MAX_VALUE_CHARS
    assert text("z" * 100, 60) == "z" * 60 and text(None, 60) == ""


def test_a_field_filled_to_its_limit_says_so_in_both_languages() -> None:
    full = {"message": "x" * CONTACT.field("message").max_length, "name": "Jan"}
    assert limit_notices(CONTACT, full, "nl") == {
        "message": "Maximaal 2.000 tekens: wat langer is, wordt hier afgebroken."}
    assert limit_notices(CONTACT, full, "de") == {
        "message": "Höchstens 2.000 Zeichen: Längeres wird hier abgeschnitten."}
    assert limit_notices(CONTACT, {"message": "kort"}, "nl") == {}
