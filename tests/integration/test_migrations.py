from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.engine import Engine

from dealer.schema import metadata
from dealer.stock.demo import seed_if_empty
from dealer.stock.version import current_version


def test_migrations_match_the_models(empty_engine: Engine) -> None:
    assert {"vehicle", "vehicle_price", "lead", "outbox_message"} <= set(metadata.tables)
    with empty_engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_seed_fills_an_empty_database_once(empty_engine: Engine) -> None:
    assert seed_if_empty(empty_engine, n_vehicles=50) is True
    with empty_engine.connect() as connection:
        version = current_version(connection)
    assert version == 1
    assert seed_if_empty(empty_engine, n_vehicles=50) is False
    with empty_engine.connect() as connection:
        assert current_version(connection) == version
