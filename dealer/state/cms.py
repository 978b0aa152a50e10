"""Content screens: the render-ready view of the current URL (see dealer.views.content)."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.pageinfo import Link
from dealer.state.request import page_request
from dealer.views.content import (
    Block,
    ContentView,
    Item,
    edited_view,
    for_browser,
    served_view,
)

logger = logging.getLogger(__name__)


class CmsState(rx.State):
    # What the page renders, for the current URL only.
    ready: bool = False
    found: bool = True
    title: str = ""
    heading: str = ""
    lead: str = ""
    meta: str = ""
    layout: str = "default"
    blocks: list[Block] = []  # noqa: RUF012 - Reflex copies state defaults per session
    filters: list[Block] = []  # noqa: RUF012
    facts: list[Item] = []  # noqa: RUF012
    prices: list[Item] = []  # noqa: RUF012
    actions: list[Item] = []  # noqa: RUF012
    downloads: list[Item] = []  # noqa: RUF012
    crumbs: list[Link] = []  # noqa: RUF012
    back_label: str = ""
    back_href: str = ""
    # Videos from another host the visitor chose to play (block uids).
    playing: list[str] = []  # noqa: RUF012
    _request: str = ""  # the URL being loaded; a slower earlier load must not overwrite it

    @rx.event(background=True)
    async def load(self):
        async with self:
            url = self.router.url
            page = page_request(self)
            request = f"{url.path}?{url.query}"
            self._request = request
            self.ready = False
        view = await served_view(page)
        async with self:
            if self._request != request:
                return
            self._show(view)
        return [rx.toast.info(text) for text in view.toasts]

    @rx.event(background=True)
    async def preview_input(self, story: object):
        """The editor's change to a story, not saved yet (its bridge's ``input`` event): the
        page shows it at once. Only on a preview (``dealer.content.preview``)."""
        async with self:
            url = self.router.url
            request = f"{url.path}?{url.query}"
        view = await edited_view(url.path, url.query_parameters, story)
        if view is None:
            return
        async with self:
            if self._request == request:
                self._show(view)

    def _show(self, view: ContentView) -> None:
        info = view.info
        self.found = view.found
        self.title = info.title
        self.heading = info.heading
        self.crumbs = info.breadcrumbs
        for key in ("lead", "meta", "layout", "filters", "facts", "prices",
                    "actions", "downloads", "back_label", "back_href"):
            setattr(self, key, getattr(view, key))
        self.blocks = [for_browser(block) for block in view.blocks]
        self.playing = []
        self.ready = True

    @rx.event
    def play(self, uid: str) -> None:
        if uid not in self.playing:
            self.playing = [*self.playing, uid]
