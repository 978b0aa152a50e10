"""Saving a stock search for e-mail alerts and confirming it from the mail's link, as a
visitor does, in both languages, on a phone's width."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.alerts import store, tokens
from dealer.alerts.models import AlertMail, SavedSearch
from dealer.leads.store import client_key
from tests.browser.page_types import connected, tick
from tests.conftest import Site
from tests.http.test_alert_pages import site_secret

CASES = [
    ("/voorraad?fuel=electric&sort=price_desc",
     {"email": "E-mailadres", "at_once": "Meteen", "consent": "Ik ga ermee akkoord",
      "save": "Zoekopdracht bewaren", "agree": "Geef uw toestemming",
      "sent": "Kijk in uw mailbox", "confirm": "Bevestigen",
      "done": "Uw zoekopdracht-melding staat aan",
      "limited": "U heeft in korte tijd meerdere zoekopdrachten bewaard"}),
    ("/de/angebote?fuel=electric&sort=price_desc",
     {"email": "E-Mail-Adresse", "at_once": "Sofort", "consent": "Ich bin einverstanden",
      "save": "Suche speichern", "agree": "Bitte stimmen Sie zu",
      "sent": "Sehen Sie in Ihr Postfach", "confirm": "Bestätigen",
      "done": "Ihr Suchauftrag ist aktiv",
      "limited": "Sie haben in kurzer Zeit mehrere Suchen gespeichert"}),
]


@pytest.mark.parametrize(("path", "texts"), CASES)
def test_save_the_search_and_confirm_it(
        page: Page, site: Site, db: Engine, path: str, texts: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    address = f"alert-{texts['save'][:3].lower()}@example.org"
    page.goto(site.url(path))
    connected(page)
    form = page.get_by_test_id("saved-search")
    form.get_by_role("textbox", name=texts["email"]).fill(address)
    form.get_by_role("radio", name=texts["at_once"]).click()
    form.get_by_role("button", name=texts["save"]).click()
    # Without consent nothing is saved.
    expect(form.get_by_text(texts["agree"])).to_be_visible()
    tick(form.get_by_role("checkbox", name=re.compile(texts["consent"])))
    form.get_by_role("button", name=texts["save"]).click()
    expect(page.get_by_test_id("saved-search-sent")).to_contain_text(texts["sent"])
    with Session(db) as session:
        search = session.exec(select(SavedSearch).where(SavedSearch.email == address)).one()
        mail = session.exec(select(AlertMail).where(AlertMail.email == address)).one()
    assert (search.locale, search.mode, search.confirmed_at) == (
        "de" if path.startswith("/de") else "nl", "instant", None)
    assert search.params == {"fuel": "electric", "sort": "price_desc"}
    assert mail.kind == "confirm"

    # The mail's link asks; its button confirms. A phone's width scrolls only down.
    secret = site_secret(site)
    monkeypatch.setattr(tokens, "secret_key", lambda: secret)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url(f"/alerts/confirm?t={tokens.sign('confirm', str(search.id))}"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name=texts["confirm"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(texts["done"])
    with Session(db) as session:
        assert session.get(SavedSearch, search.id).confirmed_at is not None


@pytest.mark.parametrize(("path", "texts"), CASES)
def test_a_visitor_who_saved_many_searches_is_asked_to_wait(
        page: Page, site: Site, db: Engine, path: str, texts: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    secret = site_secret(site)
    monkeypatch.setattr("dealer.leads.store.secret_key", lambda: secret)
    now = dt.datetime.now(dt.UTC)
    with Session(db) as session:  # this browser's address saved its searches of the hour
        session.add_all(SavedSearch(email="earlier@example.org", locale="nl", created_at=now,
                                    client_key=client_key("127.0.0.1"))
                        for _ in range(store.MAX_SAVES))
        session.commit()
    address = f"limited-{texts['save'][:3].lower()}@example.org"
    page.goto(site.url(path))
    connected(page)
    form = page.get_by_test_id("saved-search")
    email = form.get_by_role("textbox", name=texts["email"])
    email.fill(address)
    consent = form.get_by_role("checkbox", name=re.compile(texts["consent"]))
    tick(consent)
    form.get_by_role("button", name=texts["save"]).click()
    expect(form.get_by_test_id("saved-search-failure")).to_contain_text(texts["limited"])
    expect(email).to_have_value(address)  # nothing typed is lost
    expect(consent).to_be_checked()
    with Session(db) as session:
        assert session.exec(select(SavedSearch).where(SavedSearch.email == address)).all() == []
