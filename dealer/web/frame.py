"""The editors' frame and a page's own parts in a served page (see ``dealer.views.frame``
and ``PageInfo.parts``).

The page draws each part of the frame from a data block in the document; the built HTML
holds empty places for the parts it prerendered (``id="frame-<part>"``, and
``id="page-<part>"`` for the page's), which are filled here with the same HTML. React
leaves HTML it was handed as HTML alone while it takes over the page, so the first paint
and the drawn page show the same frame and the same cards.
"""

from __future__ import annotations

import json

from dealer.framework.shell import fill_empty_places
from dealer.views.frame import FRAME_DATA_ID


def data_block(parts: dict[str, dict[str, str]]) -> str:
    """The parts of every language as a JSON data block (not run: it needs no CSP hash)."""
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c")  # nothing inside can close the element
    return f'<script type="application/json" id="{FRAME_DATA_ID}">{text}</script>'


def fill_parts(document: str, frame: dict[str, str], page: dict[str, str]) -> str:
    """The prerendered places of the frame filled with this language's parts, and those of
    the page with its own (``PageInfo.parts``)."""
    return fill_empty_places(document, {"frame": frame, "page": page})
