"""Job applications in a real SQLite database: the CV a visitor may leave waiting (quotas
per visitor and in all, the free disk), the one a lead claims, listed with the lead and
attached to the dealer's mail under the site's name with its checked type."""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import settings as settings_module
from dealer.disk import MB
from dealer.forms import filetypes, uploads
from dealer.forms.definitions import HONEYPOT
from dealer.leads import __main__ as cli
from dealer.leads.models import Lead, LeadAttachment, PendingUpload
from dealer.leads.outbox import process_outbox
from dealer.leads.report import lead_rows
from dealer.leads.store import InvalidSubmissionError, client_key, store_lead
from dealer.settings import Settings
from tests import documents
from tests.integration.test_leads_outbox import SmtpSink, smtp_sink  # noqa: F401 - fixture

PDF = documents.pdf()
NOW = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
NO_CHANNELS = Settings(smtp_host=None, lead_mail_to=None, lead_webhook_url=None)
VISITOR = client_key("198.51.100.9")
OTHER = client_key("203.0.113.40")


@pytest.fixture(autouse=True)
def upload_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("DEALER_UPLOAD_DIR", str(tmp_path / "uploads"))
    settings_module.get_settings.cache_clear()
    yield tmp_path / "uploads"
    settings_module.get_settings.cache_clear()


def keep(engine: Engine, data: bytes = PDF, name: str = "Sanne Visser CV.pdf",
         visitor: str = VISITOR, **options: object) -> uploads.StoredUpload | str:
    kind = filetypes.detect(data)  # as the server's check in its own process finds it
    assert kind is not None
    return uploads.keep(data, kind, name, visitor, engine=engine,
                        **{"now": NOW, **options})  # type: ignore[arg-type]


def kept(engine: Engine, data: bytes = PDF, **options: object) -> uploads.StoredUpload:
    stored = keep(engine, data, **options)
    assert isinstance(stored, uploads.StoredUpload), stored
    return stored


def pending(engine: Engine) -> list[PendingUpload]:
    with Session(engine) as session:
        return list(session.exec(select(PendingUpload)).all())


def apply(engine: Engine, token: str, key: str = "application-key-0001",
          settings: Settings = NO_CHANNELS, file_name: str = "Sanne Visser CV.pdf"):
    return store_lead(
        form_id="job_application",
        values={"name": "Sanne Visser", "email": "sanne@example.nl", "phone": "",
                "motivation": "Acht jaar ervaring als monteur, nu klaar voor elektrische auto's.",
                "cv": token, "privacy": "on", HONEYPOT: ""},
        locale="nl", source_page="/vacatures/autotechnicus-utrecht/solliciteren",
        client_key=VISITOR, idempotency_key=key,
        subject="Autotechnicus", calculation={"vacancy": "autotechnicus-utrecht"},
        file_names={"cv": file_name}, engine=engine, settings=settings, now=NOW,
    )


def test_an_application_claims_its_cv_and_lists_it(
    empty_engine: Engine, upload_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    upload = kept(empty_engine)
    folder = upload_dir / "pending"
    assert (folder / f"{upload.token}.pdf").read_bytes() == PDF
    assert (folder / f"{upload.token}.pdf").stat().st_mode & 0o777 == 0o600
    assert [(row.client_key, row.size) for row in pending(empty_engine)] == [(VISITOR, len(PDF))]
    stored = apply(empty_engine, upload.token)
    assert stored is not None and stored.created
    with Session(empty_engine) as session:
        lead = session.get(Lead, stored.id)
        (attachment,) = session.exec(select(LeadAttachment)).all()
    assert lead.payload["cv"] == "Sanne Visser CV.pdf"
    assert upload.token not in str(lead.payload)
    assert (attachment.field, attachment.size, attachment.sha256) == ("cv", len(PDF),
                                                                      upload.sha256)
    assert (upload_dir / "leads" / f"{upload.token}.pdf").read_bytes() == PDF
    assert not (upload_dir / "pending" / f"{upload.token}.pdf").exists()
    assert pending(empty_engine) == []  # claimed: no longer counts against a quota

    (row,) = lead_rows(empty_engine)
    assert [str(a) for a in row.attachments] == [
        f"cv: Sanne Visser CV.pdf ({len(PDF)} bytes) {upload_dir / 'leads' / upload.token}.pdf"]
    monkeypatch.setattr("dealer.leads.report.get_engine", lambda: empty_engine)
    cli.main(["list"])
    assert f"cv: Sanne Visser CV.pdf ({len(PDF)} bytes)" in capsys.readouterr().out

    # The same submission again (a double click): the first lead, nothing new.
    again = apply(empty_engine, upload.token)
    assert again is not None and (again.id, again.created) == (stored.id, False)


def test_a_cv_the_server_never_received_is_refused(empty_engine: Engine) -> None:
    with pytest.raises(InvalidSubmissionError) as refused:
        apply(empty_engine, "A" * 43)
    assert refused.value.errors == {
        "cv": "Uw cv is niet ontvangen. Kies het bestand opnieuw."}
    with Session(empty_engine) as session:
        assert session.exec(select(Lead)).all() == []


@pytest.mark.parametrize(("data", "name", "extension", "content_type"), [
    (PDF, "cv.html", "pdf", "application/pdf"),
    (documents.docx(), "cv.exe", "docx",
     "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    (documents.odt(), "Lebenslauf.odt", "odt", "application/vnd.oasis.opendocument.text"),
], ids=["pdf", "docx", "odt"])
def test_the_dealers_mail_carries_the_cv_under_the_sites_name(
    empty_engine: Engine, smtp_sink: SmtpSink, upload_dir: Path,  # noqa: F811
    data: bytes, name: str, extension: str, content_type: str,
) -> None:
    settings = Settings(smtp_host="127.0.0.1", smtp_port=smtp_sink.server_address[1],
                        lead_mail_to="hr@example.nl", lead_webhook_url=None)
    upload = kept(empty_engine, data, name=name)
    stored = apply(empty_engine, upload.token, settings=settings, file_name=name)
    assert stored is not None
    with Session(empty_engine) as session:
        (attachment,) = session.exec(select(LeadAttachment)).all()
    assert (attachment.filename, attachment.content_type) == (name, content_type)
    assert (upload_dir / "leads" / f"{upload.token}.{extension}").read_bytes() == data
    # The sink refuses the first attempt; the retry is due 30 seconds later.
    process_outbox(empty_engine, settings=settings, now=NOW)
    assert process_outbox(empty_engine, settings=settings,
                          now=NOW + dt.timedelta(minutes=1)).sent == 1
    (mail,) = smtp_sink.received
    (attached,) = [part for part in mail.walk() if part.get_filename()]
    assert attached.get_filename() == f"cv-{stored.id}.{extension}"  # never the visitor's
    assert attached.get_content_type() == content_type
    assert attached.get_payload(decode=True) == data


def test_a_waiting_file_changed_on_disk_is_checked_again(empty_engine: Engine,
                                                          upload_dir: Path) -> None:
    upload = kept(empty_engine)
    (upload_dir / "pending" / f"{upload.token}.pdf").write_bytes(documents.HTML_AS_PDF)
    with pytest.raises(InvalidSubmissionError):
        apply(empty_engine, upload.token)


@pytest.mark.parametrize(("locale", "message"), [
    ("nl", "U heeft vandaag meer bestanden gestuurd dan wij voor u kunnen bewaren. "
           "Probeer het morgen opnieuw."),
    ("de", "Sie haben heute mehr Dateien gesendet, als wir für Sie aufbewahren können. "
           "Bitte versuchen Sie es morgen erneut."),
])
def test_one_visitor_may_leave_ten_files_or_25_mb_waiting(
    empty_engine: Engine, locale: str, message: str,
) -> None:
    for _ in range(uploads.VISITOR_FILES):
        kept(empty_engine)
    refused = keep(empty_engine)
    assert refused == uploads.VISITOR_FULL
    assert uploads.problem_text(refused, locale) == message
    assert len(pending(empty_engine)) == uploads.VISITOR_FILES
    kept(empty_engine, visitor=OTHER)  # another visitor is not held up

    large = documents.large_pdf(uploads.MAX_BYTES)
    third = client_key("192.0.2.77")
    for _ in range(5):
        kept(empty_engine, large, visitor=third)
    assert keep(empty_engine, large, visitor=third) == uploads.VISITOR_FULL  # 25 MB wait


def test_a_new_choice_replaces_the_file_the_form_held(empty_engine: Engine,
                                                               upload_dir: Path) -> None:
    first = kept(empty_engine)
    for _ in range(uploads.VISITOR_FILES * 2):  # a visitor changing their mind, many times
        first = kept(empty_engine, replaces=first.token)
    (row,) = pending(empty_engine)
    assert row.token == first.token
    assert [p.name for p in (upload_dir / "pending").iterdir()] == [f"{first.token}.pdf"]
    # Nobody replaces or discards another visitor's file.
    kept(empty_engine, visitor=OTHER, replaces=first.token)
    uploads.discard(first.token, OTHER, engine=empty_engine)
    assert len(pending(empty_engine)) == 2
    # A refused later choice empties the field: the file it held goes.
    uploads.discard(first.token, VISITOR, engine=empty_engine)
    assert [row.client_key for row in pending(empty_engine)] == [OTHER]
    assert not (upload_dir / "pending" / f"{first.token}.pdf").exists()


@pytest.mark.parametrize(("locale", "message"), [
    ("nl", "Wij kunnen op dit moment geen bestanden ontvangen. "
           "Probeer het over een paar uur opnieuw."),
    ("de", "Wir können im Moment keine Dateien empfangen. "
           "Bitte versuchen Sie es in einigen Stunden erneut."),
])
def test_all_waiting_files_together_stay_within_the_configured_total(
    empty_engine: Engine, monkeypatch: pytest.MonkeyPatch, locale: str, message: str,
) -> None:
    monkeypatch.setenv("DEALER_UPLOAD_PENDING_MB", "6")
    settings_module.get_settings.cache_clear()
    large = documents.large_pdf(uploads.MAX_BYTES)
    kept(empty_engine, large)
    refused = keep(empty_engine, large, visitor=OTHER)
    assert refused == uploads.SITE_FULL
    assert uploads.problem_text(refused, locale) == message
    kept(empty_engine, visitor=OTHER)  # a small one still fits


def test_no_file_is_kept_when_the_disk_would_run_low(empty_engine: Engine,
                                                     upload_dir: Path) -> None:
    minimum = settings_module.get_settings().min_free_disk_mb * MB
    assert keep(empty_engine, free=lambda _: minimum + len(PDF) - 1) == uploads.SITE_FULL
    assert pending(empty_engine) == [] and list((upload_dir / "pending").iterdir()) == []
    kept(empty_engine, free=lambda _: minimum + len(PDF))


def test_each_upload_sweeps_a_few_expired_files_not_the_whole_folder(
    empty_engine: Engine, upload_dir: Path,
) -> None:
    day_ago = NOW - dt.timedelta(hours=uploads.UNCLAIMED_HOURS, minutes=1)
    expired = [kept(empty_engine, visitor=client_key(f"192.0.2.{n}"), now=day_ago)
               for n in range(uploads.SWEEP_BATCH + 5)]
    recent = kept(empty_engine, visitor=OTHER, now=NOW - dt.timedelta(hours=23))
    folder = upload_dir / "pending"
    # Files no row names (left from before) are never looked at by an upload.
    stray = folder / "left-over.pdf"
    stray.write_bytes(PDF)
    os.utime(stray, (time.time() - 3 * 86400,) * 2)

    kept(empty_engine)
    left = {row.token for row in pending(empty_engine)}
    assert len(left) == 5 + 2  # 20 of the 25 expired went, oldest first
    assert recent.token in left
    assert {u.token for u in expired[:uploads.SWEEP_BATCH]}.isdisjoint(left)
    assert len(list(folder.glob("*.pdf"))) == len(left) + 1 and stray.exists()
    kept(empty_engine, visitor=OTHER)
    assert len(pending(empty_engine)) == 3  # the last 5 expired went with the next upload
