"""Tables of saved searches, the vehicles found for them and the mails about them."""

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


class SavedSearch(SQLModel, table=True):
    """A visitor's stock search (``StockQuery.to_params`` and the price display) with the
    address that gets its alerts; nothing is mailed about it before ``confirmed_at``."""

    __tablename__ = "saved_search"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    locale: str = Field(max_length=5)
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # The deal listing it was saved from (its cards show that deal's price, its ``monthly``
    # range is that deal's), or None for the stock overview.
    deal: str | None = Field(default=None, max_length=20)
    display: str = Field(default="purchase", max_length=20)
    mode: str = Field(default="digest", max_length=10)  # digest | instant
    created_at: dt.datetime
    confirmed_at: dt.datetime | None = Field(default=None, index=True)
    # Who saved it, as the lead rate limit knows a visitor (``leads.store.client_key``).
    client_key: str = Field(default="", max_length=64, index=True)


class AlertMatch(SQLModel, table=True):
    """A vehicle an import added or made cheaper that matches a saved search, until a
    mail about it is queued (``mail_id``)."""

    __tablename__ = "alert_match"
    __table_args__ = (UniqueConstraint("search_id", "vehicle_id", "price_key"),)

    id: int | None = Field(default=None, primary_key=True)
    search_id: int = Field(foreign_key="saved_search.id", index=True, ondelete="CASCADE")
    vehicle_id: int
    # The vehicle's prices when it matched: the same price found twice is one match.
    price_key: str = Field(max_length=200)
    created_at: dt.datetime
    mail_id: int | None = Field(default=None, index=True)


class AlertMail(SQLModel, table=True):
    """One mail to a visitor, rendered when queued and retried until it is sent.

    ``key`` is unique: the confirmation of a search and the digest of an address's day
    are queued once, however often the queueing runs."""

    __tablename__ = "alert_mail"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=300, unique=True)
    kind: str = Field(max_length=10)  # confirm | digest | instant; reserve (reservations)
    email: str = Field(max_length=254, index=True)
    message: str  # the whole mail as sent (RFC 5322)
    status: str = Field(default="pending", max_length=10, index=True)  # pending | sent | failed
    attempts: int = 0
    next_attempt_at: dt.datetime = Field(index=True)
    last_error: str | None = Field(default=None, max_length=500)
    created_at: dt.datetime
    sent_at: dt.datetime | None = None
