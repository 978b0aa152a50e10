"""Request forms as a visitor fills them in, in both languages, down to the stored lead."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.build_stamp import BUNDLE_KEPT
from dealer.leads.models import Lead
from dealer.leads.store import client_key
from dealer.stock.models import Brand, Location, Vehicle, VehiclePrice
from tests.browser.page_types import connected, tick, type_with_lone_surrogate
from tests.conftest import Site

NEXT_WEEK = (dt.date.today() + dt.timedelta(days=7)).isoformat()



def leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead).order_by(Lead.id)))


def a_vehicle(engine: Engine) -> tuple[str, str, str]:
    """(slug, brand slug, title) of a vehicle on sale."""
    with Session(engine) as session:
        vehicle, brand = session.exec(
            select(Vehicle, Brand).join(Brand).where(Vehicle.available == True)  # noqa: E712
            .order_by(Vehicle.id)
        ).first()
        return vehicle.slug, brand.slug, f"{brand.name} "


def ready(page: Page, send: str) -> None:
    """The form has arrived over the websocket (and replaced the served one)."""
    expect(page.locator("#served-form")).to_have_count(0)
    expect(page.get_by_role("button", name=send)).to_be_visible()


def test_dutch_test_drive_errors_blocked_submit_and_success(
    page: Page, site: Site, db: Engine,
) -> None:
    slug, _brand, brand_name = a_vehicle(db)
    page.goto(site.url(f"/voorraad/{slug}/proefrit"))
    connected(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Proefrit aanvragen")
    ready(page, "Aanvraag versturen")
    expect(page.get_by_test_id("form-subject")).to_contain_text(brand_name)
    # The vehicle's branch is preselected.
    expect(page.get_by_role("combobox", name="Vestiging")).not_to_have_value("")

    email = page.get_by_role("textbox", name="E-mailadres")
    email.fill("anna@")
    expect(page.get_by_text("Vul een geldig e-mailadres in.")).to_have_count(0)  # not before blur
    email.press("Tab")
    expect(page.get_by_text("Vul een geldig e-mailadres in.")).to_be_visible()
    expect(email).to_have_attribute("aria-invalid", "true")
    expect(email).to_have_attribute("aria-describedby", "vehicle-test-drive-email-error")

    page.get_by_role("button", name="Aanvraag versturen").click()
    expect(page.get_by_role("alert")).to_have_text("Controleer de rood gemarkeerde velden.")
    expect(page.get_by_text("Naam is verplicht.")).to_be_visible()
    expect(page.get_by_text("Voorkeursdatum is verplicht.")).to_be_visible()
    assert leads(db) == []

    page.get_by_role("textbox", name="Naam").fill("Anna de Vries")
    email.fill("anna@example.nl")
    page.get_by_label("Voorkeursdatum").fill(NEXT_WEEK)
    page.get_by_role("radio", name="Middag").click()
    page.get_by_role("switch", name="Ik heb een auto om in te ruilen").click()
    page.get_by_role("textbox", name="Kenteken van uw auto").fill("AB-123-C")
    page.get_by_role("spinbutton", name="Kilometerstand").fill("98000")
    tick(page.get_by_role("checkbox", name=re.compile("^Ik ga ermee akkoord")))
    expect(page.get_by_test_id("field-error")).to_have_count(0)
    page.get_by_role("button", name="Aanvraag versturen").click()

    expect(page.get_by_test_id("form-success")).to_have_text(
        "Bedankt! We hebben uw aanvraag ontvangen.")
    expect(page.get_by_role("heading", name="Hoe gaat het verder?")).to_be_visible()
    (lead,) = leads(db)
    assert (lead.form_id, lead.vehicle_slug, lead.locale) == ("vehicle_test_drive", slug, "nl")
    assert lead.source_page == f"/voorraad/{slug}/proefrit"
    assert lead.payload["preferred_date"] == NEXT_WEEK
    assert lead.payload["time_of_day"] == "afternoon" and lead.payload["trade_in"] is True
    assert lead.payload["trade_in_plate"] == "AB-123-C" and lead.payload["branch"]


def test_german_brand_interest_checkbox_errors_and_language_switch(
    page: Page, site: Site, db: Engine,
) -> None:
    slug, brand, _ = a_vehicle(db)
    page.goto(site.url(f"/de/{brand}/angebote/{slug}/interesse"))
    connected(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Informationen anfordern")
    ready(page, "Anfrage senden")
    consent = page.get_by_role("checkbox", name=re.compile("^Ich bin damit einverstanden"))
    tick(consent)  # and untick it: the box was touched and is empty
    consent.click()
    expect(consent).not_to_be_checked()
    expect(page.get_by_text("Bitte stimmen Sie zu, damit wir Ihre Anfrage bearbeiten können.")
           ).to_be_visible()
    page.get_by_role("textbox", name="Name").fill("Jörg Müller")
    page.get_by_role("textbox", name="E-Mail-Adresse").fill("joerg@example.de")
    page.get_by_role("textbox", name="Telefonnummer").fill("0171 1234567")
    page.get_by_role("radio", name="Telefonisch").click()
    page.get_by_role("textbox", name="Ihre Nachricht").fill("Ist der Wagen noch da?")

    # Switching language keeps what was typed; the messages follow the language.
    page.get_by_role("link", name="Nederlands").click()
    expect(page).to_have_url(site.url(f"/{brand}/voorraad/{slug}/interesse"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Informatie aanvragen")
    expect(page.get_by_role("textbox", name="Naam")).to_have_value("Jörg Müller")
    expect(page.get_by_text("Geef uw toestemming, zodat we uw aanvraag kunnen afhandelen.")
           ).to_be_visible()
    tick(page.get_by_role("checkbox", name=re.compile("^Ik ga ermee akkoord")))
    page.get_by_role("button", name="Aanvraag versturen").click()
    expect(page.get_by_test_id("form-success")).to_have_text(
        "Bedankt! We hebben uw aanvraag ontvangen.")
    (lead,) = leads(db)
    assert (lead.form_id, lead.locale, lead.brand) == ("vehicle_interest", "nl", brand)
    assert lead.payload["contact_preference"] == "phone"
    assert lead.payload["message"] == "Ist der Wagen noch da?"
    assert lead.source_page == f"/{brand}/voorraad/{slug}/interesse"


@pytest.mark.parametrize(
    ("path", "send", "thanks", "form_id"),
    [
        ("/volkswagen/modellen/polo/contact", "Aanvraag versturen",
         "Bedankt! We hebben uw aanvraag ontvangen.", "model_contact"),
        ("/de/volkswagen/modelle/polo/test-drive", "Anfrage senden",
         "Vielen Dank! Wir haben Ihre Anfrage erhalten.", "model_test_drive"),
    ],
)
def test_model_forms(
    page: Page, site: Site, db: Engine, path: str, send: str, thanks: str, form_id: str,
) -> None:
    page.goto(site.url(path))
    connected(page)
    ready(page, send)
    expect(page.get_by_test_id("form-subject")).to_have_text("Volkswagen Polo")
    page.locator("input[name=name]").fill("Sam Jansen")
    page.locator("input[name=email]").fill("sam@example.nl")
    if form_id == "model_test_drive":
        page.get_by_label("Wunschtermin").fill(NEXT_WEEK)
        branch = page.get_by_role("combobox", name="Standort")
        branch.fill("Nirgendwo")
        branch.press("Tab")
        expect(page.get_by_text("Bitte wählen Sie einen Standort aus der Liste.")).to_be_visible()
        branch.fill("Rijnland Autogroep Köln")
    tick(page.get_by_role("checkbox"))
    page.get_by_role("button", name=send).click()
    expect(page.get_by_test_id("form-success")).to_have_text(thanks)
    (lead,) = leads(db)
    assert (lead.form_id, lead.brand, lead.model) == (form_id, "volkswagen", "polo")
    assert lead.subject == "Volkswagen Polo"


@pytest.mark.parametrize(
    ("path", "topic", "consent", "send"),
    [
        ("/direct-contact", "Onderhoud of reparatie", "^Ik ga ermee akkoord",
         "Aanvraag versturen"),
        ("/de/direktkontakt", "Wartung oder Reparatur", "^Ich bin damit einverstanden",
         "Anfrage senden"),
    ],
)
def test_direct_contact_and_a_failed_store_keeps_everything(
    page: Page, site: Site, db: Engine, path: str, topic: str, consent: str, send: str,
) -> None:
    page.goto(site.url(path))
    connected(page)
    ready(page, send)
    typed = {"name": "Kim Bakker", "email": "kim@example.nl", "phone": "+31 6 12345678",
             "message": "Mijn auto maakt een vreemd geluid bij het remmen."}
    for name, value in typed.items():
        page.locator(f"[name={name}]").fill(value)
    page.get_by_role("radio", name=topic).click()
    tick(page.get_by_role("checkbox", name=re.compile(consent)))

    # The database refuses the write: the visitor is told and keeps every value.
    with db.begin() as connection:
        connection.execute(text(
            "CREATE TRIGGER refuse_leads BEFORE INSERT ON lead "
            "BEGIN SELECT RAISE(ABORT, 'disk full'); END"))
    try:
        page.get_by_role("button", name=send).click()
        expect(page.get_by_role("alert")).to_contain_text(
            re.compile("Door een probleem aan onze kant|Wegen eines Problems auf unserer Seite"))
    finally:
        with db.begin() as connection:
            connection.execute(text("DROP TRIGGER refuse_leads"))
    for name, value in typed.items():
        expect(page.locator(f"[name={name}]")).to_have_value(value)
    expect(page.get_by_role("radio", name=topic)).to_be_checked()
    expect(page.get_by_role("checkbox", name=re.compile(consent))).to_be_checked()
    assert leads(db) == []

    # Trying again succeeds, once.
    page.get_by_role("button", name=send).click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    assert lead.form_id == "direct_contact" and lead.payload["topic"] == "workshop"
    assert lead.payload["message"] == typed["message"]


def test_a_lone_surrogate_in_a_field_leaves_the_form_working(page: Page, site: Site,
                                                             db: Engine) -> None:
    page.goto(site.url("/de/direktkontakt"))
    connected(page)
    ready(page, "Anfrage senden")
    type_with_lone_surrogate(page.locator("[name=message]"), "Meine Bremsen quietschen ")
    page.locator("[name=name]").fill("Kim Bakker")
    page.locator("[name=email]").fill("kim@example.de")
    page.get_by_role("radio", name="Wartung oder Reparatur").click()
    tick(page.get_by_role("checkbox", name=re.compile("^Ich bin damit einverstanden")))
    page.get_by_role("button", name="Anfrage senden").click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    assert lead.payload["message"] == "Meine Bremsen quietschen \ufffd"


def test_unknown_vehicle_is_a_404_with_the_form_not_found_state(page: Page, site: Site) -> None:
    response = page.goto(site.url("/voorraad/bestaat-niet-123/interesse"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Deze auto is niet meer beschikbaar")
    expect(page.get_by_role("link", name="Naar onze voorraad")).to_be_visible()
    response = page.goto(site.url("/de/angebote/gibt-es-nicht/probefahrt"))
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Dieses Fahrzeug ist nicht mehr verfügbar")


def test_online_leasing_request_carries_the_calculation(
    page: Page, site: Site, db: Engine,
) -> None:
    with Session(db) as session:
        slug = session.exec(
            select(Vehicle.slug).join(VehiclePrice)
            .where(Vehicle.available == True, VehiclePrice.deal_type == "business_lease")  # noqa: E712
            .order_by(Vehicle.id)
        ).first()
    page.goto(site.url(f"/de/angebote/{slug}/interesse?deal=business_lease&months=36"
                       "&vat=incl&monthly=1.00"))
    ready(page, "Anfrage senden")
    summary = page.get_by_test_id("form-calculation")
    expect(summary).to_contain_text("Gewerbeleasing")
    expect(summary).to_contain_text("36 Monate")
    expect(summary).not_to_contain_text("1,00 €")  # the amount is recomputed, not trusted
    page.get_by_role("textbox", name="Name").fill("Jörg Müller")
    page.get_by_role("textbox", name="E-Mail-Adresse").fill("joerg@example.de")
    page.get_by_role("textbox", name="Telefonnummer").fill("0171 1234567")
    tick(page.get_by_role("checkbox", name=re.compile("^Ich bin damit einverstanden")))
    page.get_by_role("button", name="Anfrage senden").click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    calculation = lead.payload["calculation"]
    assert calculation["deal"] == "business_lease" and calculation["months"] == "36"
    assert calculation["vat"] == "incl" and calculation["monthly"] != "1.00"


@pytest.mark.parametrize(("path", "email_label"), [
    ("/direct-contact", "E-mailadres"), ("/de/direktkontakt", "E-Mail-Adresse"),
])
def test_a_late_answer_from_the_server_never_replaces_what_is_typed(
    page: Page, site: Site, path: str, email_label: str
) -> None:
    typed = "jan.devries@example.com"

    def stale_echo(socket) -> None:
        """Every value the server sends back arrives as if it were an older one."""
        server = socket.connect_to_server()
        socket.on_message(lambda message: server.send(message))
        server.on_message(lambda message: socket.send(
            message.replace(typed, typed[:-8]) if isinstance(message, str) else message))

    page.route_web_socket(re.compile(r"/_event"), stale_echo)
    page.goto(site.url(path))
    connected(page)
    field = page.get_by_role("textbox", name=email_label)
    field.press_sequentially(typed, delay=15)
    field.press("Tab")
    page.wait_for_timeout(300)  # every echo has arrived
    expect(field).to_have_value(typed)


def test_a_visitor_cannot_choose_its_own_address_with_a_header(
    browser: Browser, site: Site, db: Engine,
) -> None:
    """No proxy is trusted by default: X-Forwarded-For from a visitor changes nothing, so
    the lead rate limit cannot be dodged by sending a new address with every request."""
    for pretended in ("203.0.113.7", "198.51.100.99"):
        context = browser.new_context(extra_http_headers={"X-Forwarded-For": pretended})
        page = context.new_page()
        page.goto(site.url("/direct-contact"))
        connected(page)
        ready(page, "Aanvraag versturen")
        for name, value in {"name": "Kim Bakker", "email": "kim@example.nl",
                            "message": "Graag een offerte voor een onderhoudsbeurt."}.items():
            page.locator(f"[name={name}]").fill(value)
        page.get_by_role("radio", name="Onderhoud of reparatie").click()
        tick(page.get_by_role("checkbox", name=re.compile("^Ik ga ermee akkoord")))
        page.get_by_role("button", name="Aanvraag versturen").click()
        expect(page.get_by_test_id("form-success")).to_be_visible()
        context.close()
    first, second = leads(db)
    assert first.client_key == second.client_key
    assert first.client_key not in {client_key("203.0.113.7"), client_key("198.51.100.99")}


@pytest.mark.parametrize(("path", "send", "consent", "limit"), [
    ("/direct-contact", "Aanvraag versturen", "^Ik ga ermee akkoord", "Maximaal 2.000 tekens"),
    ("/de/direktkontakt", "Anfrage senden", "^Ich bin damit einverstanden",
     "Höchstens 2.000 Zeichen"),
])
def test_a_half_typed_form_outlives_the_servers_memory(page: Page, site: Site, db: Engine,
                                                       path: str, send: str, consent: str,
                                                       limit: str) -> None:
    page.goto(site.url(path))
    connected(page)
    ready(page, send)
    page.locator("[name=name]").fill("Kim Bakker")
    page.locator("[name=email]").fill("kim@example.nl")
    # A pasted text longer than the limit is cut there, and the field says so.
    page.locator("[name=message]").fill("Remgeluid. " * 250)
    expect(page.locator("[data-field=message]").get_by_test_id("field-notice")).to_contain_text(
        limit)
    page.wait_for_function("(localStorage.getItem('form_drafts') || '').includes('Kim Bakker')")

    # A second tab is a visitor the server has never seen, as after a restart or a deploy:
    # what was typed comes back from the browser.
    later = page.context.new_page()
    later.goto(site.url(path))
    ready(later, send)
    expect(later.locator("[name=name]")).to_have_value("Kim Bakker")
    expect(later.locator("[name=email]")).to_have_value("kim@example.nl")
    assert len(later.locator("[name=message]").input_value()) == 2000

    # Once the request is sent, the draft is gone: the next new visit starts empty.
    later.get_by_role("radio").first.click()
    tick(later.get_by_role("checkbox", name=re.compile(consent)))
    later.get_by_role("button", name=send).click()
    expect(later.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    assert lead.payload["name"] == "Kim Bakker"
    again = page.context.new_page()
    again.goto(site.url(path))
    ready(again, send)
    expect(again.locator("[name=name]")).to_have_value("")


def test_a_half_typed_form_survives_a_restart_of_the_server(page: Page, site: Site,
                                                            db: Engine) -> None:
    page.goto(site.url("/direct-contact"))
    connected(page)
    ready(page, "Aanvraag versturen")
    page.locator("[name=name]").fill("Kim Bakker")
    page.locator("[name=message]").fill("Mijn remmen piepen bij het wegrijden.")
    page.wait_for_function("(localStorage.getItem('form_drafts') || '').includes('piepen')")

    site.restart()  # as a deploy does: the server has forgotten every visitor
    # Nothing changed: the restart served the bundle it had (the pages below prove it
    # still works with the server's new processes).
    assert BUNDLE_KEPT in site.log.read_text()

    # The open page reconnects: what was typed is still there, and the server has it too.
    ready(page, "Aanvraag versturen")
    expect(page.locator("[name=name]")).to_have_value("Kim Bakker")
    page.reload()
    # The first visits after a start meet a server still reading its places and
    # catalogs; on a busy machine that is a few seconds.
    ready(page, "Aanvraag versturen")
    expect(page.locator("[name=name]")).to_have_value("Kim Bakker")
    expect(page.locator("[name=message]")).to_have_value("Mijn remmen piepen bij het wegrijden.")
    page.locator("[name=email]").fill("kim@example.nl")
    page.get_by_role("radio").first.click()
    tick(page.get_by_role("checkbox", name=re.compile("^Ik ga ermee akkoord")))
    page.get_by_role("button", name="Aanvraag versturen").click()
    expect(page.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    assert lead.payload["message"] == "Mijn remmen piepen bij het wegrijden."


@pytest.mark.parametrize(("overview", "more", "request_offer", "topic", "consent", "send"), [
    ("/lease-aanbod", "^Meer info over de", "Deze aanbieding aanvragen",
     "Een auto kopen of leasen", "^Ik ga ermee akkoord", "Aanvraag versturen"),
    ("/de/leasingangebote", "^Mehr Infos zum", "Dieses Angebot anfragen",
     "Ein Auto kaufen oder leasen", "^Ich bin damit einverstanden", "Anfrage senden"),
])
def test_a_lease_offer_request_carries_the_offer_and_its_topic(
    page: Page, site: Site, db: Engine, overview: str, more: str, request_offer: str,
    topic: str, consent: str, send: str,
) -> None:
    page.goto(site.url(overview))
    connected(page)
    page.get_by_test_id("lease-offer-card").first.get_by_role(
        "link", name=re.compile(more)).click()
    request = page.get_by_role("link", name=request_offer)
    expect(request).to_be_visible()  # the offer's page has arrived
    title = page.get_by_role("heading", level=1).inner_text()
    slug = page.url.rsplit("/", 1)[1]
    request.click()
    expect(page).to_have_url(re.compile(rf"\?lease_offer={slug}$"))
    ready(page, send)
    expect(page.get_by_test_id("form-subject")).to_have_text(title)

    page.locator("[name=name]").fill("Kim Bakker")
    page.locator("[name=email]").fill("kim@example.nl")
    page.locator("[name=message]").fill("Is deze auto ook in het blauw leverbaar?")
    # The visitor came from an offer: the question is about buying or leasing a car.
    expect(page.get_by_role("radio", name=topic)).to_be_checked()
    tick(page.get_by_role("checkbox", name=re.compile(consent)))
    page.get_by_role("button", name=send).click()  # the first submit is sent
    expect(page.get_by_test_id("form-success")).to_be_visible()
    (lead,) = leads(db)
    assert lead.subject == title
    assert lead.payload["calculation"]["lease_offer"] == slug
    assert lead.payload["topic"] == "sales"


@pytest.mark.parametrize(("prefix", "texts"), [
    ("", {"vehicle": "voorraad", "models": "/volkswagen/modellen/polo",
          "branch": "/vestigingen/utrecht", "about_car": "Stel een vraag over deze auto",
          "about_model": "Stel een vraag over dit model",
          "ask_branch": "Stel deze vestiging een vraag", "branch_field": "Vestiging",
          "topic": "Een auto kopen of leasen", "consent": "^Ik ga ermee akkoord",
          "send": "Aanvraag versturen"}),
    ("/de", {"vehicle": "angebote", "models": "/volkswagen/modelle/polo",
             "branch": "/standorte/koeln", "about_car": "Frage zu diesem Fahrzeug stellen",
             "about_model": "Frage zu diesem Modell stellen",
             "ask_branch": "Frage an diesen Standort stellen", "branch_field": "Standort",
             "topic": "Ein Auto kaufen oder leasen", "consent": "^Ich bin damit einverstanden",
             "send": "Anfrage senden"}),
])
def test_a_request_starts_from_the_vehicle_model_or_branch_the_visitor_came_from(
    page: Page, site: Site, db: Engine, vehicle: str, prefix: str, texts: dict[str, str],
) -> None:
    def send_without_choosing_a_topic(message: str) -> None:
        ready(page, texts["send"])
        expect(page.get_by_role("radio", name=texts["topic"])).to_be_checked()
        page.locator("[name=name]").fill("Kim Bakker")
        page.locator("[name=email]").fill("kim@example.nl")
        page.locator("[name=message]").fill(message)
        tick(page.get_by_role("checkbox", name=re.compile(texts["consent"])))
        page.get_by_role("button", name=texts["send"]).click()  # the first submit is sent
        expect(page.get_by_test_id("form-success")).to_be_visible()

    with Session(db) as session:
        branch = session.exec(select(Location.name).join(Vehicle)
                              .where(Vehicle.slug == vehicle)).one()
    branch_field = page.get_by_role("combobox", name=texts["branch_field"])

    # A vehicle: the question is about it, at its branch.
    page.goto(site.url(f"{prefix}/{texts['vehicle']}/{vehicle}"))
    connected(page)
    title = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("link", name=texts["about_car"]).click()
    expect(page).to_have_url(re.compile(rf"\?vehicle={vehicle}$"))
    ready(page, texts["send"])
    expect(page.get_by_test_id("form-subject")).to_have_text(title)
    expect(branch_field).to_have_value(branch)
    send_without_choosing_a_topic("Heeft deze auto een trekhaak?")

    # A model: its contact form.
    page.goto(site.url(f"{prefix}{texts['models']}"))
    connected(page)
    page.get_by_role("link", name=texts["about_model"]).click()
    ready(page, texts["send"])
    expect(page.get_by_test_id("form-subject")).to_have_text("Volkswagen Polo")
    send_without_choosing_a_topic("Wanneer komt de nieuwe Polo?")

    # A branch: the question goes to it.
    page.goto(site.url(f"{prefix}{texts['branch']}"))
    connected(page)
    name = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("link", name=texts["ask_branch"]).click()
    expect(page).to_have_url(re.compile(r"\?branch=[a-z]+$"))
    ready(page, texts["send"])
    expect(branch_field).to_have_value(name)
    expect(page.get_by_test_id("form-subject")).to_have_count(0)
    send_without_choosing_a_topic("Kan ik zaterdag langskomen?")

    car, model, question = leads(db)
    assert (car.form_id, car.vehicle_slug, car.subject) == ("direct_contact", vehicle, title)
    assert (car.payload["topic"], car.payload["branch"]) == ("sales", branch)
    assert (model.form_id, model.brand, model.model, model.subject) == (
        "model_contact", "volkswagen", "polo", "Volkswagen Polo")
    assert model.payload["topic"] == "sales"
    assert (question.form_id, question.subject, question.vehicle_slug) == (
        "direct_contact", "", None)
    assert (question.payload["topic"], question.payload["branch"]) == ("sales", name)
    assert all(lead.locale == (prefix[1:] or "nl") for lead in (car, model, question))
