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
from typing import Any

from dealer.content.links import link_href, safe_href
from dealer.views.markup import EMPTY, Html, element

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
_VOID_TAGS = {"horizontal_rule": "hr", "hard_break": "br"}
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
    return str(_node(doc, 0))


def colour(value: Any) -> str | None:
    """``value`` when it is a colour value a style may safely carry, else None."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if (_HEX_COLOUR.match(value) or _FUNCTION_COLOUR.match(value)
            or value.lower() in _NAMED_COLOURS):
        return value
    return None


def _style(**properties: str | None) -> str | None:
    """A style attribute's value of the properties that have a value (values checked
    before); None without any."""
    declarations = [f"{name.replace('_', '-')}: {value}"
                    for name, value in properties.items() if value]
    return "; ".join(declarations) if declarations else None


def _alignment(attrs: dict[str, Any]) -> dict[str, str | None]:
    align = attrs.get("textAlign")
    return {"style": _style(text_align=align if align in _ALIGNMENTS else None)}


def _count(value: Any, limit: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and \
        1 <= value <= limit else None


def _cell(tag: str, attrs: dict[str, Any], inner: Html) -> Html:
    """A table cell: its spans, its width (the first of the widths the editor set, as
    the content service's renderer writes it) and background colour."""
    extra: dict[str, int | str | None] = {}
    for name in ("colspan", "rowspan"):
        span = _count(attrs.get(name), _MAX_SPAN)
        if span and span > 1:
            extra[name] = span
    widths = attrs.get("colwidth")
    width = _count(widths[0], _MAX_WIDTH) if isinstance(widths, list) and widths else None
    extra["style"] = _style(width=f"{width}px" if width else None,
                            background_color=colour(attrs.get("backgroundColor")))
    return element(tag, extra, inner)


def _attrs(node: dict) -> dict[str, Any]:
    attrs = node.get("attrs")
    return attrs if isinstance(attrs, dict) else {}


def _children(node: dict, depth: int) -> Html:
    content = node.get("content")
    if not isinstance(content, list):
        return EMPTY
    return EMPTY.join(_node(child, depth + 1) for child in content)


def _token(value: Any) -> str | None:
    """``value`` when it is a plain token (a class name, an id), else None."""
    return value if isinstance(value, str) and _TOKEN.match(value) else None


def _node(node: Any, depth: int) -> Html:
    if not isinstance(node, dict) or depth > _MAX_DEPTH:
        return EMPTY
    kind = node.get("type")
    attrs = _attrs(node)
    if kind == "text":
        return _text(node)
    if kind in _VOID_TAGS:
        return element(_VOID_TAGS[kind], void=True)
    if kind == "image":
        return _image(attrs)
    if kind == "blok":  # embedded components are rendered by the page, not here
        return EMPTY
    if kind == "emoji":
        return _emoji(attrs)
    inner = _children(node, depth)
    if kind in _BLOCK_TAGS:
        tag = _BLOCK_TAGS[kind]
        start = attrs.get("order")
        numbered_from = tag == "ol" and isinstance(start, int) and start != 1
        extra = {"start": str(start) if numbered_from else None}
        if tag == "p":
            extra = _alignment(attrs)
        return element(tag, extra, inner)
    if kind == "heading":
        level = attrs.get("level")
        level = level if isinstance(level, int) and 1 <= level <= 6 else 2
        return element(f"h{level}", _alignment(attrs), inner)
    if kind == "table":
        return element("table", {}, element("tbody", {}, inner))
    if kind in _CELL_TAGS:
        return _cell(_CELL_TAGS[kind], attrs, inner)
    if kind == "code_block":
        return element("pre", {}, element("code", {"class": _token(attrs.get("class"))}, inner))
    return inner


def _image(attrs: dict[str, Any]) -> Html:
    src = safe_href(str(attrs.get("src") or ""))
    if src is None or src.lower().startswith(("mailto:", "tel:")):
        return EMPTY
    alt, title = (str(attrs[name]) if attrs.get(name) else None for name in ("alt", "title"))
    return element("img", {"src": src, "alt": alt, "title": title, "loading": "lazy"},
                   void=True)


def _emoji(attrs: dict[str, Any]) -> Html:
    emoji, name = attrs.get("emoji"), attrs.get("name")
    if not isinstance(emoji, str) or not emoji or len(emoji) > 16:
        return EMPTY
    return element("span", {"data-type": "emoji", "data-name": _token(name)}, emoji)


def _text(node: dict) -> Html:
    html = Html.escape(str(node.get("text") or ""))
    marks = node.get("marks")
    if not isinstance(marks, list):
        return html
    # The first mark is the outermost element.
    for mark in reversed(marks):
        if isinstance(mark, dict):
            html = _apply_mark(mark, html)
    return html


def _apply_mark(mark: dict, html: Html) -> Html:
    kind = mark.get("type")
    attrs = _attrs(mark)
    if kind in _MARK_TAGS:
        return element(_MARK_TAGS[kind], {}, html)
    if kind == "link":
        href = link_href(attrs)
        if href is None:  # no target (or a dangerous one): a plain anchor, as the text
            return element("a", {}, html)
        extra: dict[str, str | None] = {"href": href}
        if attrs.get("target") == "_blank":
            extra |= {"target": "_blank", "rel": "noopener noreferrer"}
        elif href.startswith(("http://", "https://", "//")):
            extra["rel"] = "noopener"  # another site gets no handle on this page
        if attrs.get("title"):
            extra["title"] = str(attrs["title"])
        return element("a", extra, html)
    if kind in ("textStyle", "highlight"):
        value = colour(attrs.get("color"))
        if kind == "highlight":
            return element("mark", {"style": _style(background_color=value)}, html)
        return element("span", {"style": _style(color=value)}, html) if value else html
    if kind == "styled":
        css = _token(attrs.get("class"))
        return element("span", {"class": css}, html) if css else html
    if kind == "anchor":
        anchor = _token(attrs.get("id"))
        return element("span", {"id": anchor}, html) if anchor else html
    return html
