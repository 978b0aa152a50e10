"""The visitor's compare list and favourites, kept in the browser, and their two pages.

``ShortlistState`` owns both lists (JSON arrays of vehicle slugs in localStorage,
synced across tabs); ``CompareState`` and ``FavouritesState`` render the lists'
vehicles on their pages and change the lists through ``ShortlistState``.
"""

from __future__ import annotations

import reflex as rx

from dealer import shortlists
from dealer.db import session_scope
from dealer.i18n import format_number, gettext, ngettext
from dealer.shortlists import (
    COMPARE,
    FAVOURITES,
    SHORTLISTS,
    CompareColumn,
    CompareSection,
    Shortlist,
    ShortlistFullError,
)
from dealer.state.request import page_request
from dealer.stock.repository import VehicleDetail, vehicles_by_slugs
from dealer.views.stock import ListCard, list_cards

NOTICE_DURATION_MS = 10_000  # long enough to read a sentence about one's own lists
_STORES = {COMPARE.key: "compare_store", FAVOURITES.key: "favourite_store"}  # list -> var


class ShortlistState(rx.State):
    compare_store: str = rx.LocalStorage("[]", name=COMPARE.stored_as, sync=True)
    favourite_store: str = rx.LocalStorage("[]", name=FAVOURITES.stored_as, sync=True)

    @rx.var
    def compare_slugs(self) -> list[str]:
        return shortlists.parse(self.compare_store, COMPARE)

    @rx.var
    def favourite_slugs(self) -> list[str]:
        return shortlists.parse(self.favourite_store, FAVOURITES)

    @rx.var
    def compare_count(self) -> int:
        return len(self.compare_slugs)

    @rx.var
    def favourite_count(self) -> int:
        return len(self.favourite_slugs)

    def slugs(self, shortlist: Shortlist) -> list[str]:
        return shortlists.parse(getattr(self, _STORES[shortlist.key]), shortlist)

    def store(self, shortlist: Shortlist, slugs: list[str]) -> None:
        setattr(self, _STORES[shortlist.key], shortlists.dump(slugs))

    def apply(self, key: str, slug: str, name: str):
        """Tick (add) or untick (remove) a vehicle, as its box was pressed; the toast to
        show, if any."""
        shortlist = SHORTLISTS.get(key)
        if shortlist is None or not shortlists.is_slug(slug):
            return None
        locale = page_request(self).locale
        try:
            updated = shortlists.toggle(self.slugs(shortlist), slug, shortlist)
        except ShortlistFullError as full:
            return rx.toast.error(full.message(locale))
        self.store(shortlist, updated)
        if slug not in updated:
            return None
        return rx.toast.success(gettext(locale, shortlist.added, vehicle=name))

    @rx.event
    def toggle(self, key: str, slug: str, name: str):
        return self.apply(key, slug, name)

    @rx.event
    def prune(self):
        """Drop vehicles that were sold or removed since they were listed, and say how many."""
        lists = {shortlist: self.slugs(shortlist) for shortlist in SHORTLISTS.values()}
        listed = frozenset(slug for slugs in lists.values() for slug in slugs)
        if not listed:
            return None
        with session_scope() as session:
            available = shortlists.available_slugs(session, listed)
        for shortlist, slugs in lists.items():
            kept, removed = shortlists.prune(slugs, available)
            if removed:
                self.store(shortlist, kept)
        gone = len(listed - available)
        if not gone:
            return None
        locale = page_request(self).locale
        return rx.toast.info(shortlists.removed_notice(gone, locale),
                             duration=NOTICE_DURATION_MS, close_button=True)


def _details(slugs: list[str]) -> list[VehicleDetail]:
    with session_scope() as session:
        return list(vehicles_by_slugs(session, slugs).values())


class CompareState(rx.State):
    heading: str = ""
    columns: list[CompareColumn] = []  # noqa: RUF012 - Reflex copies state defaults per session
    sections: list[CompareSection] = []  # noqa: RUF012
    only_differences: bool = False
    loaded: bool = False

    @rx.var
    def count(self) -> int:
        return len(self.columns)

    @rx.var
    def shown_sections(self) -> list[CompareSection]:
        if self.only_differences:
            return shortlists.only_differences(self.sections)
        return self.sections

    @rx.event
    async def load(self) -> None:
        shortlist = await self.get_state(ShortlistState)
        self._show(_details(shortlist.slugs(COMPARE)))

    @rx.event
    async def remove(self, slug: str) -> None:
        shortlist = await self.get_state(ShortlistState)
        shortlist.store(COMPARE, shortlists.remove(shortlist.slugs(COMPARE), slug))
        self._show(_details(shortlist.slugs(COMPARE)))

    @rx.event
    def set_only_differences(self, value: bool) -> None:
        self.only_differences = value

    def _show(self, details: list[VehicleDetail]) -> None:
        locale = page_request(self).locale
        self.heading = shortlists.compare_heading(len(details), locale)
        self.columns = shortlists.compare_columns(details, locale)
        self.sections = shortlists.compare_sections(details, locale)
        self.loaded = True


class FavouritesState(rx.State):
    cards: list[ListCard] = []  # noqa: RUF012 - Reflex copies state defaults per session
    count_text: str = ""
    loaded: bool = False

    @rx.var
    def count(self) -> int:
        return len(self.cards)

    @rx.event
    async def load(self) -> None:
        shortlist = await self.get_state(ShortlistState)
        locale = page_request(self).locale
        details = _details(shortlist.slugs(FAVOURITES))
        self._show(list_cards([shortlists.vehicle_card(detail, locale) for detail in details]))
        self.loaded = True

    @rx.event
    async def toggle(self, key: str, slug: str, name: str):
        """The card controls of this page: an unticked favourite leaves the page."""
        shortlist = await self.get_state(ShortlistState)
        toast = shortlist.apply(key, slug, name)
        favourites = set(shortlist.slugs(FAVOURITES))
        self._show([card for card in self.cards if card.slug in favourites])
        return toast

    def _show(self, cards: list[ListCard]) -> None:
        locale = page_request(self).locale
        self.cards = cards
        self.count_text = ngettext(locale, "{n} vehicle", "{n} vehicles", len(cards),
                                   n=format_number(len(cards), locale))
