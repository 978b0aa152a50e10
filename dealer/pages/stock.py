"""Stock overview (/voorraad, /de/angebote and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import something_went_wrong
from dealer.components.html_parts import page_part
from dealer.components.stock import (
    FilterTexts,
    any_filter_group,
    choice_select,
    filter_drawer,
    pagination,
    pills,
    quick_entries,
    vehicle_card,
)
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import framed, screen_at_least
from dealer.pages.recently_viewed import recently_viewed
from dealer.pages.saved_search import saved_search
from dealer.pages.shortlist_controls import card_controls
from dealer.state.recent import RecentState
from dealer.state.stock import StockState
from dealer.stock.labels import label
from dealer.styles import SIDEBAR_FROM
from dealer.views.stock import DEAL_SCREENS, listing_heading, multi_price


def heading(ctx: PageContext) -> str:
    return listing_heading(ctx.locale, ctx.fixed.get("brand"), DEAL_SCREENS.get(ctx.screen))


def filters(locale: str) -> rx.Component:
    texts = FilterTexts(lower=gettext(locale, "from"), upper=gettext(locale, "to"),
                        search=gettext(locale, "Search"),
                        search_hint=gettext(locale, "Brand, model or version"),
                        place=label("filter", "near", locale),
                        place_hint=gettext(locale, "e.g. 3511 AB or Kleve"),
                        place_submit=gettext(locale, "Show distances"))
    return rx.foreach(StockState.filters,
                      lambda group: any_filter_group(group, texts, StockState.search,
                                                     StockState.choose_bound,
                                                     StockState.choose_place))


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    results = rx.vstack(
        rx.box(
            rx.foreach(StockState.filters,
                       lambda group: rx.cond(group.kind == "quick", quick_entries(group))),
            class_name="quick-entries-slot",
        ),
        rx.hstack(
            rx.text(StockState.count_text, size="4", weight="bold", role="status",
                    data_testid="result-count", class_name="results-bar__count"),
            filter_drawer(gettext(locale, "Filters"), gettext(locale, "Close filters"),
                          filters(locale)),
            # Which price the cards show is the visitor's choice with multi-price only.
            choice_select(gettext(locale, "Price shown"), StockState.displays, StockState.display,
                          StockState.choose_display) if multi_price() else rx.fragment(),
            choice_select(gettext(locale, "Sort by"), StockState.sorts, StockState.sort,
                          StockState.choose_sort),
            wrap="wrap",
            align="center",
            width="100%",
            spacing="4",
            class_name="results-bar",
        ),
        pills(StockState.pills, StockState.path != ""),
        rx.cond(
            StockState.total > 0,
            rx.el.div(
                rx.foreach(StockState.cards,
                           lambda card: vehicle_card(card_controls(locale, card), card=card)),
                class_name="list-grid",
            ),
            # Only once the search has answered; until then the cards the server sent.
            rx.cond(StockState.path != "",
                    rx.text(gettext(locale, "No vehicles match these filters."), size="3"),
                    page_part("cards", class_name="list-grid")),
        ),
        pagination(StockState.pages, gettext(locale, "Pages")),
        saved_search(ctx),
        recently_viewed(locale, "", RecentState.show),
        spacing="4",
        width="100%",
    )
    sidebar = rx.el.aside(
        # Phones use the drawer: there the sidebar's filters are not even built.
        rx.cond(screen_at_least(SIDEBAR_FROM), filters(locale)),
        aria_label=gettext(locale, "Filters"),
        # As wide before the filters have loaded as after: the results never move sideways.
        width="240px",
        flex_shrink="0",
        display=["none", "none", "block"],
    )
    return framed(
        ctx,
        rx.heading(heading(ctx), as_="h1", size="7", margin_bottom="1rem"),
        rx.cond(
            StockState.failed,
            something_went_wrong(locale),
            rx.hstack(sidebar, results, align="start", spacing="6", width="100%"),
        ),
    )


PAGE = Page(page, StockState.load, heading)
