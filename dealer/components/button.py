"""The site's Button (SPEC §3 and §4), one component for every button and button-like link.

It is a link when it has a target and is not disabled, otherwise a button. Sizes large,
medium, small and extra-small; variants primary, secondary, tertiary and ghost (Radix's
solid, soft, outline and ghost); full width; a look for dark backgrounds; an icon at the
start or end, 16 px on small Buttons and 20 px on all others (SPEC §9).

With the appointment-booking plugin (``appointment``: its options, and ``on_appointment``:
the handler that opens the site's own appointment dialog with them) a click opens the
appointment widget instead of following the target: the booking provider's widget when
one is configured and loaded, else the site's own. The target stays in the markup for
crawlers and browsers without scripting (the appointment page).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import reflex as rx

from dealer.components.appointment import open_in_provider, provider_ready
from dealer.framework.components import RouterLink

Size = Literal["large", "medium", "small", "extra-small"]
Variant = Literal["primary", "secondary", "tertiary", "ghost"]
SIZES: dict[str, str] = {"large": "4", "medium": "3", "small": "2", "extra-small": "1"}
VARIANTS: dict[str, str] = {"primary": "solid", "secondary": "soft", "tertiary": "outline",
                            "ghost": "ghost"}


def icon_size(size: str) -> int:
    """SPEC §9: 16 px for small Buttons, 20 px otherwise."""
    return 16 if size == "small" else 20


def _radix(value: str | rx.Var, names: dict[str, str], default: str) -> str | rx.Var:
    """The Radix value of a Button size or variant (a Var when it comes with data)."""
    if isinstance(value, rx.Var):
        return rx.match(value, *names.items(), names[default])
    return names[value]


def _content(label: Any, icon: str | None, icon_position: str, size: str) -> list[Any]:
    if icon is None:
        return [label]
    glyph = rx.icon(icon, size=icon_size(size), aria_hidden="true", flex_shrink="0")
    return [glyph, label] if icon_position == "start" else [label, glyph]


def button(
    label: Any,
    *,
    to: str | rx.Var | None = None,
    icon: str | None = None,
    icon_position: Literal["start", "end"] = "start",
    size: Size | rx.Var = "medium",
    variant: Variant | rx.Var = "primary",
    full_width: bool = False,
    disabled: bool = False,
    on_dark_background: bool = False,
    appointment: rx.Var | dict | None = None,
    on_appointment: Callable[[Any], Any] | None = None,
    on_click: Any = None,
    link_props: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    """A Button. ``icon`` is a literal icon name (its size follows a literal ``size``);
    ``link_props`` go to the link element only (rel, target, aria-current); ``props`` to
    the button, and through it to the link (aria, test ids, type)."""
    button_type = props.pop("type", "button")
    classes = ["site-button", *filter(None, [props.pop("class_name", "")])]
    if on_dark_background:
        classes.append("site-button--on-dark")
    if full_width:
        classes.append("site-button--full")
    style = {
        "size": _radix(size, SIZES, "medium"),
        "variant": _radix(variant, VARIANTS, "primary"),
        "width": "100%" if full_width else "fit-content",
        "class_name": " ".join(classes),
    }
    content = _content(label, icon, icon_position, size if isinstance(size, str) else "medium")

    def make(click: Any, marker: str = "") -> rx.Component:
        events = {"on_click": click} if click is not None else {}
        extra = dict(props)
        if marker:  # which appointment widget the click opens (the dialog's focus return)
            extra["custom_attrs"] = {**extra.get("custom_attrs", {}), "data-appointment": marker}
        if to is None or disabled:
            return rx.button(*content, disabled=disabled, type=button_type, **events, **style,
                             **extra)
        return rx.button(RouterLink.create(*content, to=to, **events, **(link_props or {})),
                         as_child=True, **style, **extra)

    if appointment is None or on_appointment is None or disabled:
        return make(on_click)
    options = appointment if isinstance(appointment, rx.Var) else rx.Var.create(appointment)
    own = [rx.prevent_default, on_appointment(options)] if to is not None else \
        on_appointment(options)
    return rx.cond(provider_ready(), make(open_in_provider(options), "provider"),
                   make(own, "site"))
