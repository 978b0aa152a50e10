"""Every trigger of SPEC §9, visited or acted on as a visitor would, and the event it
leaves in window.dataLayer (contract id and payload), in both languages; the constants
object; Core Web Vitals. No event makes a request of its own."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, expect

from dealer.analytics import vehicle_id
from tests.conftest import Site

# Links that would leave the page (tel:, mailto:, a route planner) stay: the click counts.
STAY = """document.addEventListener('click', event => {
  const link = event.target.closest('a[href^="tel:"], a[href^="mailto:"], a[target]');
  if (link) event.preventDefault();
});"""


def events(page: Page, contract_id: str) -> list[dict]:
    return page.evaluate(
        "id => window.dataLayer.filter(e => e && e.event === id)"
        ".map(e => JSON.parse(JSON.stringify(e)))", contract_id)


def wait_for(page: Page, contract_id: str) -> dict:
    page.wait_for_function("id => window.dataLayer.some(e => e && e.event === id)",
                           arg=contract_id)
    return events(page, contract_id)[-1]


def shown(page: Page) -> None:
    expect(page.locator("#main-content h1")).to_be_visible()


@dataclass
class Trigger:
    path: str
    contract_id: str
    payload: dict = field(default_factory=dict)
    act: Callable[[Page], None] | None = None


def click_first_card(page: Page) -> None:
    page.get_by_test_id("vehicle-card").first.get_by_role("link").first.click()


def open_hours(page: Page) -> None:
    page.get_by_role("button", name=re.compile("^(Openingstijden|Öffnungszeiten)")).click()


def click_link(name: str) -> Callable[[Page], None]:
    def act(page: Page) -> None:
        page.locator("#main-content").get_by_role("link", name=re.compile(name)).first.click()
    return act


TRIGGERS = {
    "page view": Trigger("/voorraad", "vm_page_view",
                         {"page_path": "/voorraad", "page_type": "stock", "locale": "nl"}),
    "page view de": Trigger("/de/standorte", "vm_page_view",
                            {"page_path": "/de/standorte", "locale": "de", "status": 200}),
    "vehicle overview": Trigger("/de/angebote", "vm_vehicle_overview", {"page_type": "stock"}),
    "vehicle detail": Trigger("/voorraad/{vehicle}", "vm_vehicle_detail",
                              {"vehicle_id": "{vehicle_id}"}),
    "test drive": Trigger("/voorraad/{vehicle}/proefrit", "vm_test_drive",
                          {"vehicle_id": "{vehicle_id}"}),
    "interest": Trigger("/de/angebote/{vehicle}/interesse", "vm_interest",
                        {"vehicle_id": "{vehicle_id}"}),
    "form ready": Trigger("/de/angebote/{vehicle}/probefahrt", "vm_form_ready",
                          {"form_id": "test_drive", "vehicle_id": "{vehicle_id}"}),
    "lease calculator": Trigger("/voorraad/{vehicle}/lease-calculator", "vm_lease_calculator",
                                {"vehicle_id": "{vehicle_id}"}),
    "lease overview": Trigger("/lease-aanbod", "vm_lease_overview"),
    "lease detail": Trigger("/de/leasingangebote/volkswagen-polo-1-0-tsi-life-lease-1",
                            "vm_lease_detail",
                            {"lease_vehicle_id": "volkswagen-polo-1-0-tsi-life-lease-1"}),
    "location overview": Trigger("/de/standorte", "vm_location_overview"),
    "location detail": Trigger("/vestigingen/utrecht", "vm_location_detail",
                               {"location_id": "utrecht"}),
    "model detail": Trigger("/de/volkswagen/modelle/polo", "vm_model_detail",
                            {"model_id": "volkswagen/polo"}),
    "vehicle overview filter": Trigger(
        "/voorraad", "vm_vehicle_overview_filter", {"filters": {"fuel": "diesel"}},
        lambda page: page.get_by_role("checkbox", name=re.compile("^Diesel")).click()),
    "vehicle quick search": Trigger("/de/angebote?electric=1", "vm_vehicle_quick_search",
                                    {"quick_entry": "electric", "filters": {"electric": "1"}}),
    "location filter": Trigger("/vestigingen?place=Utrecht", "vm_location_filter",
                               {"filters": {"place": "Utrecht"}}),
    "more-details click": Trigger("/de/angebote", "vm_more_details_click", {},
                                  click_first_card),
    "opening-hours click": Trigger("/voorraad/{vehicle}", "vm_opening_hours_click", {},
                                   open_hours),
    "location phone": Trigger("/vestigingen/utrecht", "vm_location_phone_click",
                              {"location_id": "utrecht"}, click_link(r"^030 ")),
    "email": Trigger("/de/standorte/koeln", "vm_location_email_click",
                     {"location_id": "koeln"}, click_link("@")),
    "route": Trigger("/de/standorte/koeln", "vm_location_route_click",
                     {"location_id": "koeln"}, click_link("Route planen")),
    "social click": Trigger("/de/ueber-uns", "vm_social_click",
                            {"network": "instagram", "location_id": None},
                            lambda page: page.get_by_role("contentinfo").get_by_role(
                                "link", name="Instagram").click()),
    "whatsapp": Trigger("/vestigingen/utrecht", "vm_location_whatsapp_click",
                        {"location_id": "utrecht"}, click_link(r"^06 ")),
    "whatsapp de": Trigger("/de/standorte/koeln", "vm_location_whatsapp_click",
                           {"location_id": "koeln"}, click_link(r"^01512 ")),
    "download": Trigger("/volkswagen/modellen/polo", "vm_download",
                        {"file": "/content/downloads/volkswagen-polo-prijslijst.pdf"},
                        click_link("rijslijst")),
}


@pytest.mark.parametrize("name", TRIGGERS)
def test_each_trigger_leaves_its_event(page: Page, site: Site, vehicle: str, name: str) -> None:
    trigger = TRIGGERS[name]
    page.add_init_script(STAY)
    page.goto(site.url(trigger.path.format(vehicle=vehicle)))
    shown(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    if trigger.act:
        wait_for(page, "vm_page_view")
        trigger.act(page)
    entry = wait_for(page, trigger.contract_id)
    assert entry["contract_id"] == trigger.contract_id
    for key, value in trigger.payload.items():
        expected = value.format(vehicle_id=vehicle_id(vehicle)) if isinstance(value, str) else value
        assert entry[key] == expected, (key, entry)
    if name == "more-details click":
        assert re.fullmatch(r"\d+", entry["vehicle_id"])
        expect(page).to_have_url(re.compile(rf"-{entry['vehicle_id']}$"))
    if name == "opening-hours click":
        assert re.fullmatch(r"[a-z-]+", entry["location_id"])
    # The data layer is the browser's own: no event asked anything of another host.
    assert not [url for url in requests if not url.startswith(site.base_url)]


def test_the_constants_object_caches_what_the_visitor_saw(page: Page, site: Site,
                                                          vehicle: str) -> None:
    page.goto(site.url("/de/standorte/koeln"))
    shown(page)
    wait_for(page, "vm_location_detail")
    constants = page.evaluate("window.vmConstants")
    assert constants["country"] == "DE" and constants["locales"] == ["nl", "de"]
    assert constants["locale"] == "de"
    assert constants["locations"]["koeln"]["name"] == "Rijnland Autogroep Köln"
    # Within the site, to a vehicle: the vehicle joins the records; the location stays.
    page.goto(site.url(f"/de/angebote/{vehicle}"))
    shown(page)
    wait_for(page, "vm_vehicle_detail")
    record = page.evaluate(f"window.vmConstants.vehicles['{vehicle_id(vehicle)}']")
    assert record["path"] == f"/de/angebote/{vehicle}" and record["brand"]
    assert page.evaluate("window.dataLayer.filter(e => e && e.vm_constants"
                         " && e.vm_constants.country).length") == 1


def test_a_move_within_the_site_is_a_page_view(page: Page, site: Site) -> None:
    page.goto(site.url("/vestigingen"))
    shown(page)
    wait_for(page, "vm_location_overview")
    page.locator("#main-content").get_by_role("link", name="Rijnland Autogroep Utrecht").click()
    expect(page).to_have_url(site.url("/vestigingen/utrecht"))
    wait_for(page, "vm_location_detail")
    views = [entry["page_path"] for entry in events(page, "vm_page_view")]
    assert views == ["/vestigingen", "/vestigingen/utrecht"]


def test_core_web_vitals_are_pushed(page: Page, site: Site) -> None:
    page.goto(site.url("/over-ons"))
    shown(page)
    page.wait_for_load_state("networkidle")
    page.locator("#main-content h1").click()  # the first input ends the LCP measurement
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("new Set(window.dataLayer.filter(e => e && e.event === "
                           "'vm_web_vital').map(e => e.metric)).size >= 2")
    vitals = {entry["metric"]: entry for entry in events(page, "vm_web_vital")}
    assert {"LCP", "CLS"} <= set(vitals)
    assert vitals["LCP"]["value"] > 0 and vitals["LCP"]["rating"] in (
        "good", "needs-improvement", "poor")
    assert vitals["CLS"]["value"] == 0
