"""The appointment plugin's options, what the page and the lead say of an appointment,
its calendar file, and the provider's settings as the browser and the CSP get them."""

from __future__ import annotations

import asyncio
import base64
import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from dealer.appointments.options import (
    AppointmentOptions,
    appointment_href,
    draft_key,
    from_draft_key,
    from_plugins,
    parse,
)
from dealer.appointments.slots import Hours
from dealer.components.button import icon_size
from dealer.forms.definitions import validate_submission
from dealer.settings import Settings
from dealer.views.appointments import (
    Branch,
    bookable_range,
    calendar_link,
    lead_subject,
    parse_day,
    preselected_branch,
    slot_choices,
)
from dealer.views.content import content_view
from dealer.web.tags import browser_settings, tag_origins

WEEK = tuple(Hours(dept, day, day < 5, "08:00", "17:00")
             for dept in ("workshop", "showroom") for day in range(7))
BRANCHES = (
    Branch("arnhem", "Rijnland Autogroep Arnhem", "NL", "Westervoortsedijk 71, 6827 AV Arnhem",
           "arnhem@rijnland.example", ("seat", "cupra"), WEEK),
    Branch("koeln", "Rijnland Autogroep Köln", "DE", "Frankfurter Straße 210, 51065 Köln",
           "koeln@rijnland.example", ("volkswagen", "skoda"), WEEK),
)
NOW = dt.datetime(2026, 11, 25, 10, 0, tzinfo=dt.UTC)  # a Wednesday


def test_options_are_parsed_and_bounded() -> None:
    assert parse({"make": "volkswagen", "location": "utrecht", "product_category": "tyres",
                  "product_category_hidden": "1"}) == AppointmentOptions(
        "volkswagen", "utrecht", "tyres", True)
    # Unknown category, a slug with a slash, a hidden flag without a category.
    assert parse({"make": "vw/x", "product_category": "oil", "product_category_hidden": True}
                 ) == AppointmentOptions()
    assert parse(None) == parse([1, 2]) == AppointmentOptions()
    assert from_plugins([{"component": "other"}]) is None
    assert from_plugins([{"component": "appointment_booking", "location": "kleve"}]
                        ) == AppointmentOptions(location="kleve")
    assert appointment_href("de", AppointmentOptions(location="kleve")) == \
        "/de/termin?location=kleve"
    assert appointment_href("nl", AppointmentOptions()) == "/afspraak"


@given(st.one_of(st.none(), st.text(), st.lists(st.text()),
                 st.dictionaries(st.text(max_size=30),
                                 st.one_of(st.text(), st.booleans(), st.integers(), st.none(),
                                           st.lists(st.text())))))
def test_parsing_options_never_raises(value: object) -> None:
    options = parse(value)
    assert len(options.make) <= 80 and len(options.location) <= 80
    assert from_plugins([value]) in (None, options)


def test_a_draft_is_kept_per_set_of_options_and_names_them() -> None:
    """After an idle expiry the dialog opens again with the options of the latest draft."""
    options = AppointmentOptions("volkswagen", "kleve", "tyres", True)
    assert draft_key(options) == ("appointment?make=volkswagen&location=kleve"
                                  "&product_category=tyres&product_category_hidden=1")
    assert draft_key(AppointmentOptions()) == "appointment?"
    for kept in (options, AppointmentOptions(), AppointmentOptions(location="utrecht")):
        assert from_draft_key(draft_key(kept)) == kept
    assert from_draft_key("direct_contact::") is None and from_draft_key(None) is None
    assert from_draft_key("appointment?location=../x&product_category=oil") == \
        AppointmentOptions()


@given(st.one_of(st.none(), st.integers(), st.text(), st.text().map("appointment?".__add__)))
def test_a_draft_key_from_the_browser_never_raises(key: object) -> None:
    options = from_draft_key(key)
    assert (options is None) == (not isinstance(key, str) or not key.startswith("appointment?"))
    assert options is None or (len(options.make) <= 80 and len(options.location) <= 80)


def test_the_branch_comes_from_the_location_or_the_make() -> None:
    assert preselected_branch(BRANCHES, AppointmentOptions(location="koeln")) == "koeln"
    assert preselected_branch(BRANCHES, AppointmentOptions(make="cupra")) == "arnhem"
    assert preselected_branch(BRANCHES, AppointmentOptions(make="audi")) == ""
    assert preselected_branch(BRANCHES, AppointmentOptions(location="nowhere",
                                                          make="skoda")) == "koeln"


def test_slots_are_offered_only_in_the_bookable_range() -> None:
    arnhem = BRANCHES[0]
    assert slot_choices(arnhem, "tyres", "2026-11-26", NOW)[:2] == ["08:00", "08:30"]
    assert slot_choices(arnhem, "tyres", "2026-11-25", NOW)[0] == "13:00"  # 11:00 + 2 h
    assert slot_choices(arnhem, "tyres", "2026-11-24", NOW) == []  # yesterday
    assert slot_choices(arnhem, "tyres", "2027-06-01", NOW) == []  # too far ahead
    assert slot_choices(None, "tyres", "2026-11-26", NOW) == []
    for junk in ("", "26-11-2026", "2026-02-30", "x" * 5000):
        assert slot_choices(arnhem, "tyres", junk, NOW) == []
        assert parse_day(junk) is None
    assert bookable_range(NOW) == ("2026-11-25", "2027-01-24")


def test_the_lead_names_category_branch_and_time_in_the_visitors_language() -> None:
    assert lead_subject(BRANCHES[1], "tyres", "2026-11-26", "09:30", "de") == \
        "Reifen · Rijnland Autogroep Köln · Donnerstag, 26. November 2026 09:30"
    assert lead_subject(BRANCHES[0], "test_drive", "2026-11-26", "09:30", "nl") == \
        "Proefrit · Rijnland Autogroep Arnhem · donderdag 26 november 2026 09:30"


def test_only_an_offered_branch_and_time_pass() -> None:
    values = {"branch": "arnhem", "product_category": "tyres", "date": "2026-11-26",
              "time": "09:30", "name": "Anna de Vries", "email": "anna@example.nl",
              "phone": "", "message": "", "privacy": "on", "website": ""}
    offered = {"branch": ["arnhem", "koeln"], "time": ["09:00", "09:30"]}
    assert validate_submission("appointment", values, "nl", options=offered) == {}
    errors = validate_submission("appointment", {**values, "time": "03:00"}, "nl",
                                 options=offered)
    assert errors == {"time": "Kies een van de aangeboden tijden."}
    errors = validate_submission("appointment", {**values, "branch": "x", "time": ""}, "de",
                                 options=offered)
    assert set(errors) == {"branch", "time"}


def test_the_calendar_file_holds_the_appointment_in_utc() -> None:
    link = calendar_link(lead_id=7, branch=BRANCHES[1], category="tyres",
                         day_text="2026-11-26", time="09:30", locale="de", now=NOW)
    ical = base64.b64decode(link.split(",", 1)[1]).decode()
    assert link.startswith("data:text/calendar;charset=utf-8;base64,")
    assert "DTSTART:20261126T083000Z" in ical and "DTEND:20261126T090000Z" in ical
    assert "UID:appointment-7@rijnland.example" in ical
    assert "SUMMARY:Reifen: Rijnland Autogroep Köln" in ical
    assert calendar_link(lead_id=7, branch=BRANCHES[1], category="tyres",
                         day_text="2026-03-29", time="02:30", locale="de", now=NOW) == ""


def test_the_provider_is_named_to_the_browser_and_the_csp_only_when_configured() -> None:
    assert "appointments" not in browser_settings(Settings())
    configured = Settings(appointment_script_url="https://booking.example.com/embed.js",
                          appointment_app="site", appointment_app_code="RA1",
                          appointment_settings={"theme": "light"})
    assert browser_settings(configured)["appointments"] == {
        "src": "https://booking.example.com/embed.js", "app": "site", "app_code": "RA1",
        "settings": {"theme": "light"}, "widget": "appointmentWidget",
        "plugin": "appointment_booking"}
    assert "https://booking.example.com" in tag_origins(configured)
    assert tag_origins(Settings()) == []


def test_a_story_button_with_the_plugin_targets_the_appointment_page() -> None:
    view = asyncio.run(content_view("/de/werkstatt", {}))
    actions = [block for block in view.blocks if block.kind == "action"]
    assert [block.button_appointment for block in actions] == [True, True]
    assert actions[0].button_href == "/de/termin?product_category=workshop_service"
    assert actions[0].button_size == "large" and actions[1].button_variant == "secondary"
    assert actions[1].appointment == AppointmentOptions("volkswagen", "kleve", "tyres", True)


def test_button_icons_are_16_px_on_small_buttons_and_20_px_otherwise() -> None:
    assert [icon_size(size) for size in ("large", "medium", "small", "extra-small")] == \
        [20, 20, 16, 20]
