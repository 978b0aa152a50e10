"""What reaches the framework's upload endpoint (``POST /_upload``): a file for a handler
that takes files, from a page that is connected now, within the body limit.

The framework answered a handler that takes no file with a bare 500 and a 73-line
traceback, and made a state on the server for any client token it was given (1,000
POSTs with made-up tokens, 1,000 states). Both are answered 400 here, before the
framework sees the request; what the framework knows (its handlers, its connected pages)
comes from ``UploadTargets``, which the app hands in (``dealer.state.uploads``).
"""

from __future__ import annotations

import logging
from typing import Protocol

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from dealer.visible import for_log
from dealer.web.body_limit import bounded

logger = logging.getLogger(__name__)

UPLOAD_PATH = "/_upload"
# The headers the framework's client sends with an upload.
TOKEN_HEADER = "reflex-client-token"
HANDLER_HEADER = "reflex-event-handler"
TAKES_NO_FILE = "This event handler takes no file."
NOT_CONNECTED = "No page of this site is connected with this client token."


class UploadTargets(Protocol):
    """What the framework knows about an upload's target."""

    def takes_files(self, handler: str) -> bool:
        """Whether the event handler of this name takes uploaded files."""
        ...

    async def is_connected(self, token: str) -> bool:
        """Whether a page with this client token is connected now."""
        ...


class NoUploads:
    """Targets of an app without upload handlers."""

    def takes_files(self, handler: str) -> bool:
        return False

    async def is_connected(self, token: str) -> bool:
        return False


async def gate_upload(app: ASGIApp, scope: Scope, receive: Receive, send: Send,
                      targets: UploadTargets) -> None:
    """``app`` for an upload its target can take; 400 for any other."""
    headers = Headers(scope=scope)
    handler, token = headers.get(HANDLER_HEADER, ""), headers.get(TOKEN_HEADER, "")
    refusal = None
    if not targets.takes_files(handler):
        refusal = TAKES_NO_FILE
        logger.info("refused an upload to %s: it takes no file", for_log(handler))
    elif not await targets.is_connected(token):
        refusal = NOT_CONNECTED
        logger.info("refused an upload to %s: no page is connected with its token",
                    for_log(handler))
    if refusal is not None:
        await PlainTextResponse(refusal, status_code=400)(scope, receive, send)
        return
    await bounded(app, scope, receive, send)
