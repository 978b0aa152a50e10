"""The content editor's bridge in a preview of drafts (``preview.jsx``) and the markers
it finds blocks by.

The HTTP layer loads the bridge's script in preview answers only
(``dealer.content.preview``); elsewhere the component does nothing.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.event import passthrough_event_spec


class PreviewBridge(rx.Component):
    library = "$/public" + rx.asset("preview.jsx", shared=True)
    tag = "PreviewBridge"

    # The story the editor is changing, sent with the bridge's 'input' event.
    on_input: rx.EventHandler[passthrough_event_spec(dict)]


def preview_bridge(on_input: Any) -> rx.Component:
    """Reloads the page when the editor saves or publishes, and hands ``on_input`` the
    story the editor is changing, without a reload."""
    return PreviewBridge.create(on_input=on_input)


def editable(record: rx.Var, child: rx.Component) -> rx.Component:
    """``child`` inside the box the editor's bridge outlines and opens on a click
    (``data-blok-c`` / ``data-blok-uid``): a box of its own only where the record has the
    markers (a preview), else none (``.cms-blok`` in site.css)."""
    return rx.el.div(
        child,
        class_name="cms-blok",
        custom_attrs={"data-blok-c": rx.cond(record.blok_c != "", record.blok_c, None),
                      "data-blok-uid": rx.cond(record.blok_uid != "", record.blok_uid, None)},
    )
