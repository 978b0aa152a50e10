"""Compare and favourite controls, the comparison table and the shortlist empty states."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from dealer import styles
from dealer.components.button import button

# (list key, vehicle slug, vehicle name) -> the event that ticks or unticks it: each press
# changes the list on the server, in order (a box shows what the server has, so two quick
# presses would otherwise both ask for the tick the page did not show yet)
ToggleHandler = Callable[..., rx.event.EventSpec]


@dataclass(frozen=True)
class ControlLabels:
    compare: str
    favourite: str


def shortlist_checkbox(
    text: str, name: rx.Var[str], checked: rx.Var[bool], on_change, test_id: str,
    element_id: str | None = None,
) -> rx.Component:
    """A real checkbox, named after the vehicle for screen readers ("Compare: Audi A4 ...").

    The browser's own checkbox: a list page draws 48 of them, and each Radix checkbox is
    several components more for the phone to render when the cards arrive."""
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            checked=checked,
            on_change=lambda _value: on_change(),
            aria_label=text + ": " + name,
            data_testid=test_id,
            **({"id": element_id} if element_id else {}),
        ),
        text,
        class_name="shortlist-toggle",
    )


def shortlist_controls(
    labels: ControlLabels,
    slug: rx.Var[str],
    name: rx.Var[str],
    *,
    compare_checked: rx.Var[bool],
    favourite_checked: rx.Var[bool],
    on_toggle: ToggleHandler,
    ids: tuple[str, str] | None = None,
) -> rx.Component:
    """``ids``: the boxes' element ids (compare, favourite), where one vehicle's boxes are
    on the page once (the served page's boxes hand over to them)."""
    compare_id, favourite_id = ids or (None, None)
    return rx.hstack(
        shortlist_checkbox(
            labels.compare, name, compare_checked,
            lambda: on_toggle("compare", slug, name), "compare-toggle", compare_id,
        ),
        shortlist_checkbox(
            labels.favourite, name, favourite_checked,
            lambda: on_toggle("favourites", slug, name), "favourite-toggle", favourite_id,
        ),
        spacing="4",
        wrap="wrap",
    )


def shortlist_notice(text: str, button_label: str, href: str, test_id: str) -> rx.Component:
    """An empty (or nearly empty) list: what is missing and the way back to the stock."""
    return rx.callout.root(
        rx.callout.icon(rx.icon("info", aria_hidden="true")),
        rx.callout.text(text),
        button(button_label, to=href, size="small"),
        data_testid=test_id,
        size="2",
        variant="surface",
        max_width="40rem",
    )


def _column_heading(column: rx.Var, remove_label: str, on_remove) -> rx.Component:
    return rx.el.th(
        rx.vstack(
            rx.box(
                rx.image(src=column.photo, alt=column.photo_alt, width="100%", height="100%",
                         object_fit="cover", loading="lazy"),
                aspect_ratio="4 / 3",
                width="100%",
                background_color=rx.color("gray", 3),
                border_radius="var(--radius-2)",
                overflow="hidden",
            ),
            rx.link(column.title, href=column.href, weight="bold", size="3"),
            rx.text(column.version, size="2", weight="regular", color=rx.color("gray", 11)),
            rx.button(
                rx.icon("x", size=14, aria_hidden="true"),
                remove_label,
                on_click=on_remove(column.slug),
                aria_label=remove_label + ": " + column.photo_alt,
                variant="soft",
                color_scheme="gray",
                size="1",
            ),
            spacing="2",
            align="start",
        ),
        scope="col",
        class_name="compare-table__vehicle",
    )


def _row(row: rx.Var, differs_label: str) -> rx.Component:
    return rx.el.tr(
        rx.el.th(
            row.label,
            rx.cond(row.differs, rx.el.span(f" ({differs_label})", style=styles.visually_hidden)),
            scope="row",
        ),
        rx.foreach(row.cells, lambda value: rx.el.td(value)),
        class_name=rx.cond(row.differs, "compare-table__row--differs", ""),
        data_differs=row.differs.to_string(),
        data_testid="compare-row",
    )


def compare_table(
    caption: str,
    columns: rx.Var,
    sections: rx.Var,
    *,
    remove_label: str,
    on_remove,
    differs_label: str,
) -> rx.Component:
    """Vehicles side by side; on a phone the table scrolls sideways under a sticky first
    column (styles in site.css, .compare-table)."""
    return rx.box(
        rx.el.table(
            rx.el.caption(caption, style=styles.visually_hidden),
            rx.el.thead(
                rx.el.tr(
                    rx.el.td(),
                    rx.foreach(columns, lambda column: _column_heading(column, remove_label,
                                                                        on_remove)),
                ),
            ),
            rx.foreach(
                sections,
                lambda section: rx.el.tbody(
                    rx.el.tr(
                        rx.el.th(
                            rx.heading(section.heading, as_="h2", size="4"),
                            col_span=columns.length() + 1,
                            scope="colgroup",
                        ),
                        class_name="compare-table__section",
                    ),
                    rx.foreach(section.rows, lambda row: _row(row, differs_label)),
                ),
            ),
            class_name="compare-table",
        ),
        class_name="compare-scroll",
        role="region",
        aria_label=caption,
        tab_index=0,  # keyboard users can scroll it
        data_testid="compare-table",
    )
