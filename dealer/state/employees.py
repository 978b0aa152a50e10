"""The employee overview: the URL's filters, the first employees, show more or less.
The name search and the selects go to their URLs in the browser (``components.locations``)."""

from __future__ import annotations

import logging
from dataclasses import replace

import reflex as rx

from dealer.i18n import gettext
from dealer.settings import get_settings
from dealer.state.request import page_request
from dealer.views.locations import (
    EMPLOYEES_FIRST,
    EmployeeCard,
    EmployeeListing,
    EmployeeSearch,
    employee_listing,
    load_employees,
    load_locations,
)
from dealer.visible import for_log

logger = logging.getLogger(__name__)


class EmployeesState(rx.State):
    enabled: bool = True  # the employee display flag
    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    failed: bool = False
    # The presenter's listing as one record, with the cards it shows (every match stays
    # on the server: the browser gets the cards it shows).
    listing: EmployeeListing = EmployeeListing()
    total: int = 0
    show_all: bool = False
    more_text: str = ""
    less_text: str = ""
    _all: list[EmployeeCard] = []  # noqa: RUF012 - Reflex copies state defaults per session

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        locale = request.locale
        self.enabled = get_settings().feature_employee_display
        if not self.enabled:
            return
        search = EmployeeSearch.from_params(request.query)
        try:
            listing = employee_listing(load_employees(search), load_locations(), search, locale)
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("employees failed to load for %s", for_log(request.path))
            self.failed, self.loaded_path = True, request.path
            return
        self.failed = False
        self._all, self.listing = listing.cards, listing
        self.total = len(listing.cards)
        self.more_text = gettext(locale, "Show all {n} employees", n=self.total)
        self.less_text = gettext(locale, "Show fewer")
        self._show(False)
        self.loaded_path = request.path

    def _show(self, everything: bool) -> None:
        self.show_all = everything
        shown = self._all if everything else self._all[:EMPLOYEES_FIRST]
        self.listing = replace(self.listing, cards=shown)

    @rx.event
    def toggle_all(self) -> None:
        """Show more / show less."""
        self._show(not self.show_all)
