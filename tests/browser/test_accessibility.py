"""axe-core on every page type in both languages: no serious or critical violation."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_types import PAGES, PHONE
from tests.conftest import ROOT, Site

AXE = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]  # 2.2: target sizes
RUN = ("axe.run(document, {runOnly: {type: 'tag', values: %s}}).then(result => "
       "result.violations.filter(v => ['serious', 'critical'].includes(v.impact))"
       ".map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')}`))")


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """The pages' Content-Security-Policy lets no script in that they do not hold
    themselves: the checker is let in by the browser instead."""
    return {**browser_context_args, "bypass_csp": True}


def violations(page: Page) -> list[str]:
    expect(page.locator("#main-content h1").first).to_be_attached()
    page.add_script_tag(path=str(Path(AXE)))
    return page.evaluate(RUN % RULES)


@pytest.mark.parametrize("path", [*PAGES["nl"], *PAGES["de"]])
def test_no_serious_accessibility_violation(page: Page, site: Site, vehicle: str,
                                            path: str) -> None:
    page.goto(site.url(path.format(vehicle=vehicle)))
    assert violations(page) == []


@pytest.mark.parametrize("path", ["/voorraad", "/de/angebote/{vehicle}", "/"])
def test_no_serious_accessibility_violation_on_a_phone(
    page: Page, site: Site, vehicle: str, path: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.url(path.format(vehicle=vehicle)), wait_until="networkidle")
    if path == "/voorraad":  # the cards with their checkboxes, within a finger's reach
        expect(page.get_by_test_id("compare-toggle").first).to_be_visible()
    assert violations(page) == []
