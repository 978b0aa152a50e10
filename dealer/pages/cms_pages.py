"""Content screens built from stories: the catch-all page (home and not-found included),
the news list and articles, the brand overview; the shared frame of every content screen."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from dealer.components.blocks import block, layout
from dealer.components.errors import error_screen
from dealer.components.layout import breadcrumbs
from dealer.components.plates import PlateBlockBinding
from dealer.components.preview import preview_bridge
from dealer.pages.appointment import appointment_dialog
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.state.appointments import AppointmentState
from dealer.state.cms import CmsState
from dealer.state.plates import PlateState

DOMAIN = "content"


VIEW = CmsState.view


def header(ctx: PageContext) -> rx.Component:
    return rx.vstack(
        rx.cond(VIEW.crumbs.length() > 0, breadcrumbs(ctx.locale, VIEW.crumbs)),
        rx.heading(VIEW.heading, as_="h1", size="8"),
        rx.cond(VIEW.meta != "",
                rx.text(VIEW.meta, size="2", color=rx.color("gray", 11),
                        data_testid="article-dates")),
        rx.cond(VIEW.lead != "", rx.text(VIEW.lead, size="5")),
        spacing="3",
        width="100%",
    )


PLATE = PlateBlockBinding(
    text=PlateState.plate_text, status=PlateState.status, message=PlateState.message,
    vehicle=PlateState.vehicle, valuation_href=PlateState.valuation_href,
    on_change=PlateState.set_plate, on_look_up=PlateState.look_up,
)


def blocks(ctx: PageContext) -> rx.Component:
    return rx.vstack(
        rx.foreach(
            VIEW.blocks,
            lambda record: block(record, ctx.locale, playing=CmsState.playing,
                                 on_play=CmsState.play, plate=PLATE,
                                 on_appointment=AppointmentState.open_dialog),
        ),
        spacing="8",
        width="100%",
    )


def not_found(ctx: PageContext) -> rx.Component:
    return error_screen(VIEW.heading, VIEW.lead, VIEW.back_label, VIEW.back_href)


def screen(ctx: PageContext, body: Callable[[], rx.Component]) -> rx.Component:
    """A content screen: nothing until the story of the URL is read, then the layout or
    the 404; in a preview of drafts the editor's changes show as they are made."""
    return framed(
        ctx,
        preview_bridge(CmsState.preview_input),
        for_current_url(
            CmsState.loaded_path,
            rx.cond(VIEW.found, layout(VIEW.layout, lambda: (header(ctx), body())),
                    not_found(ctx)),
            ctx.locale,
            until=rx.center(rx.spinner(size="3"), min_height="40vh", aria_busy="true"),
        ),
    )


def page(ctx: PageContext) -> rx.Component:
    return rx.fragment(screen(ctx, lambda: blocks(ctx)), appointment_dialog(ctx))


CONTENT = Page(page, CmsState.load, VIEW.title)
