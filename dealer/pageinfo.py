"""The records every page is made of: PageInfo, Link, Fact, and the not-found page.

A leaf module: it imports nothing of the project but the locale and route helpers, so the
presenters (``dealer.views``), the HTTP layer (``dealer.web``) and the states can
all build on it without import circles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer.i18n import N_, gettext
from dealer.routes import path_for

NOT_FOUND_TITLE = N_("Oops, this page does not exist")
HOME = N_("Home")


@dataclass
class Link:
    """A labelled link: navigation, breadcrumbs, cards, filter options, pills, pages."""

    label: str = ""
    href: str = ""
    value: str = ""  # the option's value where the link is a choice (filters, sorting)
    current: bool = False


@dataclass
class Fact:
    """A labelled value: key facts, data table rows, price rows, promises."""

    label: str = ""
    value: str = ""
    icon: str = ""


@dataclass
class PageInfo:
    """A page as clients without JavaScript (search engines, link previews) see it.

    The same values feed the Reflex page, so both say the same thing.
    """

    screen: str
    locale: str
    params: dict[str, str]
    path: str
    status: int = 200
    title: str = ""  # the full <title>, template applied
    heading: str = ""  # the page's h1
    description: str = ""  # meta description, also the lead paragraph
    facts: list[Fact] = field(default_factory=list)  # key data, price
    links: list[Link] = field(default_factory=list)  # main links (e.g. the cards of a list)
    breadcrumbs: list[Link] = field(default_factory=list)
    image: str | None = None  # main image path or URL, for link previews
    json_ld: list[dict] = field(default_factory=list)  # schema.org objects
    # Query parameters that belong to the canonical URL (e.g. page); others are dropped.
    canonical_params: dict[str, str] = field(default_factory=dict)
    noindex: bool = False  # noindex,follow
    # The page's path per locale where it is not the route table's counterpart
    # (content pages whose slug is translated).
    alternate_paths: dict[str, str] = field(default_factory=dict)
    og_type: str = "website"


def home_link(locale: str) -> Link:
    """The first breadcrumb of every trail."""
    return Link(gettext(locale, HOME), path_for("content", locale))


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
