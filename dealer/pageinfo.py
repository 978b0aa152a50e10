"""What a URL shows, in plain Python: status, title, description, main heading.

The HTTP layer (status codes, head tags, HTML for clients without JavaScript)
and the Reflex pages (titles, not-found states) both ask this module, so they
can never disagree about a page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer.i18n import N_, gettext, locale_from_path
from dealer.routes import resolve
from dealer.seo import page_title

NOT_FOUND_TITLE = N_("Oops, this page does not exist")


@dataclass
class PageInfo:
    screen: str
    locale: str
    params: dict[str, str]
    path: str
    status: int = 200
    title: str = ""  # the full <title>, template applied
    heading: str = ""
    description: str = ""
    noindex: bool = False
    extra: dict[str, object] = field(default_factory=dict)


def not_found(path: str, locale: str, screen: str = "content") -> PageInfo:
    """SPEC §2/§8: a non-fatal 404 titled 'status code - message'."""
    message = gettext(locale, "Page not found: {path}", path=path)
    return PageInfo(
        screen=screen,
        locale=locale,
        params={},
        path=path,
        status=404,
        title=f"404 - {message}",
        heading=gettext(locale, NOT_FOUND_TITLE),
        description=message,
        noindex=True,
    )


def describe(path: str) -> PageInfo:
    """The page a path shows; an unknown path gives the not-found page."""
    resolved = resolve(path)
    if resolved is None:
        return not_found(path, locale_from_path(path))
    screen, locale, params = resolved
    if screen == "content" and params.get("slug"):
        return not_found(path, locale)
    return PageInfo(
        screen=screen, locale=locale, params=params, path=path, title=page_title(None)
    )
