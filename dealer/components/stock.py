"""Stock overview pieces: vehicle card, filter groups, pills, sorting, pagination."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx

from dealer.components.button import button
from dealer.components.html_parts import FOLLOW_IN_APP, ROUTER_NAVIGATE, element, page_part
from dealer.components.measurement import last_part, tracked
from dealer.components.sheet import side_sheet
from dealer.javascript import script
from dealer.views.stock import OPEN_BOUND, ListCard, sheet_link_html, vehicle_card_markup

# A search form's submit goes to its search in the app (``scripts/submit_in_app.js``),
# from the search without its boxes that the form holds in a hidden field.
SEARCH_BASE = "search_base"
SUBMIT_IN_APP = rx.Var(script(__file__, "submit_in_app", base=SEARCH_BASE),
                       _var_data=ROUTER_NAVIGATE).to(rx.vars.FunctionVar)


@rx.memo
def vehicle_card(card: rx.Var[ListCard], children: rx.Var[rx.Component]) -> rx.Component:
    """One vehicle of a list, compiled once and shared by every list page: the markup the
    served page holds too (``views.stock.vehicle_card_markup``) with the compare and
    favourite checkboxes."""
    return vehicle_card_markup(
        element, card.html, card.key,
        tracked("more_details_click", vehicle_id=last_part(card.slug, "-")), children)


def card_section(heading: str, cards: rx.Var[list[ListCard]],
                 controls: Callable[[rx.Var], rx.Component], **props: Any) -> rx.Component:
    """A titled list of vehicle cards below a page's main content (similar vehicles,
    recently viewed); ``controls`` gives each card's checkboxes."""
    return rx.el.section(
        rx.heading(heading, as_="h2", size="5", margin_bottom="0.75rem"),
        rx.el.div(rx.foreach(cards, lambda card: vehicle_card(controls(card), card=card)),
                  class_name="list-grid"),
        margin_top="2.5rem",
        **props,
    )


def _fieldset(heading: rx.Var, *children: rx.Component) -> rx.Component:
    """A block of filters, as ``views.stock`` writes those it draws as HTML."""
    return rx.el.fieldset(
        rx.el.legend(rx.heading(heading, as_="h2", size="3")),
        *children,
        class_name="filter-group",
    )


def _bound_select(label: rx.Var, choices: rx.Var, current: rx.Var, link: rx.Var
                  ) -> rx.Component:
    """One bound of a range; choosing goes to the search with that bound (``link``: a
    ``views.stock.BoundLink``), in the browser: the page's load is the one round trip."""
    return rx.select.root(
        rx.select.trigger(aria_label=label, width="100%"),
        rx.select.content(
            rx.foreach(choices, lambda choice: rx.select.item(choice.label, value=choice.value)),
        ),
        value=current,
        on_change=lambda value: rx.redirect(
            rx.cond(value == OPEN_BOUND, link.open, link.before + value + link.after)),
        size="2",
    )


@dataclass(frozen=True)
class FilterTexts:
    """Compile-time texts of the filter controls, in the page's language."""

    lower: str  # "from", names the lower bound's select
    upper: str  # "to"
    search: str  # the search button
    search_hint: str  # placeholder of the search box
    place: str  # names the place box: "Postcode or town"
    place_hint: str  # its placeholder
    place_submit: str  # its button


def range_group(group: rx.Var, texts: FilterTexts) -> rx.Component:
    """Lower and upper bound of a range."""
    return _fieldset(
        group.heading,
        rx.grid(
            _bound_select(group.heading + " " + texts.lower, group.lower, group.lower_current,
                          group.lower_link),
            _bound_select(group.heading + " " + texts.upper, group.upper, group.upper_current,
                          group.upper_link),
            columns="2",
            spacing="2",
        ),
    )


def search_form(action: rx.Var, *children: rx.Component, **props: Any) -> rx.Component:
    """A form that goes where a GET form to ``action`` (the search without the form's
    boxes) would, inside the app (``SUBMIT_IN_APP``): the page's load is the one round
    trip. The stock's boxes, the branch and the employee search."""
    return rx.form(rx.el.input(type="hidden", name=SEARCH_BASE, value=action), *children,
                   on_submit=SUBMIT_IN_APP, **props)


def search_group(group: rx.Var, texts: FilterTexts) -> rx.Component:
    """Free text over brand, model and version; the box holds the URL's current text."""
    current = group.options[0].value
    return search_form(
        group.action,
        rx.hstack(
            rx.input(
                name="q",
                type="search",
                default_value=current,
                # A new URL brings a new box, so its text follows back/forward and pills.
                key=current,
                placeholder=texts.search_hint,
                aria_label=group.heading,
                max_length=100,
                width="100%",
            ),
            rx.icon_button(rx.icon("search", size=18), type="submit", aria_label=texts.search),
            spacing="2",
            width="100%",
        ),
        role="search",
        margin_bottom="1rem",
    )


def distance_group(group: rx.Var, texts: FilterTexts) -> rx.Component:
    """The place distances are measured from (a postcode or town; the box holds the URL's
    place) and, once it is found, the radii with their counts as links."""
    return _fieldset(
        group.heading,
        search_form(
            group.action,
            rx.hstack(
                rx.input(
                    name="near",
                    default_value=group.text,
                    key=group.text,
                    placeholder=texts.place_hint,
                    aria_label=texts.place,
                    max_length=60,
                    width="100%",
                ),
                rx.icon_button(rx.icon("map-pin", size=18), type="submit",
                               aria_label=texts.place_submit),
                spacing="2",
                width="100%",
            ),
            margin_bottom="0.5rem",
        ),
        # The radii as the served page has them (``views.stock.options_html``).
        rx.html(group.links, custom_attrs={"onClick": FOLLOW_IN_APP}),
    )


def control_group(group: rx.Var, texts: FilterTexts) -> rx.Component:
    """The search, the place or a range of the stock filters (the quick entries and the
    filter links are HTML: ``views.stock.quick_entries_html``, ``filter_links_html``).
    Each goes to its search's URL in the browser, as the filter links do."""
    return rx.match(
        group.kind,
        ("search", search_group(group, texts)),
        ("distance", distance_group(group, texts)),
        ("range", range_group(group, texts)),
        rx.fragment(),
    )


def filter_drawer(label: rx.Var | str, close_label: str, *content: rx.Component) -> rx.Component:
    """The filters on phones and small tablets, where the sidebar is hidden."""
    return rx.box(
        side_sheet(
            rx.button(rx.icon("sliders-horizontal", size=18, aria_hidden="true"), label,
                      variant="outline", size="3"),
            label,
            close_label,
            *content,
        ),
        display=["block", "block", "none"],
    )


def filters_button(label: str, close_label: str, loaded: rx.Var[bool],
                   *content: rx.Component) -> rx.Component:
    """The Filters button of a list page (phones). Until the app has the page's values, a
    link to the served filters (``views.stock.sheet_link_html``: a sheet by site.css, a
    plain link that the app's router leaves to the browser); then the side sheet."""
    return rx.cond(loaded, filter_drawer(label, close_label, *content),
                   rx.html(sheet_link_html(label), class_name="filter-sheet-link"))


def pills(html: rx.Var[str], loaded: rx.Var[bool]) -> rx.Component:
    """The active filters (``views.stock.pills_html``)."""
    return served_html("pills", html, loaded, class_name="pills-slot")


def served_html(name: str, html: rx.Var[str], loaded: rx.Var[bool], **props) -> rx.Component:
    """HTML of the page's presenter; until the page's values have arrived, the same part
    the server sent with the page (``PageInfo.parts``)."""
    return rx.cond(loaded, rx.html(html, custom_attrs={"onClick": FOLLOW_IN_APP}, **props),
                   page_part(name, **props))


def pagination(pages: rx.Var, label: str) -> rx.Component:
    return rx.el.nav(
        rx.hstack(
            rx.foreach(
                pages,
                lambda page: button(
                    page.label, to=page.href, size="small",
                    variant=rx.cond(page.current, "primary", "secondary"),
                    link_props={"aria_current": rx.cond(page.current, "page", "")},
                ),
            ),
            spacing="2",
            wrap="wrap",
            justify="center",
        ),
        aria_label=label,
        margin_top="2rem",
    )
