"""Ready when it looks ready: what a visitor types while the page loads, and while the server
answers late, is never lost, in both languages (a request form and the appointment request)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Site, wait_until

# Every message the server sends over the websocket reaches the page 1 to 3 s late, in
# order: a busy server, or a phone on a poor connection. One queue hands them over: a timer
# each would not keep the order (the browser rounds their delays to whole milliseconds, so
# a later message due in the same millisecond may come first).
SLOW_SERVER = """(() => {
  const Native = window.WebSocket, late = [];
  let due = 0;
  function handOver() {
    setTimeout(() => {
      const message = late.shift();
      if (late.length) handOver();
      message.deliver();
    }, Math.max(0, late[0].due - performance.now()));
  }
  window.WebSocket = class extends Native {
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
      super.onmessage = handler && ((event) => {
        due = Math.max(due, performance.now() + 1000 + Math.random() * 2000);
        late.push({due, deliver: () => handler.call(this, event)});
        if (late.length === 1) handOver();
      });
    }
  };
})();"""

MESSAGE = {"nl": "Goedendag, ik heb interesse in een proefrit met deze auto volgende week.",
           "de": "Guten Tag, ich interessiere mich für eine Probefahrt nächste Woche."}


@pytest.mark.parametrize(("path", "locale"), [("/direct-contact", "nl"),
                                            ("/de/direktkontakt", "de"),
                                            ("/afspraak", "nl"), ("/de/termin", "de")])
def test_typing_while_the_server_answers_late_keeps_every_character(
    page: Page, site: Site, path: str, locale: str,
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
    # The server has every character too: the draft it keeps in the browser holds them.
    wait_until(lambda: MESSAGE[locale] in (page.evaluate(
        "localStorage.getItem('form_drafts')") or ""), "the whole message in the draft")
    expect(message).to_have_value(MESSAGE[locale])


@pytest.mark.parametrize("path", ["/voorraad", "/de/angebote"])
def test_a_card_reached_before_the_list_arrives_keeps_the_focus(page: Page, site: Site,
                                                                 path: str) -> None:
    """A visitor who has reached a served card (by keyboard, or a finger on its link) while
    the server's answer is on its way stays there: the app keeps the served cards and
    adds their boxes, rather than drawing the cards anew."""
    page.add_init_script(SLOW_SERVER)
    page.goto(site.url(path))
    card = page.get_by_test_id("vehicle-card").nth(2)
    link = card.get_by_role("link").first
    link.focus()
    expect(card.get_by_test_id("compare-toggle")).to_have_count(0)  # the list is not there
    expect(card.get_by_test_id("compare-toggle")).to_have_count(1)
    expect(link).to_be_focused()
    page.keyboard.press("Tab")  # on from the card's link to its own compare box
    expect(card.get_by_test_id("compare-toggle")).to_be_focused()
