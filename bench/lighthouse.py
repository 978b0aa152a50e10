"""Lighthouse on a phone, offline: each page type of the production build, several runs,
the median of each figure.

    .venv/bin/python bench/lighthouse.py [--url http://localhost:3000] [--runs 3] [--only /voorraad]

Without --url it builds and starts the site as the tests do (`scripts/run.sh`, its own
SQLite database with the demo data) on a free port and stops it afterwards. Lighthouse
comes from the npm registry (installed into .tools on first use) and drives Debian's
Chromium; mobile form factor, simulated throttling (Lighthouse's defaults). Prints per
page the median Performance, Accessibility, Best Practices and SEO scores, CLS, LCP, TBT
and the transferred KB per resource type. With --bare, the bare framework app
(bench/bare_app, built and served as bench/ready.py does) is measured in the same run, in
turn with the pages in each of the runs (so that it meets the same load as they do), and
each page's main-thread work and TBT are printed as ratios to the bare app's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

import httpx
from ready import bare_app
from running_site import ROOT, running_site

LIGHTHOUSE_VERSION = "12.8.2"  # 13 needs Node 22; Debian's Node is 20
LIGHTHOUSE = ROOT / ".tools" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The page types of the issue; {vehicle} is the first vehicle of the stock overview.
PAGES = {
    "home": "/",
    "stock nl": "/voorraad",
    "stock de": "/de/angebote",
    "vehicle": "/voorraad/{vehicle}",
    "content": "/over-ons",
    "compare": "/voorraad/vergelijken",
    "favourites": "/voorraad/favorieten",
    "calculator": "/voorraad/{vehicle}/lease-calculator",
    "lease offers": "/lease-aanbod",
    "location": "/vestigingen/utrecht",
}
CATEGORIES = {"performance": "Perf", "accessibility": "A11y", "best-practices": "BP",
              "seo": "SEO"}
RESOURCE_TYPES = ("document", "script", "stylesheet", "font", "image", "other", "total")
BARE = "bare app"


def install_lighthouse() -> None:
    package = ROOT / ".tools" / "node_modules" / "lighthouse" / "package.json"
    if package.exists() and json.loads(package.read_text())["version"] == LIGHTHOUSE_VERSION:
        return
    subprocess.run(["npm", "install", "--loglevel=error", "--no-audit", "--no-fund",
                    "--prefix", str(ROOT / ".tools"), f"lighthouse@{LIGHTHOUSE_VERSION}"],
                   check=True)


def run_lighthouse(url: str) -> dict:
    """One Lighthouse run of ``url``: the report as a dict."""
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
             "--only-categories=" + ",".join(CATEGORIES),
             f"--chrome-flags=--headless=new --no-sandbox --disable-gpu "
             f"--user-data-dir={profile}"],
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True, text=True, check=True,
        )
    return json.loads(result.stdout)


def figures(report: dict) -> dict[str, float]:
    """The figures of one report: scores 0-100, CLS, LCP and TBT in ms, KB per type."""
    audits = report["audits"]
    row = {label: round(100 * (report["categories"][key]["score"] or 0))
           for key, label in CATEGORIES.items()}
    row["CLS"] = audits["cumulative-layout-shift"]["numericValue"]
    row["LCP"] = audits["largest-contentful-paint"]["numericValue"]
    row["TBT"] = audits["total-blocking-time"]["numericValue"]
    row["Main"] = audits["mainthread-work-breakdown"]["numericValue"]
    row["Bench"] = report["environment"]["benchmarkIndex"]
    for item in audits["resource-summary"]["details"]["items"]:
        if item["resourceType"] in RESOURCE_TYPES:
            row[item["resourceType"]] = item["transferSize"] / 1024
    return row


def median_row(rows: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(row.get(key, 0) for row in rows) for key in rows[0]}


def print_table(results: dict[str, dict[str, float]], runs: int) -> None:
    columns = [*CATEGORIES.values(), "CLS", "LCP ms", "TBT ms", "Main ms", "Bench",
               *RESOURCE_TYPES]
    print(f"Lighthouse {LIGHTHOUSE_VERSION}, mobile, simulated throttling, median of {runs};"
          " Bench: its benchmarkIndex (this machine's speed then); transferred KB per"
          f" resource type; load average {Path('/proc/loadavg').read_text().split()[0]}")
    print(f"{'page':<13}" + "".join(f"{column:>11}" for column in columns))
    for name, row in results.items():
        cells = [f"{row[label]:.0f}" for label in CATEGORIES.values()]
        cells += [f"{row['CLS']:.3f}", f"{row['LCP']:.0f}", f"{row['TBT']:.0f}",
                  f"{row['Main']:.0f}", f"{row['Bench']:.0f}"]
        cells += [f"{row.get(kind, 0):.1f}" for kind in RESOURCE_TYPES]
        print(f"{name:<13}" + "".join(f"{cell:>11}" for cell in cells))


def print_ratios(results: dict[str, dict[str, float]], bare: dict[str, float]) -> None:
    print("ratio to the bare framework app, same run")
    print(f"{'page':<13}{'Main x':>11}{'TBT x':>11}")
    for name, row in results.items():
        tbt = f"{row['TBT'] / bare['TBT']:.1f}" if bare["TBT"] else "-"
        print(f"{name:<13}{row['Main'] / bare['Main']:>11.1f}{tbt:>11}")


def page_urls(base_url: str, only: list[str]) -> dict[str, str]:
    """The page types' addresses on the site at ``base_url`` (those named in ``only``)."""
    stock = httpx.get(base_url + "/voorraad", timeout=30).text
    vehicle = re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', stock).group(1)
    return {name: base_url + path.format(vehicle=vehicle) for name, path in PAGES.items()
            if not only or path.format(vehicle=vehicle) in only or name in only}


def measure(urls: dict[str, str], runs: int) -> dict[str, dict[str, float]]:
    """The median figures of each address. Every run measures each address once, in turn,
    so that all of them (the bare app too) share the machine's changing load."""
    reports: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
    for run in range(runs):
        for name, url in urls.items():
            reports[name].append(figures(run_lighthouse(url)))
        print(f"  run {run + 1} of {runs}: done", file=sys.stderr)
    return {name: median_row(rows) for name, rows in reports.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site; without it the build is started")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", action="append", default=[],
                        help="a page name or path of the list (repeatable)")
    parser.add_argument("--bare", action="store_true",
                        help="measure the bare framework app in the same run")
    args = parser.parse_args()
    install_lighthouse()
    with ExitStack() as stack:
        base_url, _server = stack.enter_context(running_site(args.url))
        urls = page_urls(base_url, args.only)
        if args.bare:
            urls[BARE] = stack.enter_context(bare_app()) + "/"
        results = measure(urls, args.runs)
    print_table(results, args.runs)
    if BARE in results:
        print_ratios({name: row for name, row in results.items() if name != BARE},
                     results[BARE])


if __name__ == "__main__":
    main()
