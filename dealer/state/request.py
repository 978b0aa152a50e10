"""What every state asks first: which screen, locale, parameters and query the
browser's URL names (from the route table, never re-parsed per state)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from dealer.i18n import locale_from_path
from dealer.leads.store import client_key
from dealer.routes import resolve, same_site_target


@dataclass(frozen=True)
class PageRequest:
    path: str
    screen: str  # "" where no screen matches
    locale: str
    params: dict[str, str]
    query: dict[str, str]


def page_request(state: rx.State) -> PageRequest:
    url = state.router.url
    resolved = resolve(url.path)
    screen, locale, params = resolved or ("", locale_from_path(url.path), {})
    return PageRequest(url.path, screen, locale, dict(params), dict(url.query_parameters))


def lead_origin(state: rx.State) -> dict[str, str]:
    """Where a visitor's request comes from, as every lead records it: the page it was
    sent on and the visitor's key of the rate limit."""
    return {"source_page": state.router.url.path,
            "client_key": client_key(state.router.session.client_ip)}


def go_to(target: str) -> rx.event.EventSpec:
    """The app's redirect to a ``path?query`` the route table built: kept on this site
    by the same rule as the server's redirects (``routes.same_site``)."""
    return rx.redirect(same_site_target(target))
