"""Vehicle detail (/voorraad/{vehicle}, /de/angebote/{vehicle} and per brand)."""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData

from dealer.components.errors import error_screen
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
from dealer.pages.frame import framed
from dealer.pages.shortlist_controls import vehicle_controls
from dealer.routes import path_for
from dealer.state.vehicle import SHARE_SCRIPT, VehicleState
from dealer.views.vehicle import BACK_TO_STOCK, NOT_FOUND_TEXT, NOT_FOUND_TITLE

# The vehicle slug of the browser's current URL, read in the browser: it changes with
# the address at once, before the server has loaded the new vehicle.
URL_SLUG: rx.Var[str] = rx.Var(
    '(vehicleRouteParams?.vehicle ?? "")',
    _var_data=VarData(
        imports={"react-router": ["useParams"]},
        hooks={"const vehicleRouteParams = useParams();": None},
    ),
).to(str)


def _stock_path(ctx: PageContext) -> str:
    brand = ctx.fixed.get("brand")
    return path_for("brand_stock", ctx.locale, brand=brand) if brand else path_for(
        "stock", ctx.locale)


def header_buttons(t: str) -> rx.Component:
    return rx.flex(
        rx.foreach(
            VehicleState.actions,
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
        VehicleState.photos,
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
        VehicleState.heading,
        VehicleState.condition,
        VehicleState.key_facts,
        VehicleState.price,
        VehicleState.price_label,
        header_buttons(t),
        actions=vehicle_controls(t, VehicleState.slug, VehicleState.heading),
    )
    location_labels = LocationLabels(
        route=gettext(t, "Plan your route"),
        opening_hours=gettext(t, "Opening hours"),
        close=gettext(t, "Close"),
        branch_page=gettext(t, "About this location"),
    )
    return rx.box(
        breadcrumbs(t, VehicleState.breadcrumbs),
        rx.grid(
            photos,
            header,
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="6",
            width="100%",
        ),
        rx.cond(VehicleState.description != "",
                rx.text(VehicleState.description, size="3", margin_top="1.5rem")),
        section(gettext(t, "Prices"), price_blocks(VehicleState.prices, gettext(t, "Was"))),
        section(gettext(t, "Our promises"), promises(VehicleState.promises)),
        section(gettext(t, "Vehicle data"),
                facts_table(VehicleState.data, gettext(t, "Vehicle data"))),
        section(gettext(t, "Equipment"), equipment(VehicleState.equipment)),
        rx.cond(
            VehicleState.packages.length() > 0,
            section(gettext(t, "Delivery packages"), delivery_packages(VehicleState.packages)),
        ),
        rx.cond(
            VehicleState.consumption.length() > 0,
            section(
                gettext(t, "Consumption and emissions"),
                consumption(VehicleState.consumption, VehicleState.consumption_note,
                            VehicleState.co2_labels),
            ),
        ),
        section(gettext(t, "Location"), location_block(VehicleState.location, location_labels)),
        rx.cond(
            VehicleState.trade_in.href != "",
            section(
                gettext(t, "Trading in your car?"),
                rx.text(gettext(t, "Find out what your current car is worth and use it towards "
                                   "this one."), size="3", margin_bottom="0.75rem"),
                link_button(VehicleState.trade_in.label, VehicleState.trade_in.href,
                            variant="soft", icon="calculator", is_external=True,
                            rel="noopener noreferrer"),
            ),
        ),
        data_testid="vehicle-details",
    )


def page(ctx: PageContext) -> rx.Component:
    t = ctx.locale
    current = VehicleState.loaded_slug == URL_SLUG
    return framed(
        ctx,
        rx.cond(
            current & VehicleState.found,
            details(ctx),
            rx.cond(
                current,
                rx.cond(
                    VehicleState.failed,
                    error_screen(gettext(t, "Oops, something went wrong"), None,
                                 gettext(t, "To the home page"), path_for("content", t)),
                    error_screen(gettext(t, NOT_FOUND_TITLE), gettext(t, NOT_FOUND_TEXT),
                                 gettext(t, BACK_TO_STOCK), _stock_path(ctx)),
                ),
                rx.center(rx.spinner(size="3"), min_height="50vh", aria_busy="true",
                          aria_label=gettext(t, "Loading")),
            ),
        ),
    )


PAGE = Page(page, VehicleState.load, VehicleState.page_title)
