"""The calculator's monthly chart as HTML: a hover label per point in the page's language,
the chosen duration marked, whole-euro amount ticks, every text escaped, the same
numbers as a table, nothing in the drawing to focus."""

from __future__ import annotations

import re
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.pricing import CurvePoint, money, months_text
from dealer.views.chart import amount_step, amount_ticks, monthly_chart_html


def curve(locale: str, amounts: dict[int, str]) -> tuple[CurvePoint, ...]:
    return tuple(CurvePoint(months, float(amount), money(Decimal(amount), locale),
                            months_text(months, locale))
                 for months, amount in amounts.items())


LEASE = {24: "411.73", 36: "372.10", 48: "333.67", 60: "310.05", 72: "295.40"}


class Tree(HTMLParser):
    """The elements of a piece of HTML with their attributes, text and ancestors."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[dict] = []
        self._open: list[dict] = []
        self.feed(html)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": "",
                              "parents": list(self._open)})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_startendtag(tag, attrs)
        self._open.append(self.elements[-1])

    def handle_endtag(self, tag: str) -> None:
        while self._open and self._open.pop()["tag"] != tag:
            pass

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element["text"] += data

    def find(self, tag: str, css_class: str | None = None) -> list[dict]:
        return [e for e in self.elements if e["tag"] == tag
                and (css_class is None or css_class in e["attrs"].get("class", "").split())]


def hover_labels(tree: Tree) -> list[list[str]]:
    return [[text["text"] for text in tree.elements
             if text["tag"] == "text" and inside(text, point)]
            for point in tree.find("g", "calc-chart-point")]


def inside(element: dict, ancestor: dict) -> bool:
    return any(parent is ancestor for parent in element["parents"])


@pytest.mark.parametrize(
    ("locale", "labels"),
    [
        ("nl", [["€ 411,73", "24 maanden"], ["€ 372,10", "36 maanden"],
                ["€ 333,67", "48 maanden"], ["€ 310,05", "60 maanden"],
                ["€ 295,40", "72 maanden"]]),
        ("de", [["411,73 €", "24 Monate"], ["372,10 €", "36 Monate"],
                ["333,67 €", "48 Monate"], ["310,05 €", "60 Monate"],
                ["295,40 €", "72 Monate"]]),
    ],
)
def test_every_point_has_a_hover_label_with_amount_and_duration(
    locale: str, labels: list[list[str]]
) -> None:
    tree = Tree(monthly_chart_html(curve(locale, LEASE), 48, locale))
    assert hover_labels(tree) == labels
    # Each point's column is hovered, the dot and label within it show (CSS).
    for point in tree.find("g", "calc-chart-point"):
        within = [e["tag"] for e in tree.elements if inside(e, point)]
        assert within[:3] == ["rect", "svg", "circle"]


def _x(element: dict, name: str) -> float:
    return float(element["attrs"][name].removesuffix("%"))


@pytest.mark.parametrize("months", [24, 48, 60, 72])
def test_the_marker_sits_at_the_chosen_duration(months: int) -> None:
    tree = Tree(monthly_chart_html(curve("nl", LEASE), months, "nl"))
    [marker] = tree.find("line", "calc-chart-marker")
    assert marker["attrs"]["x1"] == marker["attrs"]["x2"]
    [chosen] = [text for text in tree.find("text")
                if text["attrs"].get("text-anchor") == "middle" and text["text"] == str(months)]
    assert _x(marker, "x1") == _x(chosen, "x")
    assert tree.find("text", "calc-chart-chosen") == [chosen]  # the axis shows it too
    dots = [e for e in tree.find("svg") if e["attrs"].get("width") == "1"]
    assert _x(marker, "x1") in [_x(dot, "x") for dot in dots]


def test_durations_sit_in_proportion_on_the_axis() -> None:
    uneven = curve("nl", {12: "900", 24: "500", 42: "300", 120: "150"})
    tree = Tree(monthly_chart_html(uneven, 42, "nl"))
    axis = {text["text"]: _x(text, "x") for text in tree.find("text")
            if text["attrs"].get("text-anchor") == "middle"}
    assert axis == {"12": 0, "24": pytest.approx(100 * 12 / 108, abs=0.01),
                    "42": pytest.approx(100 * 30 / 108, abs=0.01), "120": 100}


def amount_axis(html: str) -> list[str]:
    return [text["text"] for text in Tree(html).find("text")
            if text["attrs"].get("text-anchor") == "end"]


def test_amount_ticks_are_whole_euros_as_the_locale_writes_them() -> None:
    assert amount_axis(monthly_chart_html(curve("nl", LEASE), 48, "nl")) == [
        "€ 0", "€ 100", "€ 200", "€ 300", "€ 400", "€ 500"]
    assert amount_axis(monthly_chart_html(curve("de", LEASE), 48, "de")) == [
        "0 €", "100 €", "200 €", "300 €", "400 €", "500 €"]
    small = curve("nl", {12: "33.67", 24: "18.20"})
    assert amount_axis(monthly_chart_html(small, 12, "nl")) == [
        "€ 0", "€ 10", "€ 20", "€ 30", "€ 40"]
    large = curve("de", {12: "1234.56", 24: "650"})
    assert amount_axis(monthly_chart_html(large, 24, "de")) == [
        "0 €", "250 €", "500 €", "750 €", "1.000 €", "1.250 €"]


@given(st.floats(min_value=0, max_value=1e7, allow_nan=False))
def test_ticks_are_round_whole_steps_that_reach_the_highest_amount(highest: float) -> None:
    ticks = amount_ticks(highest)
    step = amount_step(highest)
    assert isinstance(step, int) and step >= 1
    assert re.fullmatch(r"(1|2|25|5)0*", str(step))
    assert ticks == list(range(0, ticks[-1] + 1, step))
    assert ticks[-2] < highest <= ticks[-1] or (highest == 0 and ticks == [0, 1])
    assert len(ticks) - 1 <= 5


def test_text_is_escaped() -> None:
    hostile = (CurvePoint(12, 100.0, '<b>€ 100</b>', 'a "12" & <i>'),
               CurvePoint(24, 80.0, "€ 80", "24 <script>"))
    html = monthly_chart_html(hostile, 12, "nl")
    assert "<b>" not in html and "<i>" not in html and "<script>" not in html
    assert "&lt;b&gt;€ 100&lt;/b&gt;" in html and "a &quot;12&quot; &amp; &lt;i&gt;" in html
    assert hover_labels(Tree(html))[0] == ["<b>€ 100</b>", 'a "12" & <i>']


@pytest.mark.parametrize(
    ("locale", "head"),
    [("nl", ["Looptijd in maanden", "Maandbedrag"]),
     ("de", ["Laufzeit in Monaten", "Monatsbetrag"])],
)
def test_the_table_holds_every_point(locale: str, head: list[str]) -> None:
    tree = Tree(monthly_chart_html(curve(locale, LEASE), 48, locale))
    [table] = tree.find("table")
    assert "visually-hidden" in table["parents"][-1]["attrs"]["class"]
    assert not any(parent["tag"] == "svg" for parent in table["parents"])
    assert [th["text"] for th in tree.find("th")] == head
    rows = [[td["text"] for td in tree.find("td") if inside(td, tr)]
            for tr in tree.find("tr")[1:]]
    assert rows == [[str(point.months), point.text] for point in curve(locale, LEASE)]


def test_the_drawing_is_hidden_from_screen_readers_and_has_nothing_to_focus() -> None:
    html = monthly_chart_html(curve("nl", LEASE), 48, "nl")
    tree = Tree(html)
    drawing = tree.find("svg")[0]
    assert drawing["attrs"]["aria-hidden"] == "true" and drawing["attrs"]["focusable"] == "false"
    within = [e for e in tree.elements if inside(e, drawing)]
    assert within and all(e["tag"] in {"line", "text", "svg", "polyline", "g", "rect", "circle"}
                          for e in within)
    assert not any({"tabindex", "href", "focusable"} & e["attrs"].keys() for e in within)
    assert "<script" not in html and not re.search(r"\son\w+=", html)  # nor a handler


def test_fewer_than_two_points_draw_nothing() -> None:
    assert monthly_chart_html((), 0, "nl") == ""
    assert monthly_chart_html(curve("nl", {48: "333.67"}), 48, "nl") == ""

