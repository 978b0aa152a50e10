"""Where a contact request comes from, read from its link, and the topic it starts with."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.forms.definitions import TOPIC, get_form, validate_submission
from dealer.forms.origins import (
    MAX_SLUG_LENGTH,
    ORIGIN_KINDS,
    Origin,
    contact_origin,
    question_href,
    slug,
    topic_for,
)
from dealer.stock.catalog import SERVICES

BRANCHES = {"branch": ["Rijnland Autogroep Utrecht", "Rijnland Autogroep Köln"]}


@pytest.mark.parametrize(("query", "origin"), [
    ({"vehicle": "vw-golf-8-1-5-tsi-12"}, Origin("vehicle", "vw-golf-8-1-5-tsi-12")),
    ({"branch": "utrecht"}, Origin("branch", "utrecht")),
    ({"lease_offer": "audi-a3-lease-1"}, Origin("lease_offer", "audi-a3-lease-1")),
    # One origin per request: an offer before a vehicle before a branch.
    ({"branch": "utrecht", "vehicle": "golf-1"}, Origin("vehicle", "golf-1")),
    ({"vehicle": "golf-1", "lease_offer": "a3-1"}, Origin("lease_offer", "a3-1")),
    # A value that is no slug names nothing; a usable one further on still counts.
    ({"vehicle": "<script>", "branch": "koeln"}, Origin("branch", "koeln")),
    ({"vehicle": "Golf 1"}, Origin()),
    ({"vehicle": "-golf"}, Origin()),
    ({"vehicle": ""}, Origin()),
    ({"vehicle": ["golf-1", "golf-2"]}, Origin()),  # a repeated parameter
    ({"vehicle": "a" * (MAX_SLUG_LENGTH + 1)}, Origin()),
    ({"model": "polo", "kenteken": "AB-123-C"}, Origin()),
    ({}, Origin()),
    (None, Origin()),
    ("vehicle=golf-1", Origin()),
])
def test_the_origin_a_contact_link_names(query: object, origin: Origin) -> None:
    assert contact_origin(query) == origin


@given(st.dictionaries(
    st.one_of(st.sampled_from(ORIGIN_KINDS), st.text(max_size=12)),
    st.one_of(st.text(max_size=300), st.from_regex(r"[a-z0-9][a-z0-9-]{0,30}", fullmatch=True),
              st.lists(st.text(max_size=5), max_size=3), st.none(), st.integers()),
    max_size=6,
))
def test_any_query_gives_an_origin_or_none_and_never_raises(query: dict) -> None:
    origin = contact_origin(query)
    if origin == Origin():
        assert not any(slug(query.get(kind)) for kind in ORIGIN_KINDS)
    else:
        assert origin.kind in ORIGIN_KINDS
        assert origin.slug == query[origin.kind] == slug(origin.slug)
        assert len(origin.slug) <= MAX_SLUG_LENGTH
        assert origin.key == f"{origin.kind}={origin.slug}"


@given(st.sampled_from(ORIGIN_KINDS), st.from_regex(r"[a-z0-9][a-z0-9-]{0,60}", fullmatch=True),
       st.sampled_from(("nl", "de")))
def test_a_question_link_names_its_origin(kind: str, subject: str, locale: str) -> None:
    href = question_href(locale, kind, subject)
    parts = urlsplit(href)
    assert parts.path == {"nl": "/direct-contact", "de": "/de/direktkontakt"}[locale]
    assert contact_origin(dict(parse_qsl(parts.query))) == Origin(kind, subject)


def test_question_links() -> None:
    assert question_href("nl", "vehicle", "vw-golf-1") == "/direct-contact?vehicle=vw-golf-1"
    assert question_href("de", "branch", "koeln") == "/de/direktkontakt?branch=koeln"


@pytest.mark.parametrize(("kind", "services", "topic"), [
    ("lease_offer", (), "sales"),
    ("vehicle", (), "sales"),
    ("model", (), "sales"),
    ("branch", ("sales", "used_cars", "workshop", "tyres", "inspection"), "sales"),
    ("branch", ("used_cars",), "sales"),
    ("branch", ("workshop", "bodywork", "tyres"), "workshop"),
    ("branch", ("ev_charging",), "workshop"),
    ("branch", (), "other"),
    ("", ("sales",), ""),  # no origin: the visitor chooses
    ("vacancy", (), ""),
])
def test_the_topic_a_request_starts_with(kind: str, services: tuple[str, ...],
                                        topic: str) -> None:
    assert topic_for(kind, services) == topic


@given(st.sampled_from((*ORIGIN_KINDS, "model")), st.sets(st.sampled_from(SERVICES)))
def test_every_preset_topic_is_an_answer_of_the_topic_field(kind: str,
                                                             services: set[str]) -> None:
    assert topic_for(kind, services) in {option.value for option in TOPIC.options}


def test_the_model_contact_form_asks_the_topic_and_direct_contact_a_branch_optionally() -> None:
    assert get_form("model_contact").names[0] == "topic"
    assert get_form("direct_contact").names[:2] == ("topic", "branch")
    values = {"topic": "workshop", "branch": "", "name": "Kim Bakker",
              "email": "kim@example.nl", "contact_preference": "email",
              "message": "Wanneer kan mijn auto langskomen?", "privacy": "on"}
    assert validate_submission("direct_contact", values, "nl", options=BRANCHES) == {}
    chosen = {**values, "branch": "Rijnland Autogroep Köln"}
    assert validate_submission("direct_contact", chosen, "de", options=BRANCHES) == {}
    assert validate_submission("direct_contact", {**values, "branch": "Nergens"}, "nl",
                               options=BRANCHES) == {"branch": "Kies een vestiging uit de lijst."}
    assert validate_submission("model_contact", {**values, "topic": ""}, "de") == {
        "topic": "Bitte wählen Sie aus, worum es bei Ihrer Frage geht."}
