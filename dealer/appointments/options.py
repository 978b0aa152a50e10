"""The appointment-booking plugin of a Button (SPEC §3): which make, branch and product
category the appointment is for, and whether the visitor may change the category.

The options arrive from content stories, from a page's address (the appointment page's
query string) and from the browser (the Button's click); each is parsed by code that
cannot raise, and anything unusable is left empty.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

from dealer.appointments.slots import CATEGORIES
from dealer.routes import path_for

# The name of the plugin in a content story's button and at the booking provider, and the
# global the provider's script defines: ``window.appointmentWidget.plugins[PLUGIN].open``.
PLUGIN = "appointment_booking"
WIDGET = "appointmentWidget"
# A draft of the appointment request (dealer.forms.drafts) is kept per set of options.
DRAFT_PREFIX = "appointment?"
_SLUG = re.compile(r"[a-z0-9-]{1,80}")
_TRUE = ("1", "true", "yes", "on")


@dataclass(frozen=True)
class AppointmentOptions:
    make: str = ""  # a brand slug
    location: str = ""  # a branch slug
    product_category: str = ""  # one of slots.CATEGORIES
    product_category_hidden: bool = False

    def as_query(self) -> dict[str, str]:
        """The options as the appointment page's query string (the Button's target)."""
        query = {"make": self.make, "location": self.location,
                 "product_category": self.product_category}
        if self.product_category_hidden and self.product_category:
            query["product_category_hidden"] = "1"
        return {key: value for key, value in query.items() if value}

    def as_dict(self) -> dict[str, Any]:
        return {"make": self.make, "location": self.location,
                "product_category": self.product_category,
                "product_category_hidden": self.product_category_hidden}


def _slug(value: object) -> str:
    return value if isinstance(value, str) and _SLUG.fullmatch(value) else ""


def _flag(value: object) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in _TRUE)


def parse(values: object) -> AppointmentOptions:
    """Options from a mapping (a story's plugin, a query string, an event's argument);
    unknown keys are ignored, unusable values left empty, never an error. A hidden
    category needs a category."""
    if not isinstance(values, Mapping):
        return AppointmentOptions()
    category = values.get("product_category")
    category = category if isinstance(category, str) and category in CATEGORIES else ""
    return AppointmentOptions(
        make=_slug(values.get("make")),
        location=_slug(values.get("location")),
        product_category=category,
        product_category_hidden=bool(category) and _flag(values.get("product_category_hidden")),
    )


def from_plugins(plugins: object) -> AppointmentOptions | None:
    """The appointment plugin among a story button's ``plugins``, if it has one."""
    if not isinstance(plugins, list):
        return None
    for plugin in plugins:
        if isinstance(plugin, Mapping) and plugin.get("component") == PLUGIN:
            return parse(plugin)
    return None


def appointment_href(locale: str, options: AppointmentOptions) -> str:
    """The appointment page with the plugin's options: a plugin Button's target."""
    query = options.as_query()
    return path_for("appointment", locale) + (f"?{urlencode(query)}" if query else "")


def draft_key(options: AppointmentOptions) -> str:
    """The page key of the request's draft in the browser: the form with these options."""
    return DRAFT_PREFIX + urlencode(options.as_query())


def from_draft_key(key: object) -> AppointmentOptions | None:
    """The options a draft's page key names; None for a key of another form."""
    if not isinstance(key, str) or not key.startswith(DRAFT_PREFIX):
        return None
    return parse(dict(parse_qsl(key[len(DRAFT_PREFIX):])))
