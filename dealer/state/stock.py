"""The stock overview: the URL's search, one page of cards, filters and counts."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import locale_from_path
from dealer.routes import resolve
from dealer.stock_listing import Card, FilterGroup, stock_listing
from dealer.view_models import Link

logger = logging.getLogger(__name__)


class StockState(rx.State):
    # What the page renders, for the current URL only.
    path: str = ""
    total: int = 0
    count_text: str = ""
    cards: list[Card] = []  # noqa: RUF012 - Reflex copies state defaults per session
    filters: list[FilterGroup] = []  # noqa: RUF012
    pills: list[Link] = []  # noqa: RUF012
    sorts: list[Link] = []  # noqa: RUF012
    sort: str = ""
    displays: list[Link] = []  # noqa: RUF012
    display: str = "purchase"
    pages: list[Link] = []  # noqa: RUF012
    reset_href: str = ""
    failed: bool = False

    @rx.event
    def load(self) -> None:
        url = self.router.url
        resolved = resolve(url.path)
        brand = resolved[2].get("brand") if resolved else None
        try:
            listing = stock_listing(url.query_parameters, locale_from_path(url.path), brand)
        except Exception:  # the page must render whatever the index does
            logger.exception("stock search failed for %s", url)
            self.failed = True
            return
        self.failed = False
        self.path = url.path
        for key in ("total", "count_text", "cards", "filters", "pills", "sorts", "sort",
                    "displays", "display", "pages", "reset_href"):
            setattr(self, key, listing[key])

    @rx.event
    def choose_sort(self, value: str):
        return self._go(self.sorts, value)

    @rx.event
    def choose_display(self, value: str):
        return self._go(self.displays, value)

    def _go(self, choices: list[Link], value: str):
        href = next((choice.href for choice in choices if choice.value == value), None)
        return rx.redirect(href) if href else None
