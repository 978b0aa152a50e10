"""Where a page's load-time JavaScript goes: a CPU profile of one visit on the throttled
phone of bench/ready.py, its self time summed by script file and by function.

    .venv/bin/python bench/main_thread.py [--url http://localhost:3000] [--path /voorraad]
                                           [--bare] [--top 25]

The profile runs from the start of the navigation until the page has been quiet for a
second after its load (or 30 s). Prints the total time in JavaScript, then the files and
the functions with the most self time. With --bare, the bare framework app
(bench/bare_app, built and served as bench/ready.py does) is profiled in the same run.
Without --url the site is built and started as the tests start theirs.
"""

from __future__ import annotations

import argparse
import collections
import time
from contextlib import ExitStack
from urllib.parse import urlparse

from playwright.sync_api import Browser, sync_playwright
from ready import CPU_SLOWDOWN, NETWORK, PHONE, bare_app
from running_site import running_site

from tests.conftest import CHROMIUM

QUIET_S = 1.0
GIVE_UP_S = 30.0
IDLE = {"(idle)", "(program)", "(garbage collector)", "(root)"}


def profile(browser: Browser, url: str) -> dict:
    """The CPU profile of one cold visit to ``url`` on the throttled phone."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 200})
    cdp.send("Profiler.start")
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle", timeout=GIVE_UP_S * 1000)
    time.sleep(QUIET_S)
    result = cdp.send("Profiler.stop")["profile"]
    context.close()
    return result


def self_times(profile_: dict) -> dict[str, collections.Counter]:
    """Milliseconds of self time by file and by function (``name file:line``)."""
    nodes = {node["id"]: node for node in profile_["nodes"]}
    samples, deltas = profile_["samples"], profile_["timeDeltas"]
    by_file: collections.Counter = collections.Counter()
    by_function: collections.Counter = collections.Counter()
    for sample, delta in zip(samples, [*deltas[1:], 0], strict=True):
        frame = nodes[sample]["callFrame"]
        name = frame["functionName"] or "(anonymous)"
        milliseconds = delta / 1000
        if name in IDLE:
            by_file[name] += milliseconds
            continue
        script = urlparse(frame["url"]).path.rsplit("/", 1)[-1] or "(page)"
        by_file[script] += milliseconds
        by_function[f"{name} {script}:{frame['lineNumber'] + 1}"] += milliseconds
    return {"file": by_file, "function": by_function}


def report(label: str, times: dict[str, collections.Counter], top: int) -> None:
    script_ms = sum(ms for name, ms in times["file"].items() if name not in IDLE)
    print(f"\n== {label}: JavaScript {script_ms:.0f} ms, "
          f"garbage collection {times['file']['(garbage collector)']:.0f} ms, "
          f"other work {times['file']['(program)']:.0f} ms (CPU {CPU_SLOWDOWN}x slower)")
    for kind in ("file", "function"):
        print(f"  by {kind}:")
        for name, ms in times[kind].most_common(top + len(IDLE)):
            if name not in IDLE:
                print(f"    {ms:7.1f} ms  {name}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site instead of a build of the checkout")
    parser.add_argument("--path", default="/voorraad")
    parser.add_argument("--bare", action="store_true", help="profile the bare app too")
    parser.add_argument("--top", type=int, default=25)
    options = parser.parse_args()
    with ExitStack() as stack, sync_playwright() as playwright:
        site, _ = stack.enter_context(running_site(options.url))
        targets = [(options.path, site + options.path)]
        if options.bare:
            targets.append(("bare framework app", stack.enter_context(bare_app()) + "/"))
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for label, url in targets:
            profile(browser, url)  # warms the server: built pages and data read once
            report(label, self_times(profile(browser, url)), options.top)
        browser.close()


if __name__ == "__main__":
    main()
