"""A rating with the reviews it is made of: branch pages, the home page and content
blocks. Functions of a ``dealer.views.reviews.ReviewSummary`` Var, no state."""

from __future__ import annotations

import reflex as rx

from dealer.components.html_parts import FOLLOW_IN_APP


def _stars(text: rx.Var, label: rx.Var, size: str = "3") -> rx.Component:
    """Stars drawn as text, read out as what they mean."""
    return rx.text(text, size=size, color=rx.color("amber", 10), role="img", aria_label=label,
                   as_="span", class_name="review-stars")


def review_summary(summary: rx.Var, *, level: str = "h2") -> rx.Component:
    """The heading, the average with its stars and count, and the reviews listed."""
    return rx.el.section(
        rx.cond(summary.heading != "",
                rx.heading(summary.heading, as_=level, size="5" if level == "h2" else "4")),
        rx.cond(
            summary.cards_html != "",
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
                rx.html(summary.cards_html, class_name="review-list",
                        custom_attrs={"onClick": FOLLOW_IN_APP}),
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
