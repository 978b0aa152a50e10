"""What one view of a stock listing costs the server, in process: the served page (its
describer), the app's load of the page's state (the listing) and analytics (the
describer again, for the page's events), as a first visit of each URL does them.

    .venv/bin/python bench/page_view.py [--vehicles 2400] [--db PATH] [--urls 60]

Prints the stock searches per page view and the milliseconds per page view (median and
p95 over the URLs), with the listing and the page kept for the page view and, in the
same run, without (every step building its own).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from demo_database import add_arguments, demo_database

FILTERS = ["", "fuel=electric", "fuel=diesel", "body_style=suv", "brand=volkswagen",
           "condition=used&sort=price_asc", "price_max=30000", "transmission=automatic"]
LISTINGS = [("/voorraad", "nl"), ("/de/angebote", "de"), ("/voorraad/private-lease", "nl")]


def urls(count: int) -> list[tuple[str, dict[str, str]]]:
    """Distinct listing URLs: a listing, a filter and a page number."""
    found = []
    for number in range(count):
        path, _ = LISTINGS[number % len(LISTINGS)]
        query = FILTERS[number // len(LISTINGS) % len(FILTERS)]
        page = number // (len(LISTINGS) * len(FILTERS)) + 1
        params = dict(part.split("=") for part in query.split("&") if part)
        found.append((path, {**params, "page": str(page)}))
    return found


async def page_views(addresses: list[tuple[str, dict[str, str]]]) -> list[float]:
    from dealer.db import get_engine
    from dealer.reservations.service import held_vehicles
    from dealer.routes import resolve
    from dealer.views.stock import Scope, stock_listing
    from dealer.web.describe import describe, described_lately

    took = []
    for path, query in addresses:
        started = time.perf_counter()
        await describe(path, query)  # the served page
        screen, locale, params = resolve(path)
        stock_listing(query, locale, Scope.of(screen, params),
                      reserved=held_vehicles(get_engine()))  # the app's load
        await described_lately(path, query)  # analytics
        took.append((time.perf_counter() - started) * 1000)
    return took


def report(label: str, took: list[float], searches: int) -> None:
    p95 = statistics.quantiles(took, n=20)[-1]
    print(f"{label}: {searches / len(took):.1f} stock searches per page view, "
          f"{statistics.median(took):.1f} ms median, {p95:.1f} ms p95 per page view "
          f"({len(took)} URLs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.set_defaults(vehicles=2_400)
    parser.add_argument("--urls", type=int, default=60)
    args = parser.parse_args()
    path, _ = demo_database(args)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"

    from dealer.kept import KeptLately
    from dealer.stock.index import StockIndex, get_index
    from dealer.views import stock
    from dealer.web import describe

    get_index()  # built before the clock starts
    searches = 0
    search = StockIndex.search

    def counted(index: StockIndex, *args: object, **kwargs: object) -> object:
        nonlocal searches
        searches += 1
        return search(index, *args, **kwargs)

    addresses = urls(args.urls)
    with mock.patch.object(StockIndex, "search", counted):
        asyncio.run(page_views(addresses[:3]))  # imports and first calls, not measured
        for label, kept in (("kept for the page view", True), ("each step its own", False)):
            searches = 0
            stock._KEPT = stock._KeptListings()
            describe._LATELY = KeptLately(30.0, 512)
            with mock.patch.object(stock._KeptListings, "get",
                                   stock._KeptListings.get if kept else lambda *_: None), \
                    mock.patch.object(KeptLately, "get",
                                      KeptLately.get if kept else lambda *_: None):
                took = asyncio.run(page_views(addresses))
            report(label, took, searches)


if __name__ == "__main__":
    main()
