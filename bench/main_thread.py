"""Where a page's load-time JavaScript goes: a CPU profile of one visit on the throttled
phone of bench/ready.py, its self time summed by script file and by function.

    .venv/bin/python bench/main_thread.py [--url http://localhost:3000] [--path /voorraad]
                                           [--bare] [--top 25]
                                           [--trace [--runs 3]]

The profile runs from the start of the navigation until the page has been quiet for a
second after its load (or 30 s). Prints the total time in JavaScript, then the files and
the functions with the most self time. With --bare, the bare framework app
(bench/bare_app, built and served as bench/ready.py does) is profiled in the same run.
Without --url the site is built and started as the tests start theirs.
With --trace, performance traces of the same visit instead (--runs of them): the main
thread's work by kind (script, style, layout, parsing, paint), before the app's scripts
start (the served page) and after (the app), median of the runs; and the last run's
largest tasks with what they did, in ms from the navigation's start.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Browser, sync_playwright
from ready import CPU_SLOWDOWN, bare_app, phone
from running_site import running_site

from tests.conftest import CHROMIUM

QUIET_S = 1.0
GIVE_UP_S = 30.0
IDLE = {"(idle)", "(program)", "(garbage collector)", "(root)"}


def profile(browser: Browser, url: str) -> dict:
    """The CPU profile of one cold visit to ``url`` on the throttled phone."""
    context, page, cdp = phone(browser)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 200})
    cdp.send("Profiler.start")
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle", timeout=GIVE_UP_S * 1000)
    time.sleep(QUIET_S)
    result = cdp.send("Profiler.stop")["profile"]
    context.close()
    return result


# Trace events of the main thread's own work, by what Chromium's performance panel calls them.
WORK = {"EvaluateScript": "script", "v8.compile": "script", "FunctionCall": "script",
        "EventDispatch": "script", "TimerFire": "script", "FireAnimationFrame": "script",
        "v8.callFunction": "script", "RunMicrotasks": "script",
        "UpdateLayoutTree": "style",
        "Layout": "layout", "ParseHTML": "parse HTML", "ParseAuthorStyleSheet": "parse CSS",
        "Paint": "paint", "PrePaint": "paint", "Layerize": "paint",
        "MajorGC": "garbage collection", "MinorGC": "garbage collection"}


def trace(browser: Browser, url: str) -> list[dict]:
    """The main thread's trace events of one cold visit to ``url`` on the throttled phone."""
    context, page, _ = phone(browser)
    with tempfile.NamedTemporaryFile(suffix=".json") as file:
        browser.start_tracing(page=page, path=file.name, categories=[
            "devtools.timeline", "disabled-by-default-devtools.timeline", "v8"])
        page.goto(url, wait_until="load")
        page.wait_for_load_state("networkidle", timeout=GIVE_UP_S * 1000)
        time.sleep(QUIET_S)
        browser.stop_tracing()
        events = json.loads(Path(file.name).read_text())["traceEvents"]
    context.close()
    main = {(event["pid"], event["tid"]) for event in events
            if event.get("name") == "thread_name"
            and event.get("args", {}).get("name") == "CrRendererMain"}
    return [event for event in events if (event.get("pid"), event.get("tid")) in main]


def app_start(events: list[dict]) -> int:
    """When the app's first script module starts to run (the end of the trace if never)."""
    return min((event["ts"] for event in events
                if event.get("name") in ("v8.compileModule", "v8.evaluateModule", "EvaluateScript")
                and "/assets/" in str(event.get("args", {}).get("data", {}).get("url", "")
                                      or event.get("args", {}).get("fileName", ""))),
               default=max(event["ts"] for event in events))


def work_by_kind(events: list[dict]) -> dict[str, collections.Counter]:
    """Milliseconds of main-thread work by kind (the innermost event owns its time),
    before the app's scripts run ("served page") and after ("app")."""
    boundary = app_start(events)
    spans = sorted((event for event in events if event.get("ph") == "X" and "dur" in event),
                   key=lambda event: (event["ts"], -event["dur"]))
    phases = {"served page": collections.Counter(), "app": collections.Counter()}
    open_: list[tuple[int, str]] = []  # (end, kind) of the enclosing events
    phase = phases["served page"]
    for event in spans:
        while open_ and open_[-1][0] <= event["ts"]:
            open_.pop()
        if event["name"] == "RunTask":
            phase = phases["served page" if event["ts"] < boundary else "app"]
            open_.append((event["ts"] + event["dur"], "other"))
            phase["other"] += event["dur"] / 1000
            continue
        kind = WORK.get(event["name"])
        if kind is None or not open_:
            continue
        phase[open_[-1][1]] -= event["dur"] / 1000
        phase[kind] += event["dur"] / 1000
        open_.append((event["ts"] + event["dur"], kind))
    return phases


def report_trace(label: str, runs: list[list[dict]], top: int) -> None:
    """Median main-thread work by kind over the runs, before and after the app starts,
    and the largest tasks of the last run with what they did."""
    phases = [work_by_kind(events) for events in runs]
    kinds = sorted({kind for run in phases for phase in run.values() for kind in phase})

    def median(phase: str, kind: str | None) -> float:
        return statistics.median(
            sum(run[phase].values()) if kind is None else run[phase][kind] for run in phases)

    print(f"\n== {label}: main-thread work, ms, median of {len(runs)} "
          f"(CPU {CPU_SLOWDOWN}x slower)")
    print(f"    {'':20} {'served page':>12} {'app':>8}")
    for kind in [*kinds, None]:
        print(f"    {kind or 'all':20} {median('served page', kind):12.0f} "
              f"{median('app', kind):8.0f}")
    events = runs[-1]
    start = min(event["ts"] for event in events if event.get("ph") == "X")
    spans = [event for event in events if event.get("ph") == "X" and "dur" in event]
    print(f"  largest tasks of the last run (ms from the start: duration, what in them "
          f"took over 5 ms; the app's scripts start at {(app_start(events) - start) / 1000:.0f}):")
    tasks = sorted((event for event in spans if event["name"] == "RunTask"),
                   key=lambda event: -event["dur"])[:top]
    for task in sorted(tasks, key=lambda event: event["ts"]):
        inside = sorted((event for event in spans if event["name"] in WORK
                         and task["ts"] <= event["ts"] < task["ts"] + task["dur"]
                         and event["dur"] > 5000), key=lambda event: event["ts"])
        what = ", ".join(f"{event['name']} {event['dur'] / 1000:.0f}"
                         + (f" ({event['args']['elementCount']} elements)"
                            if event.get("args", {}).get("elementCount") else "")
                         for event in inside[:6])
        print(f"    {(task['ts'] - start) / 1000:7.0f}: {task['dur'] / 1000:6.1f}  {what}")


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
    parser.add_argument("--trace", action="store_true",
                        help="the main thread's work by kind, from a performance trace")
    parser.add_argument("--runs", type=int, default=1, help="traces per page (--trace)")
    options = parser.parse_args()
    with ExitStack() as stack, sync_playwright() as playwright:
        site, _ = stack.enter_context(running_site(options.url))
        targets = [(options.path, site + options.path)]
        if options.bare:
            targets.append(("bare framework app", stack.enter_context(bare_app()) + "/"))
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for label, url in targets:
            profile(browser, url)  # warms the server: built pages and data read once
            if options.trace:
                report_trace(label, [trace(browser, url) for _ in range(options.runs)],
                             options.top)
            else:
                report(label, self_times(profile(browser, url)), options.top)
        browser.close()


if __name__ == "__main__":
    main()
