"""Alert matching speed: saved searches against the new and cheaper cars of an import.

    .venv/bin/python bench/alert_matching.py [--searches 10000] [--imported 2000]
                                             [--vehicles 20000] [--db PATH] [--runs 7]

Builds (or reuses) a SQLite database with the demo stock, stores ``--searches`` confirmed
saved searches (one to four filters each, drawn like visitors' searches: brands, fuels,
body styles, price and mileage bounds, sometimes a text), takes ``--imported`` vehicles
as an import's new and cheaper ones and times the matching of every search against them
(``dealer.alerts.store.match_all``: the median of ``--runs``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from demo_database import add_arguments, demo_database
from sqlalchemy import delete
from sqlmodel import Session, select

from dealer.alerts.models import AlertMail, AlertMatch, SavedSearch
from dealer.alerts.store import match_all
from dealer.stock import catalog
from dealer.stock.index import StockIndex
from dealer.stock.models import Vehicle

NOW = dt.datetime(2026, 11, 27, 9, 0, tzinfo=dt.UTC)
TEXTS = ("golf", "tsi", "octavia", "e-tron", "sportback", "automaat")


def _search(rng: random.Random, brands: list[str]) -> dict[str, str]:
    choices = {
        "brand": lambda: ",".join(rng.sample(brands, rng.randint(1, 2))),
        "fuel": lambda: ",".join(rng.sample(catalog.FUELS, rng.randint(1, 2))),
        "body_style": lambda: rng.choice(catalog.BODY_STYLES),
        "price_max": lambda: str(rng.randrange(10_000, 80_000, 2_500)),
        "mileage_max": lambda: str(rng.randrange(10_000, 150_000, 10_000)),
        "year_min": lambda: str(rng.randint(2015, 2024)),
        "q": lambda: rng.choice(TEXTS),
    }
    keys = rng.sample(sorted(choices), rng.randint(1, 4))
    return {key: choices[key]() for key in keys}


def main() -> int:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    parser.set_defaults(vehicles=20_000)
    parser.add_argument("--searches", type=int, default=10_000)
    parser.add_argument("--imported", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(7)

    path, engine = demo_database(args)
    index = StockIndex.build(engine)
    brands = [brand.value for brand in index.vocabularies.brands]
    with Session(engine) as session:
        for table in (AlertMatch, AlertMail, SavedSearch):
            session.exec(delete(table))
        session.add_all(
            SavedSearch(email=f"visitor{n % (args.searches // 2 or 1)}@example.org",
                        locale=rng.choice(("nl", "de")), params=_search(rng, brands),
                        mode=rng.choice(("digest", "instant")), created_at=NOW,
                        confirmed_at=NOW)
            for n in range(args.searches))
        session.commit()
        available = list(session.exec(select(Vehicle.id).where(Vehicle.available)))
        searches = list(session.exec(select(SavedSearch)))
    imported = rng.sample(available, min(args.imported, len(available)))
    print(f"database {path}: {index.size} available vehicles, {len(searches)} saved "
          f"searches, {len(imported)} vehicles new or cheaper")

    samples, found = [], []
    for _ in range(args.runs):
        started = time.perf_counter()
        found = match_all(index, searches, imported)
        samples.append(time.perf_counter() - started)
    print(f"matching: median {statistics.median(samples) * 1000:.0f} ms "
          f"(min {min(samples) * 1000:.0f}, max {max(samples) * 1000:.0f}) over {args.runs} "
          f"runs; {len(found)} matches, {len({s for s, _ in found})} searches with news")

    return 0


if __name__ == "__main__":
    sys.exit(main())
