"""A choice shown as a rounded chip that links to the page with that choice."""

from __future__ import annotations

import reflex as rx


def chip_link(label: rx.Var, href: rx.Var, current: rx.Var, idle_variant: str) -> rx.Component:
    return rx.link(
        rx.badge(label, size="2", radius="full",
                 variant=rx.cond(current, "solid", idle_variant)),
        href=href,
        aria_current=rx.cond(current, "page", "false"),
    )
