"""The lease offer overview and detail as a visitor uses them, in both languages."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.conftest import Site


def test_filter_and_open_an_offer_in_dutch(page: Page, site: Site) -> None:
    page.goto(site.url("/lease-aanbod"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaseaanbod")
    count = page.get_by_test_id("result-count")
    expect(count).to_have_text("40 van 40 leaseaanbiedingen")
    expect(page.get_by_test_id("lease-offer-card")).to_have_count(40)

    page.get_by_role("checkbox", name=re.compile("^Elektrisch")).click()
    expect(page).to_have_url(re.compile(r"/lease-aanbod\?fuel=electric$"))
    expect(count).not_to_have_text("40 van 40 leaseaanbiedingen")
    expect(count).to_have_text(re.compile(r"^\d+ van 40 leaseaanbiedingen$"))
    shown = int(count.inner_text().split()[0])
    assert 0 < shown < 40
    cards = page.get_by_test_id("lease-offer-card")
    expect(cards).to_have_count(shown)
    for terms in cards.get_by_text(re.compile("per jaar")).all_inner_texts():
        assert terms.endswith("Elektrisch")

    # Price limits without electric offers below them cannot be chosen.
    limits = page.get_by_role("checkbox", name=re.compile("^tot €"))
    assert 0 < limits.and_(page.get_by_role("checkbox", disabled=False)).count() < limits.count()
    limits.and_(page.get_by_role("checkbox", disabled=False)).first.click()
    expect(page).to_have_url(re.compile(r"fuel=electric&price_max=\d+$"))
    expect(page.get_by_test_id("filter-pill")).to_have_count(2)

    page.goto(site.url("/lease-aanbod?fuel=electric"))
    first = page.get_by_test_id("lease-offer-card").first
    title = first.get_by_role("heading").inner_text()
    first.get_by_role("link", name=re.compile("^Meer info over de")).click()
    expect(page).to_have_url(re.compile(r"/lease-aanbod/[a-z0-9-]+$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(title)
    facts = page.get_by_test_id("offer-facts")
    for label in ("Kleur", "Maandprijs incl. btw", "Maandprijs excl. btw", "Looptijd",
                  "Kilometers per jaar", "Kilometers per maand", "Waarborgsom",
                  "Afsluitkosten", "Totaalprijs"):
        expect(facts.get_by_text(label, exact=True)).to_be_visible()
    expect(facts.locator("xpath=.//dt[.='Vermogen']/following-sibling::dd[1]")
           ).to_have_text(re.compile(r"^\d+ pk$"))
    expect(page.get_by_test_id("terms-included").get_by_role("listitem").first).to_be_visible()
    expect(page.get_by_test_id("standard-equipment")).to_contain_text("ABS")
    expect(page.get_by_test_id("offer-price")).to_have_text(
        re.compile(r"^€ [\d.]+,\d\d per maand$"))


def test_german_overview_and_detail(page: Page, site: Site) -> None:
    page.goto(site.url("/de/leasingangebote?co2_max=0"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Leasingangebote")
    expect(page.get_by_test_id("result-count")).to_have_text(
        re.compile(r"^\d+ von 40 Leasingangeboten$"))
    expect(page.get_by_role("checkbox", name=re.compile("^Emissionsfrei"))).to_have_attribute(
        "aria-checked", "true")
    page.get_by_test_id("lease-offer-card").first.get_by_role(
        "link", name=re.compile("^Mehr Infos zum")).click()
    expect(page).to_have_url(re.compile(r"/de/leasingangebote/[a-z0-9-]+$"))
    facts = page.get_by_test_id("offer-facts")
    for label in ("Farbe", "Monatspreis inkl. MwSt.", "Kaution", "Bearbeitungsgebühr",
                  "Gesamtpreis"):
        expect(facts.get_by_text(label, exact=True)).to_be_visible()
    expect(facts.locator("xpath=.//dt[.='Leistung']/following-sibling::dd[1]")
           ).to_have_text(re.compile(r"^\d+ PS$"))
    expect(page.get_by_role("heading", name="Nicht enthalten")).to_be_visible()
    expect(page.get_by_test_id("offer-price")).to_have_text(re.compile(r"€ pro Monat$"))


def test_unknown_offer_is_not_found(page: Page, site: Site) -> None:
    response = page.goto(site.url("/lease-aanbod/bestaat-niet"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaseaanbieding niet gevonden")
    response = page.goto(site.url("/de/leasingangebote/gibt-es-nicht"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("link", name="Alle Leasingangebote")).to_be_visible()
