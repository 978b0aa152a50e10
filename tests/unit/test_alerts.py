"""Saved-search alerts without a database: signed links and the mails' headers."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from dealer.alerts import mails, tokens
from dealer.settings import Settings
from dealer.views.stock import Card
from dealer.web.alerts import answer

NOW = dt.datetime(2026, 11, 27, 9, 0, tzinfo=dt.UTC)
SETTINGS = Settings(base_url="https://www.example.nl", lead_mail_from="site@example.nl")
CARD = Card(slug="vw-golf-1", href="/voorraad/vw-golf-1", title="Volkswagen Golf <GTI>",
            version="1.5 TSI", price="€ 23.950", photo="/vehicles/golf.svg",
            photo_alt="Volkswagen Golf")


@pytest.fixture(autouse=True)
def secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "secret_key", lambda: b"a test secret")


def test_a_token_opens_only_what_it_was_made_for() -> None:
    token = tokens.sign("address", "visitor@example.org")
    assert tokens.verify("address", token) == "visitor@example.org"
    assert tokens.verify("confirm", token) is None
    value, mac = token.split(".")
    assert tokens.verify("address", f"{value}.{'0' * len(mac)}") is None
    forged = tokens.sign("address", "other@example.org").split(".")[0]
    assert tokens.verify("address", f"{forged}.{mac}") is None


@given(st.one_of(st.text(max_size=700), st.integers(), st.none(), st.binary()))
@example(".\x80")  # a signature that is not ASCII
def test_verify_never_raises(token: object) -> None:
    assert tokens.verify("address", token) is None


def test_an_alert_mail_carries_the_one_click_unsubscribe() -> None:
    message = mails.alert_message(SETTINGS, email="visitor@example.org", locale="nl",
                                  cards=[CARD], key="instant:visitor@example.org:1", now=NOW)
    unsubscribe = mails.unsubscribe_url(SETTINGS, "visitor@example.org")
    assert unsubscribe.startswith("https://www.example.nl/alerts/unsubscribe?t=")
    assert message["List-Unsubscribe"] == f"<{unsubscribe}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["To"] == "visitor@example.org"
    html = message.get_body(("html",)).get_content()
    assert "Volkswagen Golf &lt;GTI&gt;" in html and "<GTI>" not in html
    assert 'src="https://www.example.nl/vehicles/golf.svg"' in html
    assert 'href="https://www.example.nl/voorraad/vw-golf-1"' in html
    text = message.get_body(("plain",)).get_content()
    assert mails.manage_url(SETTINGS, "visitor@example.org") in text
    again = mails.alert_message(SETTINGS, email="visitor@example.org", locale="nl",
                                cards=[CARD], key="instant:visitor@example.org:1", now=NOW)
    assert again["Message-ID"] == message["Message-ID"]  # a repeat is recognisable


def test_a_confirmation_mail_has_no_unsubscribe_header_and_its_link() -> None:
    message = mails.confirmation_message(SETTINGS, email="v@example.org", locale="de",
                                         search_id=7, key="confirm:7", now=NOW)
    assert message["List-Unsubscribe"] is None
    token = tokens.sign("confirm", "7")
    assert f"https://www.example.nl/alerts/confirm?t={token}" in message.get_content()


@given(st.sampled_from(["GET", "POST"]),
       st.sampled_from([mails.CONFIRM_PATH, mails.MANAGE_PATH, mails.UNSUBSCRIBE_PATH,
                        mails.DELETE_PATH]),
       st.text(max_size=300))
def test_the_alert_pages_answer_any_query(method: str, path: str, query: str) -> None:
    """A link that was not made by the site is a page saying so, never an error."""
    assert answer(method, path, query).status_code == 404
