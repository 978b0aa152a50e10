"""The lease offer overview (filters from the URL) and one lease offer."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.pageinfo import error_page
from dealer.state.request import page_request
from dealer.views.lease_offers import (
    OfferDetail,
    OfferListing,
    offer_detail,
    offer_listing,
)
from dealer.visible import for_log
from dealer.web.seo import page_title

logger = logging.getLogger(__name__)


class LeaseOffersState(rx.State):
    """The overview for the URL's filters."""

    # The path of the URL the listing answers (see dealer.pages.frame.at_current_url).
    loaded_path: str = ""
    listing: OfferListing = OfferListing()  # the presenter's, as one record
    failed: bool = False

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        try:
            page = offer_listing(request.query, request.locale)
        except Exception:  # the page must render whatever the database does
            logger.exception("lease offers failed for %s", for_log(request.path))
            self.failed, self.loaded_path = True, request.path
            return
        self.failed = False
        self.listing, self.loaded_path = page.view, request.path


class LeaseOfferState(rx.State):
    """One offer, or its not-found page."""

    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    found: bool = True
    title: str = ""  # the document title
    offer: OfferDetail = OfferDetail()

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        detail = offer_detail(request.params.get("offer", ""), request.locale)
        self.found = detail is not None
        if detail is None:
            self.title = error_page("lease_vehicle_not_found", request.path, request.locale,
                                    request.screen).title
        else:
            self.offer, self.title = detail, page_title(f"{detail.title} {detail.version}")
        self.loaded_path = request.path
