"""Similar vehicles speed: the stock index's similar query for vehicle pages.

    .venv/bin/python bench/similar.py [--vehicles 100000] [--db PATH] [--runs 2000]

Builds (or reuses) a SQLite database with the demo stock, then asks the index for the
similar vehicles of ``--runs`` vehicles picked at random (each with its model, body style,
fuel, prices and branch, as a vehicle page asks), and prints the median and 95th
percentile in milliseconds, with the load average of the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from demo_database import add_arguments, demo_database

from dealer.stock.index import StockIndex
from dealer.stock.query import StockQuery


def main() -> int:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    parser.add_argument("--runs", type=int, default=2000, help="vehicles asked for")
    args = parser.parse_args()

    path, engine = demo_database(args)
    index = StockIndex.build(engine)
    print(f"database {path}: {index.size} vehicles in the index")
    # Vehicles as pages ask for them: any card of the stock, in any order.
    cards = index.first(StockQuery(), index.size)[1]
    picks = random.Random(7).choices(cards, k=args.runs)
    samples, shown = [], []
    for card in picks:
        started = time.perf_counter()
        similar = index.similar(
            vehicle_id=card.id, model=f"{card.brand_slug}.{card.model_slug}",
            body_style=card.body_style, fuel=card.fuel, price=card.price,
            monthly=min((amount for amount in (card.private_lease, card.business_lease,
                                               card.private_finance, card.business_finance)
                         if amount is not None), default=None),
            branch=card.branch_slug,
        )
        samples.append((time.perf_counter() - started) * 1000)
        shown.append(len(similar))
    samples.sort()
    median, p95 = statistics.median(samples), samples[int(len(samples) * 0.95) - 1]
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"similar vehicles: median {median:.3f} ms, p95 {p95:.3f} ms over {len(samples)} "
          f"pages; {statistics.mean(shown):.1f} shown on average; load average {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
