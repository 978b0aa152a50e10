"""The location list and location pages, and the visitor's consent to the map."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import gettext
from dealer.params import text
from dealer.state.request import go_to, page_request
from dealer.views.locations import (
    LOAD_FAILED,
    MAP_CONSENT_DECLINED,
    MAX_QUERY_LENGTH,
    LocationDetail,
    LocationListing,
    LocationSearch,
    find_location,
    load_locations,
    location_detail,
    location_listing,
    location_missing,
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

    path: str = ""
    listing: LocationListing = LocationListing()  # the presenter's, as one record
    place: str = ""  # the place search as typed
    loaded: bool = False
    failed: bool = False
    failed_text: str = ""

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        locale = request.locale
        search = LocationSearch.from_params(request.query)
        try:
            locations = load_locations()
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("locations failed to load for %s", for_log(request.path))
            self.failed, self.failed_text = True, gettext(locale, LOAD_FAILED)
            return
        listing = location_listing(locations, search, locale)
        self.failed = False
        self.path = request.path
        self.listing, self.place = listing, listing.place
        self.loaded = True

    @rx.event
    def set_place(self, value: str) -> None:
        self.place = text(value, MAX_QUERY_LENGTH)

    @rx.event
    def search(self, form_data: dict):
        """The place search form: the search goes into the URL, like the filter links."""
        request = page_request(self)
        current = LocationSearch.from_params(request.query)
        place = form_data.get("place", "")
        wanted = current.replace(place=place if isinstance(place, str) else "")
        return go_to(LocationSearch.from_params(wanted.to_params()).path(request.locale))


class LocationState(rx.State):
    """One branch, on its own or seen from one of its brands."""

    path: str = ""  # the URL the values below belong to
    found: bool = True
    failed: bool = False
    failed_text: str = ""
    title: str = ""
    detail: LocationDetail = LocationDetail()

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        path, locale, params = request.path, request.locale, request.params
        brand = params.get("brand")
        try:
            location = find_location(params.get("location", ""), brand)
            neighbours = load_locations() if location is not None else []
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("location failed to load for %s", for_log(path))
            self.failed, self.failed_text = True, gettext(locale, LOAD_FAILED)
            self.path = path
            return
        self.failed = False
        self.found = location is not None
        if location is None:
            self.title = location_missing(request).title  # as the server says
        else:
            self.detail = location_detail(location, locale, brand=brand, neighbours=neighbours)
            self.title = self.detail.title
        self.path = path
