"""The lease offer overview (filters from the URL) and one lease offer."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.pageinfo import error_page
from dealer.state.request import page_request
from dealer.views.lease_offers import (
    OfferDetail,
    offer_detail,
    offer_listing,
)
from dealer.visible import for_log
from dealer.web.seo import page_title

logger = logging.getLogger(__name__)


class LeaseOffersState(rx.State):
    cards: list[str] = []  # noqa: RUF012 - Reflex copies state defaults per session
    filter_links: str = ""  # the filters as links, as HTML (the same in the served page)
    pills: str = ""  # the active filters' links, as HTML
    shown: int = 0
    total: int = 0
    count_html: str = ""
    loaded: bool = False
    failed: bool = False

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        try:
            listing = offer_listing(request.query, request.locale)
        except Exception:  # the page must render whatever the database does
            logger.exception("lease offers failed for %s", for_log(request.path))
            self.failed = True
            return
        self.failed = False
        self.loaded = True
        for key in ("cards", "filter_links", "pills", "shown", "total", "count_html"):
            setattr(self, key, listing[key])


class LeaseOfferState(rx.State):
    loaded_path: str = ""  # the URL the values below answer
    found: bool = True
    title: str = ""
    offer: OfferDetail = OfferDetail()

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        detail = offer_detail(request.params.get("offer", ""), request.locale)
        self.loaded_path = request.path
        self.found = detail is not None
        if detail is None:
            self.title = error_page("lease_vehicle_not_found", request.path, request.locale,
                                    request.screen).title
            return
        self.offer = detail
        self.title = page_title(f"{detail.title} {detail.version}")
