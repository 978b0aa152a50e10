"""The vehicle register's facts on a vehicle page with a Dutch plate, in both languages: the
first view asks the (demo) register off the page's path, a later one is served with the
facts and shows them in the app."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.routes import path_for
from dealer.stock.models import Vehicle
from tests.browser.page_types import connected
from tests.conftest import Site, wait_until


@pytest.mark.parametrize(("locale", "heading", "rows", "source"), [
    ("nl", "Uit het kentekenregister",
     [("Kenteken", "3-TZ-456"), ("Datum eerste toelating", "5 november 2024"),
      ("APK geldig tot", "5 november 2028"), ("Tellerstandoordeel", "Logisch")],
     "Bron: open data van de RDW voor kenteken 3-TZ-456, opgehaald op "),
    ("de", "Aus dem niederländischen Fahrzeugregister",
     [("Kennzeichen", "3-TZ-456"), ("Erstzulassung", "5. November 2024"),
      ("HU (APK) gültig bis", "5. November 2028"),
      ("Bewertung des Kilometerstands", "Plausibel")],
     "Quelle: offene Daten der RDW (niederländische Zulassungsbehörde) zum Kennzeichen "
     "3-TZ-456, abgerufen am "),
])
def test_a_vehicle_with_a_dutch_plate_shows_the_register_facts(
    page: Page, site: Site, db: Engine, locale: str, heading: str,
    rows: list[tuple[str, str]], source: str,
) -> None:
    with Session(db) as session:
        slug = session.exec(select(Vehicle.slug).where(Vehicle.licence_plate == "3-TZ-456")).one()
    path = path_for("vehicle", locale, vehicle=slug)
    apk_label, apk_date = rows[2]
    # A view has the register asked; a later one is served with its answer.
    wait_until(lambda: apk_date in httpx.get(site.url(path)).text, "the served register facts")

    page.goto(site.url(path))
    connected(page)
    block = page.get_by_test_id("register-facts")
    expect(block.get_by_role("heading", level=2)).to_have_text(heading)
    for label, value in rows:
        expect(block.get_by_role("row", name=f"{label} {value}", exact=True)).to_be_visible()
    expect(block).to_contain_text(source)
    expect(block.get_by_role("row", name=apk_label)).to_have_count(1)
