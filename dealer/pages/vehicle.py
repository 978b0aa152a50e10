"""Vehicle detail (/voorraad/{vehicle}, /de/angebote/{vehicle} and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import something_went_wrong, vehicle_not_found
from dealer.components.layout import breadcrumbs
from dealer.components.vehicle import (
    GalleryHandlers,
    GalleryLabels,
    LocationLabels,
    consumption,
    delivery_packages,
    equipment,
    facts_table,
    gallery,
    link_button,
    location_block,
    price_blocks,
    promises,
    section,
    vehicle_header,
)
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.pages.shortlist_controls import vehicle_controls
from dealer.state.vehicle import SHARE_SCRIPT, VehicleState
from dealer.views.stock import stock_path


def header_buttons(t: str) -> rx.Component:
    return rx.flex(
        rx.foreach(
            VehicleState.view.actions,
            lambda action: link_button(
                action.label, action.href,
                variant=rx.cond(action.value == "testdrive", "solid", "soft"),
            ),
        ),
        rx.button(
            rx.icon("share-2", size=18, aria_hidden="true"),
            gettext(t, "Share"),
            on_click=rx.call_script(SHARE_SCRIPT, callback=VehicleState.shared),
            variant="outline",
            size="3",
        ),
        wrap="wrap",
        gap="0.5rem",
    )


def details(ctx: PageContext) -> rx.Component:
    t = ctx.locale
    photos = gallery(
        VehicleState.view.photos,
        VehicleState.photo_index,
        VehicleState.fullscreen,
        GalleryLabels(
            region=gettext(t, "Photos"),
            previous=gettext(t, "Previous photo"),
            next=gettext(t, "Next photo"),
            fullscreen=gettext(t, "Show photos full screen"),
            close=gettext(t, "Close"),
            thumbnails=gettext(t, "All photos"),
        ),
        GalleryHandlers(
            previous=VehicleState.previous_photo,
            next=VehicleState.next_photo,
            select=VehicleState.show_photo,
            key=VehicleState.gallery_key,
            swipe_start=VehicleState.swipe_start,
            swipe_end=VehicleState.swipe_end,
            fullscreen=VehicleState.set_fullscreen,
        ),
    )
    header = vehicle_header(
        VehicleState.view.heading,
        VehicleState.view.condition,
        VehicleState.view.key_facts,
        VehicleState.view.price,
        VehicleState.view.price_label,
        header_buttons(t),
        actions=vehicle_controls(t, VehicleState.view.slug, VehicleState.view.heading),
    )
    location_labels = LocationLabels(
        route=gettext(t, "Plan your route"),
        opening_hours=gettext(t, "Opening hours"),
        close=gettext(t, "Close"),
        branch_page=gettext(t, "About this location"),
    )
    return rx.box(
        breadcrumbs(t, VehicleState.view.breadcrumbs),
        rx.grid(
            photos,
            header,
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="6",
            width="100%",
        ),
        rx.cond(VehicleState.view.description != "",
                rx.text(VehicleState.view.description, size="3", margin_top="1.5rem")),
        section(gettext(t, "Prices"), price_blocks(VehicleState.view.prices, gettext(t, "Was"))),
        section(gettext(t, "Our promises"), promises(VehicleState.view.promises)),
        section(gettext(t, "Vehicle data"),
                facts_table(VehicleState.view.data, gettext(t, "Vehicle data"))),
        section(gettext(t, "Equipment"), equipment(VehicleState.view.equipment)),
        rx.cond(
            VehicleState.view.packages.length() > 0,
            section(gettext(t, "Delivery packages"), delivery_packages(VehicleState.view.packages)),
        ),
        rx.cond(
            VehicleState.view.consumption.length() > 0,
            section(
                gettext(t, "Consumption and emissions"),
                consumption(VehicleState.view.consumption, VehicleState.view.consumption_note,
                            VehicleState.view.co2_labels),
            ),
        ),
        section(gettext(t, "Location"),
                location_block(VehicleState.view.location, location_labels)),
        rx.cond(
            VehicleState.view.trade_in.href != "",
            section(
                gettext(t, "Trading in your car?"),
                rx.text(gettext(t, "Find out what your current car is worth and use it towards "
                                   "this one."), size="3", margin_bottom="0.75rem"),
                link_button(VehicleState.view.trade_in.label, VehicleState.view.trade_in.href,
                            variant="soft", icon="calculator", is_external=True,
                            rel="noopener noreferrer"),
            ),
        ),
        data_testid="vehicle-details",
    )


def page(ctx: PageContext) -> rx.Component:
    t = ctx.locale
    return framed(
        ctx,
        for_current_url(
            VehicleState.loaded_path,
            rx.cond(
                VehicleState.found,
                details(ctx),
                rx.cond(VehicleState.failed, something_went_wrong(t),
                        vehicle_not_found(t, stock_path(t, ctx.fixed.get("brand")))),
            ),
            t,
        ),
    )


PAGE = Page(page, VehicleState.load, VehicleState.page_title)
