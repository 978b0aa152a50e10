"""axe-core on every page type in both languages: no serious or critical violation."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from dealer.forms.definitions import SCREEN_FORMS
from dealer.routes import SCREENS, resolve
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


# The page types the other browser checks leave out, so that axe sees every one.
MORE_PAGES = {
    "nl": ["/volkswagen/modellen", "/volkswagen/modellen/polo",
           "/volkswagen/modellen/polo/contact", "/volkswagen/modellen/polo/proefrit",
           "/voorraad/{vehicle}/interesse", "/medewerkers", "/direct-contact?vehicle={vehicle}",
           "/afspraak",
           "/lease-aanbod/volkswagen-polo-1-0-tsi-life-lease-1",
           "/vacatures/autotechnicus-utrecht", "/vacatures/autotechnicus-utrecht/solliciteren",
           "/inruilen"],
    "de": ["/de/volkswagen/modelle", "/de/volkswagen/modelle/polo",
           "/de/volkswagen/modelle/polo/kontakt", "/de/volkswagen/modelle/polo/test-drive",
           "/de/angebote/{vehicle}/probefahrt", "/de/angebote/favorit", "/de/mitarbeiter",
           "/de/standorte", "/de/leasingangebote/volkswagen-polo-1-0-tsi-life-lease-1",
           "/de/stellenangebote/kfz-mechatroniker-koeln",
           "/de/stellenangebote/kfz-mechatroniker-koeln/bewerben", "/de/inzahlungnahme"],
}
CHECKED = {locale: [*PAGES[locale], *MORE_PAGES[locale]] for locale in ("nl", "de")}
APPLICATIONS = ["/vacatures/autotechnicus-utrecht/solliciteren",
                "/de/stellenangebote/kfz-mechatroniker-koeln/bewerben"]


def page_type(screen: str) -> str:
    """The page a screen shows, and its form: a job application is a form page of its own
    kind (a file to choose)."""
    return f"{SCREENS[screen].page} {SCREEN_FORMS.get(screen, '')}".strip()


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_every_page_type_is_checked_in_both_languages(locale: str) -> None:
    checked = [resolve(path.format(vehicle="vw-golf-1")) for path in CHECKED[locale]]
    assert {page_type(screen) for screen, found, _ in checked if found == locale} == {
        page_type(screen) for screen in SCREENS if SCREENS[screen].page}


@pytest.mark.parametrize("path", [*CHECKED["nl"], *CHECKED["de"]])
def test_no_serious_accessibility_violation(page: Page, site: Site, vehicle: str,
                                            path: str) -> None:
    page.goto(site.url(path.format(vehicle=vehicle)))
    assert violations(page) == []


@pytest.mark.parametrize("path", ["/voorraad", "/de/angebote/{vehicle}", "/", *APPLICATIONS])
def test_no_serious_accessibility_violation_on_a_phone(
    page: Page, site: Site, vehicle: str, path: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.url(path.format(vehicle=vehicle)), wait_until="networkidle")
    if path == "/voorraad":  # the cards with their checkboxes, within a finger's reach
        expect(page.get_by_test_id("compare-toggle").first).to_be_visible()
    assert violations(page) == []
