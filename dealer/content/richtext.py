"""Rich text fields (ProseMirror JSON as the content service stores it) to HTML.

Everything that comes from the document is escaped; links and image sources
with a dangerous scheme are dropped. Unknown nodes render their children and
unknown marks are ignored, so a document never makes ``render`` raise.
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
}
_VOID_TAGS = {"horizontal_rule": "<hr>", "hard_break": "<br>"}
_MARK_TAGS = {
    "bold": "b",
    "strong": "strong",
    "italic": "i",
    "em": "em",
    "strike": "s",
    "underline": "u",
    "code": "code",
    "superscript": "sup",
    "subscript": "sub",
    "highlight": "mark",
}
# Class names and ids from the editor are limited to plain tokens.
_TOKEN = re.compile(r"^[A-Za-z][\w-]*$")
_MAX_DEPTH = 64  # deeper documents are cut off instead of exhausting the stack


def render(doc: dict) -> str:
    """HTML for a rich text document; an empty string for anything unusable."""
    return _node(doc, 0)


def _attr(name: str, value: Any) -> str:
    return f' {name}="{escape(str(value), quote=True)}"'


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
    inner = _children(node, depth)
    if kind in _BLOCK_TAGS:
        tag = _BLOCK_TAGS[kind]
        start = attrs.get("order")
        numbered_from = tag == "ol" and isinstance(start, int) and start != 1
        extra = _attr("start", start) if numbered_from else ""
        return f"<{tag}{extra}>{inner}</{tag}>"
    if kind == "heading":
        level = attrs.get("level")
        level = level if isinstance(level, int) and 1 <= level <= 6 else 2
        return f"<h{level}>{inner}</h{level}>"
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
        if href is None:
            return html
        extra = ""
        if attrs.get("target") == "_blank":
            extra = _attr("target", "_blank") + _attr("rel", "noopener noreferrer")
        elif href.startswith(("http://", "https://", "//")):
            extra = _attr("rel", "noopener")  # another site gets no handle on this page
        if attrs.get("title"):
            extra += _attr("title", attrs["title"])
        return f"<a{_attr('href', href)}{extra}>{html}</a>"
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
