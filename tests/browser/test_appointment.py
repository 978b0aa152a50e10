"""Appointment booking from a Button with the appointment plugin, in both languages: the
site's own request down to the stored lead and its calendar file, and a booking provider's
embed script (a stand-in on the loopback interface) loaded once after consent."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.db import make_engine
from dealer.leads.models import Lead
from tests.browser.conftest import BOOKING_PROVIDER_SCRIPT
from tests.browser.page_types import connected, tick
from tests.browser.test_accessibility import violations
from tests.conftest import Site, consent_cookie, wait_until
from tests.loopback import LoopbackService


def next_weekday(days: int = 2) -> dt.date:
    """A Tuesday to Friday at least ``days`` ahead (the workshops are open, no holiday)."""
    day = dt.date.today() + dt.timedelta(days=days)
    while day.weekday() not in (1, 2, 3, 4):
        day += dt.timedelta(days=1)
    return day


def next_sunday() -> dt.date:
    day = dt.date.today() + dt.timedelta(days=1)
    return day + dt.timedelta(days=(6 - day.weekday()) % 7)


@pytest.fixture
def db(site: Site) -> Iterator[Engine]:
    engine = make_engine(site.database_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM lead"))
    yield engine
    engine.dispose()


def leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead).order_by(Lead.id)))


TEXTS = {
    "nl": dict(path="/werkplaats", button="Afspraak maken", dialog="Afspraak maken",
               branch="Vestiging", choose="Rijnland Autogroep Arnhem", date="Datum", time="Tijd",
               name="Naam", email="E-mailadres", privacy="^Ik ga ermee akkoord",
               send="Afspraak aanvragen", category="Onderhoud in de werkplaats",
               success="Bedankt! Wij hebben uw afspraakverzoek ontvangen.",
               calendar="Toevoegen aan mijn agenda", file="afspraak.ics",
               no_times="Op deze dag zijn er bij deze vestiging geen tijden vrij."),
    "de": dict(path="/de/werkstatt", button="Termin vereinbaren", dialog="Termin vereinbaren",
               branch="Standort", choose="Rijnland Autogroep Köln", date="Datum", time="Uhrzeit",
               name="Name", email="E-Mail-Adresse", privacy="^Ich bin damit einverstanden",
               send="Termin anfragen", category="Werkstattservice",
               success="Vielen Dank! Wir haben Ihre Terminanfrage erhalten.",
               calendar="Zu meinem Kalender hinzufügen", file="termin.ics",
               no_times="An diesem Tag sind an diesem Standort keine Uhrzeiten frei."),
}


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_button_with_the_plugin_books_an_appointment_down_to_the_stored_lead(
    page: Page, site: Site, db: Engine, locale: str,
) -> None:
    t = TEXTS[locale]
    page.goto(site.url(t["path"]))
    connected(page)
    opener = page.get_by_role("link", name=t["button"]).first
    # Without scripting the Button is a link to the appointment page with its options.
    expect(opener).to_have_attribute("href", re.compile(r"product_category=workshop_service"))
    opener.click()
    dialog = page.get_by_role("dialog", name=t["dialog"])
    expect(dialog).to_be_visible()
    expect(page).to_have_url(site.url(t["path"]))  # the plugin opened, nothing navigated
    expect(dialog.get_by_role("radio", name=t["category"])).to_be_checked()

    dialog.get_by_role("combobox", name=t["branch"]).select_option(label=t["choose"])
    # A Sunday: the workshop is closed, no time is offered.
    dialog.locator("input[type=date]").fill(next_sunday().isoformat())
    expect(dialog.get_by_test_id("no-times")).to_contain_text(t["no_times"])
    day = next_weekday()
    dialog.locator("input[type=date]").fill(day.isoformat())
    times = dialog.get_by_role("combobox", name=t["time"])
    expect(times.locator("option")).to_have_count(21)  # 07:30 ... 17:00 and the placeholder
    times.select_option("09:30")
    dialog.get_by_role("textbox", name=t["name"], exact=True).fill("Anna de Vries")
    dialog.get_by_role("textbox", name=t["email"]).fill("anna@example.nl")
    tick(dialog.get_by_role("checkbox", name=re.compile(t["privacy"])))
    dialog.get_by_role("button", name=t["send"]).click()

    expect(dialog.get_by_test_id("appointment-success")).to_have_text(t["success"])
    expect(dialog.get_by_test_id("appointment-summary")).to_contain_text("09:30")
    (lead,) = leads(db)
    assert (lead.form_id, lead.locale, lead.source_page) == ("appointment", locale, t["path"])
    assert lead.payload["product_category"] == "workshop_service"
    assert lead.payload["date"] == day.isoformat() and lead.payload["time"] == "09:30"
    assert lead.payload["branch"] == ("arnhem" if locale == "nl" else "koeln")
    assert "09:30" in lead.subject

    with page.expect_download() as download:
        dialog.get_by_role("link", name=t["calendar"]).click()
    assert download.value.suggested_filename == t["file"]
    ical = open(download.value.path(), encoding="utf-8").read()  # noqa: SIM115
    starts = dt.datetime.combine(day, dt.time(9, 30), tzinfo=ZoneInfo("Europe/Amsterdam"))
    assert "BEGIN:VEVENT" in ical
    assert f"DTSTART:{starts.astimezone(dt.UTC):%Y%m%dT%H%M%S}Z" in ical
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(opener).to_be_focused()  # focus returns to the Button


def test_the_branch_page_button_preselects_its_branch_and_a_hidden_category(
    page: Page, site: Site, db: Engine,
) -> None:
    page.goto(site.url("/vestigingen/utrecht"))
    connected(page)
    button = page.get_by_role("link", name="Afspraak maken")
    expect(button).to_have_attribute("href", "/afspraak?location=utrecht")
    button.click()
    dialog = page.get_by_role("dialog", name="Afspraak maken")
    expect(dialog.get_by_role("combobox", name="Vestiging")).to_have_value("utrecht")
    page.keyboard.press("Escape")

    # The tyres Button hides the category: it is fixed by the Button.
    page.goto(site.url("/de/werkstatt"))
    connected(page)
    page.get_by_role("link", name="Reifenwechsel planen").click()
    dialog = page.get_by_role("dialog", name="Termin vereinbaren")
    expect(dialog.get_by_role("combobox", name="Standort")).to_have_value("kleve")
    expect(dialog.get_by_role("radiogroup")).to_have_count(0)


def test_the_appointment_page_works_without_the_dialog(page: Page, site: Site) -> None:
    html = httpx.get(site.url("/de/termin?location=kleve")).text
    assert "Termin vereinbaren" in html and "noindex" in html
    page.goto(site.url("/afspraak?location=venlo&product_category=test_drive"))
    connected(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Afspraak maken")
    expect(page.get_by_role("combobox", name="Vestiging")).to_have_value("venlo")
    expect(page.get_by_role("radio", name="Proefrit")).to_be_checked()


APPOINTMENT_PAGES = {"nl": "/afspraak", "de": "/de/termin"}
DRAFTS = "localStorage.getItem('form_drafts') || ''"


def shows_appointment(form: Locator, t: dict[str, str], day: dt.date, name: str) -> None:
    """The appointment form shows everything the visitor chose and typed (see below)."""
    expect(form.get_by_role("button", name=t["send"])).to_be_visible()
    expect(form.get_by_role("textbox", name=t["name"], exact=True)).to_have_value(name)
    expect(form.locator("input[type=date]")).to_have_value(day.isoformat())
    expect(form.get_by_role("combobox", name=t["time"])).to_have_value("09:30")
    expect(form.get_by_role("checkbox", name=re.compile(t["privacy"]))).to_be_checked()


def fill_appointment(form: Locator, t: dict[str, str], day: dt.date, name: str) -> None:
    """Choose a branch, a day and 09:30, type the name and tick the consent."""
    form.get_by_role("combobox", name=t["branch"]).select_option(label=t["choose"])
    form.locator("input[type=date]").fill(day.isoformat())
    form.get_by_role("combobox", name=t["time"]).select_option("09:30")
    form.get_by_role("textbox", name=t["name"], exact=True).fill(name)
    tick(form.get_by_role("checkbox", name=re.compile(t["privacy"])))


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_half_typed_appointment_outlives_the_servers_memory(
    browser: Browser, site: Site, db: Engine, locale: str,
) -> None:
    """What the visitor chose and typed is kept in the browser: a restart (as a deploy
    does), a reload and a tab the server never saw start from it; the stored request
    takes the draft with it. The dialog keeps its own draft, per Button."""
    t, day, path = TEXTS[locale], next_weekday(), APPOINTMENT_PAGES[locale]
    context = browser.new_context(storage_state={"cookies": [consent_cookie([])],
                                                 "origins": []})
    page = context.new_page()
    page.goto(site.url(path))
    connected(page)
    main = page.locator("#main-content")
    expect(main.get_by_role("button", name=t["send"])).to_be_visible()
    fill_appointment(main, t, day, "Anna de Vries")
    page.wait_for_function(f"({DRAFTS}).includes('Anna de Vries')")

    site.restart()  # every visitor's state on the server is gone
    shows_appointment(main, t, day, "Anna de Vries")  # the open page reconnects
    page.reload()
    shows_appointment(main, t, day, "Anna de Vries")
    later = context.new_page()  # a visitor the server has never seen
    later.goto(site.url(path))
    form = later.locator("#main-content")
    shows_appointment(form, t, day, "Anna de Vries")
    form.get_by_role("textbox", name=t["email"]).fill("anna@example.nl")
    form.get_by_role("button", name=t["send"]).click()
    expect(form.get_by_test_id("appointment-success")).to_have_text(t["success"])
    (lead,) = leads(db)
    assert (lead.payload["name"], lead.payload["time"]) == ("Anna de Vries", "09:30")
    # Once the request is stored, its draft is gone: the next visit starts empty.
    page.wait_for_function(f"!({DRAFTS}).includes('Anna de Vries')")
    later.reload()
    expect(form.get_by_role("button", name=t["send"])).to_be_visible()
    expect(form.get_by_role("textbox", name=t["name"], exact=True)).to_have_value("")

    # The dialog of a Button: in a tab the server never saw, the same Button's dialog
    # starts from its draft.
    page.goto(site.url(t["path"]))
    connected(page)
    page.get_by_role("link", name=t["button"]).first.click()
    fill_appointment(page.get_by_role("dialog", name=t["dialog"]), t, day, "Bram Smit")
    page.wait_for_function(f"({DRAFTS}).includes('Bram Smit')")
    later.goto(site.url(t["path"]))
    connected(later)
    later.get_by_role("link", name=t["button"]).first.click()
    dialog = later.get_by_role("dialog", name=t["dialog"])
    shows_appointment(dialog, t, day, "Bram Smit")
    expect(dialog.get_by_role("radio", name=t["category"])).to_be_checked()
    # The page without the Button's options is another form: nothing of this draft.
    later.goto(site.url(path))
    expect(form.get_by_role("button", name=t["send"])).to_be_visible()
    expect(form.get_by_role("textbox", name=t["name"], exact=True)).to_have_value("")
    context.close()


# --- a booking provider -------------------------------------------------------------------

EMPTY_SCRIPT = "window.bookingProviderRuns = (window.bookingProviderRuns || 0) + 1;"
NO_PLUGIN_SCRIPT = EMPTY_SCRIPT + "window.appointmentWidget = {plugins: {}};"


def _visitor(browser: Browser, categories: list[str]) -> Page:
    context = browser.new_context(storage_state={"cookies": [consent_cookie(categories)],
                                                 "origins": []})
    return context.new_page()


def test_the_provider_script_loads_once_after_consent_and_opens_its_widget(
    browser: Browser, integrations_site: Site, booking_provider: LoopbackService,
) -> None:
    booking_provider.answers["/embed.js"] = ("text/javascript", BOOKING_PROVIDER_SCRIPT)
    booking_provider.requests.clear()
    # Without functional consent nothing is loaded; the Button opens the site's own dialog.
    page = _visitor(browser, [])
    page.goto(integrations_site.url("/werkplaats"))
    connected(page)
    opener = page.get_by_role("link", name="Afspraak maken").first
    expect(opener).to_have_attribute("data-appointment", "site")
    opener.click()
    expect(page.get_by_role("dialog", name="Afspraak maken")).to_be_visible()
    assert booking_provider.requested("/embed.js") == []
    csp = httpx.get(integrations_site.url("/werkplaats")).headers["content-security-policy"]
    assert booking_provider.origin in csp.split("script-src")[1].split(";")[0]
    page.context.close()

    page = _visitor(browser, ["functional"])
    page.goto(integrations_site.url("/werkplaats"))
    connected(page)
    page.wait_for_function("window.bookingProviderRuns === 1")
    # Once the widget is there, the Buttons open it (before that: the site's dialog).
    opener = page.get_by_role("link", name="Afspraak maken").first
    expect(opener).to_have_attribute("data-appointment", "provider")
    opener.click()
    page.wait_for_function("window.providerOpened !== undefined")
    opened = page.evaluate("window.providerOpened")
    assert opened == {"make": "", "location": "", "product_category": "workshop_service",
                      "product_category_hidden": False}
    expect(page.get_by_role("dialog")).to_have_count(0)  # the provider's widget, not ours
    expect(page).to_have_url(integrations_site.url("/werkplaats"))
    # A second Button, and the branch page reached inside the app: still the one script.
    page.get_by_role("link", name="Bandenwissel plannen").click()
    assert page.evaluate("window.providerOpened.product_category_hidden") is True
    page.evaluate("window.history.pushState({}, '', '/vestigingen/utrecht');"
                  "window.dispatchEvent(new PopStateEvent('popstate'))")
    # The branch page's values have arrived: its Button names the branch.
    expect(page.locator("#main-content h1")).to_contain_text("Utrecht")
    opener = page.get_by_role("link", name="Afspraak maken")
    expect(opener).to_have_attribute("data-appointment", "provider")
    opener.click()
    page.wait_for_function("window.providerOpened.location === 'utrecht'")
    assert page.evaluate("window.bookingProviderRuns") == 1
    (loaded,) = booking_provider.requested("/embed.js")
    query = parse_qs(urlsplit(loaded.path).query)
    assert query["app"] == ["dealer-site"] and query["app_code"] == ["RA-2026"]
    assert query["autoenable"] == ["false"]
    assert json.loads(query["settings"][0]) == {"language": "auto"}
    page.context.close()


def _console(page: Page, kind: str, text: str, seen: list[str]) -> None:
    # the message follows the script's load event
    wait_until(lambda: any(text in message for message in seen),
               f"a console {kind} '{text}' (seen: {seen})")


@pytest.mark.parametrize(("script", "kind", "message", "locale"), [
    (EMPTY_SCRIPT, "error", "Appointment widget not found", "de"),
    (NO_PLUGIN_SCRIPT, "warning", "Appointment plugin not found", "nl"),
])
def test_a_missing_widget_or_plugin_is_logged_and_the_sites_dialog_takes_over(
    browser: Browser, integrations_site: Site, booking_provider: LoopbackService, script: str,
    kind: str, message: str, locale: str,
) -> None:
    booking_provider.answers["/embed.js"] = ("text/javascript", script)
    page = _visitor(browser, ["functional"])
    seen: list[str] = []
    page.on("console", lambda entry: seen.append(entry.text) if entry.type == kind else None)
    page.goto(integrations_site.url(TEXTS[locale]["path"]))
    connected(page)
    page.wait_for_function("window.bookingProviderRuns === 1")
    _console(page, kind, message, seen)
    page.get_by_role("link", name=TEXTS[locale]["button"]).first.click()
    expect(page.get_by_role("dialog", name=TEXTS[locale]["dialog"])).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_open_dialog_has_no_serious_accessibility_violation(
    browser: Browser, site: Site, locale: str,
) -> None:
    t = TEXTS[locale]
    context = browser.new_context(bypass_csp=True, storage_state={  # axe is let in
        "cookies": [consent_cookie([])], "origins": []})
    page = context.new_page()
    page.goto(site.url(t["path"]))
    connected(page)
    page.get_by_role("link", name=t["button"]).first.click()
    dialog = page.get_by_role("dialog", name=t["dialog"])
    dialog.get_by_role("button", name=t["send"]).click()  # with its error texts shown
    expect(dialog.get_by_test_id("field-error").first).to_be_visible()
    assert violations(page) == []
    context.close()
