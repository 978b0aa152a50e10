"""Job vacancies as an applicant meets them, in both languages: the list and its filters,
a vacancy, and an application with a CV (a PDF and a Word document are taken; a 6 MB PDF,
a program renamed to .pdf and a web page behind a PDF header are refused with the
reason), down to the stored lead and its file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead, LeadAttachment, PendingUpload
from tests import documents
from tests.browser.page_types import tick
from tests.conftest import Site

PDF = documents.pdf()
MOTIVATION = ("Ik werk al acht jaar als monteur en wil graag aan elektrische auto's werken "
              "in een team dat opleidingen serieus neemt.")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A CV, one as a Word document, a CV of 6 MB, a Windows program renamed to cv.pdf
    and a web page with a script behind a PDF header, also named cv.pdf."""
    made = {"cv": PDF, "docx": documents.docx(), "big": PDF + b"0" * (6 * 1024 * 1024),
            "program": b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 4000,
            "disguised": documents.HTML_AS_PDF}
    paths = {}
    for name, data in made.items():
        path = tmp_path / name / {"big": "groot-cv.pdf", "docx": "cv.docx"}.get(name, "cv.pdf")
        path.parent.mkdir()
        path.write_bytes(data)
        paths[name] = path
    return paths


def choose(page: Page, path: Path) -> None:
    page.get_by_test_id("cv-upload").locator("input[type=file]").set_input_files(path)


@pytest.mark.parametrize("case", [
    {"list": "/vacatures", "heading": "Werken bij Rijnland Autogroep",
     "department": "Service", "branch": "Rijnland Autogroep Utrecht", "count": "3 vacatures",
     "job": "Autotechnicus", "path": "/vacatures/autotechnicus-utrecht", "fact": "Fulltime",
     "apply": "Solliciteer op deze vacature", "name": "Naam", "email": "E-mailadres",
     "motivation": "Waarom wilt u deze baan?", "consent": "^Ik ga ermee akkoord",
     "too_large": "Dit bestand is groter dan 5 MB. Stuur een kleiner bestand.",
     "not_a_cv": "Dit bestand is geen pdf-, Word- (.docx) of OpenDocument-document (.odt). "
                 "Kies uw cv in een van deze formaten.",
     "send": "Sollicitatie versturen", "thanks": "Bedankt! We hebben uw sollicitatie ontvangen.",
     "locale": "nl"},
    {"list": "/de/stellenangebote", "heading": "Karriere bei Rijnland Autogroep",
     "department": "Service", "branch": "Rijnland Autogroep Köln",
     "count": "3 Stellenangebote", "job": "Kfz-Mechatroniker (m/w/d)",
     "path": "/de/stellenangebote/kfz-mechatroniker-koeln", "fact": "Vollzeit",
     "apply": "Jetzt bewerben", "name": "Name", "email": "E-Mail-Adresse",
     "motivation": "Warum möchten Sie diese Stelle?", "consent": "^Ich bin damit einverstanden",
     "too_large": "Diese Datei ist größer als 5 MB. Bitte senden Sie eine kleinere Datei.",
     "not_a_cv": "Diese Datei ist kein PDF-, Word- (.docx) oder OpenDocument-Dokument (.odt). "
                 "Bitte wählen Sie Ihren Lebenslauf in einem dieser Formate.",
     "send": "Bewerbung senden", "thanks": "Vielen Dank! Wir haben Ihre Bewerbung erhalten.",
     "locale": "de"},
], ids=["nl", "de"])
def test_list_vacancy_and_application_with_a_cv(
    page: Page, site: Site, db: Engine, files: dict[str, Path], case: dict[str, str],
) -> None:
    page.goto(site.url(case["list"]))
    expect(page.get_by_role("heading", level=1)).to_have_text(case["heading"])
    vacancies = page.get_by_test_id("vacancy-list")
    cards = vacancies.get_by_test_id("content-card")
    expect(cards).to_have_count(6)
    filters = page.get_by_test_id("vacancy-filters")
    filters.get_by_role("link", name=case["department"], exact=True).click()
    expect(page).to_have_url(re.compile(r"\?department=service$"))
    expect(vacancies.get_by_role("heading", level=2)).to_have_text(case["count"])
    expect(cards).to_have_count(3)
    filters.get_by_role("link", name=case["branch"]).click()
    expect(page).to_have_url(re.compile(r"\?branch=[a-z]+&department=service$"))
    expect(cards).to_have_count(1)

    cards.first.get_by_role("link").first.click()
    expect(page).to_have_url(site.url(case["path"]))
    expect(page.get_by_role("heading", level=1)).to_have_text(case["job"])
    expect(page.get_by_test_id("vacancy-facts")).to_contain_text(case["fact"])
    page.get_by_role("link", name=case["apply"]).first.click()

    expect(page.get_by_role("heading", level=1)).to_have_text(case["apply"])
    expect(page.get_by_role("button", name=case["send"])).to_be_visible()
    expect(page.get_by_test_id("form-subject")).to_contain_text(case["job"])
    upload = page.get_by_test_id("cv-upload")
    choose(page, files["big"])
    expect(page.get_by_test_id("field-error")).to_have_text(case["too_large"])
    for refused in ("program", "disguised"):
        choose(page, files["cv"])
        expect(page.get_by_test_id("field-error")).to_have_count(0)
        choose(page, files[refused])
        expect(page.get_by_test_id("field-error")).to_have_text(case["not_a_cv"])
        expect(upload).to_have_attribute("aria-invalid", "true")
    choose(page, files["docx"])  # the file chooser lets Word documents through too
    expect(page.get_by_test_id("file-chosen")).to_have_text("cv.docx (1 KB)")
    choose(page, files["program"])  # the wrong file, and at once the right one: it counts
    choose(page, files["cv"])
    expect(page.get_by_test_id("file-chosen")).to_have_text("cv.pdf (1 KB)")
    expect(page.get_by_test_id("field-error")).to_have_count(0)

    page.get_by_role("textbox", name=case["name"]).fill("Sanne Visser")
    page.get_by_role("textbox", name=case["email"]).fill("sanne@example.nl")
    page.get_by_role("textbox", name=case["motivation"]).fill(MOTIVATION)
    tick(page.get_by_role("checkbox", name=re.compile(case["consent"])))
    page.get_by_role("button", name=case["send"]).click()
    expect(page.get_by_test_id("form-success")).to_have_text(case["thanks"])

    with Session(db) as session:
        (lead,) = session.exec(select(Lead)).all()
        (attachment,) = session.exec(select(LeadAttachment)).all()
        waiting = session.exec(select(PendingUpload)).all()
    assert waiting == []  # files replaced or refused later went; the last one is the lead's
    slug = case["path"].rsplit("/", 1)[1]
    assert (lead.form_id, lead.locale, lead.subject) == ("job_application", case["locale"],
                                                          case["job"])
    assert lead.payload["cv"] == "cv.pdf" and lead.payload["calculation"]["vacancy"] == slug
    assert (attachment.lead_id, attachment.filename, attachment.size) == (lead.id, "cv.pdf",
                                                                          len(PDF))
    stored = Path(site.env["DEALER_UPLOAD_DIR"]) / "leads" / f"{attachment.token}.pdf"
    assert stored.read_bytes() == PDF  # outside the web root, as sent
    assert page.request.get(site.url(f"/{attachment.token}.pdf")).status == 404
