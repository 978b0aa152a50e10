"""Stock overview in a real browser: how fast a filter click updates the page, and how
much state the server sends per visitor.

    .venv/bin/python bench/stock_browser.py [--url http://localhost:3000] [--clicks 40]

Without --url the production build is started as the tests start theirs
(bench/running_site.py). Prints the median and p95 time from a filter click to the new
result count, and the bytes of state the websocket delivered for the first page view and
per click: as the page reads them, and as they travel (the connection compresses its
messages with permessage-deflate, keeping the compression context between messages; the
browser only reports them uncompressed, so they are compressed here the same way). On a
site started here, also the server's processor time per filter change (its processes,
over the clicks).
"""

from __future__ import annotations

import argparse
import statistics
import zlib

from playwright.sync_api import sync_playwright
from running_site import cpu_seconds, running_site

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
# Filter options to click in turn (each click navigates to the toggled search).
OPTIONS = ("Benzine", "Diesel", "Elektrisch", "Automaat", "SUV", "Stationwagen")


class Wire:
    """The server's side of permessage-deflate (RFC 7692) with context takeover."""

    def __init__(self) -> None:
        self._deflate = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)

    def size(self, message: str | bytes) -> int:
        data = message.encode() if isinstance(message, str) else message
        body = self._deflate.compress(data) + self._deflate.flush(zlib.Z_SYNC_FLUSH)
        return len(body) - 4  # the flush's empty block tail is not sent


WATCH_SCRIPT = """() => {
  const count = () => (document.querySelector('[data-testid=result-count]') || {}).textContent;
  window.__clicked = 0; window.__updated = null;
  let before = null;
  document.addEventListener('click', () => {
    window.__clicked = performance.now(); before = count();
  }, true);
  // The count's element may be drawn anew: watch the page for a count that differs.
  new MutationObserver(() => {
    if (window.__updated === null && window.__clicked && count() !== before) {
      window.__updated = performance.now();
    }
  }).observe(document.body, {childList: true, characterData: true, subtree: true});
}"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site; without it the build is started")
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()

    with running_site(args.url) as (base_url, server), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        page = browser.new_page()
        received: list[tuple[int, int]] = []  # (as read, as sent) per message
        wire = Wire()
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda frame: received.append((len(frame), wire.size(frame)))))
        page.goto(f"{base_url}/voorraad")
        count = page.get_by_test_id("result-count")
        count.wait_for()
        page.wait_for_function("() => /\\d/.test(document.querySelector("
                               "'[data-testid=result-count]').textContent)")
        first_view = [sum(sizes) for sizes in zip(*received, strict=True)] or [0, 0]

        # Timed inside the page: from the click event to the new count in the DOM.
        page.evaluate(WATCH_SCRIPT)
        timings: list[float] = []
        per_click: list[list[int]] = []
        server_before = cpu_seconds(server) if server else None
        for index in range(args.clicks):
            option = OPTIONS[index % len(OPTIONS)]
            received.clear()
            page.evaluate("window.__updated = null")
            page.get_by_role("checkbox", name=option).first.click()
            page.wait_for_function("() => window.__updated !== null")
            timings.append(page.evaluate("window.__updated - window.__clicked"))
            page.wait_for_timeout(50)
            per_click.append([sum(sizes) for sizes in zip(*received, strict=True)] or [0, 0])
        server_ms = (None if server_before is None
                     else (cpu_seconds(server) - server_before) * 1000 / args.clicks)
        browser.close()

    timings.sort()
    print(f"filter click -> new count, {len(timings)} clicks on {base_url}:")
    print(f"  median {statistics.median(timings):.0f} ms, "
          f"p95 {timings[int(len(timings) * 0.95) - 1]:.0f} ms, max {timings[-1]:.0f} ms")
    for kind, column in (("as read", 0), ("as sent", 1)):
        clicks = [sizes[column] for sizes in per_click]
        print(f"state {kind}: first view {first_view[column] / 1024:.1f} KB, per click "
              f"median {statistics.median(clicks) / 1024:.1f} KB, max {max(clicks) / 1024:.1f} KB")
    if server_ms is not None:
        print(f"server processor time per filter change: {server_ms:.0f} ms")


if __name__ == "__main__":
    main()
