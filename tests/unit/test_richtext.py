"""Rich text to HTML: every node and mark, escaping and hostile input."""

from __future__ import annotations

import pytest

from dealer.content.links import link_href, story_path
from dealer.content.richtext import render


def doc(*content: dict) -> dict:
    return {"type": "doc", "content": list(content)}


def para(*content: dict) -> dict:
    return {"type": "paragraph", "content": list(content)}


def text(value: str, *marks: dict) -> dict:
    node: dict = {"type": "text", "text": value}
    if marks:
        node["marks"] = list(marks)
    return node


def link(text_value: str, **attrs: object) -> str:
    return render(doc(para(text(text_value, {"type": "link", "attrs": attrs}))))


def test_paragraph_and_heading_levels() -> None:
    html = render(
        doc(
            {"type": "heading", "attrs": {"level": 1}, "content": [text("Titel")]},
            {"type": "heading", "attrs": {"level": 6}, "content": [text("Klein")]},
            para(text("Hallo")),
        )
    )
    assert html == "<h1>Titel</h1><h6>Klein</h6><p>Hallo</p>"


@pytest.mark.parametrize("level", [0, 7, "1><script>", None])
def test_heading_with_bad_level_falls_back_to_h2(level: object) -> None:
    node = {"type": "heading", "attrs": {"level": level}, "content": [text("x")]}
    assert render(doc(node)) == "<h2>x</h2>"


def test_lists() -> None:
    item = {"type": "list_item", "content": [para(text("Een"))]}
    html = render(
        doc(
            {"type": "bullet_list", "content": [item]},
            {"type": "ordered_list", "content": [item]},
            {"type": "ordered_list", "attrs": {"order": 3}, "content": [item]},
        )
    )
    assert html == (
        "<ul><li><p>Een</p></li></ul>"
        "<ol><li><p>Een</p></li></ol>"
        '<ol start="3"><li><p>Een</p></li></ol>'
    )


def test_blockquote_code_block_rule_and_break() -> None:
    html = render(
        doc(
            {"type": "blockquote", "content": [para(text("Citaat"))]},
            {
                "type": "code_block",
                "attrs": {"class": "language-python"},
                "content": [text("a < b")],
            },
            {"type": "horizontal_rule"},
            para(text("regel 1"), {"type": "hard_break"}, text("regel 2")),
        )
    )
    assert html == (
        "<blockquote><p>Citaat</p></blockquote>"
        '<pre><code class="language-python">a &lt; b</code></pre>'
        "<hr>"
        "<p>regel 1<br>regel 2</p>"
    )


def test_code_block_class_must_be_a_plain_token() -> None:
    node = {"type": "code_block", "attrs": {"class": 'x" onclick="evil()'}, "content": []}
    assert render(doc(node)) == "<pre><code></code></pre>"


def test_image_with_src_alt_and_title_escaped() -> None:
    node = {
        "type": "image",
        "attrs": {"src": "/content/news/a.svg", "alt": 'Golf "GTI" <nieuw>', "title": "Foto"},
    }
    assert render(doc(node)) == (
        '<img src="/content/news/a.svg" alt="Golf &quot;GTI&quot; &lt;nieuw&gt;"'
        ' title="Foto" loading="lazy">'
    )


@pytest.mark.parametrize(
    "src", ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "", "vbscript:x"]
)
def test_image_with_dangerous_or_missing_src_is_dropped(src: str) -> None:
    assert render(doc({"type": "image", "attrs": {"src": src, "alt": "x"}})) == ""


def test_text_is_escaped() -> None:
    html = render(doc(para(text("<script>alert('x')</script> & \"quotes\""))))
    assert html == (
        "<p>&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;quotes&quot;</p>"
    )
    assert "<script>" not in html


@pytest.mark.parametrize(
    ("mark", "expected"),
    [
        ("bold", "<strong>t</strong>"),
        ("italic", "<em>t</em>"),
        ("strike", "<s>t</s>"),
        ("underline", "<u>t</u>"),
        ("code", "<code>t</code>"),
        ("strong", "<strong>t</strong>"),
    ],
)
def test_simple_marks(mark: str, expected: str) -> None:
    assert render(doc(para(text("t", {"type": mark})))) == f"<p>{expected}</p>"


def test_marks_nest_first_outermost() -> None:
    html = render(doc(para(text("x", {"type": "bold"}, {"type": "italic"}, {"type": "code"}))))
    assert html == "<p><strong><em><code>x</code></em></strong></p>"


def test_styled_and_anchor_marks() -> None:
    styled = render(doc(para(text("s", {"type": "styled", "attrs": {"class": "accent"}}))))
    anchor = render(doc(para(text("a", {"type": "anchor", "attrs": {"id": "openingstijden"}}))))
    assert styled == '<p><span class="accent">s</span></p>'
    assert anchor == '<p><span id="openingstijden">a</span></p>'


def test_styled_and_anchor_with_hostile_values_keep_only_the_text() -> None:
    styled = render(doc(para(text("s", {"type": "styled", "attrs": {"class": '"><b'}}))))
    anchor = render(doc(para(text("a", {"type": "anchor", "attrs": {"id": "x y"}}))))
    assert styled == "<p>s</p>" and anchor == "<p>a</p>"


def test_url_link_with_new_tab() -> None:
    html = link("site", href="https://www.example.com/?a=1&b=2", linktype="url", target="_blank")
    assert html == (
        '<p><a href="https://www.example.com/?a=1&amp;b=2" target="_blank"'
        ' rel="noopener noreferrer">site</a></p>'
    )


def test_email_link_gets_mailto() -> None:
    assert link("mail", href="info@example.nl", linktype="email") == (
        '<p><a href="mailto:info@example.nl">mail</a></p>'
    )


def test_story_link_keeps_anchor() -> None:
    html = link("team", href="/over-ons", linktype="story", anchor="team", uuid="u1")
    assert html == '<p><a href="/over-ons#team">team</a></p>'


def test_story_link_uses_the_resolved_story() -> None:
    html = link("x", href="", linktype="story", story={"full_slug": "de/ueber-uns/team"})
    assert html == '<p><a href="/de/ueber-uns/team">x</a></p>'


def test_asset_link() -> None:
    html = link("pdf", href="/content/downloads/golf-nl-prijslijst.pdf", linktype="asset")
    assert html == '<p><a href="/content/downloads/golf-nl-prijslijst.pdf">pdf</a></p>'


@pytest.mark.parametrize(
    "href",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "\x01javascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
    ],
)
def test_dangerous_hrefs_are_dropped_text_kept(href: str) -> None:
    assert link("klik", href=href, linktype="url") == "<p><a>klik</a></p>"


def test_attribute_breakout_in_href_is_escaped() -> None:
    html = link("x", href='/pad" onmouseover="alert(1)', linktype="url")
    assert html == '<p><a href="/pad&quot; onmouseover=&quot;alert(1)">x</a></p>'


def test_email_without_address_is_not_a_link() -> None:
    assert link("x", href="javascript:alert(1)", linktype="email") == "<p><a>x</a></p>"


def test_a_link_without_target_is_a_plain_anchor() -> None:
    assert link("later", href="", linktype="url") == "<p><a>later</a></p>"
    assert link("story", linktype="story", uuid="") == "<p><a>story</a></p>"


def cell(kind: str, value: str, **attrs: object) -> dict:
    return {"type": kind, "attrs": attrs, "content": [para(text(value))]}


def test_tables_with_header_cells_spans_and_widths() -> None:
    table = {"type": "table", "content": [
        {"type": "tableRow", "content": [
            cell("tableHeader", "Gegevens", colspan=1, rowspan=1, colwidth=[240]),
            cell("tableHeader", "Bewaartermijn", colspan=2, rowspan=1, colwidth=None),
        ]},
        {"type": "tableRow", "content": [
            cell("tableCell", "Offerte", colspan=1, rowspan=2, colwidth=[240],
                 backgroundColor="#fef3c7"),
            cell("tableCell", "12", colspan=1, rowspan=1, colwidth=[80, 90]),
            cell("tableCell", "maanden"),
        ]},
    ]}
    assert render(doc(table)) == (
        "<table><tbody>"
        '<tr><th style="width: 240px"><p>Gegevens</p></th>'
        '<th colspan="2"><p>Bewaartermijn</p></th></tr>'
        '<tr><td rowspan="2" style="width: 240px; background-color: #fef3c7"><p>Offerte</p></td>'
        '<td style="width: 80px"><p>12</p></td><td><p>maanden</p></td></tr>'
        "</tbody></table>"
    )


@pytest.mark.parametrize("attrs", [
    {"colspan": "2\" onclick=\"x"}, {"colspan": 0}, {"colspan": True}, {"rowspan": 10**9},
    {"colwidth": ["100px; background: url(x)"]}, {"colwidth": "240"},
    {"backgroundColor": "red; background-image: url(//evil)"},
])
def test_cell_attributes_that_are_not_plain_values_are_left_out(attrs: dict) -> None:
    table = {"type": "table", "content": [{"type": "tableRow", "content": [
        cell("tableCell", "x", **attrs)]}]}
    assert render(doc(table)) == "<table><tbody><tr><td><p>x</p></td></tr></tbody></table>"


@pytest.mark.parametrize("value", [
    "#b42318", "#FFF", "#11223344", "rgb(180, 35, 24)", "rgba(0 0 0 / 50%)",
    "hsl(12deg, 80%, 40%)", "teal", "RebeccaPurple",
])
def test_text_styles_and_highlights_carry_colour_values(value: str) -> None:
    styled = render(doc(para(text("let op", {"type": "textStyle", "attrs": {"color": value}}))))
    assert styled == f'<p><span style="color: {value}">let op</span></p>'
    marked = render(doc(para(text("nieuw", {"type": "highlight", "attrs": {"color": value}}))))
    assert marked == f'<p><mark style="background-color: {value}">nieuw</mark></p>'


@pytest.mark.parametrize("value", [
    "red; position: fixed", "url(javascript:alert(1))", "expression(alert(1))",
    '"><script>', "#12345", "rgb(1,2)", "var(--x)", "", None, 12,
])
def test_anything_but_a_colour_value_is_dropped(value: object) -> None:
    styled = render(doc(para(text("t", {"type": "textStyle", "attrs": {"color": value}}))))
    assert styled == "<p>t</p>"
    marked = render(doc(para(text("t", {"type": "highlight", "attrs": {"color": value}}))))
    assert marked == "<p><mark>t</mark></p>"


def test_text_alignment_of_paragraphs_and_headings() -> None:
    html = render(doc(
        {"type": "paragraph", "attrs": {"textAlign": "center"}, "content": [text("m")]},
        {"type": "heading", "attrs": {"level": 3, "textAlign": "right"}, "content": [text("h")]},
        {"type": "paragraph", "attrs": {"textAlign": "left; color: red"}, "content": [text("x")]},
    ))
    assert html == ('<p style="text-align: center">m</p><h3 style="text-align: right">h</h3>'
                    "<p>x</p>")


def test_emoji() -> None:
    node = {"type": "emoji", "attrs": {"name": "car", "emoji": "🚗"}}
    assert render(doc(para(node))) == '<p><span data-type="emoji" data-name="car">🚗</span></p>'
    assert render(doc(para({"type": "emoji", "attrs": {"emoji": "<b>"}}))) == (
        '<p><span data-type="emoji">&lt;b&gt;</span></p>')


def test_unknown_nodes_render_children_and_unknown_marks_are_ignored() -> None:
    html = render(
        doc(
            {"type": "fancy_box", "content": [para(text("binnen", {"type": "sparkle"}))]},
            {"type": "blok", "attrs": {"body": [{"component": "button"}]}},
            {"type": "emoji"},
        )
    )
    assert html == "<p>binnen</p>"


@pytest.mark.parametrize(
    "broken",
    [
        None,
        "text",
        [],
        {},
        {"type": "doc", "content": "not a list"},
        {"type": "doc", "content": [None, 3, "x", {"type": None}]},
        {"type": "paragraph", "attrs": "x", "content": [{"type": "text"}]},
        {"type": "text", "text": 5, "marks": "bold"},
        {"type": "text", "text": "t", "marks": [None, {"type": "link", "attrs": None}]},
        {"type": "image", "attrs": None},
    ],
)
def test_malformed_documents_never_raise(broken: object) -> None:
    assert isinstance(render(broken), str)  # type: ignore[arg-type]


def test_deeply_nested_document_does_not_exhaust_the_stack() -> None:
    node: dict = text("diep")
    for _ in range(5000):
        node = {"type": "blockquote", "content": [node]}
    assert isinstance(render(doc(node)), str)


def test_story_path_and_multilink_fields() -> None:
    assert story_path("home") == "/"
    assert story_path("de/home") == "/de"
    assert story_path("de/ueber-uns/team") == "/de/ueber-uns/team"
    field = {"id": "u", "linktype": "story", "fieldtype": "multilink", "cached_url": "over-ons"}
    assert link_href(field) == "/over-ons"
    assert link_href({"linktype": "url", "url": "https://example.com"}) == "https://example.com"
    assert link_href({"linktype": "email", "email": "a@b.nl"}) == "mailto:a@b.nl"
    assert link_href({"linktype": "url", "url": ""}) is None
    assert link_href({"linktype": "url", "url": "javascript:void(0)"}) is None


@pytest.mark.parametrize("href", ["javascript:alert(1)", " JaVa\tScRiPt:alert(1)",
                                  "data:text/html,<script>x</script>", "vbscript:msgbox(1)"])
def test_dangerous_links_are_refused_and_reported(href: str,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("ERROR", logger="dealer.content.links"):
        assert link_href({"linktype": "url", "url": href}) is None
    assert "content link refused" in caplog.text and "alert" not in caplog.text


def test_a_link_to_another_site_gives_it_no_handle_on_the_page() -> None:
    assert link("dealer", href="https://example.com/", linktype="url") == (
        '<p><a href="https://example.com/" rel="noopener">dealer</a></p>')


def test_nested_styled_text_keeps_every_colour_innermost_last() -> None:
    """Text coloured inside coloured text (an editor colours a word of a coloured line):
    one span per style, the first mark outermost, as the reference renderer writes it."""
    html = render(doc(para(
        text("blauw ", {"type": "textStyle", "attrs": {"color": "blue"}}),
        text("rood", {"type": "textStyle", "attrs": {"color": "blue"}},
             {"type": "textStyle", "attrs": {"color": "red"}}, {"type": "bold"}),
    )))
    assert html == ('<p><span style="color: blue">blauw </span>'
                    '<span style="color: blue"><span style="color: red"><strong>rood</strong>'
                    "</span></span></p>")


def test_a_cell_width_is_kept_beside_its_background_colour() -> None:
    table = {"type": "table", "content": [{"type": "tableRow", "content": [
        cell("tableCell", "Garantie", colwidth=[200], backgroundColor="#e0f2fe"),
        cell("tableHeader", "Jaren", colwidth=[200]),
    ]}]}
    assert render(doc(table)) == (
        '<table><tbody><tr><td style="width: 200px; background-color: #e0f2fe">'
        '<p>Garantie</p></td><th style="width: 200px"><p>Jaren</p></th></tr></tbody></table>')
