"""The stock filters, menus and page numbers as HTML: what the served page and the app
both show, links and a form that work without the app, every value escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given
from hypothesis import strategies as st

from dealer.pageinfo import Link
from dealer.stock.query import StockQuery
from dealer.views.stock import (
    Choice,
    FilterGroup,
    FilterOption,
    choice_menu_html,
    filter_links_html,
    options_html,
    pagination_html,
    quick_entries_html,
    served_filters_html,
)

FUEL = FilterGroup(key="fuel", heading="Brandstof", options=[
    FilterOption(value="electric", label="Elektrisch", count=1234, checked=True,
                 href="/voorraad"),
    FilterOption(value="lpg", label="LPG", count=0, disabled=True, href="/voorraad?fuel=lpg"),
])
TOGGLES = FilterGroup(key="toggles", kind="toggle", heading="Alleen tonen", options=[
    FilterOption(value="electric", label="Alleen elektrisch", count=5, href="/voorraad?electric=1"),
])
SEARCH = FilterGroup(key="q", kind="search", heading="Zoeken",
                     options=[FilterOption(value="golf", href="/voorraad")])
PRICE = FilterGroup(key="price", kind="range", heading="Prijs",
                    lower=[Choice("any", "Geen minimum"), Choice("10000", "€ 10.000")],
                    upper=[Choice("any", "Geen maximum"), Choice("30000", "€ 30.000")],
                    lower_current="any", upper_current="30000")


class Elements(HTMLParser):
    """The start tags of a piece of HTML with their attributes, and its text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text += data


def test_checkbox_and_toggle_options_are_links_marked_as_what_they_act_as() -> None:
    html = filter_links_html([SEARCH, PRICE, TOGGLES, FUEL], "nl")
    links = [attrs for tag, attrs in Elements(html).tags if tag == "a"]
    assert [(a["href"], a["role"], a["aria-checked"], a.get("aria-disabled")) for a in links] == [
        ("/voorraad?electric=1", "switch", "false", None),
        ("/voorraad", "checkbox", "true", None),
        ("/voorraad?fuel=lpg", "checkbox", "false", "true"),
    ]
    assert "Elektrisch <span class=\"filter-count\">(1.234)</span>" in html  # Babel's number
    assert html.count("<fieldset") == 2 and "<legend>" in html
    assert "Zoeken" not in html and "Prijs" not in html  # the app draws those itself


def test_a_menu_shows_its_current_choice_and_lists_every_choice_as_a_link() -> None:
    links = [Link("Prijs (laag naar hoog)", "/voorraad", "price_asc"),
             Link("Prijs (hoog naar laag)", "/voorraad?sort=price_desc", "price_desc", True)]
    parsed = Elements(choice_menu_html("Sorteer op", links))
    summary = next(attrs for tag, attrs in parsed.tags if tag == "summary")
    assert summary["aria-label"] == "Sorteer op: Prijs (hoog naar laag)"
    assert [(a["href"], a.get("aria-current")) for tag, a in parsed.tags if tag == "a"] == [
        ("/voorraad", None), ("/voorraad?sort=price_desc", "true")]
    assert choice_menu_html("Toon prijs", []) == ""


def test_page_numbers_are_links_with_the_current_one_marked() -> None:
    pages = [Link("1", "/voorraad"), Link("2", "/voorraad?page=2", current=True)]
    parsed = Elements(pagination_html(pages, "Pagina's"))
    assert ("nav", {"class": "pagination", "aria-label": "Pagina's"}) in parsed.tags
    assert [(a["href"], a.get("aria-current")) for tag, a in parsed.tags if tag == "a"] == [
        ("/voorraad", None), ("/voorraad?page=2", "page")]
    assert pagination_html([], "Pagina's") == ""


def test_the_served_form_keeps_the_other_filters_and_sets_search_and_ranges() -> None:
    query = StockQuery.from_params({"fuel": "electric", "q": "golf", "price_max": "30000",
                                    "sort": "year_desc", "page": "3"}, brand="audi")
    groups = [SEARCH, PRICE, FUEL]
    parsed = Elements(served_filters_html(query, "private_lease", groups,
                                          filter_links_html(groups, "nl"), "nl"))
    form = next(attrs for tag, attrs in parsed.tags if tag == "form")
    assert (form["method"], form["action"]) == ("get", "/audi/voorraad")
    hidden = {a["name"]: a["value"] for tag, a in parsed.tags
              if tag == "input" and a.get("type") == "hidden"}
    assert hidden == {"display": "private_lease", "fuel": "electric", "sort": "year_desc"}
    search = next(a for tag, a in parsed.tags if tag == "input" and a.get("name") == "q")
    assert search["value"] == "golf"
    selects = [a["name"] for tag, a in parsed.tags if tag == "select"]
    assert selects == ["price_min", "price_max"]
    options = [(a["value"], "selected" in a) for tag, a in parsed.tags if tag == "option"]
    assert options == [("", True), ("10000", False), ("", False), ("30000", True)]
    assert sum(tag == "button" and a.get("type") == "submit" for tag, a in parsed.tags) == 2


def test_the_served_form_has_the_place_box_and_the_radii_as_links() -> None:
    query = StockQuery.from_params({"near": "6511", "within": "50", "sort": "year_desc",
                                    "fuel": "electric", "q": "golf"})
    radii = [FilterOption(value="25", label="Binnen 25 km", count=7,
                          href="/voorraad?fuel=electric&near=6511&sort=year_desc&within=25"),
             FilterOption(value="50", label="Binnen 50 km", count=40, checked=True,
                          href="/voorraad?fuel=electric&near=6511&sort=year_desc")]
    place = FilterGroup(key="near", kind="distance", heading="Afstand", text="6511",
                        links=options_html(radii, "radio", "nl"))
    parsed = Elements(served_filters_html(query, "purchase", [SEARCH, place, PRICE], "", "nl"))
    hidden = {a["name"]: a["value"] for tag, a in parsed.tags
              if tag == "input" and a.get("type") == "hidden"}
    # A new place keeps the radius and the order, as the app's place box does.
    assert hidden == {"fuel": "electric", "sort": "year_desc", "within": "50"}
    (box,) = [a for tag, a in parsed.tags if tag == "input" and a.get("name") == "near"]
    assert (box["value"], box["maxlength"]) == ("6511", "60")
    links = [(a["href"], a["role"], a["aria-checked"]) for tag, a in parsed.tags if tag == "a"
             and a.get("role")]
    assert links == [(radii[0].href, "radio", "false"), (radii[1].href, "radio", "true")]
    assert "Binnen 50 km" in parsed.text and "(40)" in parsed.text


@given(st.text(max_size=40), st.text(max_size=40))
def test_every_value_is_escaped(label: str, href: str) -> None:
    group = FilterGroup(key="brand", heading=label, options=[
        FilterOption(value=label, label=label, href=href)])
    links = [Link(label, href, current=True)]
    for html in (filter_links_html([group], "de"), choice_menu_html(label, links),
                 pagination_html(links, label)):
        parsed = Elements(html)
        assert label in parsed.text or not label.strip() or "\r" in label
        assert all(a.get("href") in (None, href) for _, a in parsed.tags)
        assert not re.search(r"<(?!/?(?:fieldset|legend|h2|div|a|span|details|summary|svg|path"
                             r"|ul|li|nav)\b)", html)


def test_quick_entries_are_chips_that_link_to_their_searches() -> None:
    quick = FilterGroup(key="quick", kind="quick", heading="Snel zoeken", options=[
        FilterOption(value="electric", label="Elektrisch", checked=True,
                     href="/voorraad?electric=1"),
        FilterOption(value="family", label="Gezin", href="/voorraad?body_style=estate%2Cmpv")])
    html = quick_entries_html(quick)
    parsed = Elements(html)
    assert ("nav", {"aria-label": "Snel zoeken", "data-testid": "quick-entries"}) in parsed.tags
    assert [(a["href"], a["aria-current"]) for tag, a in parsed.tags if tag == "a"] == [
        ("/voorraad?electric=1", "page"), ("/voorraad?body_style=estate%2Cmpv", "false")]
    assert "rt-variant-solid\">Elektrisch<" in html and "rt-variant-outline\">Gezin<" in html
