"""The licence plate lookup as the visitor uses it: a 'Look up' button with the lookup's
live status (under the trade-in plate field of the request forms), and the content block
'what is my car worth' (plate, lookup, the valuation link carrying the plate).

Functions of Vars and handlers; the pages bind them to their states.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from dealer.components.vehicle import opened_apart
from dealer.i18n import gettext

DOMAIN = "content"
MAX_PLATE_CHARS = 12  # the trade-in plate field's limit (dealer.forms.definitions)


def lookup_status(status: rx.Var, message: rx.Var, status_id: str) -> rx.Component:
    """The lookup's message, in a live region that exists before the first lookup, so a
    screen reader announces each answer."""
    return rx.text(
        rx.cond(status == "loading", rx.spinner(size="1", display="inline-block",
                                                margin_right="0.5rem")),
        message,
        id=status_id,
        role="status",
        size="2",
        color=rx.cond(status == "found", rx.color("green", 11), rx.color("gray", 11)),
        data_testid="plate-status",
        data_state=status,
    )


def look_up_button(label: str, status: rx.Var, **events: Any) -> rx.Component:
    """'Look up': ``on_click`` given, or a form's submit button without one."""
    return rx.button(
        rx.icon("search", size=16, aria_hidden="true"),
        label,
        type="button" if events else "submit",
        loading=status == "loading",
        variant="soft",
        size="3",
        **events,
    )


def plate_lookup(label: str, on_look_up: Any, status: rx.Var, message: rx.Var,
                 status_id: str) -> rx.Component:
    """Under a plate field: the button to look it up now, and what the lookup said."""
    return rx.vstack(
        look_up_button(label, status, on_click=on_look_up),
        lookup_status(status, message, status_id),
        spacing="2",
        width="100%",
        data_testid="plate-lookup",
    )


@dataclass(frozen=True)
class PlateBlockBinding:
    """What the 'what is my car worth' block shows and does, bound by the page."""

    text: rx.Var  # the plate as typed
    status: rx.Var
    message: rx.Var
    vehicle: rx.Var  # what the register knows, one line
    valuation_href: rx.Var  # the valuation link with the plate; "" before a lookup
    on_change: Any
    on_look_up: Any


def trade_in_value(block: rx.Var, plate: PlateBlockBinding, locale: str) -> rx.Component:
    """The content block: the visitor's plate, looked up on leaving the field, on Enter or
    with the button; then the car and the link to its valuation with the plate."""
    input_id = "trade-in-value-plate"
    status_id = "trade-in-value-status"
    href = rx.cond(plate.valuation_href != "", plate.valuation_href, block.button_href)
    return rx.el.section(
        rx.cond(block.title != "", rx.heading(block.title, as_="h2", size="6")),
        rx.cond(block.text != "", rx.text(block.text, size="4")),
        rx.form(
            rx.flex(
                rx.vstack(
                    rx.el.label(gettext(locale, "Licence plate", DOMAIN), html_for=input_id,
                                style={"font_weight": "500"}),
                    rx.input(
                        id=input_id,
                        name="plate",
                        default_value=plate.text,
                        on_change=plate.on_change,
                        on_blur=plate.on_look_up,
                        max_length=MAX_PLATE_CHARS,
                        auto_complete="off",
                        placeholder="AB-123-C",
                        aria_describedby=status_id,
                        size="3",
                        width="100%",
                    ),
                    spacing="1",
                    width=rx.breakpoints(initial="100%", sm="16rem"),
                ),
                look_up_button(gettext(locale, "Look up", DOMAIN), plate.status),
                spacing="3",
                align="end",
                wrap="wrap",
            ),
            on_submit=plate.on_look_up,
            aria_label=gettext(locale, "Look up your licence plate", DOMAIN),
        ),
        lookup_status(plate.status, plate.message, status_id),
        rx.cond(plate.vehicle != "", rx.text(plate.vehicle, size="4", weight="bold",
                                             data_testid="plate-vehicle")),
        rx.cond(
            href != "",
            rx.link(rx.button(block.button_label, size="3", tab_index=-1), href=href,
                    width="fit-content", data_testid="trade-in-value-link",
                    **opened_apart(href)),
        ),
        class_name="cms-section cms-plate",
        data_testid="trade-in-value",
    )
