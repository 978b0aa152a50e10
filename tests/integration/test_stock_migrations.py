from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from dealer.stock import models
from dealer.stock.demo import seed_if_empty
from dealer.stock.version import current_version


def test_migrations_match_the_models(empty_engine: Engine) -> None:
    stock = MetaData()
    for value in vars(models).values():
        if isinstance(value, type) and issubclass(value, SQLModel) and hasattr(value, "__table__"):
            value.__table__.to_metadata(stock)
    assert len(stock.tables) == 14
    with empty_engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), stock) == []


def test_seed_fills_an_empty_database_once(empty_engine: Engine) -> None:
    assert seed_if_empty(empty_engine, n_vehicles=50) is True
    with empty_engine.connect() as connection:
        version = current_version(connection)
    assert version == 1
    assert seed_if_empty(empty_engine, n_vehicles=50) is False
    with empty_engine.connect() as connection:
        assert current_version(connection) == version
