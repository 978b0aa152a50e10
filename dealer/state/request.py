"""What every state asks first: which screen, locale, parameters and query the
browser's URL names (from the route table, never re-parsed per state)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from dealer.i18n import locale_from_path
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


def go_to(target: str) -> rx.event.EventSpec:
    """The app's redirect to a ``path?query`` the route table built: kept on this site
    by the same rule as the server's redirects (``routes.same_site``)."""
    return rx.redirect(same_site_target(target))
