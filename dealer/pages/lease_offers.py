"""Lease offer overview (/lease-aanbod, /de/leasingangebote) and one lease offer."""

from __future__ import annotations

import reflex as rx

from dealer.components.button import button
from dealer.components.errors import lease_vehicle_not_found, something_went_wrong
from dealer.components.html_parts import FOLLOW_IN_APP, element, page_part, served_cards
from dealer.components.stock import filters_button, pills, served_html
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import at_current_url, for_current_url, framed, screen_at_least
from dealer.routes import path_for
from dealer.state.lease_offers import LeaseOffersState, LeaseOfferState
from dealer.styles import SIDEBAR_FROM
from dealer.views.lease_offers import OVERVIEW_TITLE, offer_card_markup
from dealer.views.stock import FILTERS_ID, ListCard


def offer_card(card: rx.Var[ListCard]) -> rx.Component:
    """One offer: the markup the served page holds too
    (``views.lease_offers.offer_card_markup``)."""
    return offer_card_markup(element, card.html, card.key)


def overview(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    S, listing = LeaseOffersState, LeaseOffersState.listing  # noqa: N806 - short aliases
    # The listing of the path the browser shows; until it has come, the served parts.
    loaded = at_current_url(S.loaded_path)
    # The filter links as the served page has them (``views.stock.filter_links_html``).
    filters = rx.html(listing.filter_links, custom_attrs={"onClick": FOLLOW_IN_APP})
    results = rx.vstack(
        rx.hstack(
            served_html("count", listing.count_html, loaded, role="status",
                        data_testid="result-count", class_name="results-bar__count"),
            filters_button(gettext(locale, "Filters"), gettext(locale, "Close filters"),
                           loaded, filters),
            wrap="wrap",
            align="center",
            width="100%",
            spacing="4",
            class_name="results-bar",
        ),
        pills(listing.pills, loaded),
        served_cards(
            listing.cards, loaded,
            rx.cond(listing.shown > 0,
                    rx.el.div(rx.foreach(listing.cards, offer_card), class_name="list-grid"),
                    rx.text(gettext(locale, "No lease offers match these filters."), size="3")),
            class_name="list-grid",
        ),
        spacing="4",
        width="100%",
    )
    sidebar = rx.el.aside(
        # Phones use the drawer: there the sidebar's filters are not even built. Until the
        # app has the page's values, the filters the server sent (a phone's sheet).
        rx.cond(loaded, rx.cond(screen_at_least(SIDEBAR_FROM), filters),
                page_part("filters")),
        aria_label=gettext(locale, "Filters"),
        id=FILTERS_ID,
        # As wide before the filters have loaded as after: the offers never move sideways.
        width="220px",
        flex_shrink="0",
        display=["none", "none", "block"],
    )
    return framed(
        ctx,
        rx.heading(gettext(locale, OVERVIEW_TITLE), as_="h1", size="7", margin_bottom="1rem"),
        rx.cond(
            S.failed,
            something_went_wrong(locale),
            rx.hstack(sidebar, results, align="start", spacing="6", width="100%"),
        ),
    )


def _term_list(heading: str, items: rx.Var, icon: str, test_id: str) -> rx.Component:
    return rx.box(
        rx.heading(heading, as_="h2", size="4", margin_bottom="0.5rem"),
        rx.el.ul(
            rx.foreach(items, lambda item: rx.el.li(
                rx.hstack(rx.icon(icon, size=16, aria_hidden="true"), rx.text(item, size="2"),
                          align="center", spacing="2"),
            )),
            class_name="plain-list",
        ),
        data_testid=test_id,
    )


def detail(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    S = LeaseOfferState  # noqa: N806 - short alias for the page's state
    overview_href = path_for("lease_offers", locale)
    offer = S.offer
    content = rx.vstack(
        rx.link(gettext(locale, "All lease offers"), href=overview_href, size="2"),
        rx.grid(
            rx.image(src=offer.photo, alt="", width="100%", aspect_ratio="4 / 3",
                     object_fit="cover", border_radius="var(--radius-3)"),
            rx.vstack(
                rx.badge(offer.customer, variant="soft"),
                rx.heading(offer.title, " ", offer.version, as_="h1", size="7"),
                rx.text(offer.headline, size="7", weight="bold", data_testid="offer-price"),
                rx.text(offer.headline_note, size="2", color=rx.color("gray", 11)),
                button(gettext(locale, "Request this offer"), to=offer.request_href),
                spacing="2",
                align="start",
            ),
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="6",
            width="100%",
        ),
        rx.el.dl(
            rx.foreach(offer.facts, lambda fact: rx.box(rx.el.dt(fact.label), rx.el.dd(fact.value),
                                                    class_name="calc-figure")),
            class_name="calc-figures",
            data_testid="offer-facts",
        ),
        rx.grid(
            _term_list(gettext(locale, "Included in the monthly price"), offer.included, "check",
                       "terms-included"),
            _term_list(gettext(locale, "Not included"), offer.not_included, "x",
                       "terms-not-included"),
            _term_list(gettext(locale, "Standard equipment"), offer.equipment, "circle-check",
                       "standard-equipment"),
            columns=rx.breakpoints(initial="1", md="3"),
            spacing="6",
            width="100%",
        ),
        rx.foreach(offer.disclaimers, lambda text: rx.text(text, size="1",
                                                           color=rx.color("gray", 11))),
        spacing="5",
        width="100%",
    )
    return framed(
        ctx,
        for_current_url(S.loaded_path, rx.cond(S.found, content, lease_vehicle_not_found(locale)),
                        locale),
    )


OVERVIEW = Page(overview, LeaseOffersState.load, OVERVIEW_TITLE)
DETAIL = Page(detail, LeaseOfferState.load, LeaseOfferState.title)
