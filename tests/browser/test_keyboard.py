"""The site by keyboard alone, in both languages: stock filters, the compare boxes, the
side sheets on a phone and a request form; wherever the focus is, it shows."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.page_types import connected
from tests.conftest import Site

PHONE = {"width": 360, "height": 780}
# How the element and the two around it are outlined (the theme draws a text field's focus
# ring around the input and its slots).
OUTLINES = """el => { const found = [];
  for (let node = el, up = 0; node && up < 3; node = node.parentElement, up++) {
    const s = getComputedStyle(node);
    found.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' ')); }
  return found; }"""
MAX_TABS = 120


@dataclass(frozen=True)
class Words:
    stock: str
    diesel: str
    compare: str
    compare_page: str
    filters: str
    menu: str
    contact: str
    name: str
    send: str
    check_fields: str
    name_required: str


NL = Words(stock="/voorraad", diesel="Diesel", compare="Vergelijken",
           compare_page="/voorraad/vergelijken", filters="Filters", menu="Menu openen",
           contact="/direct-contact", name="Naam", send="Aanvraag versturen",
           check_fields="Controleer de rood gemarkeerde velden.",
           name_required="Naam is verplicht.")
DE = Words(stock="/de/angebote", diesel="Diesel", compare="Vergleichen",
           compare_page="/de/angebote/vergleichen", filters="Filter", menu="Menü öffnen",
           contact="/de/direktkontakt", name="Name", send="Anfrage senden",
           check_fields="Bitte prüfen Sie die rot markierten Felder.",
           name_required="Name ist ein Pflichtfeld.")
LANGUAGES = pytest.mark.parametrize("words", [NL, DE], ids=["nl", "de"])


def tab_to(page: Page, target: Locator) -> None:
    """Press Tab until ``target`` has the focus, as a keyboard user reaches it; there it
    must look focused (an outline or ring that it has not without the focus)."""
    unfocused = target.evaluate(OUTLINES)
    handle = target.element_handle()
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("el => document.activeElement === el", handle):
            assert target.evaluate(OUTLINES) != unfocused, f"no visible focus on {target}"
            return
    raise AssertionError(f"Tab never reached {target}")


@LANGUAGES
def test_filters_and_compare_by_keyboard(page: Page, site: Site, words: Words) -> None:
    page.goto(site.url(words.stock))
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    connected(page)
    diesel = page.get_by_role("complementary").get_by_role(
        "checkbox", name=re.compile(f"^{words.diesel}"))
    tab_to(page, diesel)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"\?fuel=diesel$"))
    expect(page.get_by_role("complementary").get_by_role(
        "checkbox", name=re.compile(f"^{words.diesel}"))).to_have_attribute("aria-checked", "true")

    # The first card's compare box: reached by Tab from the card's link, ticked by Space.
    card = page.get_by_test_id("vehicle-card").first
    card.get_by_role("link").first.focus()
    box = card.get_by_role("checkbox", name=re.compile(f"^{words.compare}: "))
    tab_to(page, box)
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    counter = page.get_by_role("banner").locator(f'a[href="{words.compare_page}"]')
    expect(counter.get_by_text(re.compile(r"^\d+$"))).to_have_text("1")


@LANGUAGES
def test_space_twice_on_a_compare_box_unticks_it_whatever_the_servers_timing(
    page: Page, site: Site, words: Words,
) -> None:
    """The server's answers are held back until both presses are made (a busy server),
    so the box still shows no tick at the second press: that press unticks it anyway."""
    held: list = []
    holding = [False]
    sockets: list = []

    def delayed(socket) -> None:
        server = socket.connect_to_server()
        sockets.append(socket)
        socket.on_message(lambda message: server.send(message))
        server.on_message(lambda message: held.append(message) if holding[0]
                          else socket.send(message))

    page.route_web_socket(re.compile(r"/_event"), delayed)
    page.goto(site.url(words.stock))
    expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    connected(page)
    box = page.get_by_test_id("vehicle-card").first.get_by_role(
        "checkbox", name=re.compile(f"^{words.compare}: "))
    box.focus()
    holding[0] = True
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    page.wait_for_timeout(1_000)  # the first press has reached the server; no answer yet
    expect(box).not_to_be_checked()
    while held:  # the answers arrive, late, in order
        sockets[-1].send(held.pop(0))
    holding[0] = False
    page.wait_for_timeout(2_000)  # the second press's answer
    expect(box).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('dealer.compare')") in (None, "[]")
    counter = page.get_by_role("banner").locator(f'a[href="{words.compare_page}"]')
    expect(counter.get_by_text(re.compile(r"^\d+$"))).to_have_text("0")


@LANGUAGES
def test_side_sheets_open_and_close_by_keyboard(page: Page, site: Site, words: Words) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.url(words.stock))
    expect(page.get_by_test_id("vehicle-card").first).to_be_visible()
    connected(page)
    for trigger in (page.get_by_role("button", name=words.filters, exact=True),
                    page.get_by_role("button", name=words.menu)):
        tab_to(page, trigger)
        page.keyboard.press("Enter")
        sheet = page.get_by_role("dialog")
        expect(sheet).to_be_visible()
        # The focus moves into the sheet and stays there.
        assert sheet.evaluate("el => el.contains(document.activeElement)")
        for _ in range(10):
            page.keyboard.press("Tab")
            assert sheet.evaluate("el => el.contains(document.activeElement)")
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        expect(trigger).to_be_focused()  # back where the visitor was


@LANGUAGES
def test_a_request_form_by_keyboard(page: Page, site: Site, words: Words) -> None:
    page.goto(site.url(words.contact))
    connected(page)
    send = page.get_by_role("button", name=words.send)
    expect(send).to_be_visible()
    name = page.get_by_role("textbox", name=words.name, exact=True)
    tab_to(page, name)
    tab_to(page, send)
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_have_text(words.check_fields)
    expect(page.get_by_text(words.name_required)).to_be_visible()
