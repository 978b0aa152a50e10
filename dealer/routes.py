"""The route table: every screen in Dutch and German, as data.

A pattern is a path whose segments are literals, ``{param}`` placeholders or
``<section>`` references. Sections are the translatable URL words (SPEC §2),
with defaults per locale that configuration may override
(``DEALER_SECTION_SLUGS``). German paths carry the ``/de`` prefix. Page
registration, links, the language switcher, the sitemap and hreflang are all
derived from this one table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

from dealer.i18n import DEFAULT_LOCALE, LOCALES, locale_from_path
from dealer.settings import RouteRule, get_settings
from dealer.visible import has_unseen

LOCALE_PREFIX = {"nl": "", "de": "/de"}

DEFAULT_SECTIONS: dict[str, dict[str, str]] = {
    "nl": {
        "stock": "voorraad",
        "compare": "vergelijken",
        "favorite": "favorieten",
        "interest": "interesse",
        "test-drive": "proefrit",
        "lease-calculator": "lease-calculator",
        "private-lease": "private-lease",
        "private-finance": "private-financiering",
        "business-lease": "zakelijke-lease",
        "business-finance": "zakelijke-financiering",
        "locations": "vestigingen",
        "models": "modellen",
        "model-contact": "contact",
        "model-test-drive": "proefrit",
        "direct-contact": "direct-contact",
        "news": "nieuws",
        "brands": "merken",
        "employees": "medewerkers",
        "lease-offers": "lease-aanbod",
        "vacancies": "vacatures",
        "apply": "solliciteren",
        "appointment": "afspraak",
        "trade-in": "inruilen",
        "financing": "financiering-uitgelegd",
    },
    "de": {
        "stock": "angebote",
        "compare": "vergleichen",
        "favorite": "favorit",
        "interest": "interesse",
        "test-drive": "probefahrt",
        "lease-calculator": "leasingrechner",
        "private-lease": "privatleasing",
        "private-finance": "privatfinanzierung",
        "business-lease": "gewerbeleasing",
        "business-finance": "gewerbefinanzierung",
        "locations": "standorte",
        "models": "modelle",
        "model-contact": "kontakt",
        "model-test-drive": "test-drive",
        "direct-contact": "direktkontakt",
        "news": "aktuelles",
        "brands": "marken",
        "employees": "mitarbeiter",
        "lease-offers": "leasingangebote",
        "vacancies": "stellenangebote",
        "apply": "bewerben",
        "appointment": "termin",
        "trade-in": "inzahlungnahme",
        "financing": "finanzierung-erklaert",
    },
}

@dataclass(frozen=True)
class Screen:
    """One screen: its URL pattern, the page that shows it and what the server says of it.

    ``pattern`` is a path without locale prefix; a trailing ``{slug...}`` is a
    catch-all that takes one or more segments, or none for the home page.
    ``page`` names a ``Page`` record in ``dealer.pages`` and ``describer`` a
    function ``(path, locale, params, query) -> PageInfo`` in ``dealer.views``, both
    as ``"module:attribute"``; names, not imports, so this module stays plain data.
    ``sitemap``: listed in the sitemap (``dealer.web.sitemap``): once, once per brand
    (``{brand}``), or once per record of its data (a vehicle, a branch, a story).
    ``content``: for a content screen (describer ``content:describe``), the view of
    ``dealer.views.content`` that builds it, e.g. ``"news_view"``.
    A screen is added here and nowhere else (docs/architecture.md).
    """

    pattern: str
    page: str = ""
    describer: str = ""
    sitemap: bool = False
    content: str = ""


SCREENS: dict[str, Screen] = {
    "content": Screen("/{slug...}", "cms_pages:CONTENT", "content:describe", sitemap=True,
                      content="slug_view"),
    "direct_contact": Screen("/<direct-contact>", "forms:PAGE", "fixed:describe", sitemap=True),
    # The site's own trade-in request, where the trade-in buttons lead without a
    # valuation service of the dealer's (DEALER_TRADE_IN_URL).
    "trade_in": Screen("/<trade-in>", "forms:PAGE", "forms:describe_form"),
    "stock": Screen("/<stock>", "stock:PAGE", "stock:describe_listing", sitemap=True),
    "compare": Screen("/<stock>/<compare>", "compare:PAGE", "fixed:describe", sitemap=True),
    "favourites": Screen("/<stock>/<favorite>", "favourites:PAGE", "fixed:describe", sitemap=True),
    "brand_stock": Screen("/{brand}/<stock>", "stock:PAGE", "stock:describe_listing", sitemap=True),
    # The stock offered with one monthly acquisition type, its price on the cards.
    **{
        f"{deal}_stock": Screen(f"/<stock>/<{deal.replace('_', '-')}>", "stock:PAGE",
                                "stock:describe_listing", sitemap=True)
        for deal in ("private_lease", "private_finance", "business_lease", "business_finance")
    },
    "brands": Screen("/<brands>", "cms_pages:CONTENT", "content:describe", sitemap=True,
                     content="brands_view"),
    "brand_models": Screen("/{brand}/<models>", "cms_models:MODELS", "content:describe",
                           sitemap=True, content="brand_models_view"),
    "brand_model": Screen("/{brand}/<models>/{model}", "cms_models:MODEL", "content:describe",
                          content="model_view"),
    "model_contact": Screen("/{brand}/<models>/{model}/<model-contact>", "forms:PAGE",
                            "forms:describe_form"),
    "model_test_drive": Screen("/{brand}/<models>/{model}/<model-test-drive>", "forms:PAGE",
                               "forms:describe_form"),
    "locations": Screen("/<locations>", "locations:LIST", "locations:describe_locations",
                        sitemap=True),
    "location": Screen("/<locations>/{location}", "locations:DETAIL",
                       "locations:describe_branch", sitemap=True),
    "brand_location": Screen("/{brand}/<locations>/{location}", "locations:DETAIL",
                             "locations:describe_branch"),
    "employees": Screen("/<employees>", "employees:PAGE", "locations:describe_employees",
                        sitemap=True),
    "news": Screen("/<news>", "cms_pages:CONTENT", "content:describe", sitemap=True,
                   content="news_view"),
    "news_article": Screen("/<news>/{article}", "cms_pages:CONTENT", "content:describe",
                           content="article_view"),
    # How a private lease and financing work, as the content editors write it: the story
    # at the screen's own path.
    "financing": Screen("/<financing>", "cms_pages:CONTENT", "content:describe", sitemap=True,
                        content="section_view"),
    "lease_offers": Screen("/<lease-offers>", "lease_offers:OVERVIEW",
                           "lease_offers:describe_offers", sitemap=True),
    "lease_offer": Screen("/<lease-offers>/{offer}", "lease_offers:DETAIL",
                          "lease_offers:describe_offer"),
    "vacancies": Screen("/<vacancies>", "cms_pages:CONTENT", "content:describe", sitemap=True,
                        content="vacancies_view"),
    "vacancy": Screen("/<vacancies>/{vacancy}", "vacancies:PAGE", "vacancies:describe_vacancy",
                      sitemap=True),
    "vacancy_apply": Screen("/<vacancies>/{vacancy}/<apply>", "forms:PAGE",
                            "forms:describe_form"),
    "vehicle": Screen("/<stock>/{vehicle}", "vehicle:PAGE", "vehicle:describe_vehicle",
                      sitemap=True),
    "brand_vehicle": Screen("/{brand}/<stock>/{vehicle}", "vehicle:PAGE",
                            "vehicle:describe_vehicle"),
    "vehicle_interest": Screen("/<stock>/{vehicle}/<interest>", "forms:PAGE",
                               "forms:describe_form"),
    "vehicle_test_drive": Screen("/<stock>/{vehicle}/<test-drive>", "forms:PAGE",
                                 "forms:describe_form"),
    "lease_calculator": Screen("/<stock>/{vehicle}/<lease-calculator>", "calculator:PAGE",
                               "calculator:describe_calculator"),
    "brand_vehicle_interest": Screen("/{brand}/<stock>/{vehicle}/<interest>", "forms:PAGE",
                                     "forms:describe_form"),
    "brand_vehicle_test_drive": Screen("/{brand}/<stock>/{vehicle}/<test-drive>", "forms:PAGE",
                                       "forms:describe_form"),
    "brand_lease_calculator": Screen("/{brand}/<stock>/{vehicle}/<lease-calculator>",
                                     "calculator:PAGE", "calculator:describe_calculator"),
    # The appointment request of the Button's appointment plugin, as a page of its own.
    "appointment": Screen("/<appointment>", "appointment:PAGE",
                          "appointments:describe_appointment"),
    # Served by the HTTP layer (dealer.web.sitemap), not a page.
    "sitemap": Screen("/sitemap.xml"),
}

def screens_showing(page: str) -> tuple[str, ...]:
    """The screens a page shows (``"vehicle:PAGE"``: a vehicle, on the site and on its
    brand's pages): what a screen is, for code that treats a kind of page alike."""
    return tuple(screen for screen, entry in SCREENS.items() if entry.page == page)


# Longer parameter values name nothing on the site (slugs are far shorter).
MAX_SEGMENT_LENGTH = 200
_PARAM_RE = re.compile(r"^\{(\w+)\}$")
_SPLAT_RE = re.compile(r"^\{(\w+)\.\.\.\}$")
_SECTION_RE = re.compile(r"^<([\w-]+)>$")


def sections(locale: str) -> dict[str, str]:
    """Section slugs of a locale: defaults with configured overrides applied."""
    overrides = get_settings().section_slugs.get(locale, {})
    return {**DEFAULT_SECTIONS[locale], **overrides}


@dataclass(frozen=True)
class Segment:
    literal: str | None = None  # fixed text
    param: str | None = None  # a {param}
    splat: bool = False  # a trailing {param...}


@dataclass(frozen=True)
class Route:
    screen: str
    locale: str
    segments: tuple[Segment, ...]

    @property
    def params(self) -> tuple[str, ...]:
        return tuple(s.param for s in self.segments if s.param)

    @property
    def is_dynamic(self) -> bool:
        return any(s.param for s in self.segments)

    def reflex_route(self) -> str:
        """The route string Reflex registers: ``[param]`` and ``[[...param]]``."""
        parts = []
        for segment in self.segments:
            if segment.splat:
                parts.append("[[...splat]]")  # the only catch-all name the router accepts
            elif segment.param:
                parts.append(f"[{segment.param}]")
            else:
                parts.append(segment.literal or "")
        return "/" + "/".join(parts)

    def build(self, params: dict[str, str]) -> str:
        parts: list[str] = []
        for segment in self.segments:
            if segment.literal is not None:
                parts.append(segment.literal)
                continue
            value = params.get(segment.param or "")
            if value is None:
                raise KeyError(f"{self.screen} needs the parameter {segment.param!r}")
            value = str(value).strip("/")
            if segment.splat:
                parts.extend(quote(part) for part in value.split("/") if part)
            elif not value or "/" in value:
                raise ValueError(f"{segment.param!r} must be one non-empty path segment")
            else:
                parts.append(quote(value))
        return "/" + "/".join(parts) if parts else "/"

    def match(self, parts: list[str]) -> dict[str, str] | None:
        params: dict[str, str] = {}
        for index, segment in enumerate(self.segments):
            if segment.splat:
                params[segment.param or ""] = "/".join(parts[index:])
                return params
            if index >= len(parts):
                return None
            if segment.literal is not None:
                if parts[index] != segment.literal:
                    return None
            elif "/" in parts[index] or len(parts[index]) > MAX_SEGMENT_LENGTH:
                return None  # an encoded slash, or no name of ours: not this screen
            else:
                params[segment.param or ""] = parts[index]
        return params if len(parts) == len(self.segments) else None

    def rank(self) -> tuple:
        """Sort key: literals before params, position by position, splats last."""
        return tuple(0 if s.literal is not None else 2 if s.splat else 1 for s in self.segments)


def _parse(screen: str, locale: str, pattern: str) -> Route:
    names = sections(locale)
    segments: list[Segment] = []
    if LOCALE_PREFIX[locale]:
        segments.append(Segment(literal=LOCALE_PREFIX[locale].strip("/")))
    for raw in pattern.strip("/").split("/"):
        if not raw:
            continue
        if match := _SPLAT_RE.match(raw):
            segments.append(Segment(param=match.group(1), splat=True))
        elif match := _PARAM_RE.match(raw):
            segments.append(Segment(param=match.group(1)))
        elif match := _SECTION_RE.match(raw):
            segments.append(Segment(literal=names[match.group(1)]))
        else:
            segments.append(Segment(literal=raw))
    return Route(screen, locale, tuple(segments))


@lru_cache(maxsize=1)
def route_table() -> tuple[Route, ...]:
    """Every (screen, locale) route, most specific first."""
    routes = [
        _parse(screen, locale, entry.pattern)
        for screen, entry in SCREENS.items()
        for locale in LOCALES
    ]
    return tuple(sorted(routes, key=lambda route: route.rank()))


def route_for(screen: str, locale: str) -> Route:
    for route in route_table():
        if route.screen == screen and route.locale == locale:
            return route
    raise KeyError(f"unknown screen {screen!r} or locale {locale!r}")


def path_for(screen: str, locale: str, **params: str) -> str:
    """The path of a screen in a locale, e.g. path_for("vehicle", "de", vehicle="x")."""
    if screen == "content":
        params.setdefault("slug", "")
    return route_for(screen, locale).build(params)


def _split(path: str) -> list[str] | None:
    # No name of ours holds a character that does not show (a TAB, a direction mark), as
    # typed or percent-encoded: such a path is no page, and would put that character into
    # the page's canonical URL. (Checked before urlsplit, which drops tabs and newlines.)
    if has_unseen((path or "").partition("?")[0]):
        return None
    try:
        raw = urlsplit(path or "/").path
    except ValueError:
        return None
    if not raw.startswith("/"):
        raw = "/" + raw
    parts = [unquote(part) for part in raw.split("/") if part]
    return None if any(map(has_unseen, parts)) else parts


def resolve(path: str) -> tuple[str, str, dict[str, str]] | None:
    """(screen, locale, params) for a path; a specific screen beats the catch-all."""
    parts = _split(path)
    if parts is None:
        return None
    for route in route_table():
        params = route.match(parts)
        if params is not None:
            return route.screen, route.locale, params
    return None


@dataclass(frozen=True)
class PageRequest:
    """A URL as the route table reads it, resolved once and handed on: its screen ("" where
    no screen matches), locale, path parameters and query."""

    path: str
    screen: str
    locale: str
    params: dict[str, str]
    query: dict[str, str]

    @property
    def alternate_paths(self) -> dict[str, str]:
        """The same page in every locale (``counterpart`` without resolving the path again);
        none for a path of no screen."""
        if not self.screen:
            return {}
        return {locale: path_for(self.screen, locale, **self.params) for locale in LOCALES}


def request_for(path: str, query: Mapping[str, str] | None = None) -> PageRequest:
    """The ``PageRequest`` of a URL: its route resolved (the locale of its prefix where no
    screen matches)."""
    resolved = resolve(path)
    screen, locale, params = resolved or ("", locale_from_path(path), {})
    return PageRequest(path, screen, locale, dict(params), dict(query or {}))


def counterpart(path: str, locale: str) -> str:
    """The same page in ``locale``; the home page when the path matches no screen."""
    resolved = resolve(path)
    if resolved is None:
        return path_for("content", locale)
    screen, _, params = resolved
    return path_for(screen, locale, **params)


def locale_of(path: str) -> str:
    resolved = resolve(path)
    return resolved[1] if resolved else DEFAULT_LOCALE


def registrations(brands: list[str] | tuple[str, ...]) -> list[tuple[Route, str, dict[str, str]]]:
    """(route, Reflex route, fixed params) for every page to register.

    The brand is a fixed segment per platform brand: the router allows only one
    parameter name per position, and the root catch-all already holds the first.
    The sitemap is served by the HTTP layer, not as a page.
    """
    pages: list[tuple[Route, str, dict[str, str]]] = []
    for route in route_table():
        if not SCREENS[route.screen].page:
            continue
        if route.reflex_route() == "/[[...splat]]":
            # A root catch-all would compete with the router's own not-found route:
            # the home page is registered as such, every other path as the 404 page.
            pages += [(route, "/", {"slug": ""}), (route, "404", {})]
            continue
        if "brand" not in route.params:
            pages.append((route, route.reflex_route(), {}))
            continue
        for brand in brands:
            fixed = Route(
                route.screen,
                route.locale,
                tuple(Segment(literal=brand) if s.param == "brand" else s for s in route.segments),
            )
            pages.append((route, fixed.reflex_route(), {"brand": brand}))
    return pages


_PATH_SAFE = "/-._~!$&'()*+,;=:@%"
_QUERY_SAFE = _PATH_SAFE + "?"


def same_site(path: str, query: str = "") -> str:
    """Where a redirect of the site may lead: ``path`` on this site, never another host
    (``//evil.example``, ``/\\evil.example``, ``/%2fevil.example`` once decoded),
    whatever a visitor put in it. A trailing slash goes (slash-less is canonical); the
    query string is kept. Every redirect the site makes goes through here."""
    location = quote("/" + path.lstrip("/\\").rstrip("/"), safe=_PATH_SAFE)
    return location + (f"?{quote(query, safe=_QUERY_SAFE)}" if query else "")


# How much of a query string is read for its empty fields (a listing's fields fit in far
# less; a longer one is answered as it is).
MAX_TIDY_QUERY = 4096


def without_empty_fields(path: str, query: str) -> str | None:
    """The address of a stock listing without the fields its query leaves empty, as the
    served filter form sends them when the app has not taken over (``?near=&price_min=``):
    empty and absent mean the same to a listing. None when nothing is empty, the query is
    longer than ``MAX_TIDY_QUERY``, or ``path`` is no listing."""
    if "=" not in query or len(query) > MAX_TIDY_QUERY:
        return None
    fields = parse_qsl(query, keep_blank_values=True)
    filled = [(key, value) for key, value in fields if value.strip()]
    if len(filled) == len(fields):  # the usual case: no route resolved for it
        return None
    resolved = resolve(path)
    if resolved is None or SCREENS[resolved[0]].page != "stock:PAGE":
        return None
    return same_site(path, urlencode(filled))


def same_site_target(target: str) -> str:
    """``same_site`` of a built ``path?query``."""
    path, _, query = target.partition("?")
    return same_site(path, query)


def _rule_path(source: str) -> str:
    """A rule's source as the server's (decoded) path: a trailing slash aside."""
    return unquote(source).rstrip("/") or "/"


def route_rule(path: str) -> RouteRule | None:
    """The route rule (``DEALER_ROUTE_RULES``) configured for a path, if any."""
    return next((rule for rule in get_settings().route_rules
                 if _rule_path(rule.source) == path), None)


def broken_links(locale: str) -> list[str]:
    """The paths of ``locale`` that a route rule sends nowhere (a rule without target,
    SPEC §2), as a browser's address bar has them (percent-encoded)."""
    return sorted({quote(_rule_path(rule.source), safe=_PATH_SAFE)
                   for rule in get_settings().route_rules
                   if not rule.target and locale_from_path(rule.source) == locale})
