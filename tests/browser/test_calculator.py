"""The lease and finance calculator as a visitor uses it, in both languages."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from dealer.db import make_engine
from dealer.i18n import gettext
from dealer.pageinfo import ERRORS
from dealer.pricing import Choices, calculate
from dealer.stock.models import Vehicle, VehiclePrice
from dealer.stock.repository import VehicleDetail, get_vehicle
from tests.conftest import Site


def _find(site: Site, wanted: set[str], country: str) -> VehicleDetail:
    """An available vehicle of a branch in ``country`` offering every deal type in ``wanted``."""
    engine = make_engine(site.database_url)
    with Session(engine) as session:
        slugs = session.exec(
            select(Vehicle.slug).join(VehiclePrice).where(VehiclePrice.deal_type.in_(wanted))
            .order_by(Vehicle.id)
        ).all()
        seen: dict[str, int] = {}
        for slug in slugs:
            seen[slug] = seen.get(slug, 0) + 1
            if seen[slug] == len(wanted):
                vehicle = get_vehicle(session, slug)
                if vehicle and vehicle.available and vehicle.location.country == country:
                    return vehicle
    pytest.fail(f"no demo vehicle with {sorted(wanted)} in {country}")


@pytest.fixture(scope="module")
def nl_vehicle(site: Site) -> VehicleDetail:
    return _find(site, {"private_lease", "business_lease", "private_finance"}, "NL")


def _headline(vehicle: VehicleDetail, locale: str, **choices) -> str:
    calculation = calculate(vehicle.prices, Choices(**choices), country=vehicle.location.country,
                            locale=locale)
    assert calculation is not None
    return calculation.headline


def _row(vehicle: VehicleDetail, deal_type: str):
    return next(price for price in vehicle.prices if price.deal_type == deal_type)


@pytest.mark.parametrize(
    ("locale", "path", "tab", "duration", "distance"),
    [
        ("nl", "/voorraad/{slug}/lease-calculator", "Private lease", "Looptijd",
         "Kilometers per jaar"),
        ("de", "/de/angebote/{slug}/leasingrechner", "Privatleasing", "Laufzeit",
         "Kilometer pro Jahr"),
    ],
)
def test_slider_and_input_move_the_private_lease_price(
    page: Page, site: Site, nl_vehicle: VehicleDetail, locale, path, tab, duration, distance
) -> None:
    row = _row(nl_vehicle, "private_lease")
    page.goto(site.url(path.format(slug=nl_vehicle.slug)))
    expect(page.get_by_role("heading", level=1)).to_contain_text(nl_vehicle.model_name)
    expect(page.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
    headline = page.get_by_test_id("calc-headline")
    # It starts from the stored row: the price the stock card and the detail page show.
    expect(headline).to_have_text(_headline(nl_vehicle, locale, deal_type="private_lease"))

    slider = page.get_by_role("slider", name=duration)
    number = page.get_by_role("spinbutton", name=duration)
    expect(number).to_have_value(str(row.contract_duration))
    slider.focus()
    slider.press("ArrowRight")  # one step: twelve months longer
    longer = row.contract_duration + 12
    expect(number).to_have_value(str(longer))
    expect(headline).to_have_text(_headline(nl_vehicle, locale, deal_type="private_lease",
                                            months=longer))

    page.get_by_role("spinbutton", name=distance).fill("25000")
    expect(page.get_by_role("slider", name=distance)).to_have_value("25000")
    expect(headline).to_have_text(_headline(nl_vehicle, locale, deal_type="private_lease",
                                            months=longer, annual_km=25_000))
    expect(page.get_by_test_id("monthly-chart")).to_be_visible()


def test_business_lease_vat_toggle_and_online_request(
    page: Page, site: Site, nl_vehicle: VehicleDetail
) -> None:
    page.goto(site.url(f"/voorraad/{nl_vehicle.slug}/lease-calculator"))
    page.get_by_role("tab", name="Zakelijke lease").click()
    headline = page.get_by_test_id("calc-headline")
    expect(headline).to_have_text(_headline(nl_vehicle, "nl", deal_type="business_lease"))
    expect(page.get_by_text("excl. btw", exact=True)).to_be_visible()

    page.get_by_role("switch").click()
    expect(headline).to_have_text(_headline(nl_vehicle, "nl", deal_type="business_lease",
                                            vat_included=True))
    expect(page.get_by_text("incl. btw", exact=True)).to_be_visible()

    page.get_by_role("spinbutton", name="Looptijd").fill("36")
    expect(headline).to_have_text(_headline(nl_vehicle, "nl", deal_type="business_lease",
                                            months=36, vat_included=True))
    request = page.get_by_role("link", name="Deze auto online leasen")
    expect(request).to_have_attribute("href", re.compile(r"months=36"))
    request.click()
    expect(page).to_have_url(re.compile(rf"/voorraad/{nl_vehicle.slug}/interesse\?"))
    query = parse_qs(urlsplit(page.url).query)
    expected = calculate(nl_vehicle.prices, Choices("business_lease", months=36,
                                                    vat_included=True),
                         country="NL", locale="nl")
    assert query["deal"] == ["business_lease"] and query["months"] == ["36"]
    assert query["vat"] == ["incl"] and query["monthly"] == [str(expected.monthly)]


@pytest.mark.parametrize(
    ("path", "tab", "down", "words"),
    [
        ("/voorraad/{slug}/lease-calculator", "Particuliere financiering", "Aanbetaling",
         ("Representatief voorbeeld", "Let op! Geld lenen kost geld.")),
        ("/de/angebote/{slug}/leasingrechner", "Privatfinanzierung", "Anzahlung",
         ("Repräsentatives Beispiel", "effektiver Jahreszins")),
    ],
)
def test_finance_shows_the_representative_example(
    page: Page, site: Site, nl_vehicle: VehicleDetail, path, tab, down, words
) -> None:
    locale = "de" if path.startswith("/de") else "nl"
    page.goto(site.url(path.format(slug=nl_vehicle.slug)))
    page.get_by_role("tab", name=tab).click()
    example = page.get_by_test_id("representative-example")
    for word in words:
        expect(page.get_by_text(word).first).to_be_visible()
    page.get_by_role("spinbutton", name=down).fill("3000")
    expected = calculate(nl_vehicle.prices, Choices("private_finance", down_payment=3000),
                         country="NL", locale=locale)
    expect(page.get_by_test_id("calc-headline")).to_have_text(expected.headline)
    expect(example).to_contain_text(expected.figure("net_loan_amount"))
    expect(page.get_by_test_id("figure-effective_rate")).to_have_text(
        expected.figure("effective_rate"))


def test_brand_calculator_and_unknown_vehicle(
    page: Page, site: Site, nl_vehicle: VehicleDetail
) -> None:
    page.goto(site.url(f"/{nl_vehicle.brand_slug}/voorraad/{nl_vehicle.slug}/lease-calculator"))
    expect(page.get_by_test_id("calc-headline")).to_have_text(re.compile(r"€"))

    response = page.goto(site.url("/voorraad/geen-auto-123/lease-calculator"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(
        gettext("nl", ERRORS["vehicle_not_found"].heading))
    response = page.goto(site.url("/de/angebote/kein-auto-123/leasingrechner"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(
        gettext("de", ERRORS["vehicle_not_found"].heading))
    expect(page.get_by_role("link", name="Zum Fahrzeugangebot")).to_be_visible()


@pytest.mark.parametrize(
    ("path", "amount", "months"),
    [
        ("/voorraad/{slug}/lease-calculator", r"^€ \d[\d.]*,\d\d$", "48 maanden"),
        ("/de/angebote/{slug}/leasingrechner", r"^\d[\d.]*,\d\d €$", "48 Monate"),
    ],
)
def test_chart_speaks_the_language_and_is_not_a_keyboard_stop(
    page: Page, site: Site, nl_vehicle: VehicleDetail, path: str, amount: str, months: str
) -> None:
    page.goto(site.url(path.format(slug=nl_vehicle.slug)))
    drawing = page.get_by_test_id("monthly-chart").locator("svg[aria-hidden=true]")
    expect(drawing.locator(".calc-chart-line")).to_be_visible()
    expect(drawing.locator("text", has_text="€").first).to_be_visible()  # amount axis
    point = drawing.locator(".calc-chart-point").filter(has_text=months)
    label = point.locator(".calc-chart-label text")
    expect(label.first).to_be_hidden()
    drawing.scroll_into_view_if_needed()
    point.locator(":scope > rect").hover()
    expect(point.locator("circle")).to_be_visible()
    expect(label.first).to_be_visible()
    expect(label.first).to_have_text(re.compile(amount))
    expect(label.last).to_have_text(months)
    # Nothing in the drawing takes the keyboard's focus; its numbers are in the table.
    assert drawing.evaluate(
        "svg => [svg, ...svg.querySelectorAll('*')].filter(e => e.tabIndex >= 0).length") == 0
    table = page.get_by_test_id("monthly-chart").locator("table")
    expect(table.get_by_role("cell", name=months.split()[0], exact=True)).to_be_attached()
