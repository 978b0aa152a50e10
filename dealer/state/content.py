"""Content pages: which story the catch-all URL shows."""

from __future__ import annotations

import reflex as rx

from dealer.pageinfo import describe


class ContentState(rx.State):
    found: bool = True
    title: str = ""

    @rx.event
    async def load(self) -> None:
        info = await describe(self.router.url.path)
        self.found = info.status == 200
        self.title = info.title
