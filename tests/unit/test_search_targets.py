"""Where the branch search and the employee search go: the browser puts the URL together
from what the page was sent (``search_action``) and the box's text, and it is the URL the
server writes for that search."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dealer.views.locations import (
    EmployeeSearch,
    LocationSearch,
    employee_listing,
    location_listing,
)
from tests.unit.test_locations_view import ALL
from tests.unit.test_stock_filter_targets import submitted

LOCALES = st.sampled_from(["nl", "de"])
TEXTS = st.sampled_from(["", "  den   haag ", "Utrecht", "3565", "a&b=c", "Köln"])
PLACES = st.fixed_dictionaries({}, optional={
    "place": st.sampled_from(["Utrecht", "10115", "x"]),
    "brand": st.sampled_from(["audi", "volkswagen", "nope"]),
    "service": st.sampled_from(["workshop", "sales"]),
})
EMPLOYEES = st.fixed_dictionaries({}, optional={
    "name": st.sampled_from(["Eva", "de Vries"]),
    "location": st.sampled_from(["utrecht", "koeln", "NOT A SLUG"]),
    "job_title": st.sampled_from(["technician", "nope"]),
    "department": st.sampled_from(["sales", "service"]),
})


@given(params=PLACES, locale=LOCALES, text=TEXTS)
def test_the_place_search_goes_to_the_search_with_its_text(
        params: dict[str, str], locale: str, text: str) -> None:
    search = LocationSearch.from_params(params)
    listing = location_listing(ALL, search, locale)
    # What the search event used to answer (its redirect), for the same form.
    expected = LocationSearch.from_params(search.replace(place=text).to_params()).path(locale)
    assert submitted(listing.search_action, "place", text) == expected


@given(params=EMPLOYEES, locale=LOCALES, text=TEXTS)
def test_the_name_search_goes_to_the_search_with_its_text(
        params: dict[str, str], locale: str, text: str) -> None:
    search = EmployeeSearch.from_params(params)
    listing = employee_listing([], ALL, search, locale)
    expected = EmployeeSearch.from_params(search.replace(name=text).to_params()).path(locale)
    assert submitted(listing.search_action, "name", text) == expected
