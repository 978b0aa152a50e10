"""Screens whose capability is still being built: they say what will be there."""

from __future__ import annotations

import reflex as rx

from dealer.i18n import gettext
from dealer.pages.context import PageContext
from dealer.pages.frame import framed
from dealer.routes import path_for

SCREEN_TITLES: dict[str, str] = {}  # screen id -> title msgid


def builder(screen: str):
    def page(ctx: PageContext) -> rx.Component:
        locale = ctx.locale
        return framed(
            ctx,
            rx.vstack(
                rx.heading(gettext(locale, SCREEN_TITLES[screen]), as_="h1", size="7"),
                rx.text(gettext(locale, "This page is being prepared."), size="4"),
                rx.link(gettext(locale, "To the home page"), href=path_for("content", locale)),
                spacing="4",
                padding_y="2rem",
            ),
        )

    return page
