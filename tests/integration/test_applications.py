"""Job applications in a real SQLite database: the CV a lead claims, listed with the lead
and attached to the dealer's mail."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import settings as settings_module
from dealer.forms import uploads
from dealer.forms.definitions import HONEYPOT
from dealer.leads import __main__ as cli
from dealer.leads.models import Lead, LeadAttachment
from dealer.leads.outbox import process_outbox
from dealer.leads.report import lead_rows
from dealer.leads.store import InvalidSubmissionError, client_key, store_lead
from dealer.settings import Settings
from tests.integration.test_leads_outbox import SmtpSink, smtp_sink  # noqa: F401 - fixture

PDF = b"%PDF-1.5\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"
NOW = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
NO_CHANNELS = Settings(smtp_host=None, lead_mail_to=None, lead_webhook_url=None)


@pytest.fixture(autouse=True)
def upload_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("DEALER_UPLOAD_DIR", str(tmp_path / "uploads"))
    settings_module.get_settings.cache_clear()
    yield tmp_path / "uploads"
    settings_module.get_settings.cache_clear()


def apply(engine: Engine, token: str, key: str = "application-key-0001",
          settings: Settings = NO_CHANNELS):
    return store_lead(
        form_id="job_application",
        values={"name": "Sanne Visser", "email": "sanne@example.nl", "phone": "",
                "motivation": "Acht jaar ervaring als monteur, nu klaar voor elektrische auto's.",
                "cv": token, "privacy": "on", HONEYPOT: ""},
        locale="nl", source_page="/vacatures/autotechnicus-utrecht/solliciteren",
        client_key=client_key("198.51.100.9"), idempotency_key=key,
        subject="Autotechnicus", calculation={"vacancy": "autotechnicus-utrecht"},
        file_names={"cv": "Sanne Visser CV.pdf"}, engine=engine, settings=settings, now=NOW,
    )


def test_an_application_claims_its_cv_and_lists_it(
    empty_engine: Engine, upload_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = uploads.keep(PDF, "Sanne Visser CV.pdf")
    stored = apply(empty_engine, kept.token)
    assert stored is not None and stored.created
    with Session(empty_engine) as session:
        lead = session.get(Lead, stored.id)
        (attachment,) = session.exec(select(LeadAttachment)).all()
    assert lead.payload["cv"] == "Sanne Visser CV.pdf"
    assert kept.token not in str(lead.payload)
    assert (attachment.field, attachment.size, attachment.sha256) == ("cv", len(PDF),
                                                                      kept.sha256)
    assert (upload_dir / "leads" / f"{kept.token}.pdf").read_bytes() == PDF
    assert not (upload_dir / "pending" / f"{kept.token}.pdf").exists()

    (row,) = lead_rows(empty_engine)
    assert [str(a) for a in row.attachments] == [
        f"cv: Sanne Visser CV.pdf ({len(PDF)} bytes) {upload_dir / 'leads' / kept.token}.pdf"]
    monkeypatch.setattr("dealer.leads.report.get_engine", lambda: empty_engine)
    cli.main(["list"])
    assert f"cv: Sanne Visser CV.pdf ({len(PDF)} bytes)" in capsys.readouterr().out

    # The same submission again (a double click): the first lead, nothing new.
    again = apply(empty_engine, kept.token)
    assert again is not None and (again.id, again.created) == (stored.id, False)


def test_a_cv_the_server_never_received_is_refused(empty_engine: Engine) -> None:
    with pytest.raises(InvalidSubmissionError) as refused:
        apply(empty_engine, "A" * 43)
    assert refused.value.errors == {
        "cv": "Uw cv is niet ontvangen. Kies het bestand opnieuw."}
    with Session(empty_engine) as session:
        assert session.exec(select(Lead)).all() == []


def test_the_dealers_mail_carries_the_cv(empty_engine: Engine, smtp_sink: SmtpSink) -> None:  # noqa: F811
    settings = Settings(smtp_host="127.0.0.1", smtp_port=smtp_sink.server_address[1],
                        lead_mail_to="hr@example.nl", lead_webhook_url=None)
    kept = uploads.keep(PDF, "Sanne Visser CV.pdf")
    apply(empty_engine, kept.token, settings=settings)
    # The sink refuses the first attempt; the retry is due 30 seconds later.
    process_outbox(empty_engine, settings=settings, now=NOW)
    assert process_outbox(empty_engine, settings=settings,
                          now=NOW + dt.timedelta(minutes=1)).sent == 1
    (mail,) = smtp_sink.received
    (attached,) = [part for part in mail.walk() if part.get_filename()]
    assert attached.get_filename() == "Sanne Visser CV.pdf"
    assert attached.get_content_type() == "application/pdf"
    assert attached.get_payload(decode=True) == PDF
