"""The calculator's chart of the monthly amount by contract duration, as HTML.

An SVG drawing, hidden from screen readers and with nothing to focus, plus the same
numbers as a visually hidden table. Hovering a duration's column shows its dot and a
label with the amount and the duration (CSS in ``assets/site.css``, no script).

Text keeps its size at any width: the drawing has no scaling viewBox but places things
horizontally in percent of its width and vertically in pixels; only the line is drawn in
a nested viewBox stretched to the width, with a stroke that does not stretch. The amount
axis is drawn left of the drawing, in its box's padding.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from itertools import pairwise

from dealer.i18n import N_, format_price, gettext
from dealer.pricing import CurvePoint

MONTHS_LABEL = N_("Contract duration in months")
AMOUNT_LABEL = N_("Monthly amount")

HEIGHT = 240  # px, the whole drawing
PLOT_TOP = 12  # px: the highest amount tick
PLOT_BOTTOM = 208  # px: zero euros, the duration axis
DURATION_BASELINE = 228  # px: the durations below the axis
MAX_INTERVALS = 5  # amount ticks: zero and at most this many round steps above it
LINE_WIDTH = 1000  # user units of the line's nested viewBox across the drawing
# The hover label's box: the text is not measured, so its width is estimated from the
# number of characters at the chart's 12 px font.
LABEL_HEIGHT = 40
LABEL_PADDING = 8
CHAR_WIDTH = 7
LABEL_GAP = 10  # between the dot and its label


def _n(value: float) -> str:
    """A coordinate, short: at most two decimals, no trailing zeros."""
    return f"{round(value, 2):g}"


def amount_step(highest: float) -> int:
    """The smallest round step in whole euros (1, 2, 2.5 or 5 times a power of ten) that
    reaches ``highest`` from zero in at most ``MAX_INTERVALS`` steps."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale // 2, 5 * scale):
            if step * MAX_INTERVALS >= highest:
                return step
        scale *= 10


def amount_ticks(highest: float) -> list[int]:
    """Zero and the round steps up to the first at or above ``highest``."""
    step = amount_step(highest)
    top = max(1, math.ceil(highest / step)) * step
    return list(range(0, top + 1, step))


def monthly_chart_html(curve: Sequence[CurvePoint], months: int, locale: str) -> str:
    """The chart of ``curve`` with ``months`` marked, and its table; empty for fewer than
    two points (a line needs two)."""
    if len(curve) < 2:
        return ""
    first, last = curve[0].months, curve[-1].months
    span = max(last - first, 1)
    ticks = amount_ticks(max(point.amount for point in curve))

    def x(duration: int) -> float:  # percent of the width
        return (duration - first) / span * 100

    def y(amount: float) -> float:  # px from the top
        return PLOT_BOTTOM - amount / ticks[-1] * (PLOT_BOTTOM - PLOT_TOP)

    xs = [x(point.months) for point in curve]
    # Each point's hover column reaches halfway to its neighbours.
    edges = [0.0, *((a + b) / 2 for a, b in pairwise(xs)), 100.0]
    grid = "".join(
        f'<line class="calc-chart-grid" x1="0" x2="100%" y1="{_n(y(tick))}" y2="{_n(y(tick))}"/>'
        for tick in ticks[1:]
    )
    amount_axis = "".join(
        f'<text x="-8" y="{_n(y(tick))}" dy="0.35em" text-anchor="end">'
        f"{escape(format_price(tick, locale))}</text>"
        for tick in ticks
    )
    chosen = ' class="calc-chart-chosen"'
    duration_axis = "".join(
        f'<text{chosen if point.months == months else ""} x="{_n(position)}%" '
        f'y="{DURATION_BASELINE}" text-anchor="middle">{point.months}</text>'
        for point, position in zip(curve, xs, strict=True)
    )
    line_points = " ".join(
        f"{_n(position * LINE_WIDTH / 100)},{_n(y(point.amount))}"
        for point, position in zip(curve, xs, strict=True)
    )
    hover = "".join(
        _hover_point(point, xs[index], y(point.amount), edges[index], edges[index + 1])
        for index, point in enumerate(curve)
    )
    marker = (
        f'<line class="calc-chart-marker" x1="{_n(x(months))}%" x2="{_n(x(months))}%" '
        f'y1="{PLOT_TOP}" y2="{PLOT_BOTTOM}"/>'
        if first <= months <= last else ""
    )
    drawing = (
        f'<svg width="100%" height="{HEIGHT}" aria-hidden="true" focusable="false">'
        f"{grid}"
        f'<line class="calc-chart-axis" x1="0" x2="100%" y1="{PLOT_BOTTOM}" y2="{PLOT_BOTTOM}"/>'
        f"{amount_axis}{duration_axis}{marker}"
        f'<svg width="100%" height="{HEIGHT}" viewBox="0 0 {LINE_WIDTH} {HEIGHT}" '
        'preserveAspectRatio="none" overflow="visible">'
        f'<polyline class="calc-chart-line" points="{line_points}" '
        'vector-effect="non-scaling-stroke"/></svg>'
        f"{hover}</svg>"
    )
    return f'<div class="calc-chart">{drawing}{_table(curve, locale)}</div>'


def _hover_point(point: CurvePoint, position: float, top: float, start: float,
                 end: float) -> str:
    """A transparent column over the point; hovering it shows the dot and the label, on
    the side of the dot that has more room."""
    width = 2 * LABEL_PADDING + CHAR_WIDTH * max(len(point.text), len(point.months_text))
    dx = LABEL_GAP if position <= 50 else -LABEL_GAP - width
    # Beside the dot, vertically centred on it but kept above the duration axis.
    label_top = min(max(top - LABEL_HEIGHT / 2, 0), PLOT_BOTTOM - LABEL_HEIGHT)
    return (
        '<g class="calc-chart-point">'
        f'<rect x="{_n(start)}%" width="{_n(end - start)}%" y="0" height="{HEIGHT}"/>'
        f'<svg x="{_n(position)}%" y="{_n(top)}" width="1" height="1" overflow="visible">'
        '<circle r="5"/>'
        f'<g class="calc-chart-label" transform="translate({dx} {_n(label_top - top)})">'
        f'<rect width="{width}" height="{LABEL_HEIGHT}" rx="4"/>'
        f'<text class="calc-chart-amount" x="{LABEL_PADDING}" y="16">{escape(point.text)}</text>'
        f'<text x="{LABEL_PADDING}" y="32">{escape(point.months_text)}</text>'
        "</g></svg></g>"
    )


def _table(curve: Sequence[CurvePoint], locale: str) -> str:
    head = "".join(f'<th scope="col">{escape(gettext(locale, label))}</th>'
                   for label in (MONTHS_LABEL, AMOUNT_LABEL))
    rows = "".join(f"<tr><td>{point.months}</td><td>{escape(point.text)}</td></tr>"
                   for point in curve)
    return (f'<table class="visually-hidden"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")
