"""Every page type runs under its Content-Security-Policy without a single violation."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import PAGES
from tests.conftest import Site

VIOLATIONS = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', event => cspViolations.push(
  event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.sample || '')));
"""


@pytest.mark.parametrize("path", [*PAGES["nl"], *PAGES["de"]])
def test_no_page_breaks_its_content_security_policy(page: Page, site: Site, vehicle: str,
                                                    path: str) -> None:
    url = site.url(path.format(vehicle=vehicle))
    policy = httpx.get(url).headers["content-security-policy"]
    assert "script-src 'self' 'unsafe-eval' 'sha256-" in policy and "unsafe-inline'" not in (
        policy.split("script-src")[1].split(";")[0])
    page.add_init_script(VIOLATIONS)
    page.goto(url)
    expect(page.locator("#main-content h1")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("cspViolations") == []


def test_notifications_from_the_server_run_under_the_policy(page: Page, site: Site,
                                                            vehicle: str) -> None:
    page.add_init_script(VIOLATIONS)
    page.goto(site.url(f"/de/angebote/{vehicle}"))
    page.get_by_test_id("vehicle-details").get_by_role(
        "checkbox", name=re.compile("^Vergleichen: ")).click()
    expect(page.get_by_text("zum Vergleich hinzugefügt")).to_be_visible()
    assert page.evaluate("cspViolations") == []


def test_a_script_slipped_into_a_page_does_not_run(page: Page, site: Site) -> None:
    """What the policy is for: markup that smuggles a script in gets no say."""
    page.add_init_script(VIOLATIONS)
    page.goto(site.url("/voorraad"))
    expect(page.locator("#main-content h1")).to_be_visible()
    page.evaluate("""() => { const script = document.createElement('script');
        script.textContent = 'window.smuggled = true'; document.body.append(script); }""")
    assert page.evaluate("window.smuggled") is None
    assert any(v.startswith("script-src") for v in page.evaluate("cspViolations"))
