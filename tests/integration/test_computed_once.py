"""One page view computes its page once: the HTTP answer, the page's load in the app and
its analytics events share one route resolution per request, one stock search, one
content view, one form subject and one branch read.

A page view is what a visitor's browser asks for one URL: the served page (the HTTP
layer's answer), then over the websocket the page's ``on_load`` events (the states of
the route table's page, and analytics last). Both run here in the process, against the
demo stock in a real database, with the route resolutions and stock searches counted.
"""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from reflex.istate.data import RouterData
from reflex.state import State
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import db, routes, settings
from dealer.locations.repository import list_locations
from dealer.pages import page_for
from dealer.state.analytics import AnalyticsState
from dealer.stock.index import StockIndex
from dealer.stock.models import Vehicle
from dealer.views import content, forms, locations
from dealer.web import server

SHELL = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head>'
         '<body><div id="root"></div></body></html>')
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36"


@pytest.fixture(autouse=True)
def demo_stock(stock_engine: Engine, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DATABASE_URL", str(stock_engine.url))
    settings.get_settings.cache_clear()
    db.get_engine.cache_clear()
    (tmp_path / server.SPA_FALLBACK).write_text(SHELL)
    monkeypatch.setattr(server, "static_dir", lambda: tmp_path)
    yield
    settings.get_settings.cache_clear()
    db.get_engine.cache_clear()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Route resolutions, stock searches, content views built, form subjects and branches
    read."""
    counts: Counter = Counter()
    resolve, search, built = routes.resolve, StockIndex.search, content.screen_view
    subject, branch = forms.load_subject, locations.load_location

    def counting_resolve(path: str) -> Any:
        counts["resolve"] += 1
        return resolve(path)

    def counting_search(self: StockIndex, *args: Any, **kwargs: Any) -> Any:
        counts["search"] += 1
        return search(self, *args, **kwargs)

    for module in list(sys.modules.values()):
        if (module is not None and module.__name__.startswith("dealer")
                and getattr(module, "resolve", None) is resolve):
            monkeypatch.setattr(module, "resolve", counting_resolve)
    def counting_build(screen: str) -> Any:  # asked once per content view built
        counts["content view"] += 1
        return built(screen)

    async def counting_subject(*args: Any, **kwargs: Any) -> Any:
        counts["form subject"] += 1
        return await subject(*args, **kwargs)

    def counting_branch(slug: str) -> Any:
        counts["branch read"] += 1
        return branch(slug)

    monkeypatch.setattr(StockIndex, "search", counting_search)
    monkeypatch.setattr(locations, "load_location", counting_branch)
    monkeypatch.setattr(forms, "load_subject", counting_subject)
    monkeypatch.setattr(content, "screen_view", counting_build)
    return counts


class _Held:
    """A state as a background event holds it: ``async with self`` around its changes."""

    def __init__(self, state: State) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._state, name, value)

    async def __aenter__(self) -> _Held:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


def page_load_events(path: str) -> list:
    """The page's ``on_load`` events as the app registers them: its states, then analytics."""
    resolved = routes.resolve(path)
    assert resolved is not None
    on_load = page_for(resolved[0]).on_load
    return [*(on_load if isinstance(on_load, list | tuple) else [on_load]),
            AnalyticsState.page_shown]


async def run_event(root: State, handler: Any) -> None:
    state = root.get_substate(handler.state_full_name.split(".")[1:])
    outcome = handler.fn(_Held(state) if handler.is_background else state)
    if asyncio.iscoroutine(outcome):
        await outcome


async def page_view(url: str, handlers: list, counts: Counter) -> int:
    """The served page of ``url``, then its loads in the app; the served status. The
    route resolutions of each request (the HTTP answer, the app's events) are counted
    in ``counts`` as ``resolve http`` and ``resolve app``."""
    path, _, query = url.partition("?")
    scope = {"type": "http", "path": path, "query_string": query.encode(),
             "headers": [(b"user-agent", BROWSER.encode())]}
    response = await server.SiteLayer(app=None).page_response(scope)
    counts["resolve http"], counts["resolve"] = counts["resolve"], 0
    root = State(_reflex_internal_init=True)
    root.router_data = {"pathname": path, "asPath": url, "query": dict(parse_qsl(query)),
                        "headers": {"host": "localhost"}, "token": "t", "sid": "s"}
    root.router = RouterData.from_router_data(root.router_data)
    for handler in handlers:
        await run_event(root, handler)
    counts["resolve app"], counts["resolve"] = counts["resolve"], 0
    return response.status_code


def some_vehicle(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available)
                            .order_by(Vehicle.id)).first()


def some_branch(engine: Engine) -> str:
    with Session(engine) as session:
        return list_locations(session)[0].slug


def urls(engine: Engine) -> dict[str, str]:
    vehicle = some_vehicle(engine)
    return {
        "stock nl": "/voorraad?fuel=electric",
        "stock de": "/de/angebote",
        "vehicle": f"/voorraad/{vehicle}",
        "vehicle de": f"/de/angebote/{vehicle}",
        "content": "/over-ons",
        "content de": "/de/ueber-uns",
        "location": f"/vestigingen/{some_branch(engine)}",
        "form": f"/voorraad/{vehicle}/proefrit",
        "form de": f"/de/angebote/{vehicle}/probefahrt",
    }


PAGES = ["stock nl", "stock de", "vehicle", "vehicle de", "content", "content de",
         "location", "form", "form de"]


@pytest.mark.parametrize("kind", PAGES)
def test_a_page_view_resolves_its_route_once_per_request_and_searches_once(
        kind: str, stock_engine: Engine, counted: Counter) -> None:
    url = urls(stock_engine)[kind]
    handlers = page_load_events(url.partition("?")[0])
    counted.clear()
    assert asyncio.run(page_view(url, handlers, counted)) == 200
    assert (counted["resolve http"], counted["resolve app"]) == (1, 1), counted
    assert counted["search"] == (1 if kind.startswith("stock") else 0), counted
    assert counted["content view"] == (1 if kind.startswith("content") else 0), counted
    assert counted["form subject"] == (1 if kind.startswith("form") else 0), counted
    assert counted["branch read"] == (1 if kind == "location" else 0), counted


def test_every_visit_is_served_from_the_content_as_it_is_now(
        stock_engine: Engine, counted: Counter) -> None:
    """The app's load takes the view the answer built; the next visit's answer builds anew."""
    handlers = page_load_events("/de/ueber-uns")
    counted.clear()
    for _ in range(2):
        assert asyncio.run(page_view("/de/ueber-uns", handlers, counted)) == 200
    assert counted["content view"] == 2, counted
