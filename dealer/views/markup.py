"""HTML built in Python: MarkupSafe's ``Markup``, which escapes whatever it is given.

``Html('<a href="{}">{}</a>').format(href, label)`` escapes ``href`` and ``label``; a
value that is already HTML (``Html``, MarkupSafe's ``Markup``, anything with
``__html__``) goes in as it is, never escaped twice. Joining (``Html("").join``) and
adding (``Html(...) + text``) escape plain strings the same way. Only the fixed
template itself is trusted, so a template is always a literal.

``Html`` is ``Markup`` with the entities the site has always served: ``&quot;`` and
``&#x27;`` for quotes (those of Python's ``html.escape``, and of React), where MarkupSafe
writes ``&#34;`` and ``&#39;``. The browser reads both alike; keeping the bytes keeps
the served pages, and the app's copies of the same HTML, identical to what they were.

The presenters' public functions return ``str`` (``html_str``): callers join them into
pages and state as text, and a ``Markup`` there would escape the plain text it meets.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from markupsafe import Markup


class Html(Markup):
    """``Markup`` whose escaping writes ``&quot;`` and ``&#x27;`` (see the module)."""

    __slots__ = ()

    @classmethod
    def escape(cls, s: Any, /) -> Html:
        if hasattr(s, "__html__"):
            return cls(s.__html__())
        return cls(html.escape(str(s), quote=True))


EMPTY = Html("")


def html_str(value: Any) -> str:
    """``value`` escaped unless it is HTML already, as a plain ``str``."""
    return str(Html.escape(value))


AttributeValue = str | int | bool | None
Attributes = Mapping[str, AttributeValue] | Iterable[tuple[str, AttributeValue]]


def attributes(pairs: Attributes) -> Html:
    """`` name="value"`` for each attribute, the values escaped; ``True`` writes the name
    alone (a boolean attribute), ``None`` and ``False`` leave the attribute out."""
    items = pairs.items() if isinstance(pairs, Mapping) else pairs
    return EMPTY.join(
        Html(" {}").format(name) if value is True else Html(' {}="{}"').format(name, value)
        for name, value in items if value is not None and value is not False)


def element(tag: str, attrs: Attributes = (), *children: Any, html: Any = EMPTY,
            void: bool = False) -> Html:
    """``<tag attrs>children</tag>``; a child that is not HTML already is escaped.
    ``html``: content that is HTML already, after the children (as an ``Element`` is
    handed it; a plain string is escaped).
    ``void``: an element without content or end tag (``<img>``, ``<br>``). ``tag`` is
    the presenter's own (a literal or from a fixed table), never a visitor's or an
    editor's text."""
    start = Html("<{}{}>").format(Html(tag), attributes(attrs))
    if void:
        return start
    return start + EMPTY.join((*children, html)) + Html("</{}>").format(Html(tag))


Node = TypeVar("Node")


class Element(Protocol[Node]):
    """Makes an element, so that one function writes markup that the served page and the
    app show alike: ``element`` writes it as HTML, ``components.html_parts.element``
    draws it as a component. ``html`` is content that is HTML already, which the app
    shows as it is; an element has either ``children`` or ``html``."""

    def __call__(self, tag: str, attrs: Mapping[str, Any], *children: Node,
                 html: Any = ...) -> Node: ...
