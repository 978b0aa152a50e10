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
from itertools import pairwise

from dealer.i18n import N_, format_price, gettext
from dealer.pricing import CurvePoint
from dealer.views.markup import EMPTY, Html

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
    grid = EMPTY.join(
        Html('<line class="calc-chart-grid" x1="0" x2="100%" y1="{0}" y2="{0}"/>').format(
            _n(y(tick)))
        for tick in ticks[1:]
    )
    amount_axis = EMPTY.join(
        Html('<text x="-8" y="{}" dy="0.35em" text-anchor="end">{}</text>').format(
            _n(y(tick)), format_price(tick, locale))
        for tick in ticks
    )
    chosen = Html(' class="calc-chart-chosen"')
    duration_axis = EMPTY.join(
        Html('<text{} x="{}%" y="{}" text-anchor="middle">{}</text>').format(
            chosen if point.months == months else EMPTY, _n(position), DURATION_BASELINE,
            point.months)
        for point, position in zip(curve, xs, strict=True)
    )
    line_points = " ".join(
        f"{_n(position * LINE_WIDTH / 100)},{_n(y(point.amount))}"
        for point, position in zip(curve, xs, strict=True)
    )
    hover = EMPTY.join(
        _hover_point(point, xs[index], y(point.amount), edges[index], edges[index + 1])
        for index, point in enumerate(curve)
    )
    marker = Html(
        '<line class="calc-chart-marker" x1="{0}%" x2="{0}%" y1="{1}" y2="{2}"/>'
    ).format(_n(x(months)), PLOT_TOP, PLOT_BOTTOM) if first <= months <= last else EMPTY
    drawing = Html(
        '<svg width="100%" height="{height}" aria-hidden="true" focusable="false">'
        "{grid}"
        '<line class="calc-chart-axis" x1="0" x2="100%" y1="{bottom}" y2="{bottom}"/>'
        "{amount_axis}{duration_axis}{marker}"
        '<svg width="100%" height="{height}" viewBox="0 0 {line_width} {height}" '
        'preserveAspectRatio="none" overflow="visible">'
        '<polyline class="calc-chart-line" points="{line_points}" '
        'vector-effect="non-scaling-stroke"/></svg>'
        "{hover}</svg>"
    ).format(height=HEIGHT, grid=grid, bottom=PLOT_BOTTOM, amount_axis=amount_axis,
             duration_axis=duration_axis, marker=marker, line_width=LINE_WIDTH,
             line_points=line_points, hover=hover)
    return str(Html('<div class="calc-chart">{}{}</div>').format(drawing, _table(curve, locale)))


def _hover_point(point: CurvePoint, position: float, top: float, start: float,
                 end: float) -> Html:
    """A transparent column over the point; hovering it shows the dot and the label, on
    the side of the dot that has more room."""
    width = 2 * LABEL_PADDING + CHAR_WIDTH * max(len(point.text), len(point.months_text))
    dx = LABEL_GAP if position <= 50 else -LABEL_GAP - width
    # Beside the dot, vertically centred on it but kept above the duration axis.
    label_top = min(max(top - LABEL_HEIGHT / 2, 0), PLOT_BOTTOM - LABEL_HEIGHT)
    return Html(
        '<g class="calc-chart-point">'
        '<rect x="{start}%" width="{width}%" y="0" height="{height}"/>'
        '<svg x="{x}%" y="{y}" width="1" height="1" overflow="visible">'
        '<circle r="5"/>'
        '<g class="calc-chart-label" transform="translate({dx} {dy})">'
        '<rect width="{label_width}" height="{label_height}" rx="4"/>'
        '<text class="calc-chart-amount" x="{padding}" y="16">{text}</text>'
        '<text x="{padding}" y="32">{months_text}</text>'
        "</g></svg></g>"
    ).format(start=_n(start), width=_n(end - start), height=HEIGHT, x=_n(position), y=_n(top),
             dx=dx, dy=_n(label_top - top), label_width=width, label_height=LABEL_HEIGHT,
             padding=LABEL_PADDING, text=point.text, months_text=point.months_text)


def _table(curve: Sequence[CurvePoint], locale: str) -> Html:
    head = EMPTY.join(Html('<th scope="col">{}</th>').format(gettext(locale, label))
                      for label in (MONTHS_LABEL, AMOUNT_LABEL))
    rows = EMPTY.join(Html("<tr><td>{}</td><td>{}</td></tr>").format(point.months, point.text)
                      for point in curve)
    # Hidden in a box: a table is as wide as its cells whatever width it is given, and a
    # German one made a phone's page scroll sideways by 2 px.
    return Html('<div class="visually-hidden"><table><thead><tr>{}</tr></thead>'
                "<tbody>{}</tbody></table></div>").format(head, rows)
