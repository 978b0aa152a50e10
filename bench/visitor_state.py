"""What each visitor costs the server: the bytes of their page state and the server's
memory, over many real visits in Debian's Chromium.

    .venv/bin/python bench/visitor_state.py [--visitors 200] [--parallel 6]

Each visitor opens the stock overview, picks a quick filter, opens the first vehicle,
then the contact form and fills it in with a message of the longest allowed length
(2,000 characters): the largest state a visitor can leave behind. Two runs on fresh
builds: one with Redis (REDIS_URL, database 9 of the local server, emptied first), where
each visitor's state is read from Redis key by key; one with the state in the server's
memory, where the memory of the server's processes is read before and after.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import redis
from playwright.sync_api import Browser, sync_playwright
from running_site import running_site

from tests.conftest import server_memory_kb

REDIS_URL = "redis://127.0.0.1:6379/9"
CHROMIUM = "/usr/bin/chromium"
MESSAGE = ("Ik wil graag een proefrit maken en hoor ook graag wat mijn huidige auto "
           "waard is. " * 40)[:2000]


def visit(browser: Browser, base_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base_url + "/voorraad")
    page.get_by_test_id("vehicle-card").first.wait_for()
    page.get_by_test_id("quick-entries").get_by_role("link").first.click()
    page.wait_for_load_state("networkidle")
    page.get_by_test_id("vehicle-card").first.get_by_role("link").first.click()
    page.locator("#main-content h1").wait_for()
    page.goto(base_url + "/direct-contact")
    page.locator("[name=name]").fill("Kim Bakker")
    page.locator("[name=email]").fill("kim@example.nl")
    page.locator("[name=message]").fill(MESSAGE)
    page.wait_for_load_state("networkidle")
    context.close()


def visit_all(base_url: str, visitors: int, parallel: int) -> None:
    def worker(count: int) -> None:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                 args=["--no-sandbox", "--disable-gpu"])
            for _ in range(count):
                visit(browser, base_url)
            browser.close()

    shares = [visitors // parallel + (n < visitors % parallel) for n in range(parallel)]
    with ThreadPoolExecutor(parallel) as pool:
        list(pool.map(worker, shares))


def state_bytes_per_visitor(client: redis.Redis) -> list[int]:
    per_token: dict[str, int] = defaultdict(int)
    for key in client.scan_iter(match="*_reflex___state*", count=1000):
        token = key.decode().split("_", 1)[0]  # keys are "<visitor token>_<state name>"
        per_token[token] += client.memory_usage(key) or 0
    return sorted(per_token.values())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--visitors", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=6)
    parser.add_argument("--memory-only", action="store_true", help="skip the Redis run")
    args = parser.parse_args()

    sizes = []
    if not args.memory_only:
        client = redis.Redis.from_url(REDIS_URL)
        client.flushdb()
        with running_site(env={"REDIS_URL": REDIS_URL}) as (base_url, _server):
            visit_all(base_url, args.visitors, args.parallel)
            sizes = state_bytes_per_visitor(client)
        client.flushdb()

    with running_site() as (base_url, server):
        visit_all(base_url, 5, 1)  # every page compiled and cached once
        before = server_memory_kb(server)
        visit_all(base_url, args.visitors, args.parallel)
        after = server_memory_kb(server)

    print(f"{args.visitors} visitors (stock, filter, vehicle, contact form with 2,000 "
          "characters)")
    if sizes:
        print(f"state per visitor in Redis: median {statistics.median(sizes) / 1024:.1f} KB, "
              f"max {max(sizes) / 1024:.1f} KB over {len(sizes)} visitors")
    print(f"server memory: {before / 1024:.0f} MB before, {after / 1024:.0f} MB after: "
          f"{(after - before) / args.visitors:.0f} KB per visitor")


if __name__ == "__main__":
    main()
