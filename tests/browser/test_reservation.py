"""Reserving a car online, in both languages: the terms and the deposit on the vehicle
page, paying in the demo provider's checkout, back on the page that now says the car is
reserved (the served HTML and the app alike), with one lead carrying the payment."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from dealer.routes import path_for
from dealer.stock.models import Vehicle
from tests.browser.page_types import connected
from tests.conftest import Site


@pytest.mark.parametrize(("locale", "offset", "words"), [
    ("nl", 11, {"section": "Online reserveren", "amount": "€ 250,00",
                "terms": "Koopt u de auto niet, dan krijgt u de aanbetaling volledig terug.",
                "name": "Naam", "email": "E-mailadres",
                "accept": "Ik ga akkoord met de reserveringsvoorwaarden",
                "button": "Reserveren voor € 250,00", "checkout": "Aanbetaling betalen",
                "pay": "Betalen", "reserved": "Gereserveerd"}),
    ("de", 12, {"section": "Online reservieren", "amount": "250,00 €",
                "terms": "Kaufen Sie das Auto nicht, erhalten Sie die Anzahlung vollständig "
                         "zurück.",
                "name": "Name", "email": "E-Mail-Adresse",
                "accept": "Ich akzeptiere die Reservierungsbedingungen",
                "button": "Für 250,00 € reservieren", "checkout": "Anzahlung bezahlen",
                "pay": "Bezahlen", "reserved": "Reserviert"}),
])
def test_a_visitor_reserves_a_car_with_a_deposit(page: Page, site: Site, db: Engine,
                                                 locale: str, offset: int,
                                                 words: dict[str, str]) -> None:
    with Session(db) as session:
        slug = session.exec(select(Vehicle.slug).where(Vehicle.available)
                            .order_by(Vehicle.id).offset(offset)).first()
    path = path_for("vehicle", locale, vehicle=slug)
    page.goto(site.url(path))
    connected(page)
    block = page.get_by_test_id("reservation")
    expect(block.get_by_role("heading", level=2)).to_have_text(words["section"])
    expect(block).to_contain_text(words["amount"])  # the deposit and the terms before paying
    expect(block).to_contain_text(words["terms"])
    block.get_by_label(words["name"]).fill("Anna de Vries")
    block.get_by_label(words["email"]).fill("anna@example.nl")
    block.get_by_label(words["accept"]).check()
    block.get_by_role("button", name=words["button"]).click()

    expect(page.get_by_role("heading", level=1)).to_have_text(words["checkout"])
    expect(page.locator("main")).to_contain_text(words["amount"])
    page.get_by_role("button", name=words["pay"], exact=True).click()

    expect(page).to_have_url(site.url(path))
    connected(page)
    reserved = page.get_by_test_id("reserved")
    expect(reserved).to_contain_text(words["reserved"])
    expect(page.get_by_test_id("reservation-form")).to_have_count(0)
    assert words["reserved"] in httpx.get(site.url(path)).text  # in the served page too
    with Session(db) as session:
        leads = session.exec(select(Lead).where(Lead.form_id == "reservation")).all()
    assert [lead.vehicle_slug for lead in leads] == [slug]
    assert re.fullmatch(r"tr_\w+", leads[0].payload["payment_id"])
