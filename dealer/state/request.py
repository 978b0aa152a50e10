"""What every state asks first: which screen, locale, parameters and query the
browser's URL names (from the route table, never re-parsed per state)."""

from __future__ import annotations

from dataclasses import replace

import reflex as rx

from dealer.kept import Kept
from dealer.leads.store import client_key
from dealer.routes import PageRequest, Route, request_for, route_table

# The route of each path the app's events came from lately: a page's loads (its states,
# then analytics) and the events that follow ask for the same path, resolved once.
_RESOLVED: Kept[tuple[tuple[Route, ...], PageRequest]] = Kept(1024)


def page_request(state: rx.State) -> PageRequest:
    url = state.router.url
    query = dict(url.query_parameters)
    kept = _RESOLVED.get(url.path)
    if kept is not None and kept[0] is route_table():
        return replace(kept[1], params=dict(kept[1].params), query=query)
    request = request_for(url.path, query)
    _RESOLVED.keep(url.path, (route_table(), request))
    return request


def lead_origin(state: rx.State) -> dict[str, str]:
    """Where a visitor's request comes from, as every lead records it: the page it was
    sent on and the visitor's key of the rate limit."""
    return {"source_page": state.router.url.path,
            "client_key": client_key(state.router.session.client_ip)}
