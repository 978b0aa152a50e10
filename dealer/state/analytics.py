"""Pushes each page's analytics events (``dealer.analytics``) into the browser's data layer
when the page is shown: over the page's own connection, no HTTP call. A preview of drafts
(the content editor's) is no visit: nothing of it goes into the data layer."""

from __future__ import annotations

import json
import logging

import reflex as rx

from dealer.analytics import page_events
from dealer.content.preview import is_preview
from dealer.state.request import page_request
from dealer.visible import for_log
from dealer.web.describe import described_lately

logger = logging.getLogger(__name__)


class AnalyticsState(rx.State):
    @rx.event
    async def page_shown(self):
        request = page_request(self)
        if is_preview(request.query):
            return None
        try:
            info = await described_lately(request.path, request.query)
        except Exception:  # measuring never troubles the visitor; the log keeps the cause
            logger.exception("analytics: no events for %s", for_log(request.path))
            return None
        entries = json.dumps(page_events(info, request.query), separators=(",", ":"))
        return rx.call_script(f"window.vmTrack&&window.vmTrack({entries})")
