"""The pages of alert mails' links and of online reservations as the running site serves
them, in both languages: the site's look, never indexed, and a confirmation link that
only asks until its button is pressed."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from dealer.alerts import store, tokens
from dealer.alerts.models import SavedSearch
from dealer.db import make_engine
from dealer.settings import Settings
from tests.conftest import Site

TEXTS = {
    "nl": {"lang": "nl-NL", "home": "/", "question": "Bevestig uw zoekopdracht-melding",
           "confirm": "Bevestigen", "done": "Uw zoekopdracht-melding staat aan",
           "filter": "Elektrisch", "delete": "Verwijderen", "stop": "Alle meldingen stoppen",
           "back": "Naar de website van Rijnland Autogroep", "bad": "Deze link werkt niet",
           "not_found": "Auto niet gevonden"},
    "de": {"lang": "de-DE", "home": "/de", "question": "Bitte bestätigen Sie Ihren Suchauftrag",
           "confirm": "Bestätigen", "done": "Ihr Suchauftrag ist aktiv", "filter": "Elektro",
           "delete": "Löschen", "stop": "Alle Benachrichtigungen beenden",
           "back": "Zur Website von Rijnland Autogroep", "bad": "Dieser Link funktioniert",
           "not_found": "Fahrzeug nicht gefunden"},
}


def site_secret(site: Site) -> bytes:
    """The secret the site signs its links with (made here when it has made none yet)."""
    path = Path(site.checkout) / "data" / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(secrets.token_bytes(32))
    return path.read_bytes()


@pytest.fixture
def signed_as_site(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = site_secret(site)
    monkeypatch.setattr(tokens, "secret_key", lambda: secret)


@pytest.fixture
def engine(site: Site) -> Iterator[Engine]:
    engine = make_engine(site.database_url)
    yield engine
    engine.dispose()


def saved(engine: Engine, site: Site, locale: str, email: str) -> int:
    return store.save_search(engine, Settings(base_url=site.base_url), email=email,
                             locale=locale, params={"fuel": "electric"}, mode="digest",
                             now=dt.datetime.now(dt.UTC))


def in_the_sites_look(response: httpx.Response, locale: str) -> None:
    texts = TEXTS[locale]
    assert f'<html lang="{texts["lang"]}">' in response.text
    assert response.headers["x-robots-tag"] == "noindex"
    assert '<meta name="robots" content="noindex">' in response.text
    assert "default-src 'none'" in response.headers["content-security-policy"]
    assert f'<a class="notice-home" href="{texts["home"]}"' in response.text
    assert texts["back"] in response.text


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_confirming_deleting_and_unsubscribing(site: Site, engine: Engine, locale: str,
                                               signed_as_site: None) -> None:
    texts, email = TEXTS[locale], f"http-{locale}-{secrets.token_hex(4)}@example.org"
    search_id = saved(engine, site, locale, email)
    confirm = site.url(f"/alerts/confirm?t={tokens.sign('confirm', str(search_id))}")
    page = httpx.get(confirm)
    assert page.status_code == 200
    in_the_sites_look(page, locale)
    assert texts["question"] in page.text and texts["filter"] in page.text
    assert f'<button type="submit">{texts["confirm"]}</button>' in page.text
    with Session(engine) as session:
        assert session.get(SavedSearch, search_id).confirmed_at is None
    for _ in range(2):
        done = httpx.post(confirm)
        assert done.status_code == 200 and texts["done"] in done.text
    with Session(engine) as session:
        assert session.get(SavedSearch, search_id).confirmed_at is not None

    address = tokens.sign("address", email)
    manage = httpx.get(site.url(f"/alerts/manage?t={address}"))
    assert manage.status_code == 200
    in_the_sites_look(manage, locale)
    assert texts["filter"] in manage.text and texts["delete"] in manage.text
    unsubscribe = httpx.get(site.url(f"/alerts/unsubscribe?t={address}"))
    assert unsubscribe.status_code == 200 and texts["stop"] in unsubscribe.text
    in_the_sites_look(unsubscribe, locale)
    deleted = httpx.post(site.url(f"/alerts/delete?t={address}&search={search_id}"))
    assert deleted.status_code == 303 and store.searches_of(engine, email) == []


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_forged_confirmation_link_is_not_found(site: Site, method: str) -> None:
    answer = httpx.request(method, site.url("/alerts/confirm?t=MQ.0123456789abcdef"))
    assert answer.status_code == 404 and TEXTS["nl"]["bad"] in answer.text
    in_the_sites_look(answer, "nl")


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_reservation_notice_in_the_sites_look(site: Site, locale: str) -> None:
    answer = httpx.post(site.url("/reservering"),
                        data={"vehicle": "no-such-car", "locale": locale})
    assert answer.status_code == 404 and TEXTS[locale]["not_found"] in answer.text
    in_the_sites_look(answer, locale)


def test_the_logo_and_font_the_pages_use_are_served(site: Site) -> None:
    for path in ("/logo.svg", "/fonts/fonts.css"):
        assert httpx.get(site.url(path)).status_code == 200, path
