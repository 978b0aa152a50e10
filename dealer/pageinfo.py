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
# The id of every page's main part in the app: the skip link's target, and what the
# served copy of the page stands in for until the app has drawn it.
MAIN_ID = "main-content"
HOME = N_("Home")


@dataclass(frozen=True)
class ErrorKind:
    """One kind of error page (SPEC §8): what it says and where its button leads.

    Texts are msgids; ``button`` may name ``{brand}``. The server's PageInfo and the
    page's error screen both take their words from here, so they never differ.
    """

    heading: str
    text: str | None
    button: str
    target: str  # the screen the button leads to


ERRORS: dict[str, ErrorKind] = {
    "something_went_wrong": ErrorKind(N_("Oops, something went wrong"), None,
                                      N_("To the home page"), "content"),
    "form_load_failed": ErrorKind(N_("Something went wrong..."), None, N_("To the home page"),
                                  "content"),
    "page_not_found": ErrorKind(NOT_FOUND_TITLE,
                                N_("The page may have moved or no longer exists."),
                                N_("To the home page"), "content"),
    # A route rule that sends an old address nowhere: the link someone kept is broken.
    "broken_link": ErrorKind(N_("This link no longer works"),
                             N_("The link you followed leads to a page that no longer exists."),
                             N_("To the home page"), "content"),
    # The content service is down and nothing of the page was kept: no missing page (503).
    "content_unavailable": ErrorKind(
        N_("This page is temporarily unavailable"),
        N_("We cannot show this page right now. Please try again in a few minutes."),
        N_("Try again"), "content"),
    "vehicle_not_found": ErrorKind(
        N_("Vehicle not found"),
        N_("This vehicle has been sold or is no longer available. Our stock has many more to "
           "choose from."),
        N_("Back to the stock"), "stock"),
    "vehicle_form_not_found": ErrorKind(
        N_("This vehicle is no longer available"),
        N_("The vehicle may have been sold in the meantime. Have a look at our other vehicles."),
        N_("To our stock"), "stock"),
    "model_not_found": ErrorKind(N_("We could not find this model"),
                                 N_("Have a look at the other models of this brand."),
                                 N_("All {brand} models"), "brand_models"),
    "brand_not_found": ErrorKind(N_("We could not find this brand"),
                                 N_("The page may have moved or no longer exists."),
                                 N_("All brands"), "brands"),
    "news_article_not_found": ErrorKind(N_("This news article does not exist"),
                                        N_("The page may have moved or no longer exists."),
                                        N_("All news"), "news"),
    "location_not_found": ErrorKind(N_("Location not found"),
                                    N_("This location does not exist or has moved."),
                                    N_("To all locations"), "locations"),
    "vacancy_not_found": ErrorKind(N_("This vacancy is no longer open"),
                                   N_("Have a look at our other vacancies."),
                                   N_("All vacancies"), "vacancies"),
    "lease_vehicle_not_found": ErrorKind(
        N_("Lease offer not found"),
        N_("This lease offer has ended. Have a look at our other offers."),
        N_("All lease offers"), "lease_offers"),
}


@dataclass(frozen=True)
class ErrorTexts:
    """An error kind in one locale, ready to show."""

    heading: str
    text: str
    button: str
    href: str


def error_texts(kind: str, locale: str, href: str | None = None, *, brand: str = "",
                brand_name: str = "") -> ErrorTexts:
    """The words of an error kind; the button leads to its screen (a brand's, for brand
    screens) unless ``href`` says otherwise (e.g. a brand's own stock)."""
    error = ERRORS[kind]
    target = {"brand": brand} if error.target == "brand_models" else {}
    return ErrorTexts(
        heading=gettext(locale, error.heading),
        text=gettext(locale, error.text) if error.text else "",
        button=gettext(locale, error.button, brand=brand_name),
        href=href or path_for(error.target, locale, **target),
    )


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
class Choice:
    """One choice of a select, a menu or tabs (sorting, price shown, a range bound, a
    branch, a time, a deal type): its value and how it reads."""

    value: str = ""
    label: str = ""


@dataclass
class CardList:
    """Cards below a page's main content (a vehicle's similar vehicles): its heading and
    the cards' HTML, the same markup the app draws them with."""

    heading: str = ""
    html: str = ""


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
    # HTML of places the page fills from the served document until its state has arrived
    # (a list's first page of cards): name -> HTML, see ``web.frame``.
    parts: dict[str, str] = field(default_factory=dict)
    # A form the app adopts, below the description: a request form as HTML that works
    # without the app (or, once sent, its acknowledgement; see ``views.served_form``), or
    # a vehicle's compare and favourite boxes (``views.vehicle.served_shortlist_boxes``).
    form_html: str = ""
    card_lists: list[CardList] = field(default_factory=list)  # after the main content


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


def route_check_failed(path: str, locale: str, screen: str,
                       params: dict[str, str] | None = None) -> PageInfo:
    """SPEC §5: a route whose check fails (a brand page of no brand of ours) is a fatal
    404 'Page Not Found: {path}', shown as the page-not-found page."""
    info = error_page("page_not_found", path, locale, screen, params=params)
    info.description = gettext(locale, "Page Not Found: {path}", path=path)
    info.title = f"404 - {info.description}"
    return info


def error_page(kind: str, path: str, locale: str, screen: str, *, status: int = 404,
               params: dict[str, str] | None = None, href: str | None = None,
               brand: str = "", brand_name: str = "") -> PageInfo:
    """The PageInfo of an error kind: titled 'status code - heading', its button as the
    page's link, never indexed."""
    texts = error_texts(kind, locale, href, brand=brand, brand_name=brand_name)
    return PageInfo(
        screen=screen,
        locale=locale,
        params=dict(params or {}),
        path=path,
        status=status,
        title=f"{status} - {texts.heading}",
        heading=texts.heading,
        description=texts.text,
        links=[Link(texts.button, texts.href)],
        noindex=True,
    )
