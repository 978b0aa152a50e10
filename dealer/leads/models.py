"""Database tables of visitor requests (leads) and their delivery to the dealer (outbox)."""

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel


class Lead(SQLModel, table=True):
    """One stored request: what was sent, about what, from where and when."""

    id: int | None = Field(default=None, primary_key=True)
    form_id: str = Field(max_length=40, index=True)
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    vehicle_slug: str | None = Field(default=None, max_length=200)
    brand: str | None = Field(default=None, max_length=60)
    model: str | None = Field(default=None, max_length=80)
    subject: str = Field(default="", max_length=200)  # what the request is about, readable
    locale: str = Field(max_length=5)
    source_page: str = Field(max_length=500)
    # A one-way hash of the visitor's address: enough to rate-limit, not to identify.
    client_key: str = Field(max_length=64, index=True)
    idempotency_key: str = Field(max_length=64, unique=True)
    created_at: dt.datetime = Field(index=True)


class OutboxMessage(SQLModel, table=True):
    """One delivery of a lead over one channel, retried until it succeeds."""

    __tablename__ = "outbox_message"

    id: int | None = Field(default=None, primary_key=True)
    lead_id: int = Field(foreign_key="lead.id", index=True, ondelete="CASCADE")
    channel: str = Field(max_length=10)  # email | webhook
    status: str = Field(default="pending", max_length=10, index=True)  # pending | sent | failed
    attempts: int = 0
    next_attempt_at: dt.datetime = Field(index=True)
    last_error: str | None = Field(default=None, max_length=500)
    sent_at: dt.datetime | None = None


class LeadAttachment(SQLModel, table=True):
    """A file sent with a lead (a CV), kept outside the web root under ``token``."""

    __tablename__ = "lead_attachment"

    id: int | None = Field(default=None, primary_key=True)
    lead_id: int = Field(foreign_key="lead.id", index=True, ondelete="CASCADE")
    field: str = Field(max_length=40)  # the form field it was sent in
    token: str = Field(max_length=64, unique=True)  # its file: dealer.forms.uploads.lead_file
    filename: str = Field(max_length=120)  # the visitor's name for it
    content_type: str = Field(max_length=60)
    size: int
    sha256: str = Field(max_length=64)


class PendingUpload(SQLModel, table=True):
    """A file a visitor sent that no lead has claimed yet (``dealer.forms.uploads``): who
    sent it and how large it is, so that quotas and the sweep never walk the folder."""

    __tablename__ = "pending_upload"

    token: str = Field(primary_key=True, max_length=64)
    client_key: str = Field(max_length=64, index=True)  # the visitor, as for the rate limit
    size: int
    sha256: str = Field(max_length=64)  # of the bytes that were checked
    content_type: str = Field(max_length=100)  # the checked type
    created_at: dt.datetime = Field(index=True)
