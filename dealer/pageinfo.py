"""What a URL shows, in plain Python: status, title, description, main heading.

The HTTP layer (status codes, head tags, HTML for clients without JavaScript)
and the Reflex pages (titles, not-found states) both ask this module, so they
can never disagree about a page.

Screens whose existence depends on data register a describer in
``DESCRIBERS``: an async function ``(path, locale, params) -> PageInfo``.
Screens whose content depends on the query string (listings with filters and
pages) register in ``QUERY_DESCRIBERS`` instead, called with the query too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from dealer.i18n import N_, gettext, locale_from_path
from dealer.routes import resolve

NOT_FOUND_TITLE = N_("Oops, this page does not exist")


@dataclass(frozen=True)
class LinkItem:
    label: str
    href: str


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
    facts: list[tuple[str, str]] = field(default_factory=list)  # label, value (key data, price)
    links: list[LinkItem] = field(default_factory=list)  # main links (e.g. the cards of a list)
    breadcrumbs: list[LinkItem] = field(default_factory=list)
    image: str | None = None  # main image path or URL, for link previews
    json_ld: list[dict] = field(default_factory=list)  # schema.org objects
    # Query parameters that belong to the canonical URL (e.g. page); others are dropped.
    canonical_params: dict[str, str] = field(default_factory=dict)
    noindex: bool = False  # noindex,follow
    # The page's path per locale where it is not the route table's counterpart
    # (content pages whose slug is translated).
    alternate_paths: dict[str, str] = field(default_factory=dict)
    og_type: str = "website"


Describer = Callable[[str, str, dict[str, str]], Awaitable[PageInfo]]
QueryDescriber = Callable[[str, str, dict[str, str], Mapping[str, str]], Awaitable[PageInfo]]


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


async def _cms(
    path: str, locale: str, params: dict[str, str], query: Mapping[str, str] | None = None
) -> PageInfo:
    from dealer.state.cms_view import describe as describe_content  # reads the content service

    return await describe_content(path, locale, params, query)


async def _stock(
    path: str, locale: str, params: dict[str, str], query: Mapping[str, str]
) -> PageInfo:
    from dealer.stock_listing import describe_listing  # the stock index loads on first use

    return describe_listing(path, locale, params, query)


async def _form(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    from dealer.forms.subjects import describe_form  # reads the stock and content service

    return await describe_form(path, locale, params)


async def _calculator(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    from dealer.calculator_view import describe_calculator  # reads the stock

    screen = "brand_lease_calculator" if params.get("brand") else "lease_calculator"
    return describe_calculator(path, locale, params, screen)


async def _lease_offer(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    from dealer.lease_offers_view import describe_offer  # reads the stock

    return describe_offer(path, locale, params)


async def _lease_offers(
    path: str, locale: str, params: dict[str, str], query: Mapping[str, str]
) -> PageInfo:
    from dealer.lease_offers_view import describe_offers  # reads the stock

    return describe_offers(path, locale, query)


async def _location(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    from dealer.locations_view import describe_location  # reads the branches

    return await asyncio.to_thread(describe_location, path, locale, params)


async def _locations(
    path: str, locale: str, params: dict[str, str], query: Mapping[str, str]
) -> PageInfo:
    from dealer.locations_view import describe_locations  # reads the branches

    return await asyncio.to_thread(describe_locations, path, locale, params, query)


async def _employees(
    path: str, locale: str, params: dict[str, str], query: Mapping[str, str]
) -> PageInfo:
    from dealer.locations_view import describe_employees  # reads the staff

    return await asyncio.to_thread(describe_employees, path, locale, params, query)


async def _vehicle(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    from dealer.vehicle_view import vehicle_page  # reads the stock

    return vehicle_page(path).info


# Fixed pages without data of their own: their description, and whether search
# engines should leave them out (personal lists).
FIXED_PAGES = {
    "direct_contact": (N_("Questions about a car, a test drive or financing? Contact our "
                          "team by form, phone or e-mail."), False),
    "compare": (N_("Compare up to six vehicles side by side."), True),
    "favourites": (N_("The vehicles you saved as favourites."), True),
}


async def _fixed(path: str, locale: str, params: dict[str, str]) -> PageInfo:
    screen = resolve(path)[0]  # type: ignore[index] - only registered for resolvable screens
    description, personal = FIXED_PAGES[screen]
    return PageInfo(screen, locale, params, path, description=gettext(locale, description),
                    noindex=personal)


DESCRIBERS: dict[str, Describer] = {
    **dict.fromkeys(FIXED_PAGES, _fixed),
    "vehicle": _vehicle,
    "brand_vehicle": _vehicle,
    "lease_calculator": _calculator,
    "brand_lease_calculator": _calculator,
    "lease_offer": _lease_offer,
    "location": _location,
    "brand_location": _location,
    "content": _cms,
    "news_article": _cms,
    "brands": _cms,
    "brand_model": _cms,
    **dict.fromkeys(("vehicle_interest", "brand_vehicle_interest", "vehicle_test_drive",
                     "brand_vehicle_test_drive", "model_contact", "model_test_drive"), _form),
}
QUERY_DESCRIBERS: dict[str, QueryDescriber] = {
    "lease_offers": _lease_offers,
    "locations": _locations,
    "employees": _employees,
    "news": _cms,  # ?page=N
    "brand_models": _cms,  # filters and sorting
    "stock": _stock,
    "brand_stock": _stock,
}


async def describe(path: str, query: Mapping[str, str] | None = None) -> PageInfo:
    """The page a path shows; an unknown path gives the not-found page."""
    resolved = resolve(path)
    if resolved is None:
        return not_found(path, locale_from_path(path))
    screen, locale, params = resolved
    if screen in QUERY_DESCRIBERS:
        return await QUERY_DESCRIBERS[screen](path, locale, params, query or {})
    describer = DESCRIBERS.get(screen)
    if describer is not None:
        return await describer(path, locale, params)
    return PageInfo(screen=screen, locale=locale, params=params, path=path)
