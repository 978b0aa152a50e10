"""Whatever a visitor puts in a path or a query string, no page answers with a server error.

Every screen of the route table is asked for with arbitrary text (unicode digits, slashes,
very long values) in each path parameter and in the query parameters pages read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import Engine

from dealer import db
from dealer import settings as settings_module
from dealer.routes import SCREENS, route_for
from dealer.stock.index import reset_index
from dealer.visible import UNSEEN_CATEGORIES, has_unseen
from dealer.web.describe import describe
from dealer.web.seo import canonical_url
from dealer.web.server import prerendered_file

QUERY_KEYS = ["page", "price_max", "co2_max", "price_min", "monthly_max", "year_min", "fuel",
              "brand", "model", "sort", "display", "q", "deal", "place", "service", "name",
              "location", "department", "job_title", "type", "body_style", "vehicle_type",
              "branch"]
values = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["²", "٣", "1e9", "-1", "0", "9" * 4300, "%2F", "../..", "a/b", "\x00"]),
    st.integers(min_value=-10, max_value=10**12).map(str),
)


@pytest.fixture(scope="module", autouse=True)
def demo_database(stock_engine: Engine, monkeypatch_module: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch_module.setenv("DATABASE_URL", str(stock_engine.url))
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reset_index()
    yield
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reset_index()


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def hostile_path(screen: str, locale: str, params: dict[str, str]) -> str:
    route = route_for(screen, locale)
    parts = []
    for segment in route.segments:
        if segment.literal is not None:
            parts.append(segment.literal)
        else:
            parts.append(quote(params[segment.param or ""], safe=""))
    return "/" + "/".join(part for part in parts if part)


@pytest.mark.parametrize(("path", "query"), [
    ("/nieuws", {"page": "²"}),
    ("/de/aktuelles", {"page": "9" * 4300}),
    ("/lease-aanbod", {"price_max": "²"}),
    ("/lease-aanbod", {"co2_max": "²"}),
    ("/" + "x" * 300 + "/voorraad", {}),
    ("/a%2Fb/voorraad", {}),
    ("/voorraad", {"price_max": "²", "page": "٣"}),
])
def test_known_hostile_requests_are_answered(path: str, query: dict[str, str]) -> None:
    assert asyncio.run(describe(path, query)).status in (200, 404)


@pytest.mark.parametrize("screen", sorted(screen for screen in SCREENS if screen != "sitemap"))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_screen_answers_a_server_error(screen: str, data: st.DataObject) -> None:
    locale = data.draw(st.sampled_from(["nl", "de"]))
    route = route_for(screen, locale)
    params = {name: data.draw(values) or "x" for name in route.params}
    query = data.draw(st.dictionaries(st.sampled_from(QUERY_KEYS), values, max_size=4))
    path = hostile_path(screen, locale, params)
    info = asyncio.run(describe(path, query))
    assert info.status < 500, (path, query, info.status)


# A name with a character in it that does not show (a TAB, a direction mark, a newline),
# or only such characters (a parser of URLs drops tabs and newlines).
unseen = st.one_of(
    st.sampled_from(["\t", "\n", "\r\n", "\u200e", "\x1b", "\u2028"]),
    st.tuples(st.text("abc-1", max_size=6),
              st.characters(categories=sorted(UNSEEN_CATEGORIES - {"Cs"})),
              st.text("xyz", max_size=6)).map("".join))


@pytest.mark.parametrize("screen", sorted(screen for screen in SCREENS if screen != "sitemap"))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_canonical_url_never_holds_a_control_character(screen: str,
                                                         data: st.DataObject) -> None:
    locale = data.draw(st.sampled_from(["nl", "de"]))
    route = route_for(screen, locale)
    params = {name: data.draw(unseen) for name in route.params}
    # The path as the server hands it over (percent-decoded), perhaps with one more part.
    path = "/" + "/".join(
        segment.literal if segment.literal is not None else params[segment.param or ""]
        for segment in route.segments if segment.literal != "")
    path += data.draw(st.sampled_from(["", "/"])) + data.draw(st.one_of(st.just(""), unseen))
    info = asyncio.run(describe(path.rstrip("/") or "/"))
    assert info.status != 200 or not has_unseen(canonical_url(info)), (path, info.status)


@given(name=st.text(min_size=200, max_size=400))
@settings(max_examples=30, deadline=None)
def test_over_long_or_odd_file_names_are_simply_not_prerendered(tmp_path_factory, name) -> None:
    root = tmp_path_factory.getbasetemp()
    assert prerendered_file(root, f"/{name}/voorraad") is None
