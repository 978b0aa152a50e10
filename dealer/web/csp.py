"""The Content-Security-Policy a page runs under.

Scripts run only from the site itself and, inline, exactly those the served document
holds (each allowed by its hash): a script smuggled into the markup runs nowhere. The
site's own code may evaluate text ('unsafe-eval'): the framework's client runs the
actions the server sends (notifications, the share button) that way. Styles may be inline:
the components insert their style elements at run time. Photos and videos may come from
any HTTPS host (stock photos and content images live with their services); the only
frames are the video players of content pages. No page may be framed, except a preview of
drafts by the content editor's origin, and only a preview may load the editor's bridge.
"""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlsplit

from dealer.content.preview import origin
from dealer.reservations.mollie import MOLLIE_CHECKOUT_ORIGINS, uses_demo
from dealer.settings import Settings, get_settings
from dealer.views.content import VIDEO_HOSTS
from dealer.web.tags import tag_origins

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)([^>]*)>(.*?)</script>", re.DOTALL)
_DATA_BLOCK = re.compile(r'\stype="application/(?:ld\+)?json"')
# The players content pages embed (after the visitor asks for the video).
VIDEO_PLAYERS = sorted({"https://" + urlsplit(embed).netloc for _, embed in VIDEO_HOSTS.values()})


def script_hashes(document: str) -> list[str]:
    """The CSP hash source of every inline script the document runs (data blocks such as
    JSON-LD are not run, so they need none)."""
    return sorted({
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for attributes, body in _INLINE_SCRIPT.findall(document)
        if body and not _DATA_BLOCK.search(attributes)
    })


def map_tile_origin() -> list[str]:
    """The configured map tile server (it may be a plain-HTTP server on a private network)."""
    url = get_settings().map_tile_url
    parts = urlsplit(url) if url else None
    return [f"{parts.scheme}://{parts.netloc}"] if parts and parts.scheme == "http" else []


def checkout_origins(settings: Settings) -> list[str]:
    """Where Mollie's checkout pages are (none in the demo: its checkout is the site's)."""
    return [] if uses_demo(settings) else list(MOLLIE_CHECKOUT_ORIGINS)


def websocket_origins() -> list[str]:
    """The site's origins as websocket origins (ws://, wss://)."""
    return ["ws" + own.removeprefix("http") for own in get_settings().own_origins]


def content_security_policy(document: str, *, preview: bool = False) -> str:
    """The policy of ``document``; a ``preview`` of drafts may be framed by the content
    editor and load its bridge script."""
    settings = get_settings()
    tags = tag_origins(settings)
    bridge = [origin(settings.content_bridge_url)] if preview else []
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'unsafe-eval'", *script_hashes(document), *tags, *bridge],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:", *map_tile_origin()],
        "media-src": ["'self'", "https:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", *settings.own_origins, *websocket_origins(), *tags],
        "frame-src": VIDEO_PLAYERS,
        "frame-ancestors": [origin(settings.content_editor_origin)] if preview else ["'none'"],
        "base-uri": ["'self'"],
        # The reservation form leads to the payment provider's checkout (a redirect).
        "form-action": ["'self'", *checkout_origins(settings)],
        "object-src": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())
