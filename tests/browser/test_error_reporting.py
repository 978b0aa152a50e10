"""The browser's error reporter (@sentry/react) against a fake ingest on the loopback
interface: an error in a page arrives as an envelope with the release, environment and
sample rates, without what the visitor typed; without a DSN nothing is loaded."""

from __future__ import annotations

import json
import re
import uuid

from playwright.sync_api import Browser, Page, expect

from tests.conftest import Site, consent_cookie, wait_until
from tests.loopback import LoopbackService

EMAIL = "jan.jansen@example.nl"
REPLAY = '"type":"replay_event"'


def envelopes(ingest: LoopbackService, since: int = 0, agent: str | None = None) -> list[str]:
    """What arrived, from the ``since``-th request on (the ingest serves every test), from
    the page with the user ``agent`` if given: a page's replay goes on sending, so a later
    test may still receive an earlier page's envelopes."""
    return [request.text for request in ingest.requests[since:] if "/envelope/" in request.path
            and agent in (None, request.headers.get("user-agent"))]


def wait_for_envelope(ingest: LoopbackService, needle: str, since: int = 0,
                      agent: str | None = None) -> str:
    return wait_until(
        lambda: next((body for body in envelopes(ingest, since, agent) if needle in body), ""),
        f"an envelope with {needle!r}")


def throw(page: Page, ingest: LoopbackService, message: str) -> str:
    """An uncaught error in the page; the envelope in which the page reports it."""
    page.evaluate(f"setTimeout(() => {{ throw new Error({message!r}) }})")
    return wait_for_envelope(ingest, message, agent=page.evaluate("navigator.userAgent"))


def contact_form(browser: Browser, site: Site, categories: list[str]) -> Page:
    """A visitor who accepted ``categories`` of cookies, on the contact page with the
    e-mail address typed in and the reporter loaded. The browser's user agent names the
    visit, so that the ingest can tell its envelopes (``envelopes``)."""
    probe = browser.new_page()
    agent = f"{probe.evaluate('navigator.userAgent')} visit/{uuid.uuid4().hex[:12]}"
    probe.close()
    page = browser.new_context(user_agent=agent, storage_state={
        "cookies": [consent_cookie(categories)], "origins": []}).new_page()
    page.goto(site.url("/de/direktkontakt"))
    expect(page.locator("#main-content h1")).to_be_visible()
    page.get_by_role("textbox", name="E-Mail-Adresse").fill(EMAIL)
    page.wait_for_function("window.__SENTRY__ !== undefined")
    return page


def test_a_browser_error_arrives_without_the_visitors_input(
        browser: Browser, integrations_site: Site, ingest: LoopbackService) -> None:
    page = contact_form(browser, integrations_site, ["analytics"])
    body = throw(page, ingest, "the chat widget failed")
    header = json.loads(body.splitlines()[0])
    event = next(json.loads(line) for line in body.splitlines()
                 if line.startswith("{") and "the chat widget failed" in line)
    assert event["environment"] == "test" and event["release"]
    assert header["trace"]["sample_rate"] == "0.1"
    # The replay of the error (rate 1 on error) follows; it masks what was typed.
    wait_for_envelope(ingest, REPLAY, agent=page.evaluate("navigator.userAgent"))
    assert not [text for text in envelopes(ingest) if EMAIL in text]
    page.context.close()


def test_the_browser_scrubs_by_the_servers_rules(
        browser: Browser, integrations_site: Site, ingest: LoopbackService) -> None:
    """An error that names the visitor, an id, a date and an address (on 127.0.0.1): the
    id, the date and the address's host and path arrive, the visitor and the search do
    not."""
    page = contact_form(browser, integrations_site, [])
    agent = page.evaluate("navigator.userAgent")
    page.evaluate(f"""setTimeout(() => {{ throw new Error(
        "lead 87654321 of {EMAIL} (+31 6 12345678) on 2026-11-27 from "
        + location.origin + "/voorraad?q=golf+gti") }})""")
    body = wait_for_envelope(ingest, "lead 87654321", agent=agent)
    event = next(json.loads(line) for line in body.splitlines()
                 if line.startswith("{") and "lead 87654321" in line)
    (error,) = event["exception"]["values"]
    assert error["value"] == (f"lead 87654321 of [filtered] ([filtered]) on 2026-11-27 from "
                              f"{integrations_site.base_url}/voorraad")
    assert EMAIL not in body and "12345678" not in body.replace("87654321", "")
    assert "golf+gti" not in body
    page.context.close()


def test_a_replay_waits_for_analytics_consent(
        browser: Browser, integrations_site: Site, ingest: LoopbackService) -> None:
    since = len(ingest.requests)
    page = contact_form(browser, integrations_site, [])
    throw(page, ingest, "the first error, before consent")
    # The visitor accepts analytics cookies in the footer's cookie settings.
    page.get_by_role("contentinfo").get_by_role("button", name="Cookie-Einstellungen").click()
    dialog = page.get_by_role("dialog", name="Cookie-Einstellungen")
    dialog.get_by_role("checkbox", name=re.compile("^Statistik")).check(force=True)
    dialog.get_by_role("button", name="Meine Auswahl speichern").click()
    second = throw(page, ingest, "the second error, after consent")
    agent = page.evaluate("navigator.userAgent")
    wait_for_envelope(ingest, REPLAY, since=since, agent=agent)
    bodies = envelopes(ingest, since, agent)
    first_replay = next(index for index, body in enumerate(bodies) if REPLAY in body)
    # The only replays are of what happened after the visitor said yes.
    assert first_replay > bodies.index(second)
    assert not [text for text in bodies if EMAIL in text]
    page.context.close()


def test_without_a_dsn_no_reporter_is_loaded(page: Page, site: Site) -> None:
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(site.url("/over-ons"))
    expect(page.locator("#main-content h1")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.siteConfig.errors") is None
    assert page.evaluate("window.__SENTRY__") is None
    assert not [url for url in loaded if not url.startswith(site.base_url)]
