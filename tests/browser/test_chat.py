"""The chat assistant as a visitor uses it, in both languages: its states (loading, ready,
error, fallback), stock answers, the hand-over and the test drive stored as leads, and
where the bubble sits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import pricing
from dealer.db import make_engine
from dealer.i18n import format_price
from dealer.leads.models import Lead
from dealer.locations.repository import get_location
from dealer.stock.index import get_index
from dealer.stock.models import Vehicle, VehiclePrice
from dealer.stock.query import StockQuery
from dealer.stock.repository import current_vehicle
from dealer.views.locations import hours_summary
from tests.browser.page_types import PHONE, connected, type_with_lone_surrogate
from tests.browser.test_accessibility import violations
from tests.conftest import Site, consent_cookie

DESKTOP = {"width": 1280, "height": 800}
HOME = {"nl": "/", "de": "/de"}
STOCK = {"nl": "/voorraad", "de": "/de/angebote"}
WORDS = {
    "nl": {"bubble": "Chat met ons", "question": "Uw vraag", "send": "Versturen",
           "stock": "elektrische SUV onder 60.000", "all": "Alle resultaten bekijken",
           "person": "Ik wil een medewerker spreken", "details": "Mijn gegevens versturen",
           "name": "Naam", "email": "E-mailadres", "thanks": "Dank u!",
           "unavailable": "De chat is op dit moment niet beschikbaar",
           "form": "Contactformulier", "retry": "Opnieuw proberen", "close": "Chat sluiten",
           "test_drive": "Plan een proefrit", "date": "Gewenste datum"},
    "de": {"bubble": "Chatten Sie mit uns", "question": "Ihre Frage", "send": "Senden",
           "stock": "Elektro-SUV unter 60.000 Euro", "all": "Alle Ergebnisse anzeigen",
           "person": "Ich möchte mit einem Mitarbeiter sprechen",
           "details": "Meine Daten senden", "name": "Name", "email": "E-Mail-Adresse",
           "thanks": "Vielen Dank!", "unavailable": "Der Chat ist zurzeit nicht verfügbar",
           "form": "Kontaktformular", "retry": "Erneut versuchen", "close": "Chat schließen",
           "test_drive": "Probefahrt vereinbaren", "date": "Wunschtermin"},
}
# Every state the panel has been in, in order (the panel's data-status attribute).
RECORD_STATES = """
window.chatStates = [];
new MutationObserver(() => {
  const panel = document.getElementById("chat-panel");
  const state = panel && panel.dataset.status;
  if (state && window.chatStates[window.chatStates.length - 1] !== state)
    window.chatStates.push(state);
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["data-status"]});
"""



def chat_leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead).where(Lead.form_id.startswith("chat_"))))


def open_chat(page: Page, locale: str) -> Locator:
    connected(page)
    page.get_by_role("button", name=WORDS[locale]["bubble"]).click()
    panel = page.get_by_role("dialog", name="Chat")
    expect(panel).to_be_visible()
    return panel


def ask(panel: Locator, locale: str, question: str) -> None:
    panel.get_by_role("textbox", name=WORDS[locale]["question"]).fill(question)
    panel.get_by_role("textbox", name=WORDS[locale]["question"]).press("Enter")
    expect(panel.get_by_role("log").get_by_text(question)).to_be_visible()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_stock_question_shows_three_cars_and_the_search(page: Page, site: Site,
                                                          locale: str) -> None:
    page.add_init_script(RECORD_STATES)
    page.goto(site.url(HOME[locale]))
    bubble = page.get_by_role("button", name=WORDS[locale]["bubble"])
    connected(page)
    expect(bubble).to_be_visible()
    panel = open_chat(page, locale)
    # The question field takes focus once the assistant is ready.
    expect(panel.get_by_role("textbox", name=WORDS[locale]["question"])).to_be_focused()
    assert page.evaluate("window.chatStates") == ["loading", "ready"]
    ask(panel, locale, WORDS[locale]["stock"])
    log = panel.get_by_role("log")
    expect(log.locator(".chat-vehicle")).to_have_count(3)
    for link in log.locator(".chat-vehicle").all():
        assert link.get_attribute("href").startswith(STOCK[locale] + "/")
    results = log.get_by_role("link", name=WORDS[locale]["all"])
    href = results.get_attribute("href")
    assert href.startswith(STOCK[locale] + "?")
    assert "fuel=electric" in href and "body_style=suv" in href and "price_max=60000" in href
    results.click()
    expect(page).to_have_url(re.compile(re.escape(STOCK[locale]) + r"\?.*fuel=electric"))


# A workshop-hours and a monthly question, with the facts each answer must show.
HOURS = {"nl": ("Wanneer is de werkplaats in Arnhem open?", "arnhem", "Openingstijden werkplaats",
                "/vestigingen/arnhem"),
         "de": ("Wann hat die Werkstatt in Köln geöffnet?", "koeln", "Öffnungszeiten der Werkstatt",
                "/de/standorte/koeln")}
MONTHLY = {"nl": ("Wat kost een Golf per maand?", "/voorraad/private-lease", "Private lease"),
           "de": ("Was kostet ein Golf im Monat?", "/de/angebote/privatleasing", "Privatleasing")}
WAIT_MS = 30_000  # an answer on a busy machine


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_workshop_hours_and_a_monthly_price_are_answered(page: Page, site: Site, db: Engine,
                                                         locale: str) -> None:
    question, branch_slug, heading, branch_path = HOURS[locale]
    with Session(db) as session:
        branch = get_location(session, branch_slug)
    assert branch is not None
    page.goto(site.url(HOME[locale]))
    panel = open_chat(page, locale)
    ask(panel, locale, question)
    answer = panel.locator(".chat-message").nth(2)
    expect(answer).to_contain_text(
        f"{heading}: {hours_summary(branch.hours('workshop'), locale)}", timeout=WAIT_MS)
    expect(answer.get_by_role("link")).to_have_attribute("href", branch_path)

    question, listing, deal = MONTHLY[locale]
    ask(panel, locale, question)
    answer = panel.locator(".chat-message").nth(4)
    expect(answer.locator(".chat-vehicle")).to_have_count(3, timeout=WAIT_MS)
    expected = StockQuery.from_params({"model": "volkswagen.golf", "brand": "volkswagen",
                                       "sort": "private_lease_asc"}, deal="private_lease")
    first = get_index(db).search(expected, per_page=3).cards
    vehicle = current_vehicle(db, first[0].slug)
    assert vehicle is not None
    example = pricing.calculate(vehicle.prices, pricing.Choices("private_lease"),
                                country=vehicle.location.country, locale=locale)
    assert example is not None
    expect(answer).to_contain_text(f"{deal}: ")
    expect(answer).to_contain_text(example.headline)
    expect(answer).to_contain_text(example.figure("months") or "")
    cars = answer.locator(".chat-vehicle")
    assert [link.get_attribute("href").rsplit("/", 1)[-1] for link in cars.all()] == [
        card.slug for card in first]
    for card, link in zip(first, cars.all(), strict=True):
        expect(link).to_contain_text(format_price(card.private_lease, locale))
    results = answer.get_by_role("link", name=WORDS[locale]["all"])
    assert results.get_attribute("href") == (
        f"{listing}?brand=volkswagen&model=volkswagen.golf&sort=private_lease_asc")


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_lone_surrogate_in_a_question_leaves_the_chat_working(page: Page, site: Site,
                                                                db: Engine, locale: str) -> None:
    page.goto(site.url(HOME[locale]))
    panel = open_chat(page, locale)
    question = panel.get_by_role("textbox", name=WORDS[locale]["question"])
    expect(question).to_be_focused()
    type_with_lone_surrogate(question, "Vraag over mijn auto ")
    question.press("Enter")
    log = panel.get_by_role("log")
    expect(log.get_by_text("Vraag over mijn auto")).to_be_visible()
    expect(panel.locator(".chat-message").nth(2)).to_be_visible()  # the assistant answered
    # The conversation goes on, down to the hand-over that stores it.
    question.fill(WORDS[locale]["person"])
    question.press("Enter")
    panel.get_by_role("textbox", name=WORDS[locale]["name"], exact=True).fill("Anna de Vries")
    panel.get_by_role("textbox", name=WORDS[locale]["email"]).fill("anna@example.nl")
    panel.get_by_role("checkbox").check()
    panel.get_by_role("button", name=WORDS[locale]["details"]).click()
    expect(log.get_by_text(WORDS[locale]["thanks"])).to_be_visible()
    (lead,) = chat_leads(db)
    assert "Vraag over mijn auto \ufffd" in lead.payload["transcript"]


BUBBLE_SHOWN_AT = """
new MutationObserver((changes, observer) => {
  if (document.querySelector("[data-testid=chat-bubble]")) {
    window.chatBubbleAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true});
"""


def test_the_bubble_waits_a_second_after_the_page(page: Page, site: Site) -> None:
    page.add_init_script(BUBBLE_SHOWN_AT)
    page.goto(site.url("/"))
    page.get_by_role("button", name=WORDS["nl"]["bubble"]).wait_for()
    parsed = page.evaluate(
        "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    assert page.evaluate("window.chatBubbleAt") - parsed >= 1000


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_failing_assistant_shows_error_then_the_fallback(page: Page, site: Site,
                                                           locale: str) -> None:
    page.add_init_script(RECORD_STATES)
    page.goto(site.url(HOME[locale]))
    connected(page)
    engine = make_engine(site.database_url)
    try:  # the assistant's data is gone: it cannot open
        with engine.begin() as connection:
            connection.execute(text("ALTER TABLE location RENAME TO location_away"))
        panel = open_chat(page, locale)
        expect(panel.get_by_text(WORDS[locale]["unavailable"])).to_be_visible()
    finally:
        with engine.begin() as connection:
            connection.execute(text("ALTER TABLE location_away RENAME TO location"))
        engine.dispose()
    assert page.evaluate("window.chatStates") == ["loading", "error", "fallback"]
    expect(panel.get_by_role("link", name=WORDS[locale]["form"])).to_have_attribute(
        "href", "/direct-contact" if locale == "nl" else "/de/direktkontakt")
    expect(panel.locator("a[href^='tel:']")).to_be_visible()
    expect(panel.locator("a[href^='mailto:']")).to_be_visible()
    panel.get_by_role("button", name=WORDS[locale]["retry"]).click()
    expect(panel.get_by_role("textbox", name=WORDS[locale]["question"])).to_be_visible()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_hand_over_stores_one_lead_with_the_conversation(page: Page, site: Site,
                                                             db: Engine, locale: str) -> None:
    page.goto(site.url(HOME[locale]))
    panel = open_chat(page, locale)
    ask(panel, locale, WORDS[locale]["stock"])
    expect(panel.locator(".chat-vehicle")).to_have_count(3)
    ask(panel, locale, WORDS[locale]["person"])
    send = panel.get_by_role("button", name=WORDS[locale]["details"])
    name = panel.get_by_role("textbox", name=WORDS[locale]["name"], exact=True)
    expect(name).to_have_attribute("aria-invalid", "false")
    send.click()  # nothing filled in: the form rules answer, nothing is stored
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(panel.locator("#chat-email-error")).not_to_be_empty()
    assert chat_leads(db) == []
    name.fill("Anna de Vries")
    panel.get_by_role("textbox", name=WORDS[locale]["email"]).fill("anna@example.nl")
    panel.get_by_role("checkbox").check()
    send.click()
    expect(panel.get_by_role("log").get_by_text(WORDS[locale]["thanks"])).to_be_visible()
    stored = chat_leads(db)
    assert len(stored) == 1
    assert stored[0].form_id == "chat_handover" and stored[0].locale == locale
    assert stored[0].payload["email"] == "anna@example.nl"
    assert WORDS[locale]["stock"] in stored[0].payload["transcript"]
    assert WORDS[locale]["person"] in stored[0].payload["transcript"]


def chat_vehicle(engine: Engine) -> str:
    """A vehicle whose deal types ask for the test drive in the chat."""
    with Session(engine) as session:
        return session.exec(
            select(Vehicle.slug).join(VehiclePrice).where(
                Vehicle.available == True, VehiclePrice.test_drive_mode == "autochat")  # noqa: E712
            .order_by(Vehicle.id)
        ).first()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_chat_variant_of_the_test_drive_ends_in_a_test_drive_lead(
        page: Page, site: Site, db: Engine, locale: str) -> None:
    slug = chat_vehicle(db)
    page.goto(site.url(f"{STOCK[locale]}/{slug}"))
    connected(page)
    page.get_by_role("link", name=WORDS[locale]["test_drive"]).first.click()
    panel = page.get_by_role("dialog", name="Chat")
    expect(panel.get_by_role("textbox", name=WORDS[locale]["date"])).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(slug) + "$"))  # no form page
    panel.get_by_role("textbox", name=WORDS[locale]["name"], exact=True).fill("Jan Schmidt")
    panel.get_by_role("textbox", name=WORDS[locale]["email"]).fill("jan@example.de")
    panel.get_by_role("textbox", name=WORDS[locale]["date"]).fill("2099-01-02")
    panel.get_by_role("checkbox").check()
    panel.get_by_role("button", name=WORDS[locale]["details"]).click()
    expect(panel.get_by_role("log").get_by_text(WORDS[locale]["thanks"])).to_be_visible()
    stored = chat_leads(db)
    assert [(lead.form_id, lead.vehicle_slug) for lead in stored] == [("chat_test_drive", slug)]
    assert stored[0].payload["preferred_date"] == "2099-01-02"


def test_keyboard_opens_and_closes_the_chat(page: Page, site: Site) -> None:
    page.goto(site.url("/de"))
    connected(page)
    bubble = page.get_by_role("button", name=WORDS["de"]["bubble"])
    bubble.focus()
    page.keyboard.press("Enter")
    question = page.get_by_role("textbox", name=WORDS["de"]["question"])
    expect(question).to_be_focused()
    expect(bubble).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Chat")).to_be_hidden()
    expect(bubble).to_be_focused()


def overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_bubble_and_panel_leave_the_contact_button_free(page: Page, site: Site, db: Engine,
                                                            viewport: dict) -> None:
    page.set_viewport_size(viewport)
    page.goto(site.url(f"/voorraad/{chat_vehicle(db)}"))
    connected(page)
    bubble = page.get_by_role("button", name=WORDS["nl"]["bubble"])
    contact = page.locator(".sticky-contact")
    assert not overlap(bubble.bounding_box(), contact.bounding_box())
    bubble.click()
    panel = page.get_by_role("dialog", name="Chat")
    expect(panel.get_by_role("textbox", name=WORDS["nl"]["question"])).to_be_visible()
    box = panel.bounding_box()
    assert not overlap(box, contact.bounding_box())
    assert not overlap(box, bubble.bounding_box())
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] >= 0


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_bubble_never_covers_the_consent_banner(browser: Browser, site: Site,
                                                    viewport: dict) -> None:
    context = browser.new_context(locale="en-US", viewport=viewport)
    page = context.new_page()
    try:
        page.goto(site.url("/"))
        banner = page.locator("#cc-main .cm")
        expect(banner).to_be_visible()
        page.wait_for_timeout(1500)  # past the bubble's delay
        bubble = page.get_by_role("button", name=WORDS["nl"]["bubble"])
        if bubble.is_visible():
            assert not overlap(bubble.bounding_box(), banner.bounding_box())
        banner.get_by_role("button").first.click()
        expect(banner).to_be_hidden()
        expect(bubble).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "viewport"), [("nl", PHONE), ("de", DESKTOP)])
def test_the_open_chat_has_no_serious_accessibility_violation(
        browser: Browser, site: Site, locale: str, viewport: dict) -> None:
    # The checker is let in by the browser (the page's CSP would refuse it).
    context = browser.new_context(locale="en-US", viewport=viewport, bypass_csp=True,
                                  storage_state={"cookies": [consent_cookie([])],
                                                 "origins": []})
    page = context.new_page()
    try:
        page.goto(site.url(HOME[locale]))
        panel = open_chat(page, locale)
        ask(panel, locale, WORDS[locale]["person"])
        expect(panel.get_by_role("button", name=WORDS[locale]["details"])).to_be_visible()
        assert violations(page) == []
    finally:
        context.close()
