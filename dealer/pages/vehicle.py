"""Vehicle detail (/voorraad/{vehicle}, /de/angebote/{vehicle} and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.errors import something_went_wrong, vehicle_not_found
from dealer.components.layout import breadcrumbs
from dealer.components.stock import card_section
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
    opened_apart,
    price_blocks,
    promises,
    register_facts,
    reservation,
    section,
    vehicle_header,
)
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.pages.recently_viewed import recently_viewed
from dealer.pages.shortlist_controls import card_controls, vehicle_controls
from dealer.state.chat import ChatState
from dealer.state.recent import RecentState
from dealer.state.vehicle import SHARE_SCRIPT, VehicleState
from dealer.views.stock import stock_path
from dealer.views.vehicle import KEY_FACTS, PROMISES, SHORTLIST_BOX_IDS, SIMILAR_HEADING


def action_button(action: rx.Var, *, variant: str | rx.Var = "soft",
                  size: str = "3") -> rx.Component:
    """An action of the vehicle; the chat variant of the test drive opens the chat with
    this vehicle (its link leads to the form until the app has taken over)."""
    return rx.cond(
        action.value == "testdrive_chat",
        link_button(action.label, action.href, variant=variant, size=size,
                    on_click=[rx.prevent_default,
                              ChatState.open_test_drive(VehicleState.view.slug)]),
        link_button(action.label, action.href, variant=variant, size=size),
    )


def header_buttons(locale: str) -> rx.Component:
    return rx.flex(
        rx.foreach(
            VehicleState.view.actions,
            lambda action: action_button(action, variant=rx.cond(
                action.value.to(str).startswith("testdrive"), "solid", "soft")),
        ),
        link_button(VehicleState.view.question.label, VehicleState.view.question.href,
                    variant="soft", icon="message-circle-question"),
        rx.button(
            rx.icon("share-2", size=18, aria_hidden="true"),
            gettext(locale, "Share"),
            on_click=rx.call_script(SHARE_SCRIPT, callback=VehicleState.shared),
            variant="outline",
            size="3",
        ),
        wrap="wrap",
        gap="0.5rem",
    )


def details(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    photos = gallery(
        VehicleState.view.photos,
        VehicleState.photo_index,
        VehicleState.fullscreen,
        GalleryLabels(
            region=gettext(locale, "Photos"),
            previous=gettext(locale, "Previous photo"),
            next=gettext(locale, "Next photo"),
            fullscreen=gettext(locale, "Show photos full screen"),
            close=gettext(locale, "Close"),
            thumbnails=gettext(locale, "All photos"),
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
        VehicleState.view.price_drop,
        header_buttons(locale),
        actions=vehicle_controls(locale, VehicleState.view.slug, VehicleState.view.heading,
                                 ids=SHORTLIST_BOX_IDS),
        icons=[icon for _, icon in KEY_FACTS],
    )
    location_labels = LocationLabels(
        route=gettext(locale, "Plan your route"),
        opening_hours=gettext(locale, "Opening hours"),
        close=gettext(locale, "Close"),
        branch_page=gettext(locale, "About this location"),
    )
    return rx.box(
        breadcrumbs(locale, VehicleState.view.breadcrumbs),
        rx.grid(
            photos,
            header,
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="6",
            width="100%",
        ),
        rx.cond(VehicleState.view.description != "",
                rx.text(VehicleState.view.description, size="3", margin_top="1.5rem")),
        section(gettext(locale, "Prices"),
                price_blocks(VehicleState.view.prices, gettext(locale, "Was"),
                             lambda action: action_button(action, size="2"))),
        rx.cond(
            VehicleState.view.price_history.length() > 0,
            section(gettext(locale, "Price history"),
                    facts_table(VehicleState.view.price_history, gettext(locale, "Price history")),
                    data_testid="price-history"),
        ),
        section(gettext(locale, "Reserve online"),
                reservation(VehicleState.view.reservation, VehicleState.view.slug, locale),
                data_testid="reservation"),
        section(gettext(locale, "Our promises"),
                promises(VehicleState.view.promises, [icon for icon, _ in PROMISES])),
        section(gettext(locale, "Vehicle data"),
                facts_table(VehicleState.view.data, gettext(locale, "Vehicle data"))),
        rx.cond(
            VehicleState.view.register.length() > 0,
            section(gettext(locale, "From the vehicle register"),
                    register_facts(VehicleState.view.register, VehicleState.view.register_source),
                    data_testid="register-facts"),
        ),
        section(gettext(locale, "Equipment"), equipment(VehicleState.view.equipment)),
        rx.cond(
            VehicleState.view.packages.length() > 0,
            section(gettext(locale, "Delivery packages"),
                    delivery_packages(VehicleState.view.packages)),
        ),
        rx.cond(
            VehicleState.view.consumption.length() > 0,
            section(
                gettext(locale, "Consumption and emissions"),
                consumption(VehicleState.view.consumption, VehicleState.view.consumption_note,
                            VehicleState.view.co2_labels),
            ),
        ),
        section(gettext(locale, "Location"),
                location_block(VehicleState.view.location, location_labels)),
        rx.cond(
            VehicleState.view.trade_in.href != "",
            section(
                gettext(locale, "Trading in your car?"),
                rx.text(gettext(locale, "Find out what your current car is worth and use it "
                                        "towards this one."), size="3", margin_bottom="0.75rem"),
                link_button(VehicleState.view.trade_in.label, VehicleState.view.trade_in.href,
                            variant="soft", icon="calculator",
                            **opened_apart(VehicleState.view.trade_in.href)),
            ),
        ),
        data_testid="vehicle-details",
    )


def similar_vehicles(locale: str) -> rx.Component:
    """Below a vehicle's page, and below a sold vehicle's not-found page: no dead end."""
    return rx.cond(
        VehicleState.similar.length() > 0,
        card_section(gettext(locale, SIMILAR_HEADING), VehicleState.similar,
                     lambda card: card_controls(locale, card), data_testid="similar-vehicles"),
    )


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    return framed(
        ctx,
        for_current_url(
            VehicleState.loaded_path,
            rx.cond(
                VehicleState.found,
                rx.fragment(
                    details(ctx),
                    similar_vehicles(locale),
                    recently_viewed(locale, VehicleState.view.slug,
                                    RecentState.viewed(VehicleState.view.slug)),
                ),
                rx.cond(VehicleState.failed, something_went_wrong(locale),
                        rx.fragment(
                            vehicle_not_found(locale,
                                              stock_path(locale, ctx.fixed.get("brand"))),
                            similar_vehicles(locale),
                        )),
            ),
            locale,
        ),
    )


PAGE = Page(page, VehicleState.load, VehicleState.page_title)
