"""Site navigation as data: labels from the catalog, paths from the route table."""

from __future__ import annotations

from dealer.i18n import LANGUAGE_TAGS, LOCALES, N_, gettext
from dealer.pageinfo import Link
from dealer.routes import path_for
from dealer.settings import get_settings

MAIN_NAV = (
    (N_("Stock"), "stock", {}),
    (N_("Lease offers"), "lease_offers", {}),
    (N_("Brands"), "brands", {}),
    (N_("Locations"), "locations", {}),
    (N_("News"), "news", {}),
    (N_("Contact"), "direct_contact", {}),
)

TOP_NAV = (
    (N_("Compare"), "compare", {}),
    (N_("Favourites"), "favourites", {}),
    (N_("Employees"), "employees", {}),
)


def _items(entries: tuple, locale: str) -> list[Link]:
    return [
        Link(gettext(locale, label), path_for(screen, locale, **params))
        for label, screen, params in entries
    ]


def main_nav(locale: str) -> list[Link]:
    return _items(MAIN_NAV, locale)


def top_nav(locale: str) -> list[Link]:
    """Compare and favourites, then the employee overview when it is switched on."""
    entries = TOP_NAV if get_settings().feature_employee_display else TOP_NAV[:2]
    return _items(entries, locale)


def other_locales(locale: str) -> list[str]:
    return [other for other in LOCALES if other != locale]


def html_lang(locale: str) -> str:
    return LANGUAGE_TAGS[locale]
