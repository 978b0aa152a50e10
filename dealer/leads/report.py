"""Leads for the dealer to read: a list with delivery state, and a CSV export."""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass
from typing import TextIO

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from dealer.db import get_engine
from dealer.forms import uploads
from dealer.forms.definitions import FORMS
from dealer.leads.models import Lead, LeadAttachment, OutboxMessage
from dealer.visible import visible

_BASE_COLUMNS = ("id", "created_at", "form", "locale", "subject", "vehicle", "brand", "model",
                 "source_page", "delivery", "attachments")
CELL_LAYOUT = "\t\n\r"  # a spreadsheet shows these in a cell as they are meant
# A spreadsheet runs a cell that starts like a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A value for a spreadsheet: every character that does not show as itself (terminal
    escapes, direction marks that show 'fdp.exe' as 'exe.pdf') as its code but the line
    breaks and tabs a cell shows as such (``dealer.visible``; the database keeps the
    original), never taken for a formula."""
    text = ("yes" if value is True else "no" if value is False
            else visible(value, keep=CELL_LAYOUT))
    return f"'{text}" if text.startswith(_FORMULA_START) else text


@dataclass(frozen=True)
class AttachmentRow:
    """A file sent with a lead: the form field, the visitor's name for it, where it lies."""

    field: str
    filename: str
    size: int
    path: str

    def __str__(self) -> str:
        return f"{self.field}: {visible(self.filename)} ({self.size} bytes) {self.path}"


@dataclass(frozen=True)
class LeadRow:
    id: int
    created_at: dt.datetime
    form_id: str
    locale: str
    subject: str
    vehicle_slug: str | None
    brand: str | None
    model: str | None
    source_page: str
    fields: dict[str, object]
    delivery: str  # e.g. "email:sent webhook:pending(3)"; "-" without channels
    attachments: tuple[AttachmentRow, ...] = ()


def listed(row: LeadRow) -> list[str]:
    """A lead as the dealer's terminal lists it: a line, and a line per file. What visitors
    typed shows every character that does not show as itself as its code: an escape
    sequence would steer the terminal, a line break forge a lead of its own."""
    name, email = visible(row.fields.get("name", "")), visible(row.fields.get("email", ""))
    return [f"#{row.id}  {row.created_at:%Y-%m-%d %H:%M}  {row.form_id:<18} "
            f"{visible(row.subject or '-')}  {name} <{email}>  [{row.delivery}]",
            *(f"    {attachment}" for attachment in row.attachments)]


def _delivery(messages: list[OutboxMessage]) -> str:
    parts = []
    for message in sorted(messages, key=lambda m: m.channel):
        retries = f"({message.attempts})" if message.status != "sent" and message.attempts else ""
        parts.append(f"{message.channel}:{message.status}{retries}")
    return " ".join(parts) or "-"


def lead_rows(engine: Engine | None = None, *, limit: int | None = None) -> list[LeadRow]:
    """Leads, newest first, with the state of their delivery."""
    with Session(engine or get_engine()) as session:
        statement = select(Lead).order_by(col(Lead.created_at).desc(), col(Lead.id).desc())
        leads = session.exec(statement.limit(limit) if limit else statement).all()
        outbox: dict[int, list[OutboxMessage]] = {}
        ids = [lead.id for lead in leads]
        for message in session.exec(
            select(OutboxMessage).where(col(OutboxMessage.lead_id).in_(ids))
        ):
            outbox.setdefault(message.lead_id, []).append(message)
        files: dict[int, list[AttachmentRow]] = {}
        for attachment in session.exec(
            select(LeadAttachment).where(col(LeadAttachment.lead_id).in_(ids))
        ):
            files.setdefault(attachment.lead_id, []).append(AttachmentRow(
                attachment.field, attachment.filename, attachment.size,
                str(uploads.lead_file(attachment.token, attachment.content_type) or "")))
        return [
            LeadRow(
                id=lead.id, created_at=lead.created_at, form_id=lead.form_id, locale=lead.locale,
                subject=lead.subject, vehicle_slug=lead.vehicle_slug, brand=lead.brand,
                model=lead.model, source_page=lead.source_page, fields=dict(lead.payload),
                delivery=_delivery(outbox.get(lead.id, [])),
                attachments=tuple(files.get(lead.id, [])),
            )
            for lead in leads
            if lead.id is not None
        ]


def _field_columns(rows: list[LeadRow]) -> list[str]:
    """Every field name that occurs, in the order the forms ask for them."""
    order = {name: i for form in FORMS.values() for i, name in enumerate(form.names)}
    names = {name for row in rows for name in row.fields}
    return sorted(names, key=lambda name: (order.get(name, len(order)), name))


def write_csv(out: TextIO, engine: Engine | None = None) -> int:
    """Write every lead as one CSV row (one column per form field); returns the count."""
    rows = lead_rows(engine)
    fields = _field_columns(rows)
    writer = csv.writer(out)
    writer.writerow([*_BASE_COLUMNS, *fields])
    for row in reversed(rows):  # oldest first, as a register
        values = [row.fields.get(name, "") for name in fields]
        writer.writerow([
            row.id, row.created_at.isoformat(), row.form_id, row.locale, csv_cell(row.subject),
            row.vehicle_slug or "", row.brand or "", row.model or "", csv_cell(row.source_page),
            row.delivery, csv_cell("; ".join(map(str, row.attachments))),
            *(csv_cell(value) for value in values),
        ])
    return len(rows)
