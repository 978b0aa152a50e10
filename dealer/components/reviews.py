"""A rating with the reviews it is made of: branch pages, the home page and content
blocks. Functions of a ``dealer.views.reviews.ReviewSummary`` Var, no state."""

from __future__ import annotations

import reflex as rx

from dealer import styles


def _stars(text: rx.Var, label: rx.Var, size: str = "3") -> rx.Component:
    """Stars drawn as text, read out as what they mean."""
    return rx.text(text, size=size, color=rx.color("amber", 10), role="img", aria_label=label,
                   as_="span", class_name="review-stars")


def review_card(card: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.hstack(
            _stars(card.stars, card.rating_label, size="2"),
            rx.text(card.author, weight="bold", size="2", as_="span"),
            rx.el.time(card.date, date_time=card.date_iso, color=rx.color("gray", 11),
                       font_size="var(--font-size-2)"),
            wrap="wrap",
            spacing="2",
            align="center",
        ),
        rx.cond(card.branch != "",
                rx.link(card.branch, href=card.branch_href, size="2")),
        rx.cond(card.text != "", rx.text(card.text, size="2", as_="p")),
        rx.cond(
            card.reply != "",
            rx.box(
                rx.text(card.reply_label, size="1", weight="bold", as_="p"),
                rx.text(card.reply, size="2", as_="p"),
                padding_left="0.75rem",
                border_left=f"3px solid {rx.color('gray', 6)}",
            ),
        ),
        display="flex",
        flex_direction="column",
        gap="0.5rem",
        padding="1rem",
        style=styles.card_style,
        data_testid="review",
    )


def review_summary(summary: rx.Var, *, level: str = "h2") -> rx.Component:
    """The heading, the average with its stars and count, and the reviews listed."""
    return rx.el.section(
        rx.cond(summary.heading != "",
                rx.heading(summary.heading, as_=level, size="5" if level == "h2" else "4")),
        rx.cond(
            summary.cards.length() > 0,
            rx.vstack(
                rx.hstack(
                    rx.text(summary.average, size="8", weight="bold", as_="span",
                            aria_hidden="true"),
                    rx.vstack(
                        _stars(summary.stars, summary.rating_label, size="5"),
                        rx.text(summary.count_text, size="2", color=rx.color("gray", 11),
                                data_testid="review-count"),
                        spacing="0",
                    ),
                    align="center",
                    spacing="3",
                    data_testid="review-rating",
                ),
                rx.text(summary.basis, size="2", color=rx.color("gray", 11)),
                rx.grid(
                    rx.foreach(summary.cards, review_card),
                    columns=rx.breakpoints(initial="1", md="2"),
                    spacing="3",
                    width="100%",
                ),
                spacing="3",
                width="100%",
            ),
            rx.text(summary.empty, size="2", color=rx.color("gray", 11)),
        ),
        display="flex",
        flex_direction="column",
        gap="0.75rem",
        width="100%",
        data_testid="reviews",
    )
