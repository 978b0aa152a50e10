"""The classes Radix Themes gives its components' elements, for the markup the server
writes itself.

Some parts of a served page (the filters, their chips, the choice menus, the page numbers,
the buttons) are drawn as the app's Radix components draw them, with the same classes, so
that they look the same before the app has taken over and after. These classes are
Radix's own: each function gives one component's, for a size and a variant it has.

The build drops the rules of components no bundled script uses (``dealer.stylesheets``);
the theme keeps those of ``SERVED_COMPONENTS`` whatever the app draws
(``theme.RadixThemes``), and tests/http/test_framework_contract.py checks that the
installed and the built stylesheet style every class these functions can give.
"""

from __future__ import annotations

from typing import Literal

# The component classes the functions below give: their rules are kept in every build.
SERVED_COMPONENTS = frozenset({
    "rt-BaseButton", "rt-Button", "rt-IconButton", "rt-Badge", "rt-Text", "rt-Link",
    "rt-Heading", "rt-SelectTrigger",
})

ButtonSize = Literal["1", "2", "3", "4"]
ButtonVariant = Literal["classic", "solid", "soft", "surface", "outline", "ghost"]
BadgeSize = Literal["1", "2", "3"]
BadgeVariant = Literal["solid", "soft", "surface", "outline"]
TextSize = Literal["1", "2", "3", "4", "5", "6", "7", "8", "9"]
TextWeight = Literal["light", "regular", "medium", "bold"]
Underline = Literal["auto", "hover", "always"]
SelectSize = Literal["1", "2", "3"]
SelectVariant = Literal["classic", "surface", "soft", "ghost"]


def button(size: ButtonSize, variant: ButtonVariant) -> str:
    """``rx.button``'s classes."""
    return f"rt-reset rt-BaseButton rt-r-size-{size} rt-variant-{variant} rt-Button"


def icon_button(size: ButtonSize, variant: ButtonVariant) -> str:
    """``rx.icon_button``'s classes."""
    return f"rt-reset rt-BaseButton rt-r-size-{size} rt-variant-{variant} rt-IconButton"


def badge(size: BadgeSize, variant: BadgeVariant) -> str:
    """``rx.badge``'s classes (its ``radius`` is an attribute: ``data-radius``)."""
    return f"rt-reset rt-Badge rt-r-size-{size} rt-variant-{variant}"


def link(underline: Underline, size: TextSize | None = None) -> str:
    """``rx.link``'s classes, of the text's size when given one."""
    sized = f" rt-r-size-{size}" if size else ""
    return f"rt-Text rt-reset rt-Link{sized} rt-underline-{underline}"


def heading(size: TextSize) -> str:
    """``rx.heading``'s classes."""
    return f"rt-Heading rt-r-size-{size}"


def text(size: TextSize, weight: TextWeight | None = None) -> str:
    """``rx.text``'s classes, of a weight when given one."""
    weighted = f" rt-r-weight-{weight}" if weight else ""
    return f"rt-Text rt-r-size-{size}{weighted}"


def select_trigger(size: SelectSize, variant: SelectVariant) -> str:
    """The classes of ``rx.select``'s trigger (the closed menu)."""
    return f"rt-reset rt-SelectTrigger rt-r-size-{size} rt-variant-{variant}"
