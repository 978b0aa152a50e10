"""Employee overview (/medewerkers, /de/mitarbeiter): filters, first twelve, show more."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import page_not_found
from dealer.components.layout import breadcrumbs
from dealer.components.locations import employee_card, select_filter, text_search
from dealer.i18n import gettext
from dealer.pageinfo import Link, home_link
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.pages.locations import load_failed
from dealer.routes import path_for
from dealer.state.employees import EmployeesState
from dealer.views.locations import EMPLOYEES_FIRST, EMPLOYEES_LEAD, EMPLOYEES_TITLE, NO_EMPLOYEES

TITLE = EMPLOYEES_TITLE


def _filters(locale: str) -> rx.Component:
    listing = EmployeesState.listing
    return rx.vstack(
        text_search(
            field_id="employee-name",
            name="name",
            label=gettext(locale, "Name"),
            placeholder=gettext(locale, "Search by name"),
            button=gettext(locale, "Search"),
            value=listing.name,
            action=listing.search_action,
        ),
        rx.flex(
            select_filter("employee-location", gettext(locale, "Location"), listing.locations,
                          listing.location),
            select_filter("employee-job-title", gettext(locale, "Job title"), listing.job_titles,
                          listing.job_title),
            select_filter("employee-department", gettext(locale, "Department"), listing.departments,
                          listing.department),
            gap="1rem",
            wrap="wrap",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


def _results(locale: str) -> rx.Component:
    state = EmployeesState
    empty = rx.callout.root(
        rx.callout.icon(rx.icon("users")),
        rx.callout.text(gettext(locale, NO_EMPLOYEES)),
        rx.link(gettext(locale, "Reset all filters"), href=state.listing.reset_href, size="2"),
        color_scheme="gray",
        data_testid="employees-empty",
    )
    return rx.vstack(
        rx.text(state.listing.count_text, size="3", weight="bold", role="status",
                data_testid="employee-count"),
        rx.cond(
            state.total > 0,
            rx.grid(
                rx.foreach(state.listing.cards, lambda card: employee_card(card)),
                columns=rx.breakpoints(initial="1", sm="2", lg="3"),
                spacing="4",
                width="100%",
                id="employee-list",
            ),
            empty,
        ),
        rx.cond(
            state.total > EMPLOYEES_FIRST,
            rx.button(
                rx.cond(state.show_all, state.less_text, state.more_text),
                on_click=state.toggle_all,
                aria_expanded=rx.cond(state.show_all, "true", "false"),
                aria_controls="employee-list",
                variant="soft",
                size="3",
                align_self="center",
            ),
        ),
        spacing="4",
        width="100%",
    )


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    state = EmployeesState
    content = rx.vstack(
        breadcrumbs(locale, [home_link(locale),
                        Link(gettext(locale, TITLE), path_for("employees", locale))]),
        rx.heading(gettext(locale, TITLE), as_="h1", size="8"),
        rx.text(gettext(locale, EMPLOYEES_LEAD),
                size="3", color=rx.color("gray", 11)),
        for_current_url(
            state.loaded_path,
            rx.cond(state.failed, load_failed(locale),
                    rx.vstack(_filters(locale), _results(locale), spacing="5", width="100%")),
            locale,
            until=rx.fragment(),
        ),
        spacing="4",
        width="100%",
    )
    return framed(
        ctx,
        rx.cond(
            state.enabled,
            content,
            page_not_found(locale),
        ),
    )


PAGE = Page(page, EmployeesState.load, TITLE)
