"""Stock overview pieces: vehicle card, filter groups, pills, sorting, pagination."""

from __future__ import annotations

import reflex as rx

from dealer import styles


def vehicle_card(card: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.link(
            rx.box(
                rx.image(
                    src=card.photo,
                    alt=card.photo_alt,
                    width="100%",
                    height="100%",
                    object_fit="cover",
                    loading="lazy",
                ),
                aspect_ratio="4 / 3",  # fixed: no layout shift while photos load
                background_color=rx.color("gray", 3),
            ),
            rx.vstack(
                rx.badge(card.condition, variant="soft"),
                rx.heading(card.title, as_="h2", size="4"),
                rx.text(card.version, size="2", color=rx.color("gray", 11)),
                rx.text(card.specs, size="2"),
                rx.text(card.price_label, size="1", color=rx.color("gray", 11)),
                rx.text(card.price, size="5", weight="bold"),
                rx.text(card.branch, size="1", color=rx.color("gray", 11)),
                spacing="1",
                padding="0.75rem",
                align="start",
            ),
            href=card.href,
            underline="none",
            color_scheme="gray",
            high_contrast=True,
        ),
        style=styles.card_style,
        data_testid="vehicle-card",
    )


def filter_group(group: rx.Var) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(rx.heading(group.heading, as_="h3", size="3")),
        rx.vstack(
            rx.foreach(
                group.options,
                lambda option: rx.link(
                    rx.hstack(
                        rx.icon(rx.cond(option.checked, "square-check", "square"), size=18,
                                aria_hidden="true"),
                        rx.text(option.label, size="2"),
                        rx.text("(", option.count, ")", size="1", color=rx.color("gray", 10)),
                        align="center",
                        spacing="2",
                    ),
                    href=option.href,
                    role="checkbox",
                    aria_checked=option.checked.to_string(),
                    aria_disabled=option.disabled.to_string(),
                    color_scheme="gray",
                    high_contrast=True,
                    underline="none",
                    opacity=rx.cond(option.disabled, "0.45", "1"),
                    pointer_events=rx.cond(option.disabled, "none", "auto"),
                ),
            ),
            spacing="1",
        ),
        border="none",
        padding="0",
        margin="0 0 1rem",
    )


def pills(items: rx.Var, reset_label: str, reset_href: rx.Var, remove_label: str) -> rx.Component:
    return rx.cond(
        items.length() > 0,
        rx.hstack(
            rx.foreach(
                items,
                lambda pill: rx.link(
                    rx.badge(pill.label, rx.icon("x", size=12, aria_hidden="true"),
                             size="2", radius="full", variant="surface"),
                    href=pill.href,
                    aria_label=remove_label + ": " + pill.label,
                    data_testid="filter-pill",
                ),
            ),
            rx.link(reset_label, href=reset_href, size="2"),
            wrap="wrap",
            spacing="2",
            align="center",
        ),
    )


def choice_select(label: str, choices: rx.Var, value: rx.Var, on_change) -> rx.Component:
    return rx.hstack(
        rx.text(label, size="2", as_="label"),
        rx.select.root(
            rx.select.trigger(aria_label=label),
            rx.select.content(
                rx.foreach(choices, lambda c: rx.select.item(c.label, value=c.value)),
            ),
            value=value,
            on_change=on_change,
        ),
        align="center",
        spacing="2",
    )


def pagination(pages: rx.Var, label: str) -> rx.Component:
    return rx.el.nav(
        rx.hstack(
            rx.foreach(
                pages,
                lambda page: rx.link(
                    rx.button(
                        page.label,
                        variant=rx.cond(page.current, "solid", "soft"),
                        size="2",
                        tab_index=-1,
                    ),
                    href=page.href,
                    aria_current=rx.cond(page.current, "page", ""),
                ),
            ),
            spacing="2",
            wrap="wrap",
            justify="center",
        ),
        aria_label=label,
        margin_top="2rem",
    )
