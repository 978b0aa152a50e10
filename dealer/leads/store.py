"""Storing a visitor's request: validated again, rate-limited, idempotent, one transaction.

The lead and its outbox rows (one per configured delivery channel) are written together,
so a stored lead is always delivered later, and a lead that is not stored is never
reported as sent. The visitor sees success only after the commit.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import os
import secrets
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from dealer import params, phones
from dealer.db import get_engine, session_scope
from dealer.forms import uploads
from dealer.forms.definitions import (
    FORM_ERROR,
    MALFORMED_FORM,
    FormDef,
    get_form,
    is_spam,
    payload,
    validate_submission,
)
from dealer.forms.messages import DOMAIN
from dealer.i18n import LOCALES, N_, gettext
from dealer.leads.models import Lead, LeadAttachment, OutboxMessage
from dealer.plates.plates import parse_plate
from dealer.settings import DATA_DIR, Settings, get_settings

# At most RATE_LIMIT new leads per client within RATE_WINDOW.
RATE_LIMIT = 5
RATE_WINDOW = dt.timedelta(minutes=10)
_MAX_SOURCE_PAGE = 500

_RATE_LIMITED = N_(
    "You have sent several requests in a short time. Please try again in a few minutes."
)


class LeadRejectedError(Exception):
    """A submission that is not stored; ``errors`` maps fields (or ``FORM_ERROR``) to
    messages in the visitor's language."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__("; ".join(f"{key}: {text}" for key, text in errors.items()))
        self.errors = dict(errors)


class InvalidSubmissionError(LeadRejectedError):
    """A field fails a blocking rule, or the request itself is malformed."""


class RateLimitedError(LeadRejectedError):
    """The client sent RATE_LIMIT requests within RATE_WINDOW already."""


@dataclass(frozen=True)
class StoredLead:
    id: int
    created: bool  # False when the idempotency key was seen before (a repeated submit)


def client_key(address: str) -> str:
    """The key a client is rate-limited by: a keyed hash of its address (HMAC with the
    site's secret), so neither the address nor a guess of it can be read back."""
    return hmac.new(secret_key(), address.encode(), hashlib.sha256).hexdigest()


@functools.cache
def secret_key() -> bytes:
    """The configured secret; else one made once and kept in the data folder."""
    configured = get_settings().secret_key
    if configured:
        return configured.encode()
    path = DATA_DIR / "secret_key"
    DATA_DIR.mkdir(exist_ok=True)
    if not path.exists():
        # Written beside it, then linked into place: of several processes starting at
        # once, one puts its key there, and none reads a key that is still being written.
        with tempfile.NamedTemporaryFile(dir=DATA_DIR, prefix=".secret_key.",
                                         delete=False) as draft:
            draft.write(secrets.token_bytes(32))
        try:
            os.link(draft.name, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft.name)
    return path.read_bytes()


def delivery_channels(settings: Settings) -> list[str]:
    """The configured ways to hand leads to the dealer."""
    channels = []
    if settings.smtp_host and settings.lead_mail_to:
        channels.append("email")
    if settings.lead_webhook_url:
        channels.append("webhook")
    return channels


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _check_request(locale: str, source_page: str, idempotency_key: str) -> None:
    safe_locale = locale if locale in LOCALES else LOCALES[0]
    if (
        locale not in LOCALES
        or not isinstance(source_page, str)
        or not source_page.startswith("/")
        or len(source_page) > _MAX_SOURCE_PAGE
        or not params.request_key(idempotency_key)
    ):
        raise InvalidSubmissionError({FORM_ERROR: gettext(safe_locale, MALFORMED_FORM, DOMAIN)})


def _uploads(session: Session, form: FormDef, fields: dict[str, str | bool],
             names: Mapping[str, str], locale: str) -> dict[str, uploads.StoredUpload]:
    """The received files a submission names; each field then holds the file's name."""
    found = {}
    for f in form.fields:
        if f.type != "file" or f.name not in fields:
            continue
        upload = uploads.find(session, fields[f.name], names.get(f.name, ""))
        if upload is None:
            raise InvalidSubmissionError(
                {f.name: uploads.problem_text(uploads.UPLOAD_AGAIN, locale)})
        found[f.name] = upload
        fields[f.name] = upload.name
    return found


def _existing(session: Session, idempotency_key: str) -> StoredLead | None:
    lead_id = session.exec(select(Lead.id).where(Lead.idempotency_key == idempotency_key)).first()
    return None if lead_id is None else StoredLead(lead_id, created=False)


def store_lead(
    *,
    form_id: str,
    values: Mapping[str, object],
    locale: str,
    source_page: str,
    client_key: str,
    idempotency_key: str,
    vehicle_slug: str | None = None,
    brand: str | None = None,
    model: str | None = None,
    subject: str = "",
    options: Mapping[str, Sequence[str]] | None = None,
    calculation: Mapping[str, str] | None = None,
    file_names: Mapping[str, str] | None = None,
    trade_in_lookup: Mapping[str, str] | None = None,
    engine: Engine | None = None,
    settings: Settings | None = None,
    now: dt.datetime | None = None,
) -> StoredLead | None:
    """Validate and store a submission with its outbox rows, in one transaction.

    The same ``idempotency_key`` stores one lead however often it is sent (double click,
    retry after a lost answer): later calls return the first lead with ``created=False``.
    Returns None for a filled-in honeypot: nothing is stored, and the visitor should see
    the same success as anyone else. Raises InvalidSubmissionError (field errors or a
    malformed request), RateLimitedError, or a database error when the lead could not be
    stored. Unknown ``form_id`` -> KeyError. ``calculation`` (the calculator's choice a
    request carries, see dealer.pricing.calculation_query) is stored with the fields.
    A file field's value is the token of a received upload (``dealer.forms.uploads``,
    ``file_names`` has the visitor's names for them): the lead claims the file, lists it
    as an attachment and stores its name as the field's value. A trade-in plate is
    stored as it is officially written when it is a Dutch or German plate, with
    ``trade_in_lookup`` (what the vehicle register said of it, ``dealer.views.plates.
    lead_record``) beside it.
    """
    _check_request(locale, source_page, idempotency_key)
    errors = validate_submission(form_id, values, locale, options=options)
    if errors:
        raise InvalidSubmissionError(errors)
    if is_spam(values):
        return None
    settings = settings or get_settings()
    now = now or _now()
    engine = engine or get_engine()
    form = get_form(form_id)
    fields = payload(form, values)
    if fields.get("phone"):  # stored in E.164 when it is a valid number, else as typed
        home = phones.LOCALE_COUNTRIES.get(locale, "NL")
        fields["phone"] = phones.e164(str(fields["phone"]), home) or fields["phone"]
    if fields.get("trade_in_plate"):
        plate = parse_plate(fields["trade_in_plate"]).plate
        fields["trade_in_plate"] = plate.formatted if plate else fields["trade_in_plate"]
    lookup = ({str(key)[:40]: str(value)[:120] for key, value in trade_in_lookup.items()}
              if trade_in_lookup and fields.get("trade_in_plate") else None)
    try:
        with session_scope(engine) as session:
            if (seen := _existing(session, idempotency_key)) is not None:
                return seen
            recent = session.exec(
                select(func.count())
                .select_from(Lead)
                .where(Lead.client_key == client_key, Lead.created_at > now - RATE_WINDOW)
            ).one()
            if recent >= RATE_LIMIT:
                raise RateLimitedError({FORM_ERROR: gettext(locale, _RATE_LIMITED, DOMAIN)})
            files = _uploads(session, form, fields, file_names or {}, locale)
            lead = Lead(
                form_id=form_id,
                payload={
                    **fields,
                    **({"calculation": dict(calculation)} if calculation else {}),
                    **({"trade_in_lookup": lookup} if lookup else {}),
                },
                vehicle_slug=vehicle_slug,
                brand=brand,
                model=model,
                subject=subject[:200],
                locale=locale,
                source_page=source_page,
                client_key=client_key,
                idempotency_key=idempotency_key,
                created_at=now,
            )
            session.add(lead)
            session.flush()
            assert lead.id is not None
            for name, upload in files.items():
                session.add(LeadAttachment(
                    lead_id=lead.id, field=name, token=upload.token, filename=upload.name,
                    content_type=upload.content_type, size=upload.size, sha256=upload.sha256))
                uploads.claim(session, upload)
            for channel in delivery_channels(settings):
                session.add(OutboxMessage(lead_id=lead.id, channel=channel, next_attempt_at=now))
            stored = StoredLead(lead.id, created=True)
    except IntegrityError:
        # The same key committed in a parallel request a moment ago.
        with Session(engine) as session:
            if (seen := _existing(session, idempotency_key)) is not None:
                return seen
        raise
    return stored


def add_site_lead(session: Session, *, form_id: str, fields: Mapping[str, object],
                  vehicle_slug: str, brand: str, model: str, subject: str, locale: str,
                  source_page: str, idempotency_key: str, now: dt.datetime,
                  settings: Settings | None = None) -> int:
    """A lead the site makes itself (a paid reservation), with its outbox rows, in the
    caller's transaction. Its ``idempotency_key`` is unique: a second one fails the
    transaction with IntegrityError."""
    lead = Lead(form_id=form_id, payload=dict(fields), vehicle_slug=vehicle_slug, brand=brand,
                model=model, subject=subject[:200], locale=locale,
                source_page=source_page[:_MAX_SOURCE_PAGE], client_key="",
                idempotency_key=idempotency_key, created_at=now)
    session.add(lead)
    session.flush()
    assert lead.id is not None
    for channel in delivery_channels(settings or get_settings()):
        session.add(OutboxMessage(lead_id=lead.id, channel=channel, next_attempt_at=now))
    return lead.id
