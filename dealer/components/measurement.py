"""Analytics in the browser, as the app's wrapper: clicks on elements that name their
event and the page's Core Web Vitals go into the data layer (``dealer.analytics``).
``tracked`` gives an element the event its click pushes."""

from __future__ import annotations

from typing import Any

import reflex as rx

from dealer.analytics import click

WEB_VITALS_PACKAGE = "web-vitals@5.3.0"
_SLOT = "@@"  # marks where a Var's value goes in the JSON (JSON never escapes it)


class Measurement(rx.Component):
    library = "$/public" + rx.asset("measurement.jsx", shared=True)
    tag = "Measurement"
    lib_dependencies: list[str] = [WEB_VITALS_PACKAGE]  # noqa: RUF012 - the framework's field


def measurement(*children: rx.Component) -> rx.Component:
    return Measurement.create(*children)


def tracked(name: str, **payload: Any) -> dict[str, Any]:
    """``custom_attrs`` that make an element's click push event ``name``; payload values
    may be the page's Vars (ids of what it shows)."""
    values = {key: value for key, value in payload.items() if isinstance(value, rx.Var)}
    text = click(name, **{key: _SLOT + key + _SLOT if key in values else value
                          for key, value in payload.items()})
    parts = text.split(_SLOT)
    # Odd parts name a Var: the attribute is the JSON with the Var's value in its place.
    pieces = [values[part] if index % 2 else part for index, part in enumerate(parts)]
    attribute = pieces[0] if len(pieces) == 1 else rx.Var.create(pieces[0]).to(str)
    for piece in pieces[1:]:
        attribute = attribute + piece
    return {"data-track": attribute}


def last_part(value: rx.Var, separator: str) -> rx.Var[str]:
    """What follows the last ``separator`` in a text Var: a vehicle's id from its slug
    (``...-12012``), a branch's id from its page's path (``/vestigingen/utrecht``)."""
    return rx.Var(f"String({value!s}).split({separator!r}).pop()",
                  _var_data=value._get_all_var_data()).to(str)
