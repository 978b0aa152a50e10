"""The compare and favourite checkboxes of a vehicle, bound to the visitor's lists.

Used on every stock card, the favourites page and the vehicle page.
"""

from __future__ import annotations

import reflex as rx

from dealer.components.shortlists import ControlLabels, ToggleHandler, shortlist_controls
from dealer.i18n import gettext
from dealer.state.shortlists import ShortlistState


def control_labels(locale: str) -> ControlLabels:
    return ControlLabels(compare=gettext(locale, "Compare"),
                         favourite=gettext(locale, "Favourite"))


def vehicle_controls(
    locale: str,
    slug: rx.Var[str] | str,
    name: rx.Var[str] | str,
    on_toggle: ToggleHandler = ShortlistState.toggle,
    ids: tuple[str, str] | None = None,
) -> rx.Component:
    """Checkboxes for the vehicle ``slug``; ``name`` labels them and its toasts; ``ids``
    see ``components.shortlists.shortlist_controls``."""
    slug_var, name_var = rx.Var.create(slug), rx.Var.create(name)
    return shortlist_controls(
        control_labels(locale),
        slug_var,
        name_var,
        compare_checked=ShortlistState.compare_slugs.contains(slug_var),
        favourite_checked=ShortlistState.favourite_slugs.contains(slug_var),
        on_toggle=on_toggle,
        ids=ids,
    )


def card_controls(locale: str, card: rx.Var, on_toggle: ToggleHandler = ShortlistState.toggle
                  ) -> rx.Component:
    """The controls of a stock card (``dealer.views.stock.ListCard``)."""
    return vehicle_controls(locale, card.slug, card.name, on_toggle)
