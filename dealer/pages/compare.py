"""Vehicle comparison (/voorraad/vergelijken, /de/angebote/vergleichen)."""

from __future__ import annotations

import reflex as rx

from dealer.components.shortlists import compare_table, shortlist_notice
from dealer.i18n import N_, gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import framed
from dealer.routes import path_for
from dealer.shortlists import COMPARE_MIN
from dealer.state.shortlists import CompareState
from dealer.styles import PAGE_INTRO
from dealer.views.fixed import FIXED_PAGES

INTRO = FIXED_PAGES["compare"]
TITLE = N_("Compare vehicles")


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    stock = path_for("stock", locale)
    table = rx.vstack(
        rx.el.label(
            rx.switch(checked=CompareState.only_differences,
                      on_change=CompareState.set_only_differences),
            rx.text(gettext(locale, "Only show differences"), size="2"),
            display="flex",
            align_items="center",
            gap="0.5rem",
        ),
        rx.text(gettext(locale, "Rows where the vehicles differ are highlighted."), size="2",
                color=rx.color("gray", 11)),
        spacing="2",
    )
    return framed(
        ctx,
        rx.heading(
            rx.cond(CompareState.loaded, CompareState.heading, gettext(locale, TITLE)),
            as_="h1", size="7", margin_bottom="1rem",
        ),
        rx.text(gettext(locale, INTRO), **PAGE_INTRO),
        rx.cond(
            CompareState.count == 0,
            rx.cond(
                CompareState.loaded,
                shortlist_notice(
                    gettext(locale, "You have not selected any vehicles to compare yet. Tick "
                               "“Compare” on the vehicles you are interested in."),
                    gettext(locale, "To the stock"), stock, "compare-empty",
                ),
            ),
            rx.vstack(
                rx.cond(
                    CompareState.count < COMPARE_MIN,
                    shortlist_notice(
                        gettext(locale, "A comparison needs at least {min} vehicles. Add another "
                                   "one from the stock.", min=COMPARE_MIN),
                        gettext(locale, "To the stock"), stock, "compare-too-few",
                    ),
                    table,
                ),
                compare_table(
                    gettext(locale, TITLE),
                    CompareState.columns,
                    CompareState.shown_sections,
                    remove_label=gettext(locale, "Remove"),
                    on_remove=CompareState.remove,
                    differs_label=gettext(locale, "differs"),
                ),
                spacing="4",
                width="100%",
            ),
        ),
    )


PAGE = Page(page, CompareState.load, TITLE)
