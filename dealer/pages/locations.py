"""Location list (/vestigingen, /de/standorte) and a branch's page, also per brand
(/vestigingen/{location}, /{brand}/vestigingen/{location})."""

from __future__ import annotations

import reflex as rx

from dealer.components.button import button
from dealer.components.consent import consent_given, grant, withdraw
from dealer.components.errors import location_not_found
from dealer.components.layout import breadcrumbs
from dealer.components.locations import (
    consent_map,
    employee_card,
    filter_links,
    hours_table,
    location_card,
    location_map,
    section,
    text_search,
)
from dealer.components.maps import tile_map
from dealer.components.measurement import tracked
from dealer.components.reviews import review_summary
from dealer.consent import FUNCTIONAL
from dealer.i18n import gettext
from dealer.pageinfo import Link, home_link
from dealer.pages.appointment import appointment_dialog
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.routes import path_for
from dealer.settings import get_settings
from dealer.state.appointments import AppointmentState
from dealer.state.locations import LocationsState, LocationState, MapConsentState
from dealer.state.reviews import BranchReviewsState
from dealer.styles import PAGE_INTRO
from dealer.views.locations import (
    LOAD_FAILED,
    LOCATIONS_LEAD,
    LOCATIONS_TITLE,
    MAP_CONSENT_DECLINED,
    MAP_CONSENT_GRANTED,
)


def map_consent() -> rx.Var[str]:
    """The map shows with the visitor's 'functional' consent (from the cookie banner or the
    map's own prompt); 'Not now' is remembered apart from it."""
    return rx.cond(consent_given(FUNCTIONAL), MAP_CONSENT_GRANTED,
                   rx.cond(MapConsentState.consent == MAP_CONSENT_DECLINED,
                           MAP_CONSENT_DECLINED, ""))


def branch_map(view: rx.Var, label: str) -> rx.Component:
    """Tiles when a tile server is configured, else the self-drawn overview. Both are
    built into the page, so its packages do not depend on the setting; the tiled map's
    code is loaded only when it is drawn."""
    settings = get_settings()
    tiles = tile_map(view, label, tile_url=settings.map_tile_url or "",
                     attribution=settings.map_attribution)
    return rx.cond(bool(settings.map_tile_url), tiles, location_map(view, label))


def map_with_consent(locale: str, view: rx.Var, label: str) -> rx.Component:
    return consent_map(
        map_consent(),
        branch_map(view, label),
        prompt=gettext(locale, "The map is only shown with your consent. You can change your "
                               "choice at any time."),
        allow_label=gettext(locale, "Show map"),
        decline_label=gettext(locale, "Not now"),
        declined_text=gettext(locale, "The map cannot be loaded without your consent."),
        hide_label=gettext(locale, "Hide map"),
        on_allow=[grant(FUNCTIONAL), MapConsentState.allow],
        on_decline=MapConsentState.decline,
        on_hide=[withdraw(FUNCTIONAL), MapConsentState.decline],
    )


def load_failed(locale: str) -> rx.Component:
    return rx.callout.root(
        rx.callout.icon(rx.icon("triangle-alert")),
        rx.callout.text(gettext(locale, LOAD_FAILED)),
        color_scheme="red",
        role="alert",
        data_testid="load-failed",
    )


# --- the list ---------------------------------------------------------------------------


def list_page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    state = LocationsState
    results = rx.vstack(
        rx.text(state.listing.count_text, size="3", weight="bold", role="status",
                data_testid="location-count"),
        rx.cond(
            state.listing.message != "",
            rx.callout.root(
                rx.callout.icon(rx.icon("search-x")),
                rx.callout.text(state.listing.message),
                rx.link(gettext(locale, "Show all locations"), href=state.listing.reset_href,
                        size="2"),
                color_scheme="amber",
                data_testid="location-search-message",
            ),
        ),
        rx.grid(
            rx.foreach(state.listing.cards, location_card),
            columns=rx.breakpoints(initial="1", sm="2"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )
    the_map = rx.box(
        rx.heading(gettext(locale, "Map"), as_="h2", size="4", margin_bottom="0.5rem"),
        map_with_consent(locale, state.listing.map, gettext(locale, "Map of the locations found")),
        position=rx.breakpoints(initial="static", md="sticky"),
        top="6rem",
    )
    search = rx.vstack(
        text_search(
            field_id="location-place",
            name="place",
            label=gettext(locale, "Place, postcode or branch"),
            placeholder=gettext(locale, "e.g. Utrecht or 3565"),
            button=gettext(locale, "Search"),
            value=state.listing.place,
            action=state.listing.search_action,
        ),
        filter_links(gettext(locale, "Brand"), state.listing.brands, "brand-filter"),
        filter_links(gettext(locale, "Service"), state.listing.services, "service-filter"),
        rx.grid(
            results,
            rx.cond(state.listing.cards.length() > 0, the_map),
            columns=rx.breakpoints(initial="1", md="3fr 2fr"),
            spacing="6",
            align_items="start",
            width="100%",
        ),
        spacing="5",
        width="100%",
    )
    return framed(
        ctx,
        breadcrumbs(locale, [home_link(locale),
                        Link(gettext(locale, LOCATIONS_TITLE), path_for("locations", locale))]),
        rx.heading(gettext(locale, LOCATIONS_TITLE), as_="h1", size="8", margin_bottom="0.5rem"),
        rx.text(gettext(locale, LOCATIONS_LEAD), **PAGE_INTRO),
        for_current_url(state.loaded_path, rx.cond(state.failed, load_failed(locale), search),
                        locale, until=rx.center(rx.spinner(size="3"), min_height="40vh")),
    )


LIST = Page(list_page, LocationsState.load, LOCATIONS_TITLE)


# --- one branch -------------------------------------------------------------------------


def _contact(locale: str) -> rx.Component:
    detail = LocationState.view

    def row(label: str, *value: rx.Component | rx.Var | str) -> list[rx.Component]:
        return [rx.el.dt(label), rx.el.dd(*value)]

    return section(
        gettext(locale, "Contact"),
        rx.el.dl(
            *row(gettext(locale, "Address"), detail.street, rx.el.br(), detail.place),
            *row(gettext(locale, "Phone"), rx.link(
                detail.phone, href=detail.phone_href,
                custom_attrs=tracked("location_phone_click", location_id=detail.slug))),
            *row(gettext(locale, "Email"), rx.link(
                detail.email, href=detail.email_href, class_name="break-anywhere",
                custom_attrs=tracked("location_email_click", location_id=detail.slug))),
            rx.cond(detail.fax != "",
                    rx.fragment(*row(gettext(locale, "Fax"),
                                     rx.link(detail.fax, href=detail.fax_href)))),
            rx.cond(detail.whatsapp_href != "",
                    rx.fragment(*row(gettext(locale, "WhatsApp"), rx.link(
                        detail.whatsapp, href=detail.whatsapp_href, is_external=True,
                        rel="noopener noreferrer",
                        custom_attrs=tracked("location_whatsapp_click",
                                             location_id=detail.slug))))),
            class_name="facts",
        ),
        rx.flex(
            button(gettext(locale, "Make an appointment"), to=detail.appointment_href,
                   icon="calendar-clock", size="small", appointment=detail.appointment,
                   on_appointment=AppointmentState.open_dialog),
            button(gettext(locale, "Ask this branch a question"), to=detail.question_href,
                   icon="message-circle-question", size="small", variant="secondary"),
            button(gettext(locale, "Plan your route"), to=detail.route_href, icon="navigation",
                   size="small", variant="secondary",
                   link_props={"target": "_blank", "rel": "noopener noreferrer",
                               **tracked("location_route_click", location_id=detail.slug)}),
            button(detail.stock_label, to=detail.stock_href, size="small", variant="secondary"),
            gap="0.5rem",
            wrap="wrap",
        ),
    )


def detail_view(locale: str) -> rx.Component:
    detail = LocationState.view
    facts_column = rx.vstack(
        _contact(locale),
        section(gettext(locale, "Opening hours"), rx.foreach(detail.hours, hours_table)),
        section(
            gettext(locale, "Services"),
            rx.el.ul(rx.foreach(detail.services, lambda service: rx.el.li(service)),
                     class_name="services-list"),
        ),
        section(
            gettext(locale, "Brands"),
            rx.flex(
                rx.foreach(
                    detail.brands,
                    lambda brand: rx.link(
                        rx.badge(brand.label, size="2",
                                 variant=rx.cond(brand.current, "solid", "surface")),
                        href=brand.href,
                        aria_current=rx.cond(brand.current, "page", "false"),
                        underline="none",
                    ),
                ),
                wrap="wrap",
                gap="0.5rem",
            ),
        ),
        section(
            gettext(locale, "Company details"),
            rx.el.dl(
                rx.foreach(detail.company,
                           lambda fact: rx.fragment(rx.el.dt(fact.label), rx.el.dd(fact.value))),
                class_name="facts",
            ),
        ),
        spacing="6",
        width="100%",
    )
    return rx.vstack(
        breadcrumbs(locale, detail.breadcrumbs),
        rx.heading(detail.heading, as_="h1", size="8"),
        rx.text(detail.street, ", ", detail.place, size="3", color=rx.color("gray", 11)),
        rx.grid(
            facts_column,
            section(
                gettext(locale, "Map"),
                map_with_consent(locale, detail.map, gettext(locale, "Map of this location and the "
                                                           "locations nearby")),
            ),
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="6",
            width="100%",
            align_items="start",
        ),
        rx.cond(BranchReviewsState.path == LocationState.loaded_path,
                review_summary(BranchReviewsState.summary)),
        rx.cond(
            detail.employees.length() > 0,
            section(
                gettext(locale, "Our team"),
                rx.grid(
                    rx.foreach(detail.employees, lambda card: employee_card(card, level="h3")),
                    columns=rx.breakpoints(initial="1", sm="2", lg="3"),
                    spacing="4",
                    width="100%",
                ),
                width="100%",
            ),
        ),
        spacing="5",
        width="100%",
    )


def detail_page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    return framed(
        ctx,
        for_current_url(
            LocationState.loaded_path,
            rx.cond(
                LocationState.failed,
                rx.vstack(rx.heading(gettext(locale, LOCATIONS_TITLE), as_="h1", size="8"),
                          load_failed(locale), spacing="4"),
                rx.cond(LocationState.found, detail_view(locale), location_not_found(locale)),
            ),
            locale,
        ),
        appointment_dialog(ctx),
    )


DETAIL = Page(detail_page, [LocationState.load, BranchReviewsState.load],
              LocationState.page_title)
