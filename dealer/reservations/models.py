"""The reservation table."""

import datetime as dt

from sqlmodel import Field, SQLModel


class Reservation(SQLModel, table=True):
    """One visitor's reservation of one vehicle and its deposit payment.

    ``held_vehicle`` is the vehicle's slug while the reservation holds it (pending or
    paid) and empty afterwards: it is unique, so only one reservation can hold a vehicle,
    however many visitors try at the same moment.
    """

    id: int | None = Field(default=None, primary_key=True)
    vehicle_slug: str = Field(max_length=200, index=True)
    held_vehicle: str | None = Field(default=None, max_length=200, unique=True)
    # pending | paid | failed | canceled | expired | ended | refunding | refunded
    status: str = Field(default="pending", max_length=12, index=True)
    payment_id: str | None = Field(default=None, max_length=40, unique=True)
    amount_cents: int
    name: str = Field(max_length=100)
    email: str = Field(max_length=254)
    locale: str = Field(max_length=5)
    created_at: dt.datetime
    # A pending reservation: until when the payment may come; a paid one: the hold's end;
    # a refunding one: when its refund is tried next (service.retry_refunds).
    expires_at: dt.datetime = Field(index=True)
    paid_at: dt.datetime | None = None
    lead_id: int | None = Field(default=None, foreign_key="lead.id", ondelete="SET NULL")
