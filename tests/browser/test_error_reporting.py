"""The browser's error reporter (@sentry/react) against a fake ingest on the loopback
interface: an error in a page arrives as an envelope with the release, environment and
sample rates, without what the visitor typed; without a DSN nothing is loaded."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Page, expect

from tests.conftest import Site
from tests.loopback import LoopbackService

EMAIL = "jan.jansen@example.nl"


def envelopes(ingest: LoopbackService) -> list[str]:
    return [request.text for request in ingest.requests if "/envelope/" in request.path]


def wait_for_envelope(ingest: LoopbackService, needle: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for body in envelopes(ingest):
            if needle in body:
                return body
        time.sleep(0.25)
    raise AssertionError(f"no envelope with {needle!r}: {envelopes(ingest)!r:.500}")


def test_a_browser_error_arrives_without_the_visitors_input(
        page: Page, measured_site: Site, ingest: LoopbackService) -> None:
    page.goto(measured_site.url("/de/direktkontakt"))
    expect(page.locator("#main-content h1")).to_be_visible()
    page.get_by_role("textbox", name="E-Mail-Adresse").fill(EMAIL)
    page.wait_for_function("window.__SENTRY__ !== undefined")
    page.evaluate("setTimeout(() => { throw new Error('the chat widget failed') })")
    body = wait_for_envelope(ingest, "the chat widget failed")
    header = json.loads(body.splitlines()[0])
    event = next(json.loads(line) for line in body.splitlines()
                 if line.startswith("{") and "the chat widget failed" in line)
    assert event["environment"] == "test" and event["release"]
    assert header["trace"]["sample_rate"] == "0.1"
    # The replay of the error (rate 1 on error) follows; it masks what was typed.
    wait_for_envelope(ingest, '"type":"replay_event"')
    assert not [text for text in envelopes(ingest) if EMAIL in text]


def test_without_a_dsn_no_reporter_is_loaded(page: Page, site: Site) -> None:
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(site.url("/over-ons"))
    expect(page.locator("#main-content h1")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.siteConfig.errors") is None
    assert page.evaluate("window.__SENTRY__") is None
    assert not [url for url in loaded if not url.startswith(site.base_url)]
