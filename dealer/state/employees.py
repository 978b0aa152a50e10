"""The employee overview: the URL's filters, the first employees, show more or less."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import gettext
from dealer.pageinfo import Link
from dealer.params import text
from dealer.settings import get_settings
from dealer.state.request import go_to, page_request
from dealer.views.locations import (
    EMPLOYEES_FIRST,
    LOAD_FAILED,
    MAX_QUERY_LENGTH,
    EmployeeCard,
    EmployeeSearch,
    employee_listing,
    load_employees,
    load_locations,
)
from dealer.visible import for_log

logger = logging.getLogger(__name__)


class EmployeesState(rx.State):
    enabled: bool = True  # the employee display flag
    loaded: bool = False
    failed: bool = False
    failed_text: str = ""
    cards: list[EmployeeCard] = []  # noqa: RUF012 - Reflex copies state defaults per session
    total: int = 0
    count_text: str = ""
    name: str = ""
    branch: str = ""  # the location filter (a route parameter is called "location")
    job_title: str = ""
    department: str = ""
    locations: list[Link] = []  # noqa: RUF012
    job_titles: list[Link] = []  # noqa: RUF012
    departments: list[Link] = []  # noqa: RUF012
    reset_href: str = ""
    show_all: bool = False
    more_text: str = ""
    less_text: str = ""
    # Every match stays on the server; the browser gets the cards it shows.
    _all: list[EmployeeCard] = []  # noqa: RUF012

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
            self.failed, self.failed_text = True, gettext(locale, LOAD_FAILED)
            return
        self.failed = False
        self._all = listing.cards
        self.total = len(listing.cards)
        self.count_text = listing.count_text
        self.name = listing.name
        self.branch = listing.location
        self.job_title = listing.job_title
        self.department = listing.department
        self.locations = listing.locations
        self.job_titles = listing.job_titles
        self.departments = listing.departments
        self.reset_href = listing.reset_href
        self.more_text = gettext(locale, "Show all {n} employees", n=self.total)
        self.less_text = gettext(locale, "Show fewer")
        self._show(False)
        self.loaded = True

    def _show(self, everything: bool) -> None:
        self.show_all = everything
        self.cards = self._all if everything else self._all[:EMPLOYEES_FIRST]

    @rx.event
    def toggle_all(self) -> None:
        """Show more / show less."""
        self._show(not self.show_all)

    @rx.event
    def set_name(self, value: str) -> None:
        self.name = text(value, MAX_QUERY_LENGTH)

    @rx.event
    def search(self, form_data: dict):
        name = form_data.get("name", "")
        return self._go(name=name if isinstance(name, str) else "")

    @rx.event
    def choose_location(self, value: str):
        return self._go(location=value)

    @rx.event
    def choose_job_title(self, value: str):
        return self._go(job_title=value)

    @rx.event
    def choose_department(self, value: str):
        return self._go(department=value)

    def _go(self, **changes: str):
        request = page_request(self)
        wanted = EmployeeSearch.from_params(request.query).replace(**changes)
        # Through from_params again: only values the overview knows reach the URL.
        clean = EmployeeSearch.from_params(wanted.to_params())
        return go_to(clean.path(request.locale))
