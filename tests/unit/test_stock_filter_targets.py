"""Where the stock overview's search box, place box and range bounds go: the browser puts
the URL together from what the page was sent (``search_action``, ``bound_link``), and it is
the URL the server writes for that search."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.stock.query import StockQuery
from dealer.views.stock import (
    OPEN_BOUND,
    RANGE_STEPS,
    Scope,
    bound_link,
    listing_params,
    listing_path,
    search_action,
    stock_path,
)

SCOPES = [Scope(), Scope(brand="volkswagen"), Scope(deal="private_lease")]
SEARCHES = st.fixed_dictionaries({}, optional={
    "q": st.sampled_from(["golf", "id 3", "a&b=c"]),
    "near": st.sampled_from(["Utrecht", "6511", "Nergenshuizen"]),
    "within": st.sampled_from(["25", "100"]),
    "fuel": st.sampled_from(["electric", "diesel,petrol"]),
    "price_min": st.sampled_from(["10000", "x"]),
    "price_max": st.sampled_from(["30000", "150000"]),
    "year_min": st.sampled_from(["2015", "2020"]),
    "mileage_max": st.sampled_from(["50000"]),
    "electric": st.just("1"),
    "sort": st.sampled_from(["price_asc", "distance_asc", "year_desc"]),
    "page": st.sampled_from(["2", "7"]),
})


def submitted(action: str, name: str, text: str) -> str:
    """What ``components/scripts/submit_in_app.js`` makes of a form's submit."""
    parts = urlsplit(action)
    params = {key: value for key, value in parse_qsl(parts.query) if key != name}
    if text := " ".join(text.split()):
        params[name] = text
    query = urlencode(sorted(params.items()))
    return f"{parts.path}?{query}" if query else parts.path


@given(params=SEARCHES, scope=st.sampled_from(SCOPES), locale=st.sampled_from(["nl", "de"]),
       key=st.sampled_from(["q", "near"]), text=st.sampled_from(["", "  polo  gti ", "Kleve"]))
def test_a_box_goes_to_the_search_with_its_text_on_page_1(
        params: dict[str, str], scope: Scope, locale: str, key: str, text: str) -> None:
    query = scope.query(params)
    target = submitted(search_action(locale, query, key, "purchase"), key, text)
    # The search of the page's own (canonical) URL with the text.
    expected = scope.query({**listing_params(query), key: text}).replace()
    assert urlsplit(target).path == stock_path(locale, scope.brand, scope.deal)
    assert scope.query(dict(parse_qsl(urlsplit(target).query))) == expected
    # The place's form keeps the radius and the order for the place typed; where they no
    # longer apply (no place, or one not found) the page's parse drops them, as above.
    if key == "q":
        assert target == listing_path(locale, expected)


@given(params=SEARCHES, scope=st.sampled_from(SCOPES), locale=st.sampled_from(["nl", "de"]),
       key=st.sampled_from(list(RANGE_STEPS)), bound=st.sampled_from([0, 1]),
       data=st.data())
def test_a_bound_goes_to_the_url_the_server_writes_for_it(
        params: dict[str, str], scope: Scope, locale: str, key: str, bound: int,
        data: st.DataObject) -> None:
    query = scope.query(params)
    link = bound_link(locale, query, key, bound, "purchase")
    limits = list(getattr(query, key))
    other = limits[1 - bound]
    steps = [value for value in RANGE_STEPS[key]
             if other is None or (value <= other if bound == 0 else value >= other)]
    if steps:
        value = data.draw(st.sampled_from(steps))
        limits[bound] = value
        assert link.before + str(value) + link.after == listing_path(
            locale, query.replace(**{key: tuple(limits)}))
    limits[bound] = None
    assert link.open == listing_path(locale, query.replace(**{key: tuple(limits)}))


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_the_open_bound_is_a_choice_of_its_own(locale: str) -> None:
    link = bound_link(locale, StockQuery.from_params({"price_max": "20000"}), "price", 1,
                      "purchase")
    assert OPEN_BOUND not in link.open
    assert link.open == stock_path(locale)
    assert (link.before, link.after) == (f"{stock_path(locale)}?price_max=", "")
