"""A side sheet: a dialog that slides in from the left edge at full height (the phone
menu, the stock filters on phones). Radix's own dialog, so it holds the focus, closes on
Escape and gives the focus back to its trigger."""

from __future__ import annotations

import reflex as rx

from dealer import styles


def side_sheet(trigger: rx.Component, title: rx.Var | str, close_label: str,
               *content: rx.Component, max_width: str = "360px") -> rx.Component:
    """``trigger`` opens the sheet named ``title`` (read out, not shown) with ``content``
    below a close button labelled ``close_label``."""
    return rx.dialog.root(
        rx.dialog.trigger(trigger),
        rx.dialog.content(
            rx.dialog.title(title, style=styles.visually_hidden),
            rx.flex(
                rx.dialog.close(
                    rx.icon_button(rx.icon("x"), variant="ghost", aria_label=close_label),
                ),
                justify="end",
            ),
            *content,
            class_name="side-sheet",
            max_width=max_width,
            # No description: the title and the content say what the sheet is for.
            aria_describedby=rx.Var("undefined"),
        ),
    )
