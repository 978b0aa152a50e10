"""Location and employee pieces: cards, filter links, opening hours, the map and its
consent prompt. Functions of values, Vars and handlers only."""

from __future__ import annotations

import reflex as rx

from dealer import styles
from dealer.components.measurement import last_part, tracked
from dealer.components.stock import search_form
from dealer.views.locations import MAP_CONSENT_DECLINED, MAP_CONSENT_GRANTED


def section(heading: str, *children: rx.Component, level: str = "h2", **props) -> rx.Component:
    return rx.el.section(
        rx.heading(heading, as_=level, size="5" if level == "h2" else "4"),
        *children,
        display="flex",
        flex_direction="column",
        gap="0.75rem",
        **props,
    )


def filter_links(label: str, choices: rx.Var, testid: str) -> rx.Component:
    """Single-choice filter as links (the URL holds the choice); choosing the current
    one again removes it."""
    return rx.box(
        rx.text(label, size="2", weight="medium", as_="p", id=f"{testid}-label"),
        rx.flex(
            rx.foreach(
                choices,
                lambda choice: rx.link(
                    rx.badge(
                        rx.cond(choice.current, rx.icon("check", size=12, aria_hidden="true")),
                        choice.label,
                        size="2",
                        radius="full",
                        variant=rx.cond(choice.current, "solid", "surface"),
                    ),
                    href=choice.href,
                    aria_current=rx.cond(choice.current, "true", "false"),
                    underline="none",
                ),
            ),
            wrap="wrap",
            gap="0.5rem",
        ),
        role="group",
        aria_labelledby=f"{testid}-label",
        data_testid=testid,
    )


def text_search(
    *,
    field_id: str,
    name: str,
    label: str,
    placeholder: str,
    button: str,
    value: rx.Var[str],
    action: rx.Var[str],
) -> rx.Component:
    """A text search of a list page: the box holds the URL's ``value``; the form goes to
    ``action`` (the search without the box) with the box's text, as a link does."""
    return search_form(
        action,
        rx.flex(
            rx.box(
                rx.el.label(label, html_for=field_id, class_name="field-label"),
                # A new URL brings a new box, so its text follows back and forward. The id
                # as a plain attribute: Reflex's ``id`` would add a ref, whose value the
                # form's submit carries under the id's name too (a parameter of the URL).
                rx.input(name=name, default_value=value, key=value, placeholder=placeholder,
                         size="3", max_length=60, type="search",
                         custom_attrs={"id": field_id}),
                flex="1 1 14rem",
            ),
            rx.button(rx.icon("search", size=16, aria_hidden="true"), button, size="3",
                      type="submit"),
            align="end",
            gap="0.5rem",
            wrap="wrap",
        ),
        role="search",
        width="100%",
    )


def select_filter(field_id: str, label: str, choices: rx.Var, value: rx.Var[str]
                  ) -> rx.Component:
    """A native select with its label: choosing goes to the chosen option's URL (``href``
    of ``choices``, written by the server) in the browser, as a link does."""
    return rx.box(
        rx.el.label(label, html_for=field_id, class_name="field-label"),
        rx.el.select(
            rx.foreach(choices, lambda choice: rx.el.option(choice.label, value=choice.value)),
            id=field_id,
            value=value,
            on_change=lambda chosen: rx.redirect(
                choices.filter(lambda choice: choice.value == chosen)[0].href),
            class_name="native-select",
        ),
        flex="1 1 12rem",
    )


def status_line(text: rx.Var[str], is_open: rx.Var[bool]) -> rx.Component:
    return rx.hstack(
        rx.icon("clock", size=16, aria_hidden="true",
                color=rx.cond(is_open, rx.color("grass", 10), rx.color("gray", 10))),
        rx.text(text, size="2", color=rx.cond(is_open, rx.color("grass", 11),
                                               rx.color("gray", 11))),
        align="center",
        spacing="1",
    )


def location_card(card: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.vstack(
            rx.heading(rx.link(card.name, href=card.href), as_="h2", size="4"),
            rx.cond(card.distance != "",
                    rx.text(rx.icon("navigation", size=14, aria_hidden="true", display="inline",
                                    vertical_align="-2px", margin_right="0.25rem"),
                            card.distance, size="2", weight="medium",
                            data_testid="location-distance")),
            rx.text(card.street, rx.el.br(), card.place, size="2"),
            status_line(card.status, card.is_open),
            rx.text(card.brands, size="2", weight="medium"),
            rx.link(rx.icon("phone", size=14, aria_hidden="true"), card.phone,
                    href=card.phone_href, size="2", display="inline-flex", align_items="center",
                    gap="0.25rem", custom_attrs=tracked(
                        "location_phone_click", location_id=last_part(card.href, "/"))),
            rx.flex(
                rx.foreach(card.services,
                           lambda service: rx.badge(service, variant="soft", color_scheme="gray")),
                wrap="wrap",
                gap="0.25rem",
            ),
            spacing="2",
            padding="1rem",
            align="start",
        ),
        style=styles.card_style,
        data_testid="location-card",
    )


def hours_table(table: rx.Var) -> rx.Component:
    """A department's week, today marked, with whether it is open now."""
    return rx.box(
        rx.flex(
            rx.heading(table.heading, as_="h3", size="3"),
            rx.badge(table.status, color_scheme=rx.cond(table.is_open, "grass", "gray"),
                     variant="soft", data_testid="open-status"),
            align="center",
            gap="0.5rem",
            wrap="wrap",
        ),
        rx.el.table(
            rx.el.tbody(
                rx.foreach(
                    table.rows,
                    lambda row: rx.el.tr(
                        rx.el.th(row.day, scope="row"),
                        rx.el.td(
                            row.hours,
                            rx.cond(row.comment != "",
                                    rx.el.span(" (", row.comment, ")", class_name="hours__note")),
                        ),
                        class_name=rx.cond(row.today, "hours__row hours__row--today",
                                           "hours__row"),
                        aria_current=rx.cond(row.today, "date", "false"),
                    ),
                ),
            ),
            aria_label=table.heading,
            class_name="hours",
        ),
        data_testid="opening-hours",
    )


def _pin(pin: rx.Var) -> rx.Component:
    return rx.el.svg.a(
        rx.el.svg.circle(
            cx=pin.x.to(str),
            cy=pin.y.to(str),
            r=rx.cond(pin.current, "13", "10"),
            class_name=rx.cond(pin.current, "location-map__pin location-map__pin--current",
                               "location-map__pin"),
        ),
        rx.el.svg.text(
            pin.label,
            x=pin.label_x.to(str),
            y=pin.y.to(str),
            dy="0.35em",
            text_anchor=pin.anchor,
            class_name="location-map__label",
        ),
        href=pin.href,
        aria_label=pin.label,
        aria_current=rx.cond(pin.current, "page", "false"),
        class_name="location-map__link",
    )


def location_map(view: rx.Var, label: str) -> rx.Component:
    """The self-hosted map: outlines and pins, every pin a link to its branch."""
    return rx.el.svg(
        rx.el.svg.rect(x="0", y="0", width="100%", height="100%",
                       class_name="location-map__ground"),
        rx.foreach(view.shapes,
                   lambda shape: rx.el.svg.path(d=shape.d,
                                                class_name="location-map__" + shape.kind)),
        rx.foreach(view.pins, _pin),
        view_box=view.view_box,
        preserve_aspect_ratio="xMidYMid meet",
        role="group",
        aria_label=label,
        class_name="location-map",
        data_testid="location-map",
    )


def consent_map(
    consent: rx.Var[str],
    the_map: rx.Component,
    *,
    prompt: str,
    allow_label: str,
    decline_label: str,
    declined_text: str,
    hide_label: str,
    on_allow,
    on_decline,
    on_hide,
) -> rx.Component:
    """SPEC §4: a consent prompt until the visitor agrees, a notice after a refusal."""
    declined = rx.callout.root(
        rx.callout.icon(rx.icon("map-pin-off")),
        rx.callout.text(declined_text),
        rx.button(allow_label, size="2", variant="soft", on_click=on_allow, width="fit-content"),
        color_scheme="gray",
        data_testid="map-declined",
    )
    ask = rx.vstack(
        rx.icon("map", size=28, aria_hidden="true", color=rx.color("accent", 9)),
        rx.text(prompt, size="2"),
        rx.flex(
            rx.button(allow_label, size="2", on_click=on_allow),
            rx.button(decline_label, size="2", variant="soft", color_scheme="gray",
                      on_click=on_decline),
            gap="0.5rem",
            wrap="wrap",
        ),
        spacing="3",
        padding="1.25rem",
        class_name="map-consent",
        data_testid="map-consent",
    )
    shown = rx.vstack(
        the_map,
        rx.button(hide_label, size="1", variant="ghost", color_scheme="gray",
                  on_click=on_hide),
        spacing="2",
        align="end",
        width="100%",
    )
    return rx.cond(
        rx.State.is_hydrated,
        rx.match(consent, (MAP_CONSENT_GRANTED, shown), (MAP_CONSENT_DECLINED, declined), ask),
        rx.box(class_name="map-consent map-consent--waiting"),  # keeps the space while loading
    )


def employee_card(card: rx.Var, level: str = "h2") -> rx.Component:
    return rx.el.article(
        rx.hstack(
            rx.avatar(fallback=card.initials, size="4", radius="full", aria_hidden="true"),
            rx.vstack(
                rx.heading(card.name, as_=level, size="3"),
                rx.text(card.job_title, size="2"),
                rx.text(card.department, " · ", rx.link(card.location, href=card.location_href),
                        size="1", color=rx.color("gray", 11)),
                rx.cond(card.phone != "",
                        rx.link(card.phone, href=card.phone_href, size="2")),
                rx.cond(card.email != "",
                        rx.link(card.email, href=card.email_href, size="2",
                                class_name="break-anywhere")),
                spacing="1",
                align="start",
                min_width="0",
            ),
            align="start",
            spacing="3",
            padding="1rem",
        ),
        style=styles.card_style,
        data_testid="employee-card",
    )
