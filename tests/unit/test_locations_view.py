from __future__ import annotations

import datetime as dt
import math
import re

import pytest

from dealer.locations.postcodes import areas
from dealer.locations.repository import EmployeeView, LocationView, OpeningTime
from dealer.routes import request_for
from dealer.stock.demo import BRANCHES
from dealer.views import locations as view
from dealer.views.locations import (
    MAP_CENTRE,
    MAP_EAST,
    MAP_HEIGHT,
    MAP_NORTH,
    MAP_SOUTH,
    MAP_WEST,
    MAP_WIDTH,
    EmployeeSearch,
    LocationSearch,
    fit_frame,
    location_listing,
    open_status,
)

UTC = dt.UTC


def week(department: str, weekdays: str, late: int | None = None) -> tuple[OpeningTime, ...]:
    """Open 09:00-18:00 (until 21:00 on ``late``), Saturday 10:00-17:00, closed Sunday."""
    times = []
    for day in range(7):
        if day < 5:
            times.append(OpeningTime(department, day, True, "09:00",
                                     "21:00" if day == late else "18:00", None))
        elif day == 5:
            times.append(OpeningTime(department, day, True, "10:00", "17:00", "By appointment"))
        else:
            times.append(OpeningTime(department, day, False, None, None, None))
    return tuple(times)


def branch(slug: str, city: str, country: str, postal_code: str, lat: float, lng: float,
           brands: tuple[str, ...] = ("volkswagen",), services: tuple[str, ...] = ("sales",),
           ) -> LocationView:
    names = {"volkswagen": "Volkswagen", "audi": "Audi", "seat": "SEAT", "skoda": "Škoda"}
    return LocationView(
        slug=slug, name=f"Rijnland Autogroep {city}",
        brands=tuple((brand, names[brand]) for brand in brands), services=services,
        street="Hoofdstraat 1", postal_code=postal_code, city=city, country=country,
        latitude=lat, longitude=lng, vat_number="NL850000000B01",
        iban="NL91ABNA0417164300", email=f"{slug}@example.com", phone="+31 30 262 40 00",
        fax=None, opening_hours=week("showroom", "", late=3) + week("workshop", ""),
        employees=(),
    )


UTRECHT = branch("utrecht", "Utrecht", "NL", "3565 AC", 52.1183, 5.1072, ("volkswagen", "audi"),
                 ("sales", "workshop"))
KOELN = branch("koeln", "Köln", "DE", "51065", 50.9596, 7.0202, ("volkswagen", "skoda"),
               ("sales", "bodywork"))
DUESSELDORF = branch("duesseldorf", "Düsseldorf", "DE", "40231", 51.2183, 6.8322, ("audi",))
ALL = [DUESSELDORF, KOELN, UTRECHT]


def slugs(listing) -> list[str]:
    return [card.slug for card in listing.cards]


# --- search -------------------------------------------------------------------------------


@pytest.mark.parametrize(("place", "expected"), [
    ("UTR", ["utrecht"]),  # the start of a branch's town or name
    ("356", ["utrecht"]),  # the start of a postcode
    ("", ["duesseldorf", "koeln", "utrecht"]),
])
def test_place_search_finds_by_postcode_and_name(place: str, expected: list[str]) -> None:
    assert slugs(location_listing(ALL, LocationSearch(place=place), "nl")) == expected


@pytest.mark.parametrize(("place", "nearest", "km"), [
    ("Den Haag", "utrecht", range(50, 60)),  # an alternate name of The Hague
    ("'s-Gravenhage", "utrecht", range(50, 60)),
    ("Amsterdam", "utrecht", range(30, 40)),
    ("utrecht", "utrecht", range(0, 5)),
    ("dusseldorf", "duesseldorf", range(0, 5)),  # accents do not matter
    ("koeln", "koeln", range(0, 10)),  # nor the German transliteration
    ("Bonn", "koeln", range(20, 30)),
])
def test_a_town_lists_every_branch_nearest_first(place: str, nearest: str, km: range) -> None:
    listing = location_listing(ALL, LocationSearch(place=place), "nl")
    assert slugs(listing)[0] == nearest and len(listing.cards) == len(ALL)
    distance = int(listing.cards[0].distance.split()[0])
    assert distance in km and listing.cards[0].distance.endswith(f"km van {place}")
    numbers = [int(card.distance.split()[0].replace(".", "")) for card in listing.cards]
    assert numbers == sorted(numbers)
    assert location_listing(ALL, LocationSearch(place=place), "de").cards[0].distance.endswith(
        f"km von {place}")


@pytest.mark.parametrize(("place", "nearest", "km", "named"), [
    ("3511", "utrecht", range(0, 5), "3511 Utrecht"),  # a Dutch postcode area (PC4)
    ("3565 AC", "utrecht", range(0, 5), "3565 Utrecht"),  # a whole Dutch postcode
    ("3565ac", "utrecht", range(0, 5), "3565 Utrecht"),
    ("2511", "utrecht", range(50, 60), "2511 's-Gravenhage"),
    ("10115", "koeln", range(465, 480), "10115 Berlin"),  # a German postcode
    ("D-50667", "koeln", range(3, 8), "50667 Köln"),
    ("40231", "duesseldorf", range(0, 3), "40231 Düsseldorf"),
])
def test_a_postcode_area_lists_every_branch_nearest_first(place: str, nearest: str, km: range,
                                                          named: str) -> None:
    listing = location_listing(ALL, LocationSearch(place=place), "nl")
    assert slugs(listing)[0] == nearest and len(listing.cards) == len(ALL)
    assert int(listing.cards[0].distance.split()[0].replace(".", "")) in km
    assert listing.cards[0].distance.endswith(f"km van {named}")
    numbers = [int(card.distance.split()[0].replace(".", "")) for card in listing.cards]
    assert numbers == sorted(numbers) and listing.message == ""
    assert location_listing(ALL, LocationSearch(place=place), "de").cards[0].distance.endswith(
        f"km von {named}")


@pytest.mark.parametrize("place", ["0000", "99999", "1234567", "3511 ABC"])
def test_an_unknown_postcode_is_not_found(place: str) -> None:
    listing = location_listing(ALL, LocationSearch(place=place), "nl")
    assert listing.cards == [] and "niet specifiek genoeg" in listing.message


def test_the_postcode_table_covers_both_countries() -> None:
    table = areas()
    assert sum(country == "NL" for country, _ in table) > 4000
    assert sum(country == "DE" for country, _ in table) > 8000
    for place in table.values():  # every centre lies in or near the two countries
        assert 47 < place.latitude < 55.1 and 3.3 < place.longitude < 15.1


def test_a_search_inside_a_word_does_not_match_everything() -> None:
    # "ut" starts Utrecht but is only the middle of "Autogroep", in every branch name.
    assert slugs(location_listing(ALL, LocationSearch(place="ut"), "nl")) == ["utrecht"]


@pytest.mark.parametrize("place", ["Atlantis", "x", " 9 "])
def test_unknown_or_too_short_place_says_not_found_or_not_specific(place: str) -> None:
    nl = location_listing(ALL, LocationSearch(place=place.strip()), "nl")
    de = location_listing(ALL, LocationSearch(place=place.strip()), "de")
    assert nl.cards == [] and de.cards == []
    assert "niet specifiek genoeg" in nl.message and place.strip() in nl.message
    assert "nicht genau genug" in de.message
    assert nl.count_text == "0 vestigingen" and de.count_text == "0 Standorte"


def test_brand_and_service_filters_and_their_links() -> None:
    search = LocationSearch(brand="audi")
    listing = location_listing(ALL, search, "de")
    assert slugs(listing) == ["duesseldorf", "utrecht"]
    audi = next(choice for choice in listing.brands if choice.value == "audi")
    assert audi.current and audi.href == "/de/standorte"  # choosing it again removes it
    skoda = next(choice for choice in listing.brands if choice.value == "skoda")
    assert not skoda.current and skoda.href == "/de/standorte?brand=skoda"
    # Only brands some branch sells are offered.
    assert {choice.value for choice in listing.brands} == {"volkswagen", "audi", "skoda"}

    both = location_listing(ALL, LocationSearch(brand="volkswagen", service="bodywork"), "nl")
    assert slugs(both) == ["koeln"]
    workshop = next(choice for choice in both.services if choice.value == "workshop")
    assert workshop.href == "/vestigingen?brand=volkswagen&service=workshop"
    assert workshop.label == "Werkplaats"

    none = location_listing(ALL, LocationSearch(brand="skoda", service="workshop"), "nl")
    assert none.cards == [] and none.message


def test_search_parameters_from_a_url_are_cleaned() -> None:
    search = LocationSearch.from_params({"place": "  Den   Haag ", "brand": "tesla",
                                         "service": "<script>"})
    assert search == LocationSearch(place="Den Haag")
    assert search.path("nl") == "/vestigingen?place=Den+Haag"
    employees = EmployeeSearch.from_params({"name": "Eva", "location": "../etc",
                                            "job_title": "technician", "department": "x"})
    assert employees == EmployeeSearch(name="Eva", job_title="technician")
    assert employees.path("de") == "/de/mitarbeiter?job_title=technician&name=Eva"


# --- opening hours ------------------------------------------------------------------------

# 2026-07-02 is a Thursday; the Netherlands and Germany are on summer time (UTC+2).
THURSDAY_0730_UTC = dt.datetime(2026, 7, 2, 7, 30, tzinfo=UTC)


def test_open_now_is_decided_in_the_branch_time_zone() -> None:
    # 07:30 UTC is 09:30 in Utrecht and Cologne: open, although 07:30 is before opening.
    assert open_status(UTRECHT.hours("showroom"), "NL", "nl", THURSDAY_0730_UTC) == (
        True, "Nu geopend · tot 21:00")
    assert open_status(KOELN.hours("showroom"), "DE", "de", THURSDAY_0730_UTC) == (
        True, "Jetzt geöffnet · bis 21:00 Uhr")


@pytest.mark.parametrize(("local", "nl", "de"), [
    # Thursday 07:00 local: later today.
    (dt.datetime(2026, 7, 2, 5, 0, tzinfo=UTC), "Gesloten · vandaag open vanaf 09:00",
     "Geschlossen · öffnet heute um 09:00 Uhr"),
    # Friday 18:00 local, at closing time: tomorrow (Saturday) at ten.
    (dt.datetime(2026, 7, 3, 16, 0, tzinfo=UTC), "Gesloten · morgen open vanaf 10:00",
     "Geschlossen · öffnet morgen um 10:00 Uhr"),
    # Saturday evening: closed Sunday, so Monday.
    (dt.datetime(2026, 7, 4, 19, 0, tzinfo=UTC), "Gesloten · maandag open vanaf 09:00",
     "Geschlossen · öffnet am Montag um 09:00 Uhr"),
    # Winter time (UTC+1): Monday 08:30 UTC is 09:30 local, open.
    (dt.datetime(2026, 1, 5, 8, 30, tzinfo=UTC), "Nu geopend · tot 18:00",
     "Jetzt geöffnet · bis 18:00 Uhr"),
])
def test_closed_says_when_it_opens_next(local: dt.datetime, nl: str, de: str) -> None:
    assert open_status(UTRECHT.hours("showroom"), "NL", "nl", local)[1] == nl
    assert open_status(UTRECHT.hours("showroom"), "NL", "de", local)[1] == de


def test_never_open_says_closed() -> None:
    closed = tuple(OpeningTime("workshop", day, False, None, None, None) for day in range(7))
    assert open_status(closed, "DE", "de", THURSDAY_0730_UTC) == (False, "Geschlossen")


def test_hours_table_marks_today_and_formats_each_locale() -> None:
    nl = view.hours_table(UTRECHT, "showroom", "nl", THURSDAY_0730_UTC)
    de = view.hours_table(KOELN, "workshop", "de", THURSDAY_0730_UTC)
    assert nl.heading == "Showroom" and nl.is_open
    assert [row.today for row in nl.rows] == [False, False, False, True, False, False, False]
    assert (nl.rows[3].day, nl.rows[3].hours) == ("Donderdag", "09:00 – 21:00")
    assert (nl.rows[5].hours, nl.rows[5].comment) == ("10:00 – 17:00", "By appointment")
    assert nl.rows[6].hours == "Gesloten"
    assert de.heading == "Werkstatt"
    assert (de.rows[0].day, de.rows[0].hours) == ("Montag", "09:00 – 18:00 Uhr")
    assert de.rows[6].hours == "Geschlossen"


def test_week_summary_joins_equal_days() -> None:
    assert view.hours_summary(UTRECHT.hours("showroom"), "nl") == (
        "ma–wo 09:00 – 18:00; do 09:00 – 21:00; vr 09:00 – 18:00; za 10:00 – 17:00; zo Gesloten")


# --- the map ------------------------------------------------------------------------------


def demo_branches() -> list[LocationView]:
    return [branch(b.slug, b.city, b.country, b.postal_code, b.latitude, b.longitude)
            for b in BRANCHES]


def in_view_box(x: float, y: float, inset: float = 0) -> bool:
    return inset <= x <= MAP_WIDTH - inset and inset <= y <= MAP_HEIGHT - inset


def test_every_branch_pin_lies_inside_the_view_box() -> None:
    branches = demo_branches()
    shown = view.map_view(branches, lambda loc: f"/vestigingen/{loc.slug}")
    assert shown.view_box == f"0 0 {MAP_WIDTH} {MAP_HEIGHT}"
    assert sorted(pin.slug for pin in shown.pins) == sorted(b.slug for b in BRANCHES)
    assert all(in_view_box(pin.x, pin.y, view.PIN_INSET) for pin in shown.pins)
    assert all(in_view_box(pin.label_x, pin.y) for pin in shown.pins)
    utrecht = next(pin for pin in shown.pins if pin.slug == "utrecht")
    assert utrecht.href == "/vestigingen/utrecht" and utrecht.label == "Utrecht"
    # North is up, east is right.
    koeln = next(pin for pin in shown.pins if pin.slug == "koeln")
    assert koeln.y > utrecht.y and koeln.x > utrecht.x


def test_a_tiled_map_gets_the_same_view_and_each_branch_where_it_is() -> None:
    branches = demo_branches()
    shown = view.map_view(branches, lambda loc: loc.slug)
    (south, west), (north, east) = shown.bounds
    assert MAP_SOUTH <= south < north <= MAP_NORTH and MAP_WEST <= west < east <= MAP_EAST
    for pin in shown.pins:
        branch = next(b for b in branches if b.slug == pin.slug)
        assert (pin.latitude, pin.longitude) == (branch.latitude, branch.longitude)
        assert south < pin.latitude < north and west < pin.longitude < east


def test_frame_keeps_proportions_and_stays_inside_the_map_bounds() -> None:
    for points in ([(b.latitude, b.longitude) for b in BRANCHES], [(52.1183, 5.1072)],
                   [(60.7, -7.5)], []):
        frame = fit_frame(points)
        assert MAP_SOUTH <= frame.south < frame.north <= MAP_NORTH
        assert MAP_WEST <= frame.west < frame.east <= MAP_EAST
        mid = (frame.north + frame.south) / 2
        shrink = math.cos(math.radians(mid))
        ratio = (frame.east - frame.west) * shrink / (frame.north - frame.south)
        assert ratio == pytest.approx(MAP_WIDTH / MAP_HEIGHT, rel=0.05)
        for lat, lng in points:
            assert in_view_box(*frame.project(lat, lng))
    empty = fit_frame([])
    assert empty.south < MAP_CENTRE[0] < empty.north and empty.west < MAP_CENTRE[1] < empty.east


def test_a_branch_page_map_centres_its_branch_and_marks_it() -> None:
    branches = demo_branches()
    utrecht = next(b for b in branches if b.slug == "utrecht")
    shown = view.map_view(branches, lambda loc: loc.slug, focus=[utrecht], current="utrecht")
    current = [pin for pin in shown.pins if pin.current]
    assert [pin.slug for pin in current] == ["utrecht"]
    assert current[0].x == pytest.approx(MAP_WIDTH / 2, abs=1)
    assert current[0].y == pytest.approx(MAP_HEIGHT / 2, abs=1)
    assert shown.pins[-1].current  # drawn last, on top
    # The outlines are closed SVG paths in viewBox units.
    assert all(re.fullmatch(r"M[-\d.,L]+Z", shape.d) for shape in shown.shapes)
    assert {shape.kind for shape in shown.shapes} == {"land", "water"}


# --- detail and formatting ----------------------------------------------------------------


def test_location_detail_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    nl = view.location_detail(UTRECHT, "nl", neighbours=ALL, now=THURSDAY_0730_UTC)
    de = view.location_detail(UTRECHT, "de", brand="audi", neighbours=ALL,
                              now=THURSDAY_0730_UTC)
    assert nl.heading == "Rijnland Autogroep Utrecht"
    assert nl.title.startswith("Rijnland Autogroep Utrecht | ")
    assert nl.place == "3565 AC Utrecht, Nederland"
    assert de.place == "3565 AC Utrecht, Niederlande"
    assert de.heading == "Audi bei Rijnland Autogroep Utrecht"
    assert view.location_detail(UTRECHT, "nl", brand="audi").heading == (
        "Audi bij Rijnland Autogroep Utrecht")
    assert nl.phone_href == "tel:+31302624000" and nl.email_href == "mailto:utrecht@example.com"
    assert [(fact.label, fact.value) for fact in nl.company] == [
        ("Btw-nummer", "NL850000000B01"), ("IBAN", "NL91 ABNA 0417 1643 00")]
    assert [(fact.label) for fact in de.company] == ["USt-IdNr.", "IBAN"]
    assert nl.services == ["Verkoop nieuwe auto's", "Werkplaats"]
    assert [table.department for table in nl.hours] == ["showroom", "workshop"]
    assert [(brand.value, brand.current, brand.href) for brand in de.brands] == [
        ("volkswagen", False, "/de/volkswagen/standorte/utrecht"),
        ("audi", True, "/de/audi/standorte/utrecht"),
    ]
    assert nl.stock_href == "/voorraad?branch=utrecht"
    assert de.stock_href == "/de/audi/angebote?branch=utrecht"
    assert nl.route_href.startswith("https://www.google.com/maps/dir/?api=1&destination=")
    assert "3565+AC+Utrecht" in nl.route_href
    assert [crumb.href for crumb in nl.breadcrumbs] == ["/", "/vestigingen",
                                                        "/vestigingen/utrecht"]


def test_employees_follow_the_display_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    colleague = EmployeeView("Eva de Vries", "technician", "service", "eva@example.com",
                             "+31 30 262 40 17", "utrecht", "Rijnland Autogroep Utrecht")
    staffed = LocationView(**{**UTRECHT.__dict__, "employees": (colleague,)})
    card = view.location_detail(staffed, "de").employees[0]
    assert (card.name, card.initials, card.job_title, card.department) == (
        "Eva de Vries", "EV", "Kfz-Mechatroniker", "Service")
    assert card.location_href == "/de/standorte/utrecht"
    assert card.phone_href == "tel:+31302624017"

    from dealer.settings import get_settings
    monkeypatch.setattr(get_settings(), "feature_employee_display", False)
    assert view.location_detail(staffed, "de").employees == []


def test_employee_listing_choices_and_count() -> None:
    staff = [EmployeeView(f"Person {i}", "sales_advisor", "sales", None, None, "utrecht",
                          "Rijnland Autogroep Utrecht") for i in range(13)]
    search = EmployeeSearch(department="sales")
    listing = view.employee_listing(staff, ALL, search, "nl")
    assert listing.count_text == "13 medewerkers"
    assert len(listing.cards) == 13 and listing.cards[0].email_href == ""
    assert listing.departments[0].label == "Alle afdelingen"
    assert listing.departments[0].href == "/medewerkers"  # "all" removes the filter
    sales = next(choice for choice in listing.departments if choice.value == "sales")
    assert sales.current
    utrecht = next(choice for choice in listing.locations if choice.value == "utrecht")
    assert utrecht.href == "/medewerkers?department=sales&location=utrecht"
    assert view.employee_listing([], ALL, search, "de").count_text == "0 Mitarbeiter"


def test_initials_and_iban() -> None:
    assert view.initials("Eva de Vries") == "EV"
    assert view.initials("Lukas Müller") == "LM"
    assert view.initials("Sanne") == "S"
    assert view.format_iban("de89370400440532013000") == "DE89 3704 0044 0532 0130 00"


# --- descriptions for clients without JavaScript ------------------------------------------


def test_location_description_has_dealer_data_and_404s_for_unsold_brands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(view, "load_location", {"utrecht": UTRECHT}.get)
    monkeypatch.setattr(view, "load_locations", lambda: [UTRECHT])
    info, detail = view.location_page(request_for("/de/standorte/utrecht"))
    assert detail is not None and detail.heading == info.heading
    assert info.status == 200 and info.og_type == "business.business"
    assert info.heading == "Rijnland Autogroep Utrecht"
    dealer = info.json_ld[0]
    assert dealer["@type"] == "AutoDealer" and dealer["vatID"] == "NL850000000B01"
    assert dealer["address"]["postalCode"] == "3565 AC"
    assert dealer["geo"] == {"@type": "GeoCoordinates", "latitude": 52.1183,
                             "longitude": 5.1072}
    days = [spec["dayOfWeek"].rsplit("/", 1)[1] for spec in dealer["openingHoursSpecification"]]
    assert days == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    assert dealer["openingHoursSpecification"][3]["closes"] == "21:00"
    assert [brand["name"] for brand in dealer["brand"]] == ["Volkswagen", "Audi"]
    facts = {fact.label: fact.value for fact in info.facts}
    assert facts["Telefon"] == "+31 30 262 40 00"
    assert facts["Verkauf"].startswith("Mo.–Mi. 09:00 – 18:00 Uhr")

    sold, _ = view.location_page(request_for("/audi/vestigingen/utrecht"))
    assert sold.status == 200 and sold.heading == "Audi bij Rijnland Autogroep Utrecht"
    not_sold, no_detail = view.location_page(request_for("/seat/vestigingen/utrecht"))
    unknown, _ = view.location_page(request_for("/vestigingen/atlantis"))
    assert no_detail is None
    assert not_sold.status == 404 and unknown.status == 404
    assert not_sold.heading == "Vestiging niet gevonden" and not_sold.noindex
