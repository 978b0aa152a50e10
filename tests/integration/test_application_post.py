"""A job application sent by the browser itself (before the app has taken over, or without
JavaScript): the served form with its CV field, its multipart POST to its own page, the
stored lead with its CV, and the answers to hostile bodies (never a server error)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import settings as settings_module
from dealer.forms.uploads import MAX_BYTES
from dealer.leads.models import LeadAttachment, PendingUpload
from dealer.leads.store import RATE_LIMIT
from dealer.web.body_limit import MAX_BODY_BYTES
from tests import documents
from tests.integration.test_form_post import (  # noqa: F401 - fixtures
    SITE,
    engine,
    leads,
    monkeypatch_module,
    run,
    served,
    site,
)

PDF = documents.pdf()
BOUNDARY = "----WebKitFormBoundaryq1W2e3R4t5Y6"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"
PAGES = {"nl": "/vacatures/autotechnicus-utrecht/solliciteren",
         "de": "/de/stellenangebote/kfz-mechatroniker-koeln/bewerben"}
WORDS = {
    "nl": {"fix": "Controleer de rood gemarkeerde velden.",
           "again": "kies uw cv opnieuw",
           "not_a_cv": "Dit bestand is geen pdf-, Word- (.docx) of OpenDocument-document (.odt).",
           "too_large": "Dit bestand is groter dan 5 MB. Stuur een kleiner bestand.",
           "empty": "Dit bestand is leeg.",
           "malformed": "Het formulier kon niet worden gelezen",
           "no_cv": "Voeg uw cv toe.",
           "rate": "U heeft in korte tijd meerdere aanvragen verstuurd"},
    "de": {"fix": "Bitte prüfen Sie die rot markierten Felder.",
           "again": "Bitte wählen Sie Ihren Lebenslauf erneut aus.",
           "not_a_cv": "Diese Datei ist kein PDF-, Word- (.docx) oder OpenDocument-Dokument "
                       "(.odt).",
           "too_large": "Diese Datei ist größer als 5 MB. Bitte senden Sie eine kleinere Datei.",
           "empty": "Diese Datei ist leer.",
           "malformed": "Das Formular konnte nicht gelesen werden",
           "no_cv": "Bitte fügen Sie Ihren Lebenslauf hinzu.",
           "rate": "Sie haben in kurzer Zeit mehrere Anfragen gesendet"},
}
PROGRAM = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 4000


@pytest.fixture(scope="module", autouse=True)
def upload_dir(tmp_path_factory: pytest.TempPathFactory,
               monkeypatch_module: pytest.MonkeyPatch) -> Iterator[Path]:  # noqa: F811
    folder = tmp_path_factory.mktemp("uploads")
    monkeypatch_module.setenv("DEALER_UPLOAD_DIR", str(folder))
    settings_module.get_settings.cache_clear()
    yield folder
    settings_module.get_settings.cache_clear()


@pytest.fixture(autouse=True)
def no_waiting_files(engine: Engine) -> None:  # noqa: F811
    with Session(engine) as session:
        for row in session.exec(select(PendingUpload)):
            session.delete(row)
        session.commit()


def application(key: str, **changes: str) -> dict[str, str]:
    return {"request_key": key, "name": "Sanne Visser", "email": "sanne@example.nl",
            "phone": "",
            "motivation": "Ik werk al acht jaar als monteur en wil graag aan elektrische "
                          "auto's werken.",
            "privacy": "on", "website": "", **changes}


def body(fields: dict[str, str], cv: tuple[str, bytes] | None = None) -> bytes:
    """The form as a browser encodes it, the CV last."""
    parts = [f'Content-Disposition: form-data; name="{name}"\r\n\r\n{value}'.encode()
             for name, value in fields.items()]
    if cv is not None:
        parts.append(f'Content-Disposition: form-data; name="cv"; filename="{cv[0]}"\r\n'
                     f"Content-Type: application/pdf\r\n\r\n".encode() + cv[1])
    delimiter = b"--" + BOUNDARY.encode()
    return b"".join(delimiter + b"\r\n" + part + b"\r\n" for part in parts) + delimiter + b"--\r\n"


async def send(site: httpx.AsyncClient, path: str, content: bytes,  # noqa: F811
               content_type: str = MULTIPART, origin: str = SITE) -> httpx.Response:
    return await site.post(path, content=content,
                           headers={"origin": origin, "content-type": content_type})


def waiting(engine: Engine) -> list[PendingUpload]:  # noqa: F811
    with Session(engine) as session:
        return list(session.exec(select(PendingUpload)))


def attachments(engine: Engine) -> list[LeadAttachment]:  # noqa: F811
    with Session(engine) as session:
        return list(session.exec(select(LeadAttachment)))


def test_the_served_application_is_a_form_that_sends_a_file(
        site: httpx.AsyncClient) -> None:  # noqa: F811
    page, key = run(served(site, PAGES["de"]))
    form = re.search(r'<form method="post"[^>]*id="served-form".*?</form>', page).group(0)
    assert form.startswith('<form method="post" enctype="multipart/form-data" ')
    assert 'action=' not in form and "JavaScript" not in page.split("</head>", 1)[1]
    cv = re.search(r'<input type="file" [^>]*>', form).group(0)
    assert 'id="served-job-application-cv" name="cv" required' in cv
    assert '<label for="served-job-application-cv">Ihr Lebenslauf' in form
    assert 'name="motivation" required' in form and 'maxlength="2000"' in form
    assert "Bewerbung senden</button>" in form and len(key) >= 16


def test_an_application_is_stored_once_with_its_cv(
        site: httpx.AsyncClient, engine: Engine, upload_dir: Path) -> None:  # noqa: F811
    path = PAGES["nl"]
    _, key = run(served(site, path))
    sent = body(application(key), ("Sanne Visser CV.pdf", PDF))
    first, second = run(send(site, path, sent)), run(send(site, path, sent))
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == f"{path}?sent=1"
    (lead,) = leads(engine)
    assert (lead.form_id, lead.locale, lead.source_page, lead.idempotency_key) == (
        "job_application", "nl", path, key)
    assert lead.payload["cv"] == "Sanne Visser CV.pdf" and lead.payload["privacy"] is True
    assert lead.subject == "Autotechnicus"
    (attachment,) = attachments(engine)
    assert (attachment.lead_id, attachment.filename, attachment.content_type) == (
        lead.id, "Sanne Visser CV.pdf", "application/pdf")
    assert (upload_dir / "leads" / f"{attachment.token}.pdf").read_bytes() == PDF
    # The second send's file was not kept: the same application, no file left waiting.
    assert waiting(engine) == [] and list((upload_dir / "pending").iterdir()) == []
    thanks = run(site.get(first.headers["location"])).text
    assert "Bedankt! We hebben uw sollicitatie ontvangen." in thanks


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_errors_keep_every_value_and_ask_for_the_cv_again(
        site: httpx.AsyncClient, engine: Engine, locale: str) -> None:  # noqa: F811
    path, words = PAGES[locale], WORDS[locale]
    _, key = run(served(site, path))
    sent = application(key, name="4711", motivation='Graag "morgen" <b>al</b>')
    response = run(send(site, path, body(sent, ("cv.pdf", PDF))))
    page = response.text
    assert response.status_code == 200 and leads(engine) == [] and waiting(engine) == []
    assert words["fix"] in page and 'id="served-job-application-name-error"' in page
    assert 'value="4711" id="served-job-application-name"' in page
    assert 'value="sanne@example.nl" id="served-job-application-email"' in page
    assert "Graag &quot;morgen&quot; &lt;b&gt;al&lt;/b&gt;</textarea>" in page
    assert re.search(r'name="privacy" value="on" checked', page)
    assert f'name="request_key" value="{key}"' in page
    cv_error = re.search(r'id="served-job-application-cv-error" class="served-error">([^<]+)<',
                         page).group(1)
    assert words["again"] in cv_error


@pytest.mark.parametrize(("locale", "cv", "problem"), [
    ("nl", ("cv.pdf", PROGRAM), "not_a_cv"),
    ("de", ("cv.pdf", documents.HTML_AS_PDF), "not_a_cv"),
    ("nl", ("leeg.pdf", b""), "empty"),
    ("de", ("gross.pdf", PDF + b"0" * MAX_BYTES), "too_large"),
    ("nl", None, "no_cv"),
], ids=["program", "web-page-as-pdf", "empty", "over-5-mb", "none"])
def test_a_cv_that_is_refused_is_named_beside_its_field(
        site: httpx.AsyncClient, engine: Engine, locale: str,  # noqa: F811
        cv: tuple[str, bytes] | None, problem: str) -> None:
    path, words = PAGES[locale], WORDS[locale]
    _, key = run(served(site, path))
    response = run(send(site, path, body(application(key), cv)))
    assert response.status_code == 200, response.text[:300]
    assert leads(engine) == [] and waiting(engine) == []
    cv_error = re.search(r'id="served-job-application-cv-error" class="served-error">([^<]+)<',
                         response.text).group(1)
    assert words[problem] in cv_error and words["fix"] in response.text
    assert 'value="Sanne Visser"' in response.text


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_a_body_over_the_limit_is_refused_with_the_reason(
        site: httpx.AsyncClient, engine: Engine, locale: str) -> None:  # noqa: F811
    path, words = PAGES[locale], WORDS[locale]
    _, key = run(served(site, path))
    big = body(application(key), ("cv.pdf", PDF + b"0" * MAX_BODY_BYTES))
    announced = run(send(site, path, big))

    async def streamed() -> httpx.Response:  # no length announced: cut off at the limit
        async def chunks():
            for start in range(0, len(big), 256 * 1024):
                yield big[start:start + 256 * 1024]
        return await site.post(path, content=chunks(),
                               headers={"origin": SITE, "content-type": MULTIPART})

    for response in (announced, run(streamed())):
        assert response.status_code == 413
        assert words["too_large"] in response.text and 'id="served-form"' in response.text
    assert leads(engine) == [] and waiting(engine) == []


@pytest.mark.parametrize(("content", "content_type"), [
    (body(application("k" * 32), ("cv.pdf", PDF)), "multipart/form-data; boundary=other"),
    (body(application("k" * 32), ("cv.pdf", PDF)), "multipart/form-data"),
    (body(application("k" * 32), ("cv.pdf", PDF)), "multipart/form-data; boundary=" + "x" * 71),
    (body(application("k" * 32), ("cv.pdf", PDF))[:-40], MULTIPART),
    (body({f"field{n}": "x" for n in range(60)}), MULTIPART),
    (body(application("k" * 32)).replace(b"form-data; ", b"attachment; ", 1), MULTIPART),
    (PDF, "application/pdf"),
], ids=["wrong-boundary", "no-boundary", "long-boundary", "cut-short", "too-many-parts",
        "not-form-data", "a-bare-file"])
def test_a_malformed_body_is_answered_with_the_form_and_why(
        site: httpx.AsyncClient, engine: Engine, content: bytes,  # noqa: F811
        content_type: str) -> None:
    response = run(send(site, PAGES["de"], content, content_type))
    assert response.status_code == 400
    assert WORDS["de"]["malformed"] in response.text and 'id="served-form"' in response.text
    assert leads(engine) == [] and waiting(engine) == []


def test_other_sites_cannot_send_an_application(
        site: httpx.AsyncClient, engine: Engine) -> None:  # noqa: F811
    path = PAGES["nl"]
    _, key = run(served(site, path))
    for origin in ("https://evil.example", "null"):
        response = run(send(site, path, body(application(key, name="Mallory Evil"),
                                             ("cv.pdf", PDF)), origin=origin))
        assert response.status_code == 403 and "Mallory" not in response.text
        assert WORDS["nl"]["malformed"] in response.text
    assert leads(engine) == [] and waiting(engine) == []


def test_an_applicant_is_rate_limited_as_in_the_app(
        site: httpx.AsyncClient, engine: Engine) -> None:  # noqa: F811
    for _ in range(RATE_LIMIT):
        _, key = run(served(site, PAGES["nl"]))
        sent = body(application(key), ("cv.pdf", PDF))
        assert run(send(site, PAGES["nl"], sent)).status_code == 303
    _, key = run(served(site, PAGES["de"]))
    refused = run(send(site, PAGES["de"], body(application(key), ("cv.pdf", PDF))))
    assert refused.status_code == 429 and len(leads(engine)) == RATE_LIMIT
    assert WORDS["de"]["rate"] in refused.text and 'value="Sanne Visser"' in refused.text
    assert waiting(engine) == []  # the CV of the refused application is not kept


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(content=st.one_of(
    st.binary(max_size=300),
    st.lists(st.sampled_from([
        b"--" + BOUNDARY.encode() + b"\r\n", b"--" + BOUNDARY.encode() + b"--\r\n", b"\r\n",
        b'Content-Disposition: form-data; name="name"\r\n\r\nAnna',
        b'Content-Disposition: form-data; name="cv"; filename="x.pdf"\r\n\r\n%PDF-1.4',
        b'Content-Disposition: form-data; name="request_key"\r\n\r\n' + b"k" * 32,
        b"Content-Disposition: form-data; name=\r\n\r\n", b"\x00\xff", b"%PDF-1.7\n",
    ]), max_size=12).map(b"".join),
), content_type=st.sampled_from([MULTIPART, f'multipart/form-data; boundary="{BOUNDARY}"',
                                 "multipart/form-data; boundary=", "text/plain", ""]))
def test_garbage_bodies_never_give_a_server_error(site: httpx.AsyncClient,  # noqa: F811
                                                  content: bytes, content_type: str) -> None:
    response = run(send(site, PAGES["de"], content, content_type))
    assert response.status_code in (200, 303, 400)
    assert "Traceback" not in response.text
