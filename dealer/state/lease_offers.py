"""The lease offer overview (filters from the URL) and one lease offer."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import gettext, locale_from_path
from dealer.pageinfo import Link
from dealer.routes import resolve
from dealer.views.lease_offers import (
    OFFER_NOT_FOUND_TITLE,
    OfferCard,
    OfferDetail,
    offer_detail,
    offer_listing,
)
from dealer.views.stock import FilterGroup
from dealer.web.seo import page_title

logger = logging.getLogger(__name__)


class LeaseOffersState(rx.State):
    cards: list[OfferCard] = []  # noqa: RUF012 - Reflex copies state defaults per session
    groups: list[FilterGroup] = []  # noqa: RUF012
    pills: list[Link] = []  # noqa: RUF012
    shown: int = 0
    total: int = 0
    count_text: str = ""
    reset_href: str = ""
    loaded: bool = False
    failed: bool = False

    @rx.event
    def load(self) -> None:
        url = self.router.url
        try:
            listing = offer_listing(url.query_parameters, locale_from_path(url.path))
        except Exception:  # the page must render whatever the database does
            logger.exception("lease offers failed for %s", url)
            self.failed = True
            return
        self.failed = False
        self.loaded = True
        for key in ("cards", "groups", "pills", "shown", "total", "count_text", "reset_href"):
            setattr(self, key, listing[key])


class LeaseOfferState(rx.State):
    found: bool = True
    loaded: bool = False
    title: str = ""
    offer: OfferDetail = OfferDetail()

    @rx.event
    def load(self) -> None:
        path = self.router.url.path
        locale = locale_from_path(path)
        resolved = resolve(path)
        detail = offer_detail(resolved[2].get("offer", "") if resolved else "", locale)
        self.loaded = True
        self.found = detail is not None
        if detail is None:
            self.title = page_title(gettext(locale, OFFER_NOT_FOUND_TITLE))
            return
        self.offer = detail
        self.title = page_title(f"{detail.title} {detail.version}")
