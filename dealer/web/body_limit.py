"""A bound on what one request may send: the largest is a CV (5 MB) with its form.

A request that announces a longer body is answered 413 before it is read; one that sends
more than it announced (or streams without announcing) is cut off where it passes the
bound: the app sees the client leave, as after a dropped connection.
"""

from __future__ import annotations

import logging

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dealer.forms.uploads import MAX_BYTES
from dealer.visible import for_log

logger = logging.getLogger(__name__)

MAX_BODY_BYTES = MAX_BYTES + 64 * 1024  # the file and the multipart framing around it


def announced_length(scope: Scope) -> int | None:
    value = Headers(scope=scope).get("content-length", "")
    return int(value) if value.isdigit() and len(value) < 16 else None


async def bounded(app: ASGIApp, scope: Scope, receive: Receive, send: Send,
                  limit: int = MAX_BODY_BYTES) -> None:
    """``app`` for a request whose body may be at most ``limit`` bytes."""
    length = announced_length(scope)
    if length is not None and length > limit:
        logger.info("refused a %s-byte request body to %s", length, for_log(scope.get("path")))
        await PlainTextResponse("Request too large", status_code=413)(scope, receive, send)
        return
    received = 0

    async def counted() -> Message:
        nonlocal received
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            if received > limit:
                logger.info("cut off a request body to %s at %s bytes",
                            for_log(scope.get("path")), received)
                return {"type": "http.disconnect"}
        return message

    await app(scope, counted, send)
