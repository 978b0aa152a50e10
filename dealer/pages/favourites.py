"""The visitor's favourite vehicles (/voorraad/favorieten, /de/angebote/favorit)."""

from __future__ import annotations

import reflex as rx

from dealer.components.shortlists import shortlist_notice
from dealer.components.stock import vehicle_card
from dealer.i18n import N_, gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import framed
from dealer.pages.shortlist_controls import card_controls
from dealer.routes import path_for
from dealer.state.shortlists import FavouritesState
from dealer.styles import PAGE_INTRO
from dealer.views.fixed import FIXED_PAGES

INTRO = FIXED_PAGES["favourites"]
TITLE = N_("Favourites")


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    return framed(
        ctx,
        rx.heading(gettext(locale, TITLE), as_="h1", size="7", margin_bottom="1rem"),
        rx.text(gettext(locale, INTRO), **PAGE_INTRO),
        rx.cond(
            FavouritesState.count > 0,
            rx.vstack(
                rx.text(FavouritesState.count_text, size="4", weight="bold", role="status",
                        data_testid="favourites-count"),
                rx.el.div(
                    rx.foreach(
                        FavouritesState.cards,
                        lambda card: vehicle_card(
                            card_controls(locale, card, FavouritesState.toggle), card=card
                        ),
                    ),
                    class_name="list-grid",
                ),
                spacing="4",
                width="100%",
            ),
            rx.cond(
                FavouritesState.loaded,
                shortlist_notice(
                    gettext(locale, "You have no favourites yet. Tick “Favourite” on the vehicles "
                               "you like to find them here again."),
                    gettext(locale, "To the stock"), path_for("stock", locale), "favourites-empty",
                ),
            ),
        ),
    )


PAGE = Page(page, FavouritesState.load, TITLE)
