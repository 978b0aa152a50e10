"""The licence plate lookup as a visitor uses it, in both languages: the trade-in details of
a request filled in from the register (still editable, stored with the lead), and the
'what is my car worth' block carrying the plate to the site's own trade-in request. The
demo register (bundled RDW rows behind a local transport) answers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from tests.browser.page_types import connected, tick
from tests.browser.test_accessibility import violations
from tests.conftest import Site


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """axe-core is let in by the browser, past the pages' Content-Security-Policy."""
    return {**browser_context_args, "bypass_csp": True}



def the_lead(engine: Engine) -> Lead:
    with Session(engine) as session:
        (lead,) = session.exec(select(Lead))
        return lead


def test_dutch_trade_in_is_filled_in_from_the_register_and_stored(
    page: Page, site: Site, vehicle: str, db: Engine,
) -> None:
    page.goto(site.url(f"/voorraad/{vehicle}/interesse"))
    connected(page)
    expect(page.get_by_role("button", name="Aanvraag versturen")).to_be_visible()
    page.get_by_role("switch", name="Ik heb een auto om in te ruilen").click()
    plate = page.get_by_role("textbox", name="Kenteken van uw auto")
    plate.fill("kx 512 t")
    plate.press("Tab")  # leaving the field looks it up
    status = page.get_by_test_id("plate-status")
    expect(status).to_have_text(
        "We hebben KX-512-T gevonden in het kentekenregister van de RDW: "
        "Volkswagen Golf · 2017 · Benzine · Grijs.")
    expect(page.get_by_role("textbox", name="Merk")).to_have_value("Volkswagen")
    expect(page.get_by_role("textbox", name="Model", exact=True)).to_have_value("Golf")
    expect(page.get_by_label("Datum eerste toelating")).to_have_value("2017-05-12")
    expect(page.get_by_role("textbox", name="Brandstof")).to_have_value("Benzine")
    colour = page.get_by_role("textbox", name="Kleur")
    expect(colour).to_have_value("Grijs")
    colour.fill("Antraciet")  # still the visitor's to change
    assert violations(page) == []  # the revealed trade-in part with its lookup

    page.get_by_role("textbox", name="Naam").fill("Anna de Vries")
    page.get_by_role("textbox", name="E-mailadres").fill("anna@example.nl")
    page.get_by_role("spinbutton", name="Kilometerstand").fill("98000")
    tick(page.get_by_role("checkbox", name=re.compile("^Ik ga ermee akkoord")))
    page.get_by_role("button", name="Aanvraag versturen").click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    lead = the_lead(db)
    assert lead.payload["trade_in_plate"] == "KX-512-T"
    assert (lead.payload["trade_in_make"], lead.payload["trade_in_model"]) == (
        "Volkswagen", "Golf")
    assert lead.payload["trade_in_first_registration"] == "2017-05-12"
    assert lead.payload["trade_in_colour"] == "Antraciet"
    assert lead.payload["trade_in_lookup"]["state"] == "found"
    assert lead.payload["trade_in_lookup"]["colour"] == "GRIJS"


def test_german_page_looks_up_with_the_button_and_names_every_state(
    page: Page, site: Site, vehicle: str,
) -> None:
    page.goto(site.url(f"/de/angebote/{vehicle}/probefahrt"))
    connected(page)
    expect(page.get_by_role("button", name="Anfrage senden")).to_be_visible()
    page.get_by_role("switch", name="Ich möchte ein Fahrzeug in Zahlung geben").click()
    plate = page.get_by_role("textbox", name="Kennzeichen Ihres Fahrzeugs")
    look_up = page.get_by_role("button", name="Abfragen")
    status = page.get_by_test_id("plate-status")
    make = page.get_by_role("textbox", name="Marke")

    plate.fill("T-123-BR")
    look_up.click()
    expect(status).to_contain_text("Wir haben T-123-BR im niederländischen Fahrzeugregister "
                                   "gefunden: Toyota Yaris · 2016 · Benzin-Hybrid · Weiß.")
    expect(make).to_have_value("Toyota")
    expect(page.get_by_role("textbox", name="Kraftstoff")).to_have_value("Benzin-Hybrid")
    expect(page.get_by_role("textbox", name="Farbe")).to_have_value("Weiß")

    # A German plate: no public register; what the lookup filled in goes again.
    plate.fill("b ab 1234")
    look_up.click()
    expect(status).to_have_text("Deutsches Kennzeichen B-AB 1234: Dafür gibt es kein "
                                "öffentliches Register. Bitte geben Sie die Daten Ihres "
                                "Autos selbst ein.")
    expect(make).to_have_value("")

    plate.fill("ZZ-999-Z")
    look_up.click()
    expect(status).to_contain_text("ZZ-999-Z steht nicht im niederländischen Fahrzeugregister")

    plate.fill("BAB 1234")
    look_up.click()
    expect(status).to_contain_text("Das ist kein niederländisches oder deutsches Kennzeichen")


@pytest.mark.parametrize(
    ("path", "heading", "label", "button", "vehicle_line", "link", "target", "form"), [
        ("/", "Wat is mijn auto waard?", "Kenteken", "Opzoeken",
         "KIA E-Niro · 2019 · Elektrisch · Blauw", "Bereken de inruilwaarde", "/inruilen",
         {"heading": "Uw auto laten waarderen", "plate": "Kenteken van uw auto",
          "make": "Merk", "fuel": ("Brandstof", "Elektrisch"),
          "condition": "Goed: enkele gebruikssporen", "name": "Naam",
          "email": "E-mailadres", "consent": "^Ik ga ermee akkoord",
          "send": "Aanvraag versturen"}),
        ("/de", "Was ist mein Auto wert?", "Kennzeichen", "Abfragen",
         "KIA E-Niro · 2019 · Elektro · Blau", "Inzahlungnahmewert berechnen",
         "/de/inzahlungnahme",
         {"heading": "Fahrzeug bewerten lassen", "plate": "Kennzeichen Ihres Fahrzeugs",
          "make": "Marke", "fuel": ("Kraftstoff", "Elektro"),
          "condition": "Gut: leichte Gebrauchsspuren", "name": "Name",
          "email": "E-Mail-Adresse", "consent": "^Ich bin damit einverstanden",
          "send": "Anfrage senden"}),
    ])
def test_what_is_my_car_worth_leads_to_the_trade_in_request_stored_as_a_lead(
    page: Page, site: Site, db: Engine, path: str, heading: str, label: str, button: str,
    vehicle_line: str, link: str, target: str, form: dict,
) -> None:
    """Without a valuation service of the dealer's, the block's button opens the site's own
    trade-in request, with the plate looked up: the visitor adds mileage and condition."""
    page.goto(site.url(path))
    connected(page)
    block = page.get_by_test_id("trade-in-value")
    expect(block.get_by_role("heading", name=heading)).to_be_visible()
    valuation = block.get_by_role("link", name=link)
    expect(valuation).to_have_attribute("href", target)
    block.get_by_role("textbox", name=label).fill("ghj 45 k")
    block.get_by_role("textbox", name=label).press("Enter")
    expect(block.get_by_test_id("plate-vehicle")).to_have_text(vehicle_line)
    expect(valuation).to_have_attribute("href", f"{target}?kenteken=GHJ45K")
    expect(block.get_by_role("button", name=button)).to_be_enabled()
    assert violations(page) == []

    valuation.click()
    expect(page).to_have_url(site.url(f"{target}?kenteken=GHJ45K"))
    expect(page.get_by_role("heading", level=1)).to_have_text(form["heading"])
    expect(page.get_by_role("textbox", name=form["plate"])).to_have_value("GHJ45K")
    # The demo register found the plate: make, model, fuel and colour are filled in.
    expect(page.get_by_test_id("plate-status")).to_contain_text("GHJ-45-K")
    expect(page.get_by_role("textbox", name=form["make"])).to_have_value("KIA")
    expect(page.get_by_role("textbox", name=form["fuel"][0])).to_have_value(form["fuel"][1])
    page.get_by_role("spinbutton", name="Kilometerstand").fill("64000")
    page.get_by_role("radio", name=form["condition"]).click()
    page.get_by_role("textbox", name=form["name"], exact=True).fill("Anna de Vries")
    page.get_by_role("textbox", name=form["email"]).fill("anna@example.nl")
    tick(page.get_by_role("checkbox", name=re.compile(form["consent"])))
    page.get_by_role("button", name=form["send"]).click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    lead = the_lead(db)
    assert (lead.form_id, lead.locale) == ("trade_in", "de" if path == "/de" else "nl")
    assert lead.payload["trade_in_plate"] == "GHJ-45-K"
    assert (lead.payload["trade_in_make"], lead.payload["trade_in_model"]) == ("KIA", "E-Niro")
    assert lead.payload["trade_in_mileage"] == "64000"
    assert lead.payload["trade_in_condition"] == "good"
    assert lead.payload["trade_in_lookup"]["state"] == "found"


@pytest.mark.parametrize(("path", "name", "target"), [
    ("/voorraad/{vehicle}", "Waardeer uw huidige auto", "/inruilen"),
    ("/de/angebote/{vehicle}", "Ihr Auto bewerten lassen", "/de/inzahlungnahme"),
])
def test_the_vehicle_page_values_a_car_on_the_site(
    page: Page, site: Site, vehicle: str, path: str, name: str, target: str,
) -> None:
    page.goto(site.url(path.format(vehicle=vehicle)))
    expect(page.get_by_role("link", name=name)).to_have_attribute("href", target)
