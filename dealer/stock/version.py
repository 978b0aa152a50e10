"""The stock version: one number that goes up with every change to the stock."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from dealer.stock.models import StockVersion

_TABLE = StockVersion.__table__


def current_version(bind: Connection | Session) -> int:
    """The stored version, 0 when the stock was never loaded."""
    version = bind.execute(select(_TABLE.c.version).where(_TABLE.c.id == 1)).scalar()
    return version or 0


def bump_stock_version(bind: Connection | Session) -> int:
    """Count one change, in the caller's transaction; returns the new version."""
    now = dt.datetime.now(dt.UTC)
    updated = bind.execute(
        update(_TABLE)
        .where(_TABLE.c.id == 1)
        .values(version=_TABLE.c.version + 1, changed_at=now)
    )
    if not updated.rowcount:
        bind.execute(_TABLE.insert().values(id=1, version=1, changed_at=now))
    return current_version(bind)
