"""The database engine and sessions (SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from dealer.settings import DATA_DIR, get_settings


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        DATA_DIR.mkdir(exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def as_utc(moment: dt.datetime) -> dt.datetime:
    """A moment read back from the database, where it is stored in UTC (SQLite keeps no
    zone: it comes back naive)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


@lru_cache(maxsize=1)
def get_engine() -> Engine:
    return make_engine(get_settings().database_url)


@contextmanager
def session_scope(engine: Engine | None = None) -> Iterator[Session]:
    """A session that commits on success and rolls back on any error."""
    with Session(engine or get_engine()) as session:
        try:
            yield session
            session.commit()
        except Exception:
            session.rollback()
            raise
