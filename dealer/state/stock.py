"""The stock overview: the URL's search, one page of cards, filters and counts."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.db import get_engine
from dealer.reservations.service import held_vehicles
from dealer.state.request import page_request
from dealer.views.stock import (
    FilterGroup,
    ListCard,
    Scope,
    stock_listing,
)
from dealer.visible import for_log

logger = logging.getLogger(__name__)


class StockState(rx.State):
    # The path of the URL the values below answer (see dealer.pages.frame.at_current_url).
    loaded_path: str = ""
    total: int = 0
    cards: list[ListCard] = []  # noqa: RUF012 - Reflex copies state defaults per session
    controls: list[FilterGroup] = []  # noqa: RUF012 - the search and the ranges
    # As HTML, the same as the served page's: the count, the quick entries, the filter
    # links, the active filters' links, the order and price menus, the page numbers.
    count_html: str = ""
    quick: str = ""
    filter_links: str = ""
    pills: str = ""
    sort_menu: str = ""
    display_menu: str = ""
    pagination: str = ""
    failed: bool = False

    def _scope(self) -> tuple[dict[str, str], str, Scope]:
        """The URL's query parameters, the page's locale and what its path fixes."""
        request = page_request(self)
        return request.query, request.locale, Scope.of(request.screen, request.params)

    @rx.event
    def load(self) -> None:
        params, locale, scope = self._scope()
        try:
            listing = stock_listing(params, locale, scope,
                                    reserved=held_vehicles(get_engine()))
        except Exception:  # the page must render whatever the index does
            logger.exception("stock search failed for %s", for_log(self.router.url.path))
            self.failed = True
            return
        self.failed = False
        # Only what changed is sent to the browser: unchanged values are not reassigned.
        for key in ("total", "count_html", "quick", "cards", "controls", "filter_links",
                    "pills", "sort_menu", "display_menu", "pagination"):
            if getattr(self, key) != listing[key]:
                setattr(self, key, listing[key])
        self.loaded_path = self.router.url.path
