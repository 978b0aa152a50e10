"""The register's answers about the stock's plates, shared by every server process."""

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel


class RegisterAnswer(SQLModel, table=True):
    """What the register said of a Dutch plate (``vehicle`` None: it does not know it),
    and when. Failures are not stored: an outage is every process's own to find."""

    __tablename__ = "register_answer"

    plate: str = Field(primary_key=True, max_length=8)  # compact: "AB123C"
    vehicle: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    fetched_at: dt.datetime
