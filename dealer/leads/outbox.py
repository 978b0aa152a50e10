"""Delivering stored leads to the dealer: e-mail over SMTP and a JSON webhook.

Each outbox row is one lead on one channel. A row is claimed by moving its next attempt
into the future before anything is sent, so parallel workers never send the same row at
once and a worker that dies mid-delivery leaves the row to be retried. Failures are
retried with exponential backoff (RETRY_BASE, doubling, at most RETRY_CAP apart); after
MAX_ATTEMPTS the row is marked failed, and the lead itself stays in the database either
way (``python -m dealer.leads list`` shows it). Webhook calls carry the lead's
idempotency key, e-mails a stable Message-ID, so a receiver can drop a repeat.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import smtplib
import ssl
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime
from urllib.parse import urlsplit

import httpx
from sqlalchemy import func, update
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from dealer.background import Recurring
from dealer.db import as_utc, get_engine
from dealer.forms import uploads
from dealer.forms.definitions import FORMS
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.leads.models import Lead, LeadAttachment, OutboxMessage
from dealer.leads.store import delivery_channels
from dealer.settings import Settings, get_settings

logger = logging.getLogger(__name__)

RETRY_BASE = dt.timedelta(seconds=30)
RETRY_CAP = dt.timedelta(hours=6)
MAX_ATTEMPTS = 20  # about three days of retries
POLL_SECONDS = 15.0
TIMEOUT_SECONDS = 10.0
BATCH_SIZE = 50

_YES, _NO = N_("yes"), N_("no")
_PAGE, _RECEIVED = N_("Page"), N_("Received")


class DeliveryError(Exception):
    """A channel could not deliver; the row is retried."""


@dataclass
class DeliveryReport:
    sent: int = 0
    retried: int = 0
    failed: int = 0  # gave up after MAX_ATTEMPTS


def retry_delay(attempts: int) -> dt.timedelta:
    """How long to wait after the ``attempts``-th failed attempt: 30 s, 1 min, 2 min, ...
    doubling up to 6 h."""
    return min(RETRY_BASE * 2 ** max(attempts - 1, 0), RETRY_CAP)


# --- the channels --------------------------------------------------------------------------


def _fields(lead: Lead) -> list[tuple[str, str]]:
    """The lead's fields as (label, value) in the form's order and the lead's language."""
    form = FORMS.get(lead.form_id)
    labels = {f.name: f.label for f in form.fields} if form else {}
    rows = []
    for name, value in lead.payload.items():
        label = gettext(lead.locale, labels[name], DOMAIN) if name in labels else name
        if isinstance(value, bool):
            value = gettext(lead.locale, _YES if value else _NO, DOMAIN)
        rows.append((label, str(value)))
    return rows


@dataclass(frozen=True)
class MailFile:
    """A file for the dealer's mail, named by the site (``cv-42.pdf``), never by the
    visitor, with the type its content was checked to have."""

    name: str
    content_type: str
    data: bytes


def lead_files(session: Session, lead_id: int) -> list[MailFile]:
    """The files sent with a lead, for the mail; a missing file is left out with a
    warning (the dealer's tools still list it)."""
    files = []
    for attachment in session.exec(select(LeadAttachment).where(
            LeadAttachment.lead_id == lead_id)):
        path = uploads.lead_file(attachment.token, attachment.content_type)
        if path is None or not path.is_file():
            logger.warning("lead %s: the file %s is missing", lead_id, attachment.token)
            continue
        kind = uploads.kind_of(attachment.content_type)
        files.append(MailFile(f"{attachment.field}-{lead_id}.{kind.extension}",
                              kind.content_type, path.read_bytes()))
    return files


def email_message(lead: Lead, settings: Settings,
                  files: Sequence[MailFile] = ()) -> EmailMessage:
    form = FORMS.get(lead.form_id)
    title = gettext(lead.locale, form.title, DOMAIN) if form else lead.form_id
    about = f": {lead.subject}" if lead.subject else ""
    page = settings.base_url.rstrip("/") + lead.source_page
    body = [f"{label}: {value}" for label, value in _fields(lead)]
    page_label = gettext(lead.locale, _PAGE, DOMAIN)
    received_label = gettext(lead.locale, _RECEIVED, DOMAIN)
    body += ["", f"{page_label}: {page}", f"{received_label}: {lead.created_at.isoformat()}"]
    message = EmailMessage()
    message["Subject"] = f"{title}{about} (#{lead.id})"
    message["From"] = settings.lead_mail_from
    message["To"] = settings.lead_mail_to or ""
    if reply_to := lead.payload.get("email"):
        message["Reply-To"] = str(reply_to)
    message["Date"] = format_datetime(lead.created_at)
    host = urlsplit(settings.base_url).hostname or "localhost"
    message["Message-ID"] = f"<lead-{lead.idempotency_key}@{host}>"
    message.set_content("\n".join(body))
    for file in files:
        maintype, subtype = file.content_type.split("/", 1)
        message.add_attachment(file.data, maintype=maintype, subtype=subtype, filename=file.name)
    return message


def visitor_envelope(settings: Settings, to: str, subject: str, *, key: str, kind: str,
                     now: dt.datetime) -> EmailMessage:
    """The head of a mail from the site to a visitor; its Message-ID follows from its
    queue key (``kind`` names what it is about), so the same mail sent again is one."""
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = settings.lead_mail_from
    message["To"] = to
    message["Date"] = format_datetime(now)
    host = urlsplit(settings.base_url).hostname or "localhost"
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    message["Message-ID"] = f"<{kind}-{digest}@{host}>"
    return message


def opportunistic_tls() -> ssl.SSLContext:
    """Encryption for a server nobody logs in to and TLS is not required of: better than
    none, as mail servers use it among themselves (RFC 7435); its certificate (often one
    it made for itself) is not checked."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def send_email(lead: Lead, settings: Settings, files: Sequence[MailFile] = ()) -> None:
    if not settings.lead_mail_to:
        raise DeliveryError("SMTP is not configured")
    send_message(email_message(lead, settings, files), settings)


def send_message(message: EmailMessage, settings: Settings) -> None:
    """Hand one mail to the configured SMTP server (leads and visitors' alerts alike)."""
    if not settings.smtp_host:
        raise DeliveryError("SMTP is not configured")
    tls = ssl.create_default_context()  # the server's certificate is verified
    implicit_tls = settings.smtp_port == 465
    # A password, or the operator, requires an encrypted connection to this very server.
    required = bool(settings.smtp_user) or settings.smtp_require_tls
    try:
        with (smtplib.SMTP_SSL(settings.smtp_host, settings.smtp_port, timeout=TIMEOUT_SECONDS,
                               context=tls) if implicit_tls else
              smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=TIMEOUT_SECONDS)
              ) as smtp:
            smtp.ehlo()
            if not implicit_tls and smtp.has_extn("starttls"):
                smtp.starttls(context=tls if required else opportunistic_tls())
                smtp.ehlo()
            elif not implicit_tls and required:
                # The password or the mail would cross the network readable by anyone.
                raise DeliveryError("SMTP: the server offers no STARTTLS; not sending over "
                                    "an unencrypted connection")
            if settings.smtp_user:
                smtp.login(settings.smtp_user, settings.smtp_password or "")
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as error:
        raise DeliveryError(f"SMTP: {error!r}") from error


def webhook_body(lead: Lead) -> dict:
    return {
        "id": lead.id,
        "form": lead.form_id,
        "created_at": lead.created_at.isoformat(),
        "locale": lead.locale,
        "source_page": lead.source_page,
        "subject": lead.subject,
        "vehicle": lead.vehicle_slug,
        "brand": lead.brand,
        "model": lead.model,
        "fields": lead.payload,
    }


def post_webhook(
    lead: Lead, settings: Settings, transport: httpx.BaseTransport | None = None
) -> None:
    if not settings.lead_webhook_url:
        raise DeliveryError("the webhook is not configured")
    try:
        with httpx.Client(timeout=TIMEOUT_SECONDS, transport=transport) as client:
            response = client.post(
                settings.lead_webhook_url,
                json=webhook_body(lead),
                headers={"Idempotency-Key": lead.idempotency_key},
            )
    except httpx.HTTPError as error:
        raise DeliveryError(f"webhook: {error!r}") from error
    if not response.is_success:
        raise DeliveryError(f"webhook: HTTP {response.status_code}")


# --- processing ----------------------------------------------------------------------------


def _claim(session: Session, message_id: int, seen_attempts: int, now: dt.datetime) -> bool:
    """Take the row for this worker: count the attempt and push the next one out."""
    attempts = seen_attempts + 1
    result = session.exec(
        update(OutboxMessage)
        .where(
            col(OutboxMessage.id) == message_id,
            col(OutboxMessage.status) == "pending",
            col(OutboxMessage.attempts) == seen_attempts,
        )
        .values(attempts=attempts, next_attempt_at=now + retry_delay(attempts))
    )
    session.commit()
    return result.rowcount == 1


def process_outbox(
    engine: Engine | None = None,
    *,
    settings: Settings | None = None,
    now: dt.datetime | None = None,
    transport: httpx.BaseTransport | None = None,
    limit: int = BATCH_SIZE,
) -> DeliveryReport:
    """Try every outbox row that is due once; what fails waits for its next attempt."""
    settings = settings or get_settings()
    now = now or dt.datetime.now(dt.UTC)
    report = DeliveryReport()
    with Session(engine or get_engine()) as session:
        due = session.exec(
            select(
                OutboxMessage.id, OutboxMessage.lead_id, OutboxMessage.channel,
                OutboxMessage.attempts,
            )
            .where(OutboxMessage.status == "pending", OutboxMessage.next_attempt_at <= now)
            .order_by(col(OutboxMessage.next_attempt_at), col(OutboxMessage.id))
            .limit(limit)
        ).all()
        for message_id, lead_id, channel, seen_attempts in due:
            if not _claim(session, message_id, seen_attempts, now):
                continue  # another worker has it
            attempt = seen_attempts + 1
            lead = session.get(Lead, lead_id)
            try:
                if lead is None:
                    raise DeliveryError("the lead no longer exists")
                if channel == "email":
                    send_email(lead, settings, lead_files(session, lead_id))
                else:
                    post_webhook(lead, settings, transport)
            except Exception as error:  # whatever breaks, the row waits for its next attempt
                gave_up = attempt >= MAX_ATTEMPTS
                session.exec(
                    update(OutboxMessage)
                    .where(col(OutboxMessage.id) == message_id)
                    .values(last_error=str(error)[:500], status="failed" if gave_up else "pending")
                )
                logger.warning("lead %s via %s failed (attempt %s): %s", lead_id, channel,
                               attempt, error)
                if gave_up:
                    report.failed += 1
                else:
                    report.retried += 1
            else:
                session.exec(
                    update(OutboxMessage)
                    .where(col(OutboxMessage.id) == message_id)
                    .values(status="sent", sent_at=now, last_error=None)
                )
                report.sent += 1
            session.commit()
    return report


# --- the background loop of the web server -------------------------------------------------



def delivery_state(engine: Engine, settings: Settings, now: dt.datetime) -> dict:
    """What an operator must know about leads (for /health): the configured channels and
    the leads no channel has delivered yet, with the age of the oldest in seconds."""
    delivered = select(OutboxMessage.lead_id).where(OutboxMessage.status == "sent")
    with Session(engine) as session:
        count, oldest = session.exec(
            select(func.count(), func.min(Lead.created_at))
            .where(col(Lead.id).not_in(delivered))
        ).one()
        failed = session.exec(select(func.count()).select_from(OutboxMessage)
                              .where(OutboxMessage.status == "failed")).one()
    if oldest is not None:
        oldest = as_utc(oldest)
    return {
        "channels": delivery_channels(settings),
        "undelivered_leads": count,
        "oldest_undelivered_seconds": int((now - oldest).total_seconds()) if oldest else None,
        "failed_messages": failed,
    }


# The job is looked up when it runs, so that it can be replaced (tests).
_delivery = Recurring("lead delivery", lambda: process_outbox())


def wake_outbox() -> None:
    """Ask the running outbox loop to look now (a lead was just stored), from any thread."""
    _delivery.wake()


async def run_outbox(interval: float = POLL_SECONDS) -> None:
    """Deliver leads for as long as the server runs: every ``interval`` seconds and
    whenever ``wake_outbox`` is called. Deliveries run in a thread, so slow SMTP or
    webhook targets never hold up page requests; no error ends the loop."""
    await _delivery.run(interval)
