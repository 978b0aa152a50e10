"""The location list and location pages, and the visitor's consent to the map."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.state.request import page_request
from dealer.views.locations import (
    MAP_CONSENT_DECLINED,
    LocationDetail,
    LocationListing,
    LocationSearch,
    load_locations,
    location_listing,
    served_location_page,
)
from dealer.visible import for_log

logger = logging.getLogger(__name__)


class MapConsentState(rx.State):
    """Whether the visitor said 'Not now' to the map, kept in the browser across visits
    (the consent itself is the cookie banner's 'functional' category)."""

    consent: str = rx.LocalStorage("", name="map-consent", sync=True)

    @rx.event
    def allow(self) -> None:
        self.consent = ""

    @rx.event
    def decline(self) -> None:
        self.consent = MAP_CONSENT_DECLINED


class LocationsState(rx.State):
    """The location list for the URL's search (place, brand, service)."""

    # The path of the URL the listing answers (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    listing: LocationListing = LocationListing()  # the presenter's, as one record
    failed: bool = False

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        search = LocationSearch.from_params(request.query)
        try:
            locations = load_locations()
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("locations failed to load for %s", for_log(request.path))
            self.failed, self.loaded_path = True, request.path
            return
        self.failed = False
        self.listing = location_listing(locations, search, request.locale)
        self.loaded_path = request.path


class LocationState(rx.State):
    """One branch, on its own or seen from one of its brands."""

    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    found: bool = True
    failed: bool = False
    page_title: str = ""
    view: LocationDetail = LocationDetail()

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        try:
            info, view = served_location_page(request)
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("location failed to load for %s", for_log(request.path))
            self.failed, self.loaded_path = True, request.path
            return
        self.failed, self.found, self.page_title = False, view is not None, info.title
        if view is not None:
            self.view = view
        self.loaded_path = request.path
