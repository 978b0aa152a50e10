"""Stock overview (/voorraad, /de/angebote and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import something_went_wrong
from dealer.components.html_parts import FOLLOW_IN_APP, page_part, served_cards
from dealer.components.stock import (
    FilterTexts,
    control_group,
    filters_button,
    pills,
    served_html,
    vehicle_card,
)
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import at_current_url, framed, screen_at_least
from dealer.pages.recently_viewed import recently_viewed
from dealer.pages.saved_search import saved_search
from dealer.pages.shortlist_controls import card_controls
from dealer.state.recent import RecentState
from dealer.state.stock import StockState
from dealer.stock.labels import label
from dealer.styles import SIDEBAR_FROM
from dealer.views.stock import (
    DEAL_SCREENS,
    FILTERS_ID,
    listing_heading,
    multi_price,
)


def heading(ctx: PageContext) -> str:
    return listing_heading(ctx.locale, ctx.fixed.get("brand"), DEAL_SCREENS.get(ctx.screen))


def filters(locale: str) -> rx.Component:
    """The search and the ranges, then the filter links (the served page's HTML)."""
    texts = FilterTexts(lower=gettext(locale, "from"), upper=gettext(locale, "to"),
                        search=gettext(locale, "Search"),
                        search_hint=gettext(locale, "Brand, model or version"),
                        place=label("filter", "near", locale),
                        place_hint=gettext(locale, "e.g. 3511 AB or Kleve"),
                        place_submit=gettext(locale, "Show distances"))
    return rx.fragment(
        rx.foreach(StockState.controls,
                   lambda group: control_group(group, texts)),
        rx.html(StockState.filter_links, custom_attrs={"onClick": FOLLOW_IN_APP}),
    )


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    # The listing of the path the browser shows; until it has come, the served parts.
    loaded = at_current_url(StockState.loaded_path)
    results = rx.vstack(
        served_html("quick", StockState.quick, loaded, class_name="quick-entries-slot"),
        rx.hstack(
            served_html("count", StockState.count_html, loaded, role="status",
                        data_testid="result-count", class_name="results-bar__count"),
            filters_button(gettext(locale, "Filters"), gettext(locale, "Close filters"),
                           loaded, filters(locale)),
            # Which price the cards show is the visitor's choice with multi-price only.
            served_html("display", StockState.display_menu, loaded) if multi_price()
            else rx.fragment(),
            served_html("sort", StockState.sort_menu, loaded),
            wrap="wrap",
            align="center",
            width="100%",
            spacing="4",
            class_name="results-bar",
        ),
        pills(StockState.pills, loaded),
        served_cards(
            StockState.cards, loaded,
            rx.cond(
                StockState.total > 0,
                rx.el.div(
                    rx.foreach(StockState.cards,
                               lambda card: vehicle_card(card_controls(locale, card), card=card)),
                    class_name="list-grid",
                ),
                rx.text(gettext(locale, "No vehicles match these filters."), size="3"),
            ),
            lambda card: card_controls(locale, card),
            class_name="list-grid",
        ),
        served_html("pages", StockState.pagination, loaded),
        saved_search(ctx),
        recently_viewed(locale, "", RecentState.show),
        spacing="4",
        width="100%",
    )
    sidebar = rx.el.aside(
        # Phones use the drawer: there the sidebar's filters are not even built. Until the
        # app has the page's values, the filters the server sent (a phone's sheet).
        rx.cond(loaded, rx.cond(screen_at_least(SIDEBAR_FROM), filters(locale)),
                page_part("filters")),
        aria_label=gettext(locale, "Filters"),
        id=FILTERS_ID,
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
