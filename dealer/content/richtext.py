"""Rich text fields (ProseMirror JSON as the content service stores it) to HTML.

The output follows the content service's own renderer: bold as ``strong``, italic as
``em``, text styles and highlights as coloured spans, tables with header cells, column
spans and widths, text alignment of paragraphs and headings, and a link without a usable
target as a plain anchor. Everything that comes from the document is escaped; colours
must be colour values and links and image sources with a dangerous scheme are dropped.
Unknown nodes render their children and unknown marks are ignored, so a document never
makes ``render`` raise.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from dealer.content.links import link_href, safe_href

_BLOCK_TAGS = {
    "paragraph": "p",
    "blockquote": "blockquote",
    "bullet_list": "ul",
    "ordered_list": "ol",
    "list_item": "li",
    "tableRow": "tr",
}
_CELL_TAGS = {"tableCell": "td", "tableHeader": "th"}
_ALIGNMENTS = frozenset({"left", "center", "right", "justify"})
_VOID_TAGS = {"horizontal_rule": "<hr>", "hard_break": "<br>"}
_MARK_TAGS = {
    "bold": "strong",
    "strong": "strong",
    "italic": "em",
    "em": "em",
    "strike": "s",
    "underline": "u",
    "code": "code",
    "superscript": "sup",
    "subscript": "sub",
}
# Class names and ids from the editor are limited to plain tokens.
_TOKEN = re.compile(r"^[A-Za-z][\w-]*$")
_MAX_DEPTH = 64  # deeper documents are cut off instead of exhausting the stack
_MAX_SPAN = 1000  # column and row spans, as browsers limit them
_MAX_WIDTH = 4000  # column widths in pixels
# Colour values a style may carry: hex, rgb()/hsl() with plain numbers, or a named colour.
_HEX_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_FUNCTION_COLOUR = re.compile(
    r"^(?:rgb|rgba|hsl|hsla)\(\s*[\d.]+(?:%|deg)?(?:\s*[,\s/]\s*[\d.]+(?:%|deg)?){2,3}\s*\)$",
    re.IGNORECASE)
_NAMED_COLOURS = frozenset(re.findall(r"[a-z]+", """
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen
magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
yellowgreen"""))


def render(doc: dict) -> str:
    """HTML for a rich text document; an empty string for anything unusable."""
    return _node(doc, 0)


def _attr(name: str, value: Any) -> str:
    return f' {name}="{escape(str(value), quote=True)}"'


def colour(value: Any) -> str | None:
    """``value`` when it is a colour value a style may safely carry, else None."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if (_HEX_COLOUR.match(value) or _FUNCTION_COLOUR.match(value)
            or value.lower() in _NAMED_COLOURS):
        return value
    return None


def _style(**properties: str | None) -> str:
    """A style attribute of the properties that have a value (values checked before)."""
    declarations = [f"{name.replace('_', '-')}: {value}"
                    for name, value in properties.items() if value]
    return _attr("style", "; ".join(declarations)) if declarations else ""


def _alignment(attrs: dict[str, Any]) -> str:
    align = attrs.get("textAlign")
    return _style(text_align=align if align in _ALIGNMENTS else None)


def _count(value: Any, limit: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and \
        1 <= value <= limit else None


def _cell(tag: str, attrs: dict[str, Any], inner: str) -> str:
    """A table cell: its spans, its width (the first of the widths the editor set, as
    the content service's renderer writes it) and background colour."""
    extra = ""
    for name in ("colspan", "rowspan"):
        span = _count(attrs.get(name), _MAX_SPAN)
        if span and span > 1:
            extra += _attr(name, span)
    widths = attrs.get("colwidth")
    width = _count(widths[0], _MAX_WIDTH) if isinstance(widths, list) and widths else None
    extra += _style(width=f"{width}px" if width else None,
                    background_color=colour(attrs.get("backgroundColor")))
    return f"<{tag}{extra}>{inner}</{tag}>"


def _attrs(node: dict) -> dict[str, Any]:
    attrs = node.get("attrs")
    return attrs if isinstance(attrs, dict) else {}


def _children(node: dict, depth: int) -> str:
    content = node.get("content")
    if not isinstance(content, list):
        return ""
    return "".join(_node(child, depth + 1) for child in content)


def _node(node: Any, depth: int) -> str:
    if not isinstance(node, dict) or depth > _MAX_DEPTH:
        return ""
    kind = node.get("type")
    attrs = _attrs(node)
    if kind == "text":
        return _text(node)
    if kind in _VOID_TAGS:
        return _VOID_TAGS[kind]
    if kind == "image":
        return _image(attrs)
    if kind == "blok":  # embedded components are rendered by the page, not here
        return ""
    if kind == "emoji":
        return _emoji(attrs)
    inner = _children(node, depth)
    if kind in _BLOCK_TAGS:
        tag = _BLOCK_TAGS[kind]
        start = attrs.get("order")
        numbered_from = tag == "ol" and isinstance(start, int) and start != 1
        extra = _attr("start", start) if numbered_from else ""
        if tag == "p":
            extra = _alignment(attrs)
        return f"<{tag}{extra}>{inner}</{tag}>"
    if kind == "heading":
        level = attrs.get("level")
        level = level if isinstance(level, int) and 1 <= level <= 6 else 2
        return f"<h{level}{_alignment(attrs)}>{inner}</h{level}>"
    if kind == "table":
        return f"<table><tbody>{inner}</tbody></table>"
    if kind in _CELL_TAGS:
        return _cell(_CELL_TAGS[kind], attrs, inner)
    if kind == "code_block":
        css = attrs.get("class")
        extra = _attr("class", css) if isinstance(css, str) and _TOKEN.match(css) else ""
        return f"<pre><code{extra}>{inner}</code></pre>"
    return inner


def _image(attrs: dict[str, Any]) -> str:
    src = safe_href(str(attrs.get("src") or ""))
    if src is None or src.lower().startswith(("mailto:", "tel:")):
        return ""
    html = "<img" + _attr("src", src)
    for name in ("alt", "title"):
        if attrs.get(name):
            html += _attr(name, attrs[name])
    return html + ' loading="lazy">'


def _emoji(attrs: dict[str, Any]) -> str:
    emoji, name = attrs.get("emoji"), attrs.get("name")
    if not isinstance(emoji, str) or not emoji or len(emoji) > 16:
        return ""
    label = _attr("data-name", name) if isinstance(name, str) and _TOKEN.match(name) else ""
    return f'<span data-type="emoji"{label}>{escape(emoji)}</span>'


def _text(node: dict) -> str:
    html = escape(str(node.get("text") or ""), quote=True)
    marks = node.get("marks")
    if not isinstance(marks, list):
        return html
    # The first mark is the outermost element.
    for mark in reversed(marks):
        if isinstance(mark, dict):
            html = _apply_mark(mark, html)
    return html


def _apply_mark(mark: dict, html: str) -> str:
    kind = mark.get("type")
    attrs = _attrs(mark)
    if kind in _MARK_TAGS:
        tag = _MARK_TAGS[kind]
        return f"<{tag}>{html}</{tag}>"
    if kind == "link":
        href = link_href(attrs)
        if href is None:  # no target (or a dangerous one): a plain anchor, as the text
            return f"<a>{html}</a>"
        extra = ""
        if attrs.get("target") == "_blank":
            extra = _attr("target", "_blank") + _attr("rel", "noopener noreferrer")
        elif href.startswith(("http://", "https://", "//")):
            extra = _attr("rel", "noopener")  # another site gets no handle on this page
        if attrs.get("title"):
            extra += _attr("title", attrs["title"])
        return f"<a{_attr('href', href)}{extra}>{html}</a>"
    if kind in ("textStyle", "highlight"):
        value = colour(attrs.get("color"))
        if kind == "highlight":
            return f"<mark{_style(background_color=value)}>{html}</mark>"
        return f"<span{_style(color=value)}>{html}</span>" if value else html
    if kind == "styled":
        css = attrs.get("class")
        if isinstance(css, str) and _TOKEN.match(css):
            return f"<span{_attr('class', css)}>{html}</span>"
        return html
    if kind == "anchor":
        anchor = attrs.get("id")
        if isinstance(anchor, str) and _TOKEN.match(anchor):
            return f"<span{_attr('id', anchor)}>{html}</span>"
        return html
    return html
