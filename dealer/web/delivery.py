"""How the HTTP layer delivers what it answers: caching, compression, security headers.

Hashed build assets (``/assets/``) never change under their name: they are read once
with the gzipped copy the build wrote (or gzipped once), kept in memory and cached by
browsers for a year. HTML is compressed and
revalidated on every visit (stock and prices change); a preview of drafts is kept by no
cache at all; other files are cached for a day.
"""

from __future__ import annotations

import gzip
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import Message, Send

ASSET_PREFIX = "/assets/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
ONE_DAY = "public, max-age=86400"
NO_STORE = "no-store"
PRIVATE = "private, no-store"  # a preview of drafts: for its editor only, kept nowhere
# Sent with every answer; HTML answers also carry the framing and referrer rules.
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), interest-cohort=()",
}
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/xml",
                "image/svg+xml")
MIN_COMPRESS_BYTES = 1024


def accepts_gzip(headers: Headers) -> bool:
    return "gzip" in headers.get("accept-encoding", "").lower()


def compressible(media_type: str) -> bool:
    return media_type.startswith(COMPRESSIBLE)


def deliver(response: Response, request: Headers, cache_control: str) -> Response:
    """``response`` with its caching rule, gzipped when the client takes it and it pays."""
    response.headers["cache-control"] = cache_control
    media_type = response.media_type or response.headers.get("content-type", "")
    if not compressible(media_type):
        return response
    response.headers["vary"] = ", ".join(
        part for part in (response.headers.get("vary"), "Accept-Encoding") if part
    )
    if accepts_gzip(request) and len(response.body) >= MIN_COMPRESS_BYTES:
        response.body = gzip.compress(response.body, compresslevel=6)
        response.headers["content-encoding"] = "gzip"
        response.headers["content-length"] = str(len(response.body))
    return response


def with_headers(send: Send, extra: dict[str, str]) -> Send:
    """``send`` that adds ``extra`` headers the answer does not set itself."""
    encoded = [(name.encode(), value.encode()) for name, value in extra.items()]

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            added = [(name, value) for name, value in encoded if name not in present]
            message = {**message, "headers": [*message.get("headers", []), *added]}
        await send(message)

    return sending


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    media_type: str


class AssetCache:
    """The build's hashed assets, read and compressed once per process."""

    def __init__(self) -> None:
        self._assets: dict[Path, Asset | None] = {}

    def get(self, root: Path, path: str) -> Asset | None:
        relative = path.removeprefix("/")
        file = (root / relative).resolve()
        if root not in file.parents:
            return None
        if file not in self._assets:
            self._assets[file] = self._load(file)
        return self._assets[file]

    @staticmethod
    def _load(file: Path) -> Asset | None:
        try:
            body = file.read_bytes()
        except OSError:
            return None
        media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if media_type == "text/javascript":
            media_type = "application/javascript"
        if not compressible(media_type):
            return Asset(body, None, media_type)
        try:  # the build writes a gzipped copy beside each file, as a proxy would send it
            return Asset(body, file.with_name(file.name + ".gz").read_bytes(), media_type)
        except OSError:
            pass
        if len(body) < MIN_COMPRESS_BYTES:
            return Asset(body, None, media_type)
        return Asset(body, gzip.compress(body, compresslevel=9), media_type)

    def response(self, root: Path, path: str, request: Headers) -> Response | None:
        asset = self.get(root, path)
        if asset is None:
            return None
        headers = {"cache-control": IMMUTABLE}
        if asset.gzipped is not None:
            headers["vary"] = "Accept-Encoding"
            if accepts_gzip(request):
                headers["content-encoding"] = "gzip"
                return Response(asset.gzipped, media_type=asset.media_type, headers=headers)
        return Response(asset.body, media_type=asset.media_type, headers=headers)
