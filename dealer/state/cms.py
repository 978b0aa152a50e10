"""Content screens: the render-ready view of the current URL (see dealer.views.content)."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.state.request import page_request
from dealer.views.content import ContentPage, edited_view, for_browser, served_view

logger = logging.getLogger(__name__)


class CmsState(rx.State):
    # The path of the URL the view answers (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    view: ContentPage = ContentPage()
    # Videos from another host the visitor chose to play (block uids).
    playing: list[str] = []  # noqa: RUF012 - Reflex copies state defaults per session

    @rx.event(background=True)
    async def load(self):
        async with self:
            request = page_request(self)
        view = await served_view(request)
        async with self:
            # A slower load of a URL the visitor has left never replaces a later one's view.
            if page_request(self) != request:
                return
            self.view, self.loaded_path, self.playing = for_browser(view), request.path, []
        return [rx.toast.info(text) for text in view.toasts]

    @rx.event(background=True)
    async def preview_input(self, story: object):
        """The editor's change to a story, not saved yet (its bridge's ``input`` event): the
        page shows it at once. Only on a preview (``dealer.content.preview``)."""
        async with self:
            request = page_request(self)
        view = await edited_view(request.path, request.query, story)
        if view is None:
            return
        async with self:
            if page_request(self) == request:
                self.view, self.playing = for_browser(view), []

    @rx.event
    def play(self, uid: str) -> None:
        if uid not in self.playing:
            self.playing = [*self.playing, uid]
