"""What the framework knows about an upload's target, for the HTTP layer's upload gate
(``dealer.web.upload_gate``): which event handlers take files, and which client tokens
belong to pages connected now. The one place that asks the framework's registry of
handlers and its token manager."""

from __future__ import annotations

from functools import cached_property

import reflex as rx
from reflex_base.event import resolve_upload_chunk_handler_param, resolve_upload_handler_param
from reflex_base.registry import RegistrationContext
from reflex_base.utils.exceptions import UploadTypeError, UploadValueError


class FrameworkUploadTargets:
    """The upload targets of ``app`` (``dealer.web.upload_gate.UploadTargets``)."""

    def __init__(self, app: rx.App) -> None:
        self.app = app

    @cached_property
    def file_handlers(self) -> frozenset[str]:
        """Names of the handlers that take files, as an upload request names them. Every
        state is defined before the first request: read once then."""
        names = set()
        for name, registered in RegistrationContext.get().event_handlers.items():
            handler = registered.handler
            resolve = (resolve_upload_chunk_handler_param if handler.is_background
                       else resolve_upload_handler_param)
            try:
                resolve(handler)
            except (UploadTypeError, UploadValueError):
                continue
            names.add(name)
        return frozenset(names)

    def takes_files(self, handler: str) -> bool:
        return handler in self.file_handlers

    async def is_connected(self, token: str) -> bool:
        namespace = self.app.event_namespace
        return (bool(token) and namespace is not None
                and await namespace._token_manager.is_token_connected(token))
