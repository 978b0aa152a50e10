"""Error screens: page not found, vehicle not found, something went wrong."""

from __future__ import annotations

import reflex as rx


def error_screen(
    title: str | rx.Var, text: str | rx.Var | None, button_label: str, button_href: str
) -> rx.Component:
    return rx.vstack(
        rx.icon("circle-alert", size=40, color=rx.color("accent", 9), aria_hidden="true"),
        rx.heading(title, as_="h1", size="7"),
        rx.text(text, size="4", color=rx.color("gray", 11)) if text is not None else rx.fragment(),
        rx.link(rx.button(button_label, size="3"), href=button_href),
        align="center",
        text_align="center",
        spacing="4",
        padding_y="4rem",
        data_testid="error-screen",
    )
