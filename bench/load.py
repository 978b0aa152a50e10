"""Many visitors at once: first visits to the stock overview, a vehicle page, the home page
and the German stock overview, each with the scripts and styles the page names, as a
browser loads them (six connections per visitor).

    .venv/bin/python bench/load.py [--url http://localhost:3000] [--visitors 300]
                                   [--seconds 60]

Without --url it builds and starts the site as the tests do. Prints, per page, the
number of HTML answers, their median, p95 and p99 latency, the errors (status >= 500,
timeouts, refused connections), and the same for the page's files.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import time
from collections import defaultdict

import httpx
from running_site import running_site

PAGES = {"stock nl": "/voorraad", "vehicle": "/voorraad/{vehicle}", "home": "/",
         "stock de": "/de/angebote"}
# Every asset the HTML names: stylesheets and the app's modules (listed in its start script).
FILES = re.compile(r'"(/assets/[^"]+\.(?:css|js))"')
CONNECTIONS_PER_VISITOR = 6
TIMEOUT_S = 30


class Figures:
    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)

    def timed(self, name: str, started: float, response: httpx.Response | None) -> None:
        if response is None or response.status_code >= 500:
            self.errors[name] += 1
        else:
            self.seconds[name].append(time.perf_counter() - started)

    def print(self, visitors: int, seconds: float) -> None:
        print(f"{visitors} visitors for {seconds:.0f} s")
        print(f"{'':14}{'answers':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
        for name in sorted(set(self.seconds) | set(self.errors)):
            times = sorted(self.seconds[name]) or [0.0]
            cut = statistics.quantiles(times, n=100) if len(times) > 1 else times * 99
            print(f"{name:14}{len(self.seconds[name]):>9}{statistics.median(times) * 1000:>9.0f}"
                  f"{cut[94] * 1000:>9.0f}{cut[98] * 1000:>9.0f}{self.errors[name]:>8}")


async def fetch(client: httpx.AsyncClient, path: str) -> httpx.Response | None:
    try:
        return await client.get(path)
    except httpx.HTTPError:
        return None


async def visitor(base_url: str, paths: list[tuple[str, str]], figures: Figures,
                  until: float, offset: int) -> None:
    limits = httpx.Limits(max_connections=CONNECTIONS_PER_VISITOR)
    async with httpx.AsyncClient(base_url=base_url, timeout=TIMEOUT_S, limits=limits,
                                 headers={"accept-encoding": "gzip"}) as client:
        turn = offset
        while time.perf_counter() < until:
            name, path = paths[turn % len(paths)]
            turn += 1
            started = time.perf_counter()
            page = await fetch(client, path)
            figures.timed(f"{name} HTML", started, page)
            if page is None or page.status_code != 200:
                continue
            files = set(FILES.findall(page.text))
            started = time.perf_counter()
            answers = await asyncio.gather(*(fetch(client, file) for file in files))
            for answer in answers:
                figures.timed(f"{name} files", started, answer)


async def run(base_url: str, visitors: int, seconds: float) -> Figures:
    stock = httpx.get(base_url + "/voorraad", timeout=TIMEOUT_S).text
    vehicle = re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', stock).group(1)
    paths = [(name, path.format(vehicle=vehicle)) for name, path in PAGES.items()]
    figures = Figures()
    until = time.perf_counter() + seconds
    await asyncio.gather(*(visitor(base_url, paths, figures, until, number)
                           for number in range(visitors)))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site; without it the build is started")
    parser.add_argument("--visitors", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    with running_site(args.url) as (base_url, _server):
        figures = asyncio.run(run(base_url, args.visitors, args.seconds))
    figures.print(args.visitors, args.seconds)


if __name__ == "__main__":
    main()
