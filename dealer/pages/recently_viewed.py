"""The row of the visitor's recently viewed vehicles, wired to its state.

Drawn in the browser only, never in the served HTML: below a page's main content, so it
moves nothing when it appears. Kept only with the visitor's consent to functional storage.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

from dealer.components.consent import consent_given, consent_refused
from dealer.components.stock import card_section
from dealer.consent import FUNCTIONAL
from dealer.i18n import gettext
from dealer.pages.shortlist_controls import card_controls
from dealer.state.recent import EMPTY, RecentState


def recently_viewed(locale: str, shown_for: rx.Var[str] | str, on_show: EventSpec
                    ) -> rx.Component:
    """The row of a page: ``on_show`` asks for its cards (``RecentState.viewed`` on a
    vehicle's page, ``show`` elsewhere), ``shown_for`` is the vehicle it leaves out."""
    return rx.fragment(
        rx.cond(rx.State.is_hydrated & consent_given(FUNCTIONAL),
                rx.box(on_mount=on_show, display="none")),
        rx.cond(
            (RecentState.shown_for == shown_for) & (RecentState.cards.length() > 0),
            card_section(gettext(locale, "Recently viewed"), RecentState.cards,
                         lambda card: card_controls(locale, card),
                         data_testid="recently-viewed"),
        ),
    )


def forget_when_refused() -> rx.Component:
    """On every page: a visitor who refuses or withdraws functional storage has the list
    forgotten."""
    return rx.cond(
        rx.State.is_hydrated & consent_refused(FUNCTIONAL) & (RecentState.store != EMPTY),
        rx.box(on_mount=RecentState.forget, display="none"),
    )
