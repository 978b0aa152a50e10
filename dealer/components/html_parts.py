"""HTML the server puts into the served document, drawn by the app as it is: the editors'
frame (``dealer.views.frame``, from the document's data block), a page's parts
(``PageInfo.parts``, a list's first page of cards) and the markup both write alike
(``element``: a list's cards). The first paint and the drawn page agree, and nothing
moves when the app takes over."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import reflex as rx
from reflex.vars import VarData

from dealer.javascript import script
from dealer.views.frame import FRAME_DATA_ID
from dealer.views.stock import ListCard

# The router's navigate as the scripts of the app's handlers call it: ``rxFrameNavigate``.
ROUTER_NAVIGATE = VarData(imports={"react-router": ["useNavigate"]},
                          hooks={"const rxFrameNavigate = useNavigate();": None})

# A click on a link of the site inside such HTML changes the page in the app, as the
# app's own links do, instead of loading a new document. A link to a place in the same
# page is left to the browser (it sets the target that CSS may show: ``:target``).
FOLLOW_IN_APP = rx.Var(script(__file__, "follow_in_app"), _var_data=ROUTER_NAVIGATE)


def frame_part(locale: str, part: str, **props: Any) -> rx.Component:
    """A part of the editors' frame. Empty while the page is built (the server fills the
    place in)."""
    html = rx.Var(script(__file__, "frame_part", locale=locale, part=part,
                         data_id=FRAME_DATA_ID)).to(str)
    return rx.html(html, id=f"frame-{part}", custom_attrs={"onClick": FOLLOW_IN_APP},
                   **props)


def _part_id(name: str) -> str:
    """The id of the page's place for its part ``name`` (``web/frame.fill_parts``)."""
    return f"page-{name}"


def page_part(name: str, **props: Any) -> rx.Component:
    """A part of the page the server filled into the document (``PageInfo.parts``): the
    app's drawings keep the HTML that was there when it first drew (the app may draw
    into it since: ``served_cards``), so the page shows it until its state arrives. Empty
    wherever the document holds no such part (after a move within the site, the part is
    drawn afresh and has nothing to keep)."""
    element_id = _part_id(name)
    html = rx.Var(script(__file__, "page_part", element_id=element_id)).to(str)
    return rx.html(html, id=element_id, custom_attrs={"onClick": FOLLOW_IN_APP}, **props)


class ServedCardControls(rx.Component):
    """Its children drawn into the served card ``card``'s place for its controls."""

    library = "$/public" + rx.asset("served_cards.jsx", shared=True)
    tag = "ServedCardControls"
    grid: rx.Var[str]
    card: rx.Var[str]


def served_cards(cards: rx.Var[list[ListCard]], loaded: rx.Var[bool], drawn: rx.Component,
                 controls: Callable[[rx.Var], rx.Component] | None = None,
                 **props: Any) -> rx.Component:
    """A list's cards: until the list has ``loaded``, those the server sent
    (``page_part("cards")``); then, as long as they are the list's cards (their keys,
    ``ListCard.key``), still those, with each card's ``controls`` drawn into it; otherwise
    ``drawn``, the app's drawing of the list. Keeping the served cards spares the phone
    building, styling, laying out and painting the same cards again.

    Two places, so that the served cards stay the same element when the list arrives."""
    grid = _part_id("cards")
    keys = cards.map(lambda card: card.key).join(" ")
    kept = rx.Var(f"({script(__file__, 'served_cards', element_id=grid)})({loaded!s}, {keys!s})",
                  _var_data=VarData.merge(loaded._get_all_var_data(),
                                          keys._get_all_var_data())).to(bool)
    in_served = rx.foreach(cards, lambda card: ServedCardControls.create(
        controls(card), grid=grid, card=card.key)) if controls else rx.fragment()
    return rx.fragment(
        rx.cond(kept, page_part("cards", **props)),
        rx.cond(kept, in_served, rx.cond(loaded, drawn)),
    )


def element(tag: str, attrs: Mapping[str, Any], *children: Any, html: Any = None
            ) -> rx.Component:
    """An element as ``views.markup.element`` writes it into the served page (an
    ``Element`` of ``views.markup``): the same tag and attributes. ``html``: its content,
    HTML whose links the app follows."""
    # React names the class attribute ``className``; the others as HTML does.
    props = {"className" if name == "class" else name: value for name, value in attrs.items()}
    if html is not None:
        props |= {"dangerouslySetInnerHTML": {"__html": html}, "onClick": FOLLOW_IN_APP}
    return getattr(rx.el, tag)(*children, custom_attrs=props)
