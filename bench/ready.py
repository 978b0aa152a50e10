"""The first tap a phone visitor's page answers, beside the bare framework app built and run
in the same run: the floor under any page of the framework.

    .venv/bin/python bench/ready.py [--runs 3] [--url http://localhost:3000]

A phone (360x740, CPU four times slower, 150 ms round trip, 1.6 Mbit/s down) opens a page
and taps a control as soon as it is visible, again every 300 ms, until the page answers:
the bare app's count changes, the stock page's URL holds the fuel it was asked to filter
by, the vehicle page's favourite box is ticked, its favourite count in the header reads 1,
its compare box is ticked, the direct-contact form sent empty flags a field (focused by
the browser's own check before the app, marked invalid by the app).
The time runs from the start of the navigation to that answer, whatever documents it
took. Prints the median and range of ``--runs`` visits per case and the ratio to the
bare app's floor.

Without --url the site is built and started as the tests start theirs (a copy of the
checkout under .cache/sites, its own SQLite database with the demo data); the bare app
(bench/bare_app) is built the same way in .cache/sites/bare and served on a port of its
own.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import httpx
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Error,
    Locator,
    Page,
    sync_playwright,
)
from running_site import ROOT, running_site

from tests.conftest import CHROMIUM, free_port, stop_site, wait_until

BARE_SOURCE = ROOT / "bench" / "bare_app"
BARE_COPY = ROOT / ".cache" / "sites" / "bare"
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "nl-NL"}
CPU_SLOWDOWN = 4
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
TAP_EVERY_MS = 300
GIVE_UP_S = 60

# Records the wall-clock time of the first moment the page answers (``{answered}``), on
# whichever document it happens: a tap may start a new one.
WATCH = """(() => {
  const check = () => {
    if (window.__answeredAt === undefined && (%s)) window.__answeredAt = Date.now();
  };
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) { const r = original.apply(this, args); check(); return r; };
  }
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 characterData: true});
  // A ticked box or a focused field changes no markup.
  for (const type of ['change', 'focusin']) document.addEventListener(type, check, true);
  check();
})();"""


@dataclass(frozen=True)
class Case:
    name: str
    app: str  # "bare" or "site"
    path: str  # {vehicle}: the first vehicle of the stock overview
    controls: tuple[str, ...]  # what a visitor taps in turn (Playwright selectors)
    answered: str  # a JavaScript condition


CASES = [
    Case("bare app: checkbox -> count", "bare", "/", ("role=checkbox",),
         "(document.getElementById('count') || {}).textContent > '0'"),
    Case("bare app, route parameter", "bare", "/items/1", ("role=checkbox",),
         "(document.getElementById('count') || {}).textContent > '0'"),
    # On a phone the filters are behind their button: a link to the served filters until
    # the app has taken over, the app's button then.
    Case("/voorraad: Filters, 'Elektrisch' -> URL", "site", "/voorraad",
         ("#stock-filters-link, button:text-is('Filters')",
          "role=checkbox[name=/^Elektrisch/]"),
         "location.search.includes('fuel=electric')"),
    Case("/de/angebote: Filter, 'Elektro' -> URL", "site", "/de/angebote",
         ("#stock-filters-link, button:text-is('Filter')", "role=checkbox[name=/^Elektro/]"),
         "location.search.includes('fuel=electric')"),
    # The served page's favourite box answers the tap itself; the app takes over what was
    # ticked and keeps the list, which the header counts. A ticked box is not tapped again.
    Case("vehicle: favourite -> box ticked", "site", "/voorraad/{vehicle}",
         ("role=checkbox[name=/^Favoriet/][checked=false]",),
         "document.querySelector('input[aria-label^=\"Favoriet\"]:checked') !== null"),
    Case("vehicle: favourite -> header count", "site", "/voorraad/{vehicle}",
         ("role=checkbox[name=/^Favoriet/][checked=false]",),
         "[...document.querySelectorAll('header a[href$=\"/favorieten\"]')]"
         ".some(link => /(^|\\D)1(\\D|$)/.test(link.textContent))"),
    Case("vehicle: compare -> box ticked", "site", "/voorraad/{vehicle}",
         ("role=checkbox[name=/^Vergelijken/][checked=false]",),
         "document.querySelector('input[aria-label^=\"Vergelijken\"]:checked') !== null"),
    # Sent empty, the form names what is missing: the served form by the browser's own
    # check (the first field left out takes the focus), the app's beside its fields.
    Case("/direct-contact: send empty -> field flagged", "site", "/direct-contact",
         ("button:text-is('Aanvraag versturen')",),
         "document.querySelector(':invalid:focus, [aria-invalid=\"true\"]') !== null"),
]


def phone(browser: Browser) -> tuple[BrowserContext, Page, CDPSession]:
    """A new page on the throttled phone, and its DevTools session."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page, cdp


def first_answer(browser: Browser, url: str, case: Case) -> float | None:
    """Seconds from the start of navigating to ``url`` until the page answered a tap."""
    context, page, _ = phone(browser)
    try:
        page.add_init_script(WATCH % case.answered)
        started = time.time()
        page.goto(url, wait_until="commit")
        while time.time() - started < GIVE_UP_S:
            with suppress(Error):  # not there yet, or the page moved on under the tap
                _next_control(page, case).click(timeout=TAP_EVERY_MS)
            if (answered := _answered_at(page)) is not None:
                return answered / 1000 - started
            page.wait_for_timeout(TAP_EVERY_MS)
        return None
    finally:
        context.close()


def _next_control(page: Page, case: Case) -> Locator:
    """The last of the case's controls a visitor can see (the first when none is)."""
    controls = [page.locator(selector).first for selector in case.controls]
    return next((control for control in reversed(controls) if control.is_visible()),
                controls[0])


def _answered_at(page: Page) -> float | None:
    try:
        return page.evaluate("window.__answeredAt")
    except Error:  # a new document is loading
        return None


@contextmanager
def bare_app() -> Iterator[str]:
    """The bare framework app, built and served as the site is (production, one port)."""
    BARE_COPY.mkdir(parents=True, exist_ok=True)
    shutil.copytree(BARE_SOURCE, BARE_COPY, dirs_exist_ok=True)
    port = free_port()
    log = (BARE_COPY / "run.log").open("wb")
    process = subprocess.Popen(
        ["reflex", "run", "--env", "prod", "--frontend-port", str(port),
         "--backend-port", str(port)],
        cwd=BARE_COPY, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: process.poll() is not None or _answers(base_url),
                   f"the bare app (see {BARE_COPY / 'run.log'})")
        yield base_url
    finally:
        stop_site(process)
        log.close()


def _answers(base_url: str) -> bool:
    try:
        return httpx.get(base_url + "/", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site instead of a build of the checkout")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", help="cases whose name contains this")
    args = parser.parse_args()
    cases = [case for case in CASES if not args.only or args.only in case.name
             or case.app == "bare"]
    figures: dict[str, list[float | None]] = {}
    with running_site(args.url) as (site_url, _server), bare_app() as bare_url, \
            sync_playwright() as playwright:
        stock = httpx.get(site_url + "/voorraad", timeout=30).text
        vehicle = re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', stock).group(1)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run"])
        for _ in range(args.runs):  # cases interleaved, so that the machine's mood is shared
            for case in cases:
                base = bare_url if case.app == "bare" else site_url
                url = base + case.path.format(vehicle=vehicle)
                figures.setdefault(case.name, []).append(first_answer(browser, url, case))
        browser.close()
    floor = _median(figures[CASES[0].name])
    print(f"first tap answered, phone profile, median of {args.runs} (range); "
          f"load average {Path('/proc/loadavg').read_text().split()[0]}")
    print(f"{'case':<44}{'median s':>10}{'range s':>16}{'x bare':>8}")
    for name, times in figures.items():
        done = [value for value in times if value is not None]
        median = _median(times)
        spread = f"{min(done):.1f}-{max(done):.1f}" if done else "-"
        ratio = f"{median / floor:.2f}" if median and floor else "-"
        failed = f"  ({len(times) - len(done)} never answered)" if len(done) < len(times) else ""
        print(f"{name:<44}{median or float('nan'):>10.2f}{spread:>16}{ratio:>8}{failed}")


def _median(values: list[float | None]) -> float | None:
    done = [value for value in values if value is not None]
    return statistics.median(done) if done else None


if __name__ == "__main__":
    main()
