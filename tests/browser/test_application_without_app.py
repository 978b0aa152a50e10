"""A job application in the served HTML, in both languages: sent with its CV while the
app's JavaScript is blocked (an error answered with every typed value kept and the CV
asked for again, then the acknowledgement and the stored application with its file), and
filled in before the app has taken over, the chosen CV included, then sent by the app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead, LeadAttachment
from tests import documents
from tests.browser.page_types import scripts_held
from tests.conftest import Site

PDF = documents.pdf()
MOTIVATION = ("Ik werk al acht jaar als monteur en wil graag aan elektrische auto's werken "
              "in een team dat opleidingen serieus neemt.")
LANGUAGES = {
    "nl": {"path": "/vacatures/autotechnicus-utrecht/solliciteren", "job": "Autotechnicus",
           "name": "Naam", "email": "E-mailadres", "motivation": "Waarom wilt u deze baan?",
           "cv": "Uw cv", "consent": "^Ik ga ermee akkoord", "send": "Sollicitatie versturen",
           "no_letter": "Naam moet een letter bevatten.",
           "again": "Uw browser kan een gekozen bestand niet bewaren als het formulier "
                    "terugkomt: kies uw cv opnieuw.",
           "thanks": "Bedankt! We hebben uw sollicitatie ontvangen."},
    "de": {"path": "/de/stellenangebote/kfz-mechatroniker-koeln/bewerben",
           "job": "Kfz-Mechatroniker (m/w/d)", "name": "Name", "email": "E-Mail-Adresse",
           "motivation": "Warum möchten Sie diese Stelle?", "cv": "Ihr Lebenslauf",
           "consent": "^Ich bin damit einverstanden", "send": "Bewerbung senden",
           "no_letter": "Name muss einen Buchstaben enthalten.",
           "again": "Ihr Browser kann eine ausgewählte Datei nicht behalten, wenn das Formular "
                    "zurückkommt: Bitte wählen Sie Ihren Lebenslauf erneut aus.",
           "thanks": "Vielen Dank! Wir haben Ihre Bewerbung erhalten."},
}


@pytest.fixture
def cv(tmp_path: Path) -> Path:
    path = tmp_path / "Sanne Visser CV.pdf"
    path.write_bytes(PDF)
    return path


def stored_application(engine: Engine, site: Site) -> tuple[Lead, LeadAttachment, bytes]:
    """The one application stored, its CV's record and the CV as the site keeps it."""
    with Session(engine) as session:
        (lead,) = session.exec(select(Lead)).all()
        (attachment,) = session.exec(select(LeadAttachment)
                                     .where(LeadAttachment.lead_id == lead.id)).all()
    kept = Path(site.env["DEALER_UPLOAD_DIR"]) / "leads" / f"{attachment.token}.pdf"
    return lead, attachment, kept.read_bytes()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_an_application_with_a_cv_is_sent_and_acknowledged_without_javascript(
    browser: Browser, site: Site, db: Engine, cv: Path, locale: str,
) -> None:
    words = LANGUAGES[locale]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url(words["path"]))
    form = page.get_by_role("form")
    form.get_by_label(words["name"]).fill("4711")  # the server's rules: a name has a letter
    form.get_by_label(words["email"]).fill("sanne@example.nl")
    form.get_by_label(words["motivation"]).fill(MOTIVATION)
    form.get_by_label(words["cv"]).set_input_files(cv)
    form.get_by_role("checkbox", name=re.compile(words["consent"])).check()
    form.get_by_role("button", name=words["send"]).click()

    # The page comes back: the error beside its field, what was typed kept, the CV asked
    # for again beside its field (a browser cannot keep a chosen file).
    expect(form.get_by_label(words["name"])).to_have_accessible_description(
        words["no_letter"])
    expect(form.get_by_label(words["email"])).to_have_value("sanne@example.nl")
    expect(form.get_by_label(words["motivation"])).to_have_value(MOTIVATION)
    expect(form.get_by_role("checkbox", name=re.compile(words["consent"]))).to_be_checked()
    expect(form.get_by_label(words["cv"])).to_have_accessible_description(
        re.compile(re.escape(words["again"])))
    with Session(db) as session:
        assert session.exec(select(Lead)).all() == []
    form.get_by_label(words["name"]).fill("Sanne Visser")
    form.get_by_label(words["cv"]).set_input_files(cv)
    form.get_by_role("button", name=words["send"]).click()

    expect(page.get_by_test_id("form-success")).to_have_text(words["thanks"])
    expect(page).to_have_url(site.url(f"{words['path']}?sent=1"))
    lead, attachment, kept = stored_application(db, site)
    assert (lead.form_id, lead.locale, lead.subject, lead.source_page) == (
        "job_application", locale, words["job"], words["path"])
    assert (lead.payload["name"], lead.payload["motivation"]) == ("Sanne Visser", MOTIVATION)
    assert lead.payload["cv"] == attachment.filename == "Sanne Visser CV.pdf"
    assert attachment.content_type == "application/pdf" and kept == PDF
    context.close()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_cv_chosen_before_the_app_is_ready_is_the_one_the_app_sends(
    page: Page, site: Site, db: Engine, cv: Path, locale: str,
) -> None:
    words = LANGUAGES[locale]
    served = page.locator("#served-form")
    with scripts_held(page):
        page.goto(site.url(words["path"]), wait_until="domcontentloaded")
        served.get_by_label(words["name"]).fill("Sanne Visser")
        served.get_by_label(words["email"]).fill("sanne@example.nl")
        served.get_by_label(words["motivation"]).fill(MOTIVATION)
        served.get_by_label(words["cv"]).set_input_files(cv)
        served.get_by_role("checkbox", name=re.compile(words["consent"])).check()
    expect(served).to_have_count(0)  # the app's form has taken its place
    expect(page.get_by_role("textbox", name=words["name"])).to_have_value("Sanne Visser")
    expect(page.get_by_test_id("file-chosen")).to_have_text("Sanne Visser CV.pdf (1 KB)")
    expect(page.get_by_role("checkbox", name=re.compile(words["consent"]))).to_be_checked()
    page.get_by_role("button", name=words["send"]).click()

    expect(page.get_by_test_id("form-success")).to_have_text(words["thanks"])
    lead, attachment, kept = stored_application(db, site)
    assert (lead.form_id, lead.locale, lead.payload["email"]) == ("job_application", locale,
                                                                  "sanne@example.nl")
    assert attachment.filename == "Sanne Visser CV.pdf" and kept == PDF
