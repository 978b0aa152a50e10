"""Uploads as the framework handles them.

What the framework knows about an upload's target, for the HTTP layer's upload gate
(``dealer.web.upload_gate``): which event handlers take files, and which client tokens
belong to pages connected now (the framework's registry of handlers and its token
manager). And where its browser client keeps an upload while it is sent.
"""

from __future__ import annotations

import json
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


# Where the framework's client keeps the upload of a drop zone while it is sent and its
# answer read (reflex_base/.templates/web/utils/helpers/upload.js): a new upload of that
# zone is dropped while one is there (tests/unit/test_framework_contract.py).
UPLOAD_IN_PROGRESS_REF = "__upload_controllers_{upload_id}"


def replacing_upload(upload_id: str) -> rx.EventSpec:
    """Lets the file still being sent from ``upload_id`` go, so that the file chosen now is
    sent: without it a visitor who at once chose another file saw that choice ignored."""
    ref = f"refs[{json.dumps(UPLOAD_IN_PROGRESS_REF.format(upload_id=upload_id))}]"
    return rx.call_script(f"{ref}?.abort(); delete {ref}")
