"""The analytics data layer (SPEC §3, §9): every event's name, contract id and payload.

Plain Python, and the one place that knows them: the page-start script creates the
global constants object, the pages push the events built here into ``window.dataLayer``
(no HTTP call of their own; the tag manager, once the visitor allows it, reads them) and
docs/analytics.md is generated from ``EVENTS``.

Every event carries ``event`` and ``contract_id`` (the same ``vm_`` id) plus its payload:
one of vehicle_id, model_id, lease_vehicle_id, location_id, form_id or filter data. A page
with a subject also caches that subject's record by id in the constants object
(``vm_constants``: country, available locales, current locale, and the vehicle, model,
lease vehicle and location records seen so far).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer.forms.definitions import SCREEN_FORMS
from dealer.i18n import LOCALES
from dealer.javascript import script
from dealer.pageinfo import PageInfo
from dealer.routes import SCREENS
from dealer.stock.query import QUICK_ENTRIES, StockQuery

PREFIX = "vm_"
CONSTANTS_KEY = "vm_constants"
COUNTRIES = {"nl": "NL", "de": "DE"}
# The record kinds the constants object caches by id.
RECORD_KINDS = ("vehicles", "models", "lease_vehicles", "locations")


@dataclass(frozen=True)
class EventDef:
    name: str
    trigger: str  # when it is pushed, for analysts
    fields: tuple[str, ...]  # payload fields besides event and contract_id
    example: Mapping[str, Any]  # an example payload (without event and contract_id)

    @property
    def contract_id(self) -> str:
        return PREFIX + self.name


def _events(*definitions: EventDef) -> dict[str, EventDef]:
    return {definition.name: definition for definition in definitions}


EVENTS = _events(
    EventDef("page_view", "every page shown: the first one and each one reached within the site",
             ("page_path", "page_type", "locale", "status"),
             {"page_path": "/voorraad", "page_type": "stock", "locale": "nl", "status": 200}),
    EventDef("vehicle_overview", "a stock listing shown (all stock, a brand's, a deal type's)",
             ("page_type", "results"), {"page_type": "stock", "results": 2000}),
    EventDef("vehicle_detail", "a vehicle page shown", ("vehicle_id",), {"vehicle_id": "12012"}),
    EventDef("test_drive", "the test drive request of a vehicle or a model shown",
             ("vehicle_id", "model_id"), {"vehicle_id": "12012"}),
    EventDef("interest", "the interest request of a vehicle shown", ("vehicle_id",),
             {"vehicle_id": "12012"}),
    EventDef("lease_calculator", "a vehicle's lease calculator shown", ("vehicle_id",),
             {"vehicle_id": "12012"}),
    EventDef("lease_overview", "the lease offers shown", ("results",), {"results": 8}),
    EventDef("lease_detail", "a lease offer shown", ("lease_vehicle_id",),
             {"lease_vehicle_id": "volkswagen-id-3-pure"}),
    EventDef("location_overview", "the branch list shown", ("results",), {"results": 6}),
    EventDef("location_detail", "a branch page shown", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("model_detail", "a model page shown", ("model_id",),
             {"model_id": "volkswagen/golf"}),
    EventDef("form_ready", "a request form shown and ready to fill in",
             ("form_id", "vehicle_id", "model_id"),
             {"form_id": "test_drive", "vehicle_id": "12012"}),
    EventDef("vehicle_overview_filter",
             "the stock listing shown with filters (chosen in the sidebar or opened as a link)",
             ("filters",), {"filters": {"fuel": "diesel", "price_max": "30000"}}),
    EventDef("vehicle_quick_search", "the stock listing shown for a quick search entry",
             ("quick_entry", "filters"),
             {"quick_entry": "electric", "filters": {"electric": "1"}}),
    EventDef("location_filter", "the branch list shown for a search (place, brand, service)",
             ("filters",), {"filters": {"place": "Utrecht"}}),
    EventDef("social_click",
             "a link to one of the dealer's social network pages clicked (the footer's "
             "links are the group's own: location_id null)",
             ("network", "location_id"), {"network": "instagram", "location_id": None}),
    EventDef("more_details_click", "a vehicle card's link to its vehicle page clicked",
             ("vehicle_id",), {"vehicle_id": "12012"}),
    EventDef("opening_hours_click", "a branch's opening hours opened", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("location_phone_click", "a branch's phone number clicked", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("location_email_click", "a branch's e-mail address clicked", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("location_whatsapp_click",
             "a branch's WhatsApp link clicked", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("location_route_click", "the route to a branch clicked", ("location_id",),
             {"location_id": "utrecht"}),
    EventDef("download", "a download (brochure, price list) clicked", ("file",),
             {"file": "/content/downloads/golf-prijslijst.pdf"}),
    EventDef("web_vital",
             "a Core Web Vital of the page measured (LCP, INP, CLS; web-vitals package)",
             ("metric", "value", "rating", "metric_id"),
             {"metric": "LCP", "value": 1840.5, "rating": "good", "metric_id": "v5-1-2"}),
)


def event(name: str, **payload: Any) -> dict[str, Any]:
    """The data layer entry of event ``name``; unknown names and fields are refused."""
    definition = EVENTS[name]
    unknown = set(payload) - set(definition.fields) - {CONSTANTS_KEY}
    if unknown:
        raise ValueError(f"{name}: no such payload fields {sorted(unknown)}")
    return {"event": definition.contract_id, "contract_id": definition.contract_id, **payload}


def constants(locale: str) -> dict[str, Any]:
    """The global constants object a page starts with."""
    return {"country": COUNTRIES[locale], "locales": list(LOCALES), "locale": locale,
            **{kind: {} for kind in RECORD_KINDS}}


def constants_script(locale: str) -> str:
    """JavaScript for the page start: ``window.vmConstants`` in the data layer, and
    ``window.vmTrack(entries)``, which caches the records an entry carries in it and
    pushes the entries."""
    return script(__file__, "data_layer_start", constants=constants(locale), key=CONSTANTS_KEY)


# --- what a page load pushes --------------------------------------------------------------

# The form events of the data layer (docs/analytics.md), by form: the event a form's page
# pushes first, if any, and the form's id there.
FORM_EVENTS = {
    "vehicle_test_drive": ("test_drive", "test_drive"),
    "model_test_drive": ("test_drive", "test_drive"),
    "vehicle_interest": ("interest", "interest"),
    "model_contact": (None, "model_contact"),
    "direct_contact": (None, "contact"),
    "trade_in": (None, "trade_in"),
}
LOCATION_FILTERS = ("place", "brand", "service")
# Pages that cache a record of their subject (their describer is asked for it).
RECORD_PAGES = ("vehicle:PAGE", "lease_offers:DETAIL", "locations:DETAIL", "cms_models:MODEL")


def vehicle_id(slug: str) -> str:
    """A vehicle's id: the number its URL ends in (``vw-golf-1-4-tsi-12012`` -> 12012)."""
    return slug.rsplit("-", 1)[-1]


def model_id(params: Mapping[str, str]) -> str:
    return f"{params.get('brand', '')}/{params.get('model', '')}"


def _subject(info: PageInfo) -> dict[str, str]:
    """The ids of the vehicle or model a page is about."""
    if "vehicle" in info.params:
        return {"vehicle_id": vehicle_id(info.params["vehicle"])}
    if "model" in info.params:
        return {"model_id": model_id(info.params)}
    return {}


def _record(info: PageInfo) -> dict[str, dict[str, dict]]:
    """The subject's record for the constants object, from what the page says of it."""
    page = _page(info.screen)
    if info.status != 200 or page not in RECORD_PAGES:
        return {}
    record: dict[str, Any] = {"name": info.heading, "path": info.path}
    data = info.json_ld[0] if info.json_ld else {}
    if page == "vehicle:PAGE":
        offers = data.get("offers", {})
        record |= {"brand": data.get("brand", {}).get("name"), "model": data.get("model"),
                   "price": offers.get("price") or offers.get("priceSpecification", {})
                   .get("price")}
        return {"vehicles": {vehicle_id(info.params["vehicle"]): record}}
    if page == "cms_models:MODEL":
        return {"models": {model_id(info.params): record | {"brand": info.params["brand"]}}}
    if page == "lease_offers:DETAIL":
        return {"lease_vehicles": {info.params["offer"]: record}}
    return {"locations": {info.params["location"]: record}}


def _page(screen: str) -> str:
    entry = SCREENS.get(screen)
    return entry.page if entry else ""


def _results(info: PageInfo) -> int | None:
    data = info.json_ld[0] if info.json_ld else {}
    count = data.get("numberOfItems")
    return count if isinstance(count, int) else None


def stock_filters(query: Mapping[str, str]) -> dict[str, str]:
    """The filters of a stock URL's query, as the listing understood them (no sort, page)."""
    params = StockQuery.from_params(query).to_params()
    return {key: value for key, value in params.items() if key not in ("sort", "page")}


def quick_entry(filters: Mapping[str, str]) -> str | None:
    """The quick search entry whose filters these are, if any."""
    return next((kind for kind, params in QUICK_ENTRIES.items()
                 if stock_filters(params) == dict(filters)), None)


def page_events(info: PageInfo, query: Mapping[str, str] | None = None) -> list[dict]:
    """What a page shown pushes: its page view, then the event of its kind with the
    subject's id (and record), the form it offers, the filters it was shown with."""
    query = query or {}
    record = _record(info)
    events = [event("page_view", page_path=info.path, page_type=info.screen,
                    locale=info.locale, status=info.status,
                    **{CONSTANTS_KEY: {"locale": info.locale}})]
    if info.status != 200:
        return events
    extra = {CONSTANTS_KEY: record} if record else {}
    screen, page = info.screen, _page(info.screen)
    if page == "stock:PAGE":
        events.append(event("vehicle_overview", page_type=screen, results=_results(info)))
        filters = stock_filters(query)
        kind = quick_entry(filters) if filters else None
        if kind:
            events.append(event("vehicle_quick_search", quick_entry=kind, filters=filters))
        elif filters:
            events.append(event("vehicle_overview_filter", filters=filters))
    elif page == "vehicle:PAGE":
        events.append(event("vehicle_detail", **_subject(info), **extra))
    elif page == "calculator:PAGE":
        events.append(event("lease_calculator", **_subject(info)))
    elif page == "forms:PAGE" and SCREEN_FORMS.get(screen) in FORM_EVENTS:
        name, form = FORM_EVENTS[SCREEN_FORMS[screen]]
        if name:
            events.append(event(name, **_subject(info)))
        events.append(event("form_ready", form_id=form, **_subject(info)))
    elif page == "lease_offers:OVERVIEW":
        events.append(event("lease_overview", results=len(info.links)))
    elif page == "lease_offers:DETAIL":
        events.append(event("lease_detail", lease_vehicle_id=info.params["offer"], **extra))
    elif page == "locations:LIST":
        events.append(event("location_overview", results=len(info.links)))
        filters = {key: query[key] for key in LOCATION_FILTERS if query.get(key)}
        if filters:
            events.append(event("location_filter", filters=filters))
    elif page == "locations:DETAIL":
        events.append(event("location_detail", location_id=info.params["location"], **extra))
    elif page == "cms_models:MODEL":
        events.append(event("model_detail", model_id=model_id(info.params), **extra))
    return events


# --- clicks -------------------------------------------------------------------------------

def click(name: str, **payload: Any) -> str:
    """A clickable element's ``data-track`` value: the event its click pushes, as JSON."""
    return json.dumps(event(name, **payload), separators=(",", ":"))


# --- the analysts' table ------------------------------------------------------------------

def events_table() -> str:
    """docs/analytics.md's table: every event with its contract id, trigger, payload fields
    and an example entry."""
    rows = ["| contract id | trigger | payload fields | example |", "|---|---|---|---|"]
    for definition in EVENTS.values():
        example = json.dumps(event(definition.name, **definition.example), ensure_ascii=False)
        fields = ", ".join(f"`{name}`" for name in definition.fields)
        rows.append(f"| `{definition.contract_id}` | {definition.trigger} | {fields} | "
                    f"`{example}` |")
    return "\n".join(rows) + "\n"
