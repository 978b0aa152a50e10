"""Saved searches end to end: real SQLite, a real import, mail captured by a loopback SMTP
server, the links of the mails answered by the HTTP layer."""

from __future__ import annotations

import asyncio
import datetime as dt
import email
import re
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage, Message
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.alerts import mails, store
from dealer.alerts.__main__ import main as alerts_command
from dealer.alerts.models import AlertMail, AlertMatch, SavedSearch
from dealer.forms.definitions import FORM_ERROR
from dealer.leads.store import RateLimitedError
from dealer.settings import Settings
from dealer.stock.importer import import_rows
from dealer.views.stock import Scope
from dealer.web.server import SiteLayer
from tests.integration.test_leads_outbox import SmtpSink, serve
from tests.integration.test_stock_import import feed_row

NOW = dt.datetime(2026, 11, 27, 9, 0, tzinfo=dt.UTC)
SEARCH = {"brand": "volkswagen", "model": "volkswagen.golf", "price_max": "30000",
          "q": "tsi life", "sort": "price_desc"}


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    yield from serve(SmtpSink(failures=0))


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch, fresh_stock_engine: Engine) -> Engine:
    monkeypatch.setattr("dealer.web.alerts.get_engine", lambda: fresh_stock_engine)
    return fresh_stock_engine


def settings_for(sink: SmtpSink) -> Settings:
    return Settings(smtp_host="127.0.0.1", smtp_port=sink.server_address[1],
                    base_url="https://site.test", lead_mail_from="site@site.test")


def request(method: str, url: str, **kwargs: object) -> httpx.Response:
    async def ask() -> httpx.Response:
        async def no_app(*_args: object) -> None:
            raise AssertionError("the alert pages are the HTTP layer's own")

        transport = httpx.ASGITransport(app=SiteLayer(no_app))
        async with httpx.AsyncClient(transport=transport, base_url="https://site.test") as client:
            return await client.request(method, url, **kwargs)

    return asyncio.run(ask())


def parts(message: Message) -> tuple[EmailMessage, str, str]:
    """The mail as the standard library reads it today, its text and its HTML."""
    mail = email.message_from_bytes(message.as_bytes(), policy=policy.default)
    assert isinstance(mail, EmailMessage)
    html = mail.get_body(("html",))
    return (mail, mail.get_body(("plain",)).get_content(),
            html.get_content() if html is not None else "")


def confirmed(engine: Engine) -> dt.datetime | None:
    with Session(engine) as session:
        return session.exec(select(SavedSearch.confirmed_at)).one()


def links(text: str) -> list[str]:
    return re.findall(r"https://site\.test/\S+", text)


def relative(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_saved_search_to_alert_to_unsubscribe(site: Engine, sink: SmtpSink, locale: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    settings = settings_for(sink)
    store.save_search(site, settings, email="visitor@example.org", locale=locale,
                      params=SEARCH, mode="instant", now=NOW)
    # Before the confirmation, an import of a matching car mails nothing but the request.
    import_rows(site, [feed_row("ALERT-0")])
    store.after_import(site, [], settings, NOW)
    assert store.deliver(site, settings, NOW).sent == 1
    confirmation, text, _ = parts(sink.received[0])
    assert len(sink.received) == 1 and confirmation["To"] == "visitor@example.org"
    assert confirmation["Subject"] == {"nl": "Bevestig uw zoekopdracht-melding",
                                       "de": "Bitte bestätigen Sie Ihren Suchauftrag"}[locale]
    (confirm_link,) = links(text)
    page = request("GET", relative(confirm_link))
    assert page.status_code == 200 and page.headers["x-robots-tag"] == "noindex"
    assert f'lang="{locale}-' in page.text
    # Opening the link (a mail scanner does) asks; only its button confirms.
    assert f'<form method="post" action="{relative(confirm_link)}">' in page.text.replace(
        "&amp;", "&")
    assert confirmed(site) is None
    assert "Volkswagen" in page.text and "“tsi life”" in page.text  # what it is about
    done = {"nl": "Uw zoekopdracht-melding staat aan", "de": "Ihr Suchauftrag ist aktiv"}
    answer = request("POST", relative(confirm_link))
    assert answer.status_code == 200 and done[locale] in answer.text
    moment = confirmed(site)
    assert moment is not None
    again = request("POST", relative(confirm_link))  # a second click changes nothing
    assert again.status_code == 200 and done[locale] in again.text
    assert confirmed(site) == moment
    # Opened again, the link says the alert is on.
    assert done[locale] in request("GET", relative(confirm_link)).text

    # A real import: one matching new car, one that does not match, one made cheaper.
    report = import_rows(site, [feed_row("ALERT-1", price=24950),
                                feed_row("ALERT-2", brand="audi", model="A3"),
                                feed_row("ALERT-0", price=21950)])
    assert store.after_import(site, report.new_or_cheaper, settings, NOW) == 1
    assert store.deliver(site, settings, NOW).sent == 1
    assert store.deliver(site, settings, NOW).sent == 0  # none is sent twice
    alert, text, body = parts(sink.received[-1])
    assert alert["Subject"] == {"nl": "Nieuwe auto's voor uw zoekopdracht",
                                "de": "Neue Fahrzeuge zu Ihrer Suche"}[locale]
    assert "24.950" in body and "21.950" in body and "Audi" not in body
    assert '<img src="https://site.test/vehicles/hatchback-blue-side.svg"' in body
    unsubscribe = alert["List-Unsubscribe"].strip("<>")
    assert alert["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe in text and "/alerts/manage?t=" in text
    manage = request("GET", relative(links(text)[-2]))
    assert manage.status_code == 200 and "noindex" in manage.text

    # The same prices imported again are no news.
    report = import_rows(site, [feed_row("ALERT-1", price=24950)])
    assert store.after_import(site, report.new_or_cheaper, settings, NOW) == 0

    assert alerts_command(["list"], engine=site) == 0
    listed = capsys.readouterr().out
    assert "visitor@example.org" in listed and "sent" in listed

    # RFC 8058: the mail program posts the one click; the address is gone.
    answer = request("POST", relative(unsubscribe), content=b"List-Unsubscribe=One-Click",
                     headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 200
    with Session(site) as session:
        assert session.exec(select(SavedSearch)).all() == []
        assert session.exec(select(AlertMail)).all() == []
    assert request("GET", relative(unsubscribe)).status_code == 200


def test_digest_waits_a_day_and_links_are_checked(site: Engine, sink: SmtpSink) -> None:
    settings = settings_for(sink)
    search_id = store.save_search(site, settings, email="d@example.org", locale="nl",
                                  params={"brand": "volkswagen"}, mode="digest", now=NOW)
    with Session(site) as session:
        search = session.get(SavedSearch, search_id)
        search.confirmed_at = NOW
        session.add(search)
        session.commit()
    first = import_rows(site, [feed_row("DIGEST-1")])
    assert store.after_import(site, first.new_or_cheaper, settings, NOW) == 1
    second = import_rows(site, [feed_row("DIGEST-2")])
    later = NOW + dt.timedelta(hours=3)
    assert store.after_import(site, second.new_or_cheaper, settings, later) == 0
    next_day = NOW + dt.timedelta(days=1, minutes=1)
    store.process(site, settings, next_day)
    assert len(sink.received) == 3  # confirmation, first digest, second digest a day later
    assert "digest-2" in parts(sink.received[-1])[1]

    assert request("GET", "/alerts/confirm?t=forged.0123").status_code == 404
    assert request("POST", "/alerts/confirm?t=forged.0123").status_code == 404
    assert request("POST", "/alerts/unsubscribe?t=%00%ff").status_code == 404
    assert request("GET", "/alerts/manage").status_code == 404


def test_the_form_cannot_flood_a_mailbox(site: Engine, sink: SmtpSink) -> None:
    settings = settings_for(sink)
    for _ in range(store.MAX_CONFIRMATIONS + 2):
        store.save_search(site, settings, email="flood@example.org", locale="nl",
                          params={}, mode="digest", now=NOW)
    assert store.deliver(site, settings, NOW).sent == store.MAX_CONFIRMATIONS


def test_one_visitor_saves_a_few_searches_an_hour(site: Engine, sink: SmtpSink) -> None:
    settings = settings_for(sink)

    def save(client: str, when: dt.datetime, number: int) -> int:
        return store.save_search(site, settings, email=f"v{number}@example.org",
                                 locale="de", params={}, mode="digest", now=when,
                                 client=client)

    for number in range(store.MAX_SAVES):
        save("visitor", NOW, number)
    with pytest.raises(RateLimitedError) as refused:
        save("visitor", NOW + dt.timedelta(minutes=59), 99)
    assert refused.value.errors == {FORM_ERROR: "Sie haben in kurzer Zeit mehrere Suchen "
                                    "gespeichert. Bitte versuchen Sie es in einer Stunde "
                                    "erneut."}
    assert save("another visitor", NOW, 99)
    assert save("visitor", NOW + store.SAVE_WINDOW, 100)
    with Session(site) as session:
        assert len(session.exec(select(SavedSearch)).all()) == store.MAX_SAVES + 2


def test_old_matches_and_mails_are_forgotten(site: Engine, sink: SmtpSink,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    settings = settings_for(sink)
    search_id = store.save_search(site, settings, email="old@example.org", locale="nl",
                                  params={"brand": "volkswagen"}, mode="instant", now=NOW)
    with Session(site) as session:
        search = session.get(SavedSearch, search_id)
        search.confirmed_at = NOW
        session.add(search)
        session.commit()
    report = import_rows(site, [feed_row("OLD-1")])
    store.after_import(site, report.new_or_cheaper, settings, NOW)
    assert store.process(site, settings, NOW).sent == 2  # the confirmation and the alert
    store.save_search(site, settings, email="old@example.org", locale="nl", params={},
                      mode="instant", now=NOW + dt.timedelta(days=80))

    def kept() -> tuple[int, list[str]]:
        with Session(site) as session:
            return (len(session.exec(select(AlertMatch)).all()),
                    sorted(mail.key for mail in session.exec(select(AlertMail))))

    store.process(site, settings, NOW + store.RETENTION - dt.timedelta(minutes=1))
    assert kept()[0] == 1 and len(kept()[1]) == 3
    # Sent 90 days ago: gone, matches and mails; the later confirmation (sent) stays.
    store.process(site, settings, NOW + store.RETENTION + dt.timedelta(minutes=1))
    assert kept() == (0, [f"confirm:{search_id + 1}"])
    with Session(site) as session:
        assert len(session.exec(select(SavedSearch)).all()) == 2  # the searches stay
    assert alerts_command(["list"], engine=site) == 0
    assert "2 saved search(es)" in capsys.readouterr().out


@pytest.mark.parametrize(("locale", "listing"), [("nl", "/voorraad/private-lease"),
                                                 ("de", "/de/angebote/privatleasing")])
def test_a_deal_listings_search_stays_in_its_listing(site: Engine, sink: SmtpSink,
                                                      locale: str, listing: str) -> None:
    settings = settings_for(sink)
    search_id = store.save_search(site, settings, email="lease@example.org", locale=locale,
                                  params={"fuel": "electric", "page": "3"}, mode="digest",
                                  now=NOW, scope=Scope(deal="private_lease"))
    with Session(site) as session:
        search = session.get(SavedSearch, search_id)
    assert (search.deal, search.params, search.display) == (
        "private_lease", {"fuel": "electric"}, "private_lease")
    assert store.search_query(search).scope_deal == "private_lease"
    manage = request("GET", relative(mails.manage_url(settings, "lease@example.org")))
    assert f'href="{listing}?fuel=electric"' in manage.text


def test_a_search_saved_after_one_was_deleted_gets_its_own_mail(site: Engine,
                                                                 sink: SmtpSink) -> None:
    """SQLite gives the next search the id of the latest deleted one: the deleted search's
    confirmation mail goes with it, so the new one is asked to confirm too."""
    settings = settings_for(sink)
    first = store.save_search(site, settings, email="first@example.org", locale="nl",
                              params={}, mode="digest", now=NOW)
    assert not store.delete_search(site, "other@example.org", first)  # not theirs
    assert store.delete_search(site, "first@example.org", first)
    second = store.save_search(site, settings, email="second@example.org", locale="nl",
                               params={}, mode="digest", now=NOW)
    assert second == first
    with Session(site) as session:
        assert [mail.email for mail in session.exec(select(AlertMail))] == [
            "second@example.org"]
