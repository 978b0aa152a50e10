"""HTML built with MarkupSafe (dealer.views.markup): values escaped, HTML kept as it is."""

from __future__ import annotations

import html

from markupsafe import Markup

from dealer.views.markup import EMPTY, Html, attributes, element, html_str

HOSTILE = "<b>&amp;</b> \"dq\" 'sq' </script><script>alert(1)</script>"


def test_text_and_attribute_values_are_escaped() -> None:
    out = Html('<a href="{}" title="{}">{}</a>').format(HOSTILE, HOSTILE, HOSTILE)
    escaped = html.escape(HOSTILE)
    assert out == f'<a href="{escaped}" title="{escaped}">{escaped}</a>'
    assert "<script>" not in out and "</script>" not in out and '"dq"' not in out


def test_the_entities_are_those_the_site_has_always_served() -> None:
    assert Html("{}").format("\"'&<>") == "&quot;&#x27;&amp;&lt;&gt;"
    assert html_str("it's") == "it&#x27;s"
    assert type(html_str("x")) is str


def test_html_is_never_escaped_twice() -> None:
    inner = Html("<i>{}</i>").format("a & b")
    assert Html("<p>{}</p>").format(inner) == "<p><i>a &amp; b</i></p>"
    assert Html("<p>{}</p>").format(Markup("<em>x</em>")) == "<p><em>x</em></p>"
    assert EMPTY.join([inner, "<u>"]) == "<i>a &amp; b</i>&lt;u&gt;"
    assert Html("<br>") + "<br>" == "<br>&lt;br&gt;"
    # An escaped entity in plain text is text: its & is escaped again.
    assert Html("{}").format("&amp;") == "&amp;amp;"


def test_numbers_and_format_specs() -> None:
    assert Html('<svg y="{}" x="{:.1f}">').format(12, 3.14159) == '<svg y="12" x="3.1">'


def test_attributes() -> None:
    assert attributes({"href": "/a?b=1&c=2", "hidden": True, "title": None,
                       "open": False}) == ' href="/a?b=1&amp;c=2" hidden'
    assert attributes([("data-x", HOSTILE)]) == f' data-x="{html.escape(HOSTILE)}"'
    assert attributes({"colspan": 2}) == ' colspan="2"'


def test_element() -> None:
    assert element("p", {}, "a<b") == "<p>a&lt;b</p>"
    assert element("a", {"href": '/"x"'}, Html("<b>x</b>"), " & y") == (
        '<a href="/&quot;x&quot;"><b>x</b> &amp; y</a>')
    assert element("img", {"src": "/i.jpg", "alt": "</script>"}, void=True) == (
        '<img src="/i.jpg" alt="&lt;/script&gt;">')
    assert element("span", {"class": None}) == "<span></span>"
    assert isinstance(element("p"), Html)
    # Content handed as ``html`` (an ``Element``'s) is HTML already, or else escaped.
    assert element("div", {}, html=Html("<b>x</b>")) == "<div><b>x</b></div>"
    assert element("div", {}, html="<b>x</b>") == "<div>&lt;b&gt;x&lt;/b&gt;</div>"


def test_presenters_escape_what_they_are_given() -> None:
    from dealer.pageinfo import Link, PageInfo
    from dealer.views.stock import Card, card_html, pills_html
    from dealer.web.seo import crawler_html, head_html

    card = card_html(Card(href='/v?a=1&b="2"', title=HOSTILE, photo="/p.jpg",
                          photo_alt=HOSTILE, condition="<new>"), 0)
    assert "</script>" not in card and "<b>" not in card and "&lt;new&gt;" in card
    assert 'href="/v?a=1&amp;b=&quot;2&quot;"' in card
    pills = pills_html([Link(label=HOSTILE, href="/x")], "/r", "nl")
    assert "</script>" not in pills
    info = PageInfo(screen="content", locale="nl", params={}, path="/x", title=HOSTILE,
                    heading=HOSTILE, description=HOSTILE, links=[Link(HOSTILE, "/y")])
    for served in (crawler_html(info), head_html(info, with_title=True)):
        assert "</script>" not in served and "<b>" not in served
        assert html.escape(HOSTILE) in served
