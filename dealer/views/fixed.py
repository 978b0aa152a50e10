"""Fixed pages without data of their own: their description, and whether search engines
should leave them out (personal lists)."""

from __future__ import annotations

from collections.abc import Mapping

from dealer.i18n import N_, gettext
from dealer.pageinfo import PageInfo
from dealer.routes import resolve

FIXED_PAGES = {
    "direct_contact": (N_("Questions about a car, a test drive or financing? Contact our "
                          "team by form, phone or e-mail."), False),
    "compare": (N_("Compare up to six vehicles side by side."), True),
    "favourites": (N_("The vehicles you saved as favourites."), True),
}


def describe(path: str, locale: str, params: dict[str, str],
             query: Mapping[str, str] | None = None) -> PageInfo:
    screen = resolve(path)[0]  # type: ignore[index] - only named for resolvable screens
    description, personal = FIXED_PAGES[screen]
    return PageInfo(screen, locale, params, path, description=gettext(locale, description),
                    noindex=personal)
