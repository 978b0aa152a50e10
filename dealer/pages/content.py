"""Catch-all content pages (home page included) and the page-not-found screen."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import error_screen
from dealer.i18n import gettext
from dealer.pages.context import PageContext
from dealer.pages.frame import framed
from dealer.routes import path_for
from dealer.state.content import ContentState


def home(locale: str) -> rx.Component:
    return rx.vstack(
        rx.heading(gettext(locale, "Find your next car"), as_="h1", size="8"),
        rx.text(
            gettext(locale, "New and used cars of six brands at our branches in the Netherlands "
                            "and Germany."),
            size="4",
        ),
        rx.hstack(
            rx.link(rx.button(gettext(locale, "View stock"), size="3"),
                    href=path_for("stock", locale)),
            rx.link(rx.button(gettext(locale, "Find a location"), size="3", variant="soft"),
                    href=path_for("locations", locale)),
            wrap="wrap",
        ),
        spacing="5",
        padding_y="3rem",
    )


def not_found(locale: str) -> rx.Component:
    return error_screen(
        gettext(locale, "Oops, this page does not exist"),
        gettext(locale, "The page may have moved or no longer exists."),
        gettext(locale, "To the home page"),
        path_for("content", locale),
    )


def page(ctx: PageContext) -> rx.Component:
    return framed(ctx, rx.cond(ContentState.found, home(ctx.locale), not_found(ctx.locale)))


on_load = ContentState.load
title = ContentState.title
