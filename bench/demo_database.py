"""A SQLite database with the demo stock, for the benchmarks that read the stock directly."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy.engine import Engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer.db import make_engine
from dealer.migrate import upgrade
from dealer.stock import demo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--vehicles", type=int, default=100_000)
    parser.add_argument("--db", help="SQLite file to use; loaded with the demo stock if empty")


def demo_database(args: argparse.Namespace) -> tuple[Path, Engine]:
    """The database ``--db`` names (a new one in a temporary folder without it), migrated
    and loaded with ``--vehicles`` demo vehicles when it is empty."""
    path = Path(args.db) if args.db else Path(tempfile.mkdtemp()) / "bench.db"
    url = f"sqlite:///{path}"
    upgrade(url)
    engine = make_engine(url)
    started = time.perf_counter()
    if demo.seed_if_empty(engine, n_vehicles=args.vehicles):
        print(f"loaded {args.vehicles} demo vehicles in {time.perf_counter() - started:.1f} s")
    return path, engine
