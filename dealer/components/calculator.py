"""Calculator pieces: a slider with its number input, the figures, the monthly chart."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx


def choice_control(
    control: rx.Var,
    on_type: Callable[[rx.Var, rx.Var], rx.EventSpec],
    on_commit: Callable[[rx.Var], rx.EventSpec],
) -> rx.Component:
    """A slider and a number input for one value, kept in step by the state.

    Both report through ``on_type``: the slider its position, the input what is typed;
    the figures follow on every change. A native range input is used because it is a
    slider with an accessible name on every platform.
    """
    input_id = "calc-" + control.key
    return rx.box(
        rx.hstack(
            rx.el.label(control.label, html_for=input_id, class_name="calc-label"),
            rx.spacer(),
            rx.text(control.value_text, size="2", weight="bold", aria_hidden="true"),
            align="center",
            width="100%",
        ),
        rx.hstack(
            rx.el.input(
                type="range",
                min=control.minimum,
                max=control.maximum,
                step=control.step,
                value=control.value,
                aria_label=control.label,
                aria_valuetext=control.value_text,
                on_change=lambda value: on_type(control.key, value),
                class_name="calc-range",
            ),
            rx.el.input(
                id=input_id,
                type="number",
                inputmode="numeric",
                min=control.minimum,
                max=control.maximum,
                step=control.step,
                value=control.text,
                on_change=lambda value: on_type(control.key, value),
                on_blur=lambda _: on_commit(control.key),
                class_name="calc-number",
            ),
            rx.text(control.unit, size="2", color=rx.color("gray", 11), aria_hidden="true",
                    min_width="4.5rem"),
            align="center",
            spacing="3",
            width="100%",
        ),
        width="100%",
        data_testid="calc-control",
    )


def figure_list(figures: rx.Var) -> rx.Component:
    return rx.el.dl(
        rx.foreach(
            figures,
            lambda figure: rx.box(
                rx.el.dt(figure.label),
                rx.el.dd(figure.value, data_testid="figure-" + figure.key),
                class_name="calc-figure",
            ),
        ),
        class_name="calc-figures",
    )


def monthly_chart(title: str, chart: rx.Var) -> rx.Component:
    """Monthly amount by contract duration: the presenter's drawing and table
    (``views/chart.monthly_chart_html``) under the chart's heading."""
    return rx.el.figure(
        rx.el.figcaption(rx.heading(title, as_="h2", size="3")),
        rx.html(chart),
        margin="0",
        width="100%",
        data_testid="monthly-chart",
    )


def notes(example: rx.Var, disclaimers: rx.Var) -> rx.Component:
    """The representative example, when the deal type needs one, and the disclaimers."""
    return rx.vstack(
        rx.cond(
            example != "",
            rx.callout.root(
                rx.callout.text(example),
                color_scheme="gray",
                size="1",
                data_testid="representative-example",
            ),
        ),
        rx.foreach(
            disclaimers,
            lambda text: rx.text(text, size="1", color=rx.color("gray", 11),
                                 data_testid="disclaimer"),
        ),
        spacing="2",
        width="100%",
    )
