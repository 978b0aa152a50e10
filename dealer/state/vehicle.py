"""The vehicle page: the vehicle the URL names, its gallery position and the share action."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import gettext
from dealer.javascript import script
from dealer.state.request import page_request
from dealer.views.stock import ListCard
from dealer.views.vehicle import (
    VehicleView,
    vehicle_page_for,
)
from dealer.visible import for_log

logger = logging.getLogger(__name__)

# Runs in the browser on the share button's click; answers what it did.
SHARE_SCRIPT = script(__file__, "share")
SWIPE_DISTANCE = 40  # px a pointer must travel sideways to count as a swipe


class VehicleState(rx.State):
    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    found: bool = False
    failed: bool = False
    page_title: str = ""
    view: VehicleView = VehicleView()
    similar: list[ListCard] = []  # noqa: RUF012 - Reflex copies state defaults per session

    # The gallery.
    photo_index: int = 0
    fullscreen: bool = False
    _swipe_from: float | None = None

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        path = request.path
        self.photo_index = 0
        self.fullscreen = False
        try:
            page = vehicle_page_for(request)
        except Exception:  # the page must answer whatever the database does
            logger.exception("vehicle page failed for %s", for_log(path))
            self.failed, self.found, self.loaded_path = True, False, path
            self.similar = []
            return
        self.failed = False
        self.found = page.view is not None
        self.similar = page.similar
        self.page_title = page.info.title
        if page.view is not None:
            self.view = page.view
        self.loaded_path = path

    # --- gallery --------------------------------------------------------------------------

    @rx.event
    def show_photo(self, index: int) -> None:
        if self.view.photos and isinstance(index, int) and not isinstance(index, bool):
            self.photo_index = index % len(self.view.photos)

    @rx.event
    def next_photo(self) -> None:
        self.show_photo(self.photo_index + 1)

    @rx.event
    def previous_photo(self) -> None:
        self.show_photo(self.photo_index - 1)

    @rx.event
    def gallery_key(self, key: str, modifiers: dict) -> None:
        """Arrow keys page through the photos; with a modifier they stay the browser's."""
        if any(modifiers.get(name) for name in ("alt_key", "ctrl_key", "meta_key")):
            return
        moves = {"ArrowRight": self.photo_index + 1, "ArrowLeft": self.photo_index - 1,
                 "Home": 0, "End": len(self.view.photos) - 1}
        if key in moves:
            self.show_photo(moves[key])

    @rx.event
    def swipe_start(self, pointer: dict) -> None:
        self._swipe_from = pointer.get("client_x")

    @rx.event
    def swipe_end(self, pointer: dict) -> None:
        start, self._swipe_from = self._swipe_from, None
        end = pointer.get("client_x")
        if start is None or end is None or abs(end - start) < SWIPE_DISTANCE:
            return
        self.show_photo(self.photo_index + (1 if end < start else -1))

    @rx.event
    def set_fullscreen(self, open_: bool) -> None:
        self.fullscreen = open_

    # --- share ------------------------------------------------------------------------------

    @rx.event
    def shared(self, outcome: str):
        """Feedback after the share script: the copy fallback says where the link went."""
        locale = page_request(self).locale
        if outcome == "copied":
            return rx.toast.success(gettext(locale, "Link copied to the clipboard."))
        if outcome == "failed":
            return rx.toast.error(gettext(locale, "The link could not be copied: {url}",
                                          url=self.router.url.origin + self.view.path))
        return None
