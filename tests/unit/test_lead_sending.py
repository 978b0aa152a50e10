"""Sending a visitor's request (``dealer.leads.sending``): the one way the app's forms, the
chat's hand-over and the served form's POST store a lead and tell its outcome apart."""

from __future__ import annotations

import logging

import pytest

from dealer.forms.definitions import FORM_ERROR
from dealer.forms.messages import DOMAIN
from dealer.i18n import gettext
from dealer.leads import outbox
from dealer.leads.sending import send_lead
from dealer.leads.store import LeadRejectedError, RateLimitedError
from dealer.views.forms import FIX_FIELDS, NOT_STORED, not_sent

pytestmark = pytest.mark.anyio


@pytest.fixture
def wakes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    woken: list[bool] = []
    monkeypatch.setattr(outbox._delivery, "wake", lambda: woken.append(True))
    return woken


async def test_a_stored_lead_wakes_the_outbox_and_is_handed_back(wakes: list[bool]) -> None:
    outcome = await send_lead(lambda: "lead 7", "a test lead")
    assert (outcome.stored, outcome.lead, outcome.refused) == (True, "lead 7", None)
    assert wakes == [True]


async def test_a_honeypot_is_stored_alike_without_a_lead(wakes: list[bool]) -> None:
    outcome = await send_lead(lambda: None, "a test lead")
    assert (outcome.stored, outcome.lead) == (True, None)


async def test_a_refusal_of_the_rules_is_kept_and_wakes_nothing(wakes: list[bool]) -> None:
    refusal = RateLimitedError({FORM_ERROR: "Too many"})

    def store() -> None:
        raise refusal

    outcome = await send_lead(store, "a test lead")
    assert (outcome.stored, outcome.refused) == (False, refusal)
    assert wakes == []


async def test_a_failure_of_ours_is_logged_and_refuses_nothing(
        wakes: list[bool], caplog: pytest.LogCaptureFixture) -> None:
    def store() -> None:
        raise OSError("database is locked")

    with caplog.at_level(logging.ERROR, logger="dealer.leads.sending"):
        outcome = await send_lead(store, "a vehicle_interest lead")
    assert (outcome.stored, outcome.refused, wakes) == (False, None, [])
    assert caplog.messages == ["a vehicle_interest lead could not be stored"]


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_form_not_sent_says_why_in_its_language(locale: str) -> None:
    shown = {"name": "Too short"}
    assert not_sent(shown, None, locale) == (shown, gettext(locale, NOT_STORED, DOMAIN))
    refused = LeadRejectedError({"email": "No address"})
    assert not_sent(shown, refused, locale) == (
        {"name": "Too short", "email": "No address"}, gettext(locale, FIX_FIELDS, DOMAIN))
    limited = RateLimitedError({FORM_ERROR: "Too many"})
    assert not_sent({}, limited, locale) == ({}, "Too many")
