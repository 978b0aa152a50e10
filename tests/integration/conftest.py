"""Real SQLite databases for integration tests, migrated with Alembic.

``stock_engine``: the demo stock (shared by the whole session; do not modify it).
``fresh_stock_engine``: a small demo stock of its own per test, free to modify.
``empty_engine``: migrated, no data.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from dealer.db import make_engine
from dealer.migrate import upgrade
from dealer.stock.demo import seed_if_empty
from dealer.stock.index import reset_index

DEMO_VEHICLES = 2_400
SMALL_STOCK = 300


def migrated_engine(path: Path) -> Engine:
    url = f"sqlite:///{path}"
    upgrade(url)
    return make_engine(url)


@pytest.fixture(scope="session")
def stock_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = migrated_engine(tmp_path_factory.mktemp("stock") / "stock.db")
    seed_if_empty(engine, n_vehicles=DEMO_VEHICLES)
    yield engine
    engine.dispose()


@pytest.fixture
def empty_engine(tmp_path: Path) -> Iterator[Engine]:
    engine = migrated_engine(tmp_path / "empty.db")
    yield engine
    engine.dispose()
    reset_index()


@pytest.fixture
def fresh_stock_engine(empty_engine: Engine) -> Engine:
    seed_if_empty(empty_engine, n_vehicles=SMALL_STOCK)
    return empty_engine
