"""Stock overview (/voorraad, /de/angebote and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import error_screen
from dealer.components.stock import choice_select, filter_group, pagination, pills, vehicle_card
from dealer.i18n import gettext
from dealer.pages.context import PageContext
from dealer.pages.frame import framed
from dealer.routes import path_for
from dealer.state.stock import StockState
from dealer.stock_listing import listing_heading


def heading(ctx: PageContext) -> str:
    return listing_heading(ctx.locale, ctx.fixed.get("brand"))


def page(ctx: PageContext) -> rx.Component:
    t = ctx.locale
    results = rx.vstack(
        rx.hstack(
            rx.text(StockState.count_text, size="4", weight="bold", role="status",
                    data_testid="result-count"),
            rx.spacer(),
            choice_select(gettext(t, "Price shown"), StockState.displays, StockState.display,
                          StockState.choose_display),
            choice_select(gettext(t, "Sort by"), StockState.sorts, StockState.sort,
                          StockState.choose_sort),
            wrap="wrap",
            align="center",
            width="100%",
            spacing="4",
        ),
        pills(StockState.pills, gettext(t, "Reset all filters"), StockState.reset_href,
              gettext(t, "Remove filter")),
        rx.cond(
            StockState.total > 0,
            rx.grid(
                rx.foreach(StockState.cards, vehicle_card),
                columns=rx.breakpoints(initial="1", sm="2", lg="3"),
                spacing="4",
                width="100%",
            ),
            rx.text(gettext(t, "No vehicles match these filters."), size="3"),
        ),
        pagination(StockState.pages, gettext(t, "Pages")),
        spacing="4",
        width="100%",
    )
    sidebar = rx.box(
        rx.foreach(StockState.filters, filter_group),
        as_="aside",
        aria_label=gettext(t, "Filters"),
        min_width="220px",
        display=["none", "none", "block"],
    )
    return framed(
        ctx,
        rx.heading(heading(ctx), as_="h1", size="7", margin_bottom="1rem"),
        rx.cond(
            StockState.failed,
            error_screen(gettext(t, "Oops, something went wrong"), None,
                         gettext(t, "To the home page"), path_for("content", t)),
            rx.hstack(sidebar, results, align="start", spacing="6", width="100%"),
        ),
    )


on_load = StockState.load
