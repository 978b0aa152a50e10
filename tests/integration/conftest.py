"""Real SQLite databases for integration tests, migrated with Alembic.

``stock_engine``: the demo stock (shared by the whole session; do not modify it).
``fresh_stock_engine``: a small demo stock of its own per test, free to modify.
``empty_engine``: migrated, no data.
``summaries``: the SQL reference's facets and ranges of a filter set on the demo stock.
The per-test databases are copies of ones migrated (and seeded) once per process.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from dealer.db import make_engine
from dealer.migrate import upgrade
from dealer.stock.demo import seed_if_empty
from dealer.stock.index import reset_index
from dealer.stock.query import StockQuery
from tests import stock_sql_reference as sql_search

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


def copied_engine(template: Path, path: Path) -> Engine:
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    return make_engine(f"sqlite:///{path}")


@pytest.fixture(scope="session")
def empty_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("templates") / "empty.db"
    migrated_engine(path).dispose()
    return path


@pytest.fixture(scope="session")
def small_stock_template(empty_template: Path) -> Path:
    path = empty_template.with_name("small-stock.db")
    engine = copied_engine(empty_template, path)
    seed_if_empty(engine, n_vehicles=SMALL_STOCK)
    engine.dispose()
    return path


def engine_of_its_own(template: Path, tmp_path: Path) -> Iterator[Engine]:
    engine = copied_engine(template, tmp_path / template.name)
    yield engine
    engine.dispose()
    reset_index()


@pytest.fixture(scope="session")
def summaries(stock_engine: Engine) -> Callable[[dict], sql_search.Summary]:
    """The SQL facets and ranges of a filter set, computed once: every order and page of it
    has the same (and the shared stock does not change)."""
    summarise = functools.cache(
        lambda items: sql_search.summarise(stock_engine, StockQuery.from_params(dict(items))))
    return lambda params: summarise(tuple(sorted(params.items())))


@pytest.fixture
def empty_engine(empty_template: Path, tmp_path: Path) -> Iterator[Engine]:
    yield from engine_of_its_own(empty_template, tmp_path)


@pytest.fixture
def fresh_stock_engine(small_stock_template: Path, tmp_path: Path) -> Iterator[Engine]:
    yield from engine_of_its_own(small_stock_template, tmp_path)
