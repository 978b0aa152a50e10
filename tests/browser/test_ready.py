"""Ready when it looks ready: what a visitor types while the page loads, and while the server
answers late, is never lost, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from tests.browser.page_types import connected, tick
from tests.conftest import Site, wait_until

# Every message the server sends over the websocket reaches the page 1 to 3 s late, in
# order: a busy server, or a phone on a poor connection.
SLOW_SERVER = """(() => {
  const Native = window.WebSocket;
  let due = 0;
  window.WebSocket = class extends Native {
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
      super.onmessage = handler && ((event) => {
        due = Math.max(due, performance.now() + 1000 + Math.random() * 2000);
        setTimeout(() => handler.call(this, event), due - performance.now());
      });
    }
  };
})();"""

MESSAGE = {"nl": "Goedendag, ik heb interesse in een proefrit met deze auto volgende week.",
           "de": "Guten Tag, ich interessiere mich für eine Probefahrt nächste Woche."}


def stored_message(db: Engine, form_id: str) -> str | None:
    with Session(db) as session:
        lead = session.exec(select(Lead).where(Lead.form_id == form_id)
                            .order_by(Lead.id.desc())).first()
    return lead.payload.get("message") if lead else None


@pytest.mark.parametrize(("path", "locale", "topic", "consent", "send"), [
    ("/direct-contact", "nl", "Onderhoud of reparatie", "^Ik ga ermee akkoord",
     "Aanvraag versturen"),
    ("/de/direktkontakt", "de", "Wartung oder Reparatur", "^Ich bin damit einverstanden",
     "Anfrage senden"),
])
def test_typing_while_the_server_answers_late_keeps_every_character(
    page: Page, site: Site, db: Engine, path: str, locale: str, topic: str, consent: str,
    send: str,
) -> None:
    page.add_init_script(SLOW_SERVER)
    page.goto(site.url(path))
    name = page.locator("[name=name]")
    name.press_sequentially("Kim Bakker", delay=60)  # as soon as the field is there
    message = page.locator("[name=message]")
    message.press_sequentially(MESSAGE[locale], delay=60)
    page.locator("[name=email]").press_sequentially("kim@example.nl", delay=60)
    expect(message).to_have_value(MESSAGE[locale])
    expect(name).to_have_value("Kim Bakker")
    connected(page)
    page.get_by_role("radio", name=topic).click()
    tick(page.get_by_role("checkbox", name=re.compile(consent)))
    expect(message).to_have_value(MESSAGE[locale])
    page.get_by_role("button", name=send).click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    assert wait_until(lambda: stored_message(db, "direct_contact") == MESSAGE[locale],
                      "the lead with the whole message")
