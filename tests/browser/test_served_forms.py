"""Request forms in the served HTML: sent with JavaScript blocked, and typed into before the
app has taken over the page, in both languages, down to the stored lead."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from dealer.stock.models import Vehicle
from tests.browser.page_types import connected, scripts_held
from tests.conftest import Site

NEXT_WEEK = (dt.date.today() + dt.timedelta(days=7)).isoformat()
LANGUAGES = {
    "nl": {"path": "/voorraad/{vehicle}/proefrit", "name": "Naam", "email": "E-mailadres",
           "date": "Voorkeursdatum", "afternoon": "Middag", "consent": "^Ik ga ermee akkoord",
           "send": "Aanvraag versturen", "thanks": "Bedankt! We hebben uw aanvraag ontvangen.",
           "no_letter": "Naam moet een letter bevatten."},
    "de": {"path": "/de/angebote/{vehicle}/probefahrt", "name": "Name",
           "email": "E-Mail-Adresse", "date": "Wunschtermin", "afternoon": "Nachmittag",
           "consent": "^Ich bin damit einverstanden", "send": "Anfrage senden",
           "thanks": "Vielen Dank! Wir haben Ihre Anfrage erhalten.",
           "no_letter": "Name muss einen Buchstaben enthalten."},
}


def leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead).order_by(Lead.id)))


def on_sale(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available == True)  # noqa: E712
                            .order_by(Vehicle.id.desc())).first()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_test_drive_request_is_sent_and_acknowledged_without_javascript(
    browser: Browser, site: Site, db: Engine, locale: str,
) -> None:
    words, vehicle = LANGUAGES[locale], on_sale(db)
    path = words["path"].format(vehicle=vehicle)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url(path))
    form = page.get_by_role("form")
    form.get_by_label(words["name"]).fill("4711")  # the server's rules: a name has a letter
    form.get_by_label(words["email"]).fill("anna@example.nl")
    form.get_by_label(words["date"]).fill(NEXT_WEEK)
    form.get_by_role("radio", name=words["afternoon"]).check()
    form.get_by_role("checkbox", name=re.compile(words["consent"])).check()
    form.get_by_role("button", name=words["send"]).click()

    # The server answers the page again: the error beside its field, the rest as typed.
    expect(form.get_by_label(words["name"])).to_have_accessible_description(
        words["no_letter"])
    expect(form.get_by_label(words["email"])).to_have_value("anna@example.nl")
    expect(form.get_by_role("radio", name=words["afternoon"])).to_be_checked()
    assert leads(db) == []
    form.get_by_label(words["name"]).fill("Anna de Vries")
    form.get_by_role("button", name=words["send"]).click()

    expect(page.get_by_test_id("form-success")).to_have_text(words["thanks"])
    expect(page).to_have_url(site.url(f"{path}?sent=1"))
    (lead,) = leads(db)
    assert (lead.form_id, lead.locale, lead.vehicle_slug, lead.source_page) == (
        "vehicle_test_drive", locale, vehicle, path)
    assert lead.payload["name"] == "Anna de Vries" and lead.payload["branch"]
    assert (lead.payload["preferred_date"], lead.payload["time_of_day"]) == (NEXT_WEEK,
                                                                             "afternoon")
    context.close()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_what_is_typed_before_the_app_is_ready_is_what_the_app_sends(
    page: Page, site: Site, db: Engine, locale: str,
) -> None:
    words, vehicle = LANGUAGES[locale], on_sale(db)
    path = words["path"].format(vehicle=vehicle)
    served = page.locator("#served-form")
    with scripts_held(page):
        page.goto(site.url(path), wait_until="domcontentloaded")
        served.get_by_label(words["name"]).fill("Anna de Vries")
        served.get_by_label(words["email"]).fill("anna@example.nl")
        served.get_by_label(words["date"]).fill(NEXT_WEEK)
        served.get_by_role("radio", name=words["afternoon"]).check()
        served.get_by_role("checkbox", name=re.compile(words["consent"])).check()
        served.get_by_label(words["email"]).focus()
    expect(served).to_have_count(0)  # the app's form has taken its place
    expect(page.get_by_role("textbox", name=words["name"])).to_have_value("Anna de Vries")
    expect(page.get_by_role("textbox", name=words["email"])).to_be_focused()
    expect(page.get_by_role("radio", name=words["afternoon"])).to_be_checked()
    # Ticked once the server has it, and everything handed over before it.
    expect(page.get_by_role("checkbox", name=re.compile(words["consent"]))).to_be_checked()
    page.get_by_role("button", name=words["send"]).click()

    expect(page.get_by_test_id("form-success")).to_have_text(words["thanks"])
    (lead,) = leads(db)
    assert (lead.form_id, lead.locale, lead.vehicle_slug) == ("vehicle_test_drive", locale,
                                                              vehicle)
    assert (lead.payload["name"], lead.payload["email"]) == ("Anna de Vries", "anna@example.nl")
    assert (lead.payload["preferred_date"], lead.payload["time_of_day"]) == (NEXT_WEEK,
                                                                             "afternoon")

    # Sent with the served form before the app took over: the app acknowledges it too.
    page.goto(site.url(f"{path}?sent=1"))
    connected(page)
    expect(page.get_by_test_id("form-success")).to_have_text(words["thanks"])
    expect(page.locator("#crawler-main")).to_have_count(0)


@pytest.mark.parametrize(("path", "heading"), [("/direct-contact", "Direct contact"),
                                               ("/de/direktkontakt", "Direktkontakt")])
def test_until_the_app_takes_over_the_served_copy_is_the_only_page_read_out(
    page: Page, site: Site, path: str, heading: str,
) -> None:
    main = page.locator("#main-content")
    with scripts_held(page):
        page.goto(site.url(path), wait_until="domcontentloaded")
        # The app's part under the copy (its heading, its form still loading) is hidden
        # and inert: one heading for a screen reader, not two.
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        expect(main).to_have_attribute("aria-hidden", "true")
    expect(page.locator("#crawler-main")).to_have_count(0)
    expect(main).not_to_have_attribute("aria-hidden", "true")
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)


@pytest.mark.parametrize(("path", "heading", "form"), [
    ("/direct-contact", "Direct contact", True), ("/de/direktkontakt", "Direktkontakt", True),
    ("/voorraad", "Voorraad", False), ("/de/angebote", "Fahrzeugangebot", False),
])
def test_without_javascript_one_page_shows(browser: Browser, site: Site, path: str,
                                           heading: str, form: bool) -> None:
    """The served copy, or the app's part where the server filled it: never both."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url(path))
    expect(page.get_by_role("heading", level=1)).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("#served-form")).to_be_visible(visible=form)
    expect(page.locator("#stock-filters")).to_be_visible(visible=not form)
    context.close()
