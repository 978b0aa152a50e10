"""Stock search speed: the in-memory index against plain SQL, on the same data.

    .venv/bin/python bench/stock_search.py [--vehicles 100000] [--db PATH] [--runs 300]

Builds (or reuses) a SQLite database with the demo stock, then times the full stock
request - three filters, a sort, one page of 24, the total, every facet's counts with
all other filters applied and the bounds of every range - with both implementations,
and checks that they return identical results. The requests with a distance filter (a
place and a radius, with the counts per radius and each card's distance) are summed up
on a line of their own.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from demo_database import add_arguments, demo_database
from sqlalchemy import func, select

from dealer.locations.places import places
from dealer.stock.index import StockIndex
from dealer.stock.models import Vehicle
from dealer.stock.query import StockQuery
from tests import stock_sql_reference as sql_search

# Each request: three filters and a sort, as a visitor's URL would give them.
REQUESTS = (
    {"brand": "volkswagen,skoda", "fuel": "petrol,diesel", "price_max": "35000",
     "sort": "mileage_asc"},
    {"body_style": "suv", "transmission": "automatic", "year_min": "2020",
     "sort": "private_lease_asc"},
    {"fuel": "electric", "mileage_max": "60000", "equipment": "towbar", "sort": "price_desc"},
    {"brand": "audi", "colour": "black,grey", "monthly_max": "600", "sort": "year_desc"},
    {"q": "golf tsi", "condition": "used", "branch": "utrecht,amersfoort",
     "sort": "business_lease_asc"},
    {"model": "skoda.octavia-combi", "brand": "skoda", "power_min": "140",
     "sort": "private_finance_asc", "page": "2"},
)
# With a distance filter: Dutch and German towns and postcodes, across the border.
DISTANCE_REQUESTS = (
    {"near": "Nijmegen", "within": "50", "sort": "distance_asc"},
    {"near": "47533", "within": "25", "fuel": "diesel,petrol"},
    {"near": "3511 AB", "within": "100", "brand": "volkswagen", "sort": "distance_asc",
     "page": "2"},
    {"near": "Köln", "within": "200", "body_style": "suv", "price_max": "40000"},
)


def _timings(function: Callable[[], object], runs: int) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def main() -> int:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    parser.add_argument("--runs", type=int, default=300, help="index runs per request")
    parser.add_argument("--sql-runs", type=int, default=5, help="SQL runs per request")
    args = parser.parse_args()

    path, engine = demo_database(args)
    with engine.connect() as connection:
        count = connection.execute(
            select(func.count()).select_from(Vehicle).where(Vehicle.available)
        ).scalar()
    print(f"database {path}: {count} available vehicles")

    started = time.perf_counter()
    index = StockIndex.build(engine)
    print(f"index built in {(time.perf_counter() - started) * 1000:.0f} ms")

    places()  # read once when the server starts
    queries = [StockQuery.from_params(params) for params in (*REQUESTS, *DISTANCE_REQUESTS)]
    identical = True
    with engine.connect() as connection:
        for query in queries:
            if index.search(query) != sql_search.search(connection, query):
                identical = False
                print(f"DIFFERENT results for {query.to_query_string()}")
        index_all = []
        sql_all = []
        print(f"{'request':64} {'index ms':>16} {'SQL ms':>16} {'total':>7}")
        for query in queries:
            index_median, index_p95 = _timings(lambda q=query: index.search(q), args.runs)
            sql_median, sql_p95 = _timings(
                lambda q=query: sql_search.search(connection, q), args.sql_runs
            )
            index_all.append((index_median, index_p95))
            sql_all.append((sql_median, sql_p95))
            print(f"{query.to_query_string()[:64]:64} "
                  f"{index_median:7.2f} /{index_p95:7.2f} {sql_median:7.1f} /{sql_p95:7.1f} "
                  f"{index.search(query).total:7d}")
        # Over all requests together: every run of every request is one sample.
        for name, group in (("index", queries[:len(REQUESTS)]),
                            ("index, distance filter", queries[len(REQUESTS):])):
            samples = sorted(_timings(lambda q=query: index.search(q), 1)[0]
                             for _ in range(args.runs) for query in group)
            median, p95 = statistics.median(samples), samples[int(len(samples) * 0.95) - 1]
            print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms over {len(samples)} "
                  "requests")
    sql_median = statistics.median(m for m, _ in sql_all)
    print(f"SQL:   median of request medians {sql_median:.1f} ms")
    print(f"results identical: {'yes' if identical else 'NO'}")
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
