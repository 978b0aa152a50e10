"""Icons whose name is data: each name a component may show is imported literally.

An icon whose name is a runtime value would make the bundler ship the lazy-import map
of every lucide icon (about 200 KB gzip) to every page; matching the value against the
few names it can take keeps the bundle to those icons.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx


def icon_named(name: rx.Var[str], names: Sequence[str], **props) -> rx.Component:
    """The icon ``name`` holds, one of ``names``; nothing for any other value."""
    return rx.match(name, *((each, rx.icon(each, **props)) for each in names), rx.fragment())
