"""Locations and employees as a visitor uses them, in both languages."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.conftest import Site

DEMO_BRANCHES = 10
AUDI_BRANCHES = 5  # Utrecht, Nijmegen, Kleve, Düsseldorf, Eindhoven
STAFF_PER_BRANCH = 11


def test_location_list_search_and_filters(page: Page, site: Site) -> None:
    page.goto(site.url("/vestigingen"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Vestigingen")
    cards = page.get_by_test_id("location-card")
    expect(cards).to_have_count(DEMO_BRANCHES)
    expect(page.get_by_test_id("location-count")).to_have_text(f"{DEMO_BRANCHES} vestigingen")

    page.get_by_label("Plaats, postcode of vestiging").fill("356")
    page.get_by_role("button", name="Zoeken").click()
    expect(page).to_have_url(re.compile(r"/vestigingen\?place=356$"))
    expect(cards).to_have_count(1)
    expect(cards.get_by_role("heading")).to_have_text("Rijnland Autogroep Utrecht")

    # A postcode area: every branch, the nearest first, with its distance.
    page.get_by_label("Plaats, postcode of vestiging").fill("3511")
    page.get_by_role("button", name="Zoeken").click()
    expect(cards).to_have_count(DEMO_BRANCHES)
    expect(cards.first.get_by_role("heading")).to_have_text("Rijnland Autogroep Utrecht")
    expect(cards.first.get_by_test_id("location-distance")).to_have_text("3 km van 3511 Utrecht")
    expect(cards.nth(1).get_by_test_id("location-distance")).to_have_text(
        "21 km van 3511 Utrecht")

    # A town without a branch: every branch, the nearest first, with its distance.
    page.get_by_label("Plaats, postcode of vestiging").fill("Den Haag")
    page.get_by_role("button", name="Zoeken").click()
    expect(cards).to_have_count(DEMO_BRANCHES)
    expect(cards.first.get_by_role("heading")).to_have_text("Rijnland Autogroep Utrecht")
    expect(cards.first.get_by_test_id("location-distance")).to_have_text("55 km van Den Haag")

    page.get_by_label("Plaats, postcode of vestiging").fill("Atlantis")
    page.get_by_role("button", name="Zoeken").click()
    expect(page.get_by_test_id("location-search-message")).to_contain_text(
        "niet specifiek genoeg")
    expect(cards).to_have_count(0)
    expect(page.get_by_test_id("location-map")).to_have_count(0)

    page.get_by_role("link", name="Alle vestigingen tonen").click()
    expect(cards).to_have_count(DEMO_BRANCHES)
    page.get_by_test_id("brand-filter").get_by_role("link", name="Audi").click()
    expect(page).to_have_url(re.compile(r"/vestigingen\?brand=audi$"))
    expect(cards).to_have_count(AUDI_BRANCHES)


def test_german_location_search_and_link_to_a_branch(page: Page, site: Site) -> None:
    page.goto(site.url("/de/standorte?place=k"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Standorte")
    expect(page.get_by_test_id("location-search-message")).to_contain_text("nicht genau genug")

    page.get_by_label("Ort, Postleitzahl oder Standort").fill("10115")
    page.get_by_role("button", name="Suchen").click()
    cards = page.get_by_test_id("location-card")
    expect(cards).to_have_count(DEMO_BRANCHES)
    expect(cards.first.get_by_role("heading")).to_have_text("Rijnland Autogroep Duisburg")
    expect(cards.first.get_by_test_id("location-distance")).to_have_text(
        "470 km von 10115 Berlin")

    page.get_by_label("Ort, Postleitzahl oder Standort").fill("Bonn")
    page.get_by_role("button", name="Suchen").click()
    cards = page.get_by_test_id("location-card")
    expect(cards).to_have_count(DEMO_BRANCHES)
    expect(cards.first.get_by_test_id("location-distance")).to_have_text(
        re.compile(r"^\d+ km von Bonn$"))
    cards.first.get_by_role("link", name="Rijnland Autogroep Köln").click()
    expect(page).to_have_url(site.url("/de/standorte/koeln"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep Köln")
    workshop = page.get_by_role("table", name="Werkstatt")
    expect(workshop.get_by_role("row", name=re.compile("^Montag"))).to_contain_text(
        "07:30 – 17:30 Uhr")
    expect(page.get_by_text("USt-IdNr.")).to_be_visible()


def test_location_page_hours_contact_and_map_consent(page: Page, site: Site) -> None:
    response = page.goto(site.url("/vestigingen/utrecht"))
    assert response is not None and response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep Utrecht")
    showroom = page.get_by_role("table", name="Showroom")
    expect(showroom.get_by_role("row", name=re.compile("^Donderdag"))).to_contain_text(
        "09:00 – 21:00")
    expect(page.get_by_test_id("open-status").first).to_have_text(re.compile(r"geopend|Gesloten"))
    # A Dutch number on a Dutch page is written the Dutch way; the link dials it anywhere.
    expect(page.get_by_role("link", name="030 262 4000")).to_have_attribute(
        "href", "tel:+31302624000")
    expect(page.get_by_role("link", name="Plan uw route")).to_have_attribute(
        "href", re.compile(r"^https://www\.google\.com/maps/dir/\?api=1&destination=.+Utrecht"))
    expect(page.get_by_text("Btw-nummer")).to_be_visible()

    # SPEC §4: no map before consent; a notice when declined; the map after consent.
    expect(page.get_by_test_id("map-consent")).to_be_visible()
    expect(page.get_by_test_id("location-map")).to_have_count(0)
    page.get_by_role("button", name="Nu niet").click()
    expect(page.get_by_test_id("map-declined")).to_contain_text(
        "De kaart kan zonder uw toestemming niet worden geladen.")
    page.get_by_test_id("map-declined").get_by_role("button", name="Kaart tonen").click()
    the_map = page.get_by_test_id("location-map")
    expect(the_map).to_be_visible()
    expect(the_map.get_by_role("link", name="Utrecht")).to_have_attribute(
        "aria-current", "page")

    # The choice is remembered on the next visit, in the other language too.
    page.goto(site.url("/de/standorte/utrecht"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep Utrecht")
    expect(page.get_by_test_id("location-map")).to_be_visible()
    page.get_by_test_id("location-map").get_by_role("link", name="Amersfoort").click()
    expect(page).to_have_url(site.url("/de/standorte/amersfoort"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Rijnland Autogroep Amersfoort")


def test_brand_location_only_for_brands_the_branch_sells(page: Page, site: Site) -> None:
    response = page.goto(site.url("/de/audi/standorte/duesseldorf"))
    assert response is not None and response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Audi bei Rijnland Autogroep Düsseldorf")
    expect(page.get_by_role("link", name="Audi-Fahrzeugangebot dieses Standorts ansehen")
           ).to_have_attribute("href", "/de/audi/angebote?branch=duesseldorf")

    response = page.goto(site.url("/seat/vestigingen/utrecht"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Vestiging niet gevonden")
    expect(page.get_by_role("link", name="Naar alle vestigingen")).to_be_visible()


def test_employee_filters_show_more_and_empty_state(page: Page, site: Site) -> None:
    total = DEMO_BRANCHES * STAFF_PER_BRANCH
    page.goto(site.url("/medewerkers"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Medewerkers")
    cards = page.get_by_test_id("employee-card")
    expect(page.get_by_test_id("employee-count")).to_have_text(f"{total} medewerkers")
    expect(cards).to_have_count(12)
    page.get_by_role("button", name=f"Alle {total} medewerkers tonen").click()
    expect(cards).to_have_count(total)
    page.get_by_role("button", name="Minder tonen").click()
    expect(cards).to_have_count(12)

    page.get_by_label("Vestiging").select_option(label="Rijnland Autogroep Utrecht")
    expect(page).to_have_url(re.compile(r"/medewerkers\?location=utrecht$"))
    expect(cards).to_have_count(STAFF_PER_BRANCH)
    expect(page.get_by_role("button", name=re.compile("medewerkers tonen"))).to_have_count(0)
    page.get_by_label("Functie").select_option(label="Monteur")
    expect(page).to_have_url(re.compile(r"job_title=technician&location=utrecht$"))
    expect(cards).to_have_count(1)

    page.get_by_label("Naam").fill("Zzyzx")
    page.get_by_role("button", name="Zoeken").click()
    expect(page.get_by_test_id("employees-empty")).to_contain_text(
        "Geen medewerkers gevonden. Probeer de filters aan te passen.")
    page.get_by_role("link", name="Alle filters wissen").click()
    expect(page).to_have_url(site.url("/medewerkers"))
    expect(cards).to_have_count(12)


def test_german_employee_overview(page: Page, site: Site) -> None:
    page.goto(site.url("/de/mitarbeiter?department=service"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Mitarbeiter")
    expect(page.get_by_label("Abteilung")).to_have_value("service")
    service_staff = 3 * DEMO_BRANCHES
    expect(page.get_by_test_id("employee-count")).to_have_text(f"{service_staff} Mitarbeiter")
    cards = page.get_by_test_id("employee-card")
    expect(cards).to_have_count(12)
    page.get_by_role("button", name=f"Alle {service_staff} Mitarbeiter anzeigen").click()
    expect(cards).to_have_count(service_staff)
    expect(page.get_by_role("button", name="Weniger anzeigen")).to_have_attribute(
        "aria-expanded", "true")
