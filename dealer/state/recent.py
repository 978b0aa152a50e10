"""The vehicles the visitor viewed last, kept in the browser only, and the row that shows
them (vehicle pages, the stock overview).

Functional storage (``dealer.consent``): a vehicle page records itself only while the
visitor allows functional cookies, and the list is forgotten when they refuse or withdraw
them (``forget``, on every page, as the sold vehicles leave the favourites there).
Vehicles sold since drop out whenever the row is drawn.
"""

from __future__ import annotations

import reflex as rx

from dealer import shortlists
from dealer.state.request import page_request
from dealer.stock.index import get_index
from dealer.views.stock import HEADLINE_DISPLAY, ListCard, card_values, list_cards

EMPTY = shortlists.dump([])


class RecentState(rx.State):
    store: str = rx.LocalStorage(EMPTY, name="dealer.recent", sync=True)
    cards: list[ListCard] = []  # noqa: RUF012 - Reflex copies state defaults per session
    # The vehicle whose page the cards were chosen for ("" a page about no vehicle).
    shown_for: str = ""

    @rx.event
    def viewed(self, slug: str) -> None:
        """A vehicle page was shown: the row leaves that vehicle out, and it becomes the
        most recent."""
        if not shortlists.is_slug(slug):
            return
        self._show(slug)
        self.store = shortlists.dump(shortlists.viewed(shortlists.parse_recent(self.store),
                                                       slug))

    @rx.event
    def show(self) -> None:
        """The row of a page about no vehicle in particular (the stock overview)."""
        self._show("")

    @rx.event
    def forget(self) -> None:
        if self.store != EMPTY:
            self.store, self.cards = EMPTY, []

    def _show(self, current: str) -> None:
        """The cards of the vehicles still on offer; the sold ones leave the list."""
        on_offer = get_index().cards_of(shortlists.parse_recent(self.store))
        kept = shortlists.dump(card.slug for card in on_offer)
        if kept != self.store:
            self.store = kept
        locale = page_request(self).locale
        shown = set(shortlists.recent_shown([card.slug for card in on_offer], current))
        self.cards = list_cards([card_values(card, locale, HEADLINE_DISPLAY)
                                 for card in on_offer if card.slug in shown],
                                below_the_fold=True)
        self.shown_for = current
