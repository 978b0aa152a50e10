"""Sitemaps and robots.txt, built from the route table, the stock and the content.

``/sitemap.xml`` (and ``/de/sitemap.xml``) is a sitemap index over three
sitemaps: the site's fixed pages, the content pages and news, and the
vehicles (in parts of at most ``VEHICLES_PER_SITEMAP``). The screens listed are those
the route table marks ``sitemap``: a screen without parameters once, one with
``{brand}`` once per brand, one of records (vehicles, branches, vacancies, stories) once
per record, from its source in ``RECORDS``. Every URL lists its counterpart in the other
language as an hreflang alternate. Results are cached for ``CACHE_SECONDS`` per process.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from sqlmodel import Session

from dealer.brands import PLATFORM_BRANDS
from dealer.content.repository import get_repository
from dealer.db import get_engine
from dealer.i18n import LANGUAGE_TAGS, LOCALES
from dealer.locations.repository import list_locations
from dealer.routes import SCREENS, path_for, route_for
from dealer.stock.repository import sitemap_entries
from dealer.views.markup import EMPTY, Html
from dealer.views.vacancies import sitemap_paths
from dealer.web.seo import absolute_url

SITEMAP_DIR = "/sitemaps"
VEHICLES_PER_SITEMAP = 10_000
CACHE_SECONDS = 300



@dataclass(frozen=True)
class Url:
    """One page: its path in each locale, and when it last changed."""

    paths: dict[str, str]
    lastmod: str | None = None


@dataclass
class _Cache:
    built_at: float = -math.inf
    sets: dict[str, list[Url]] = field(default_factory=dict)


_cache = _Cache()
_lock = asyncio.Lock()


def _both(screen: str, **params: str) -> dict[str, str]:
    return {locale: path_for(screen, locale, **params) for locale in LOCALES}


def fixed_urls(screen: str) -> list[Url]:
    """A listed screen without records: its page, or its page of each brand."""
    params = set(route_for(screen, "nl").params)
    if not params or params == {"slug"}:  # the home page is the content screen's bare path
        return [Url(_both(screen))]
    if params == {"brand"}:
        return [Url(_both(screen, brand=brand)) for brand in PLATFORM_BRANDS]
    raise ValueError(f"the sitemap has no records for {screen!r}: add its source to RECORDS")


def _vehicle_urls() -> list[Url]:
    with Session(get_engine()) as session:
        entries = sitemap_entries(session)
    return [Url(_both("vehicle", vehicle=entry.slug), _day(entry.updated_at))
            for entry in entries]


def _location_urls() -> list[Url]:
    with Session(get_engine()) as session:
        locations = list_locations(session)
    return [Url(_both("location", location=location.slug)) for location in locations]


async def _vacancy_urls() -> list[Url]:
    return [Url(paths) for paths in await sitemap_paths()]


async def _content_urls() -> list[Url]:
    repository = get_repository()
    urls: dict[tuple[str, str], Url] = {}
    for locale in LOCALES:
        for entry in await repository.all_slugs(locale):
            if not entry.slug:
                continue  # the home pages are among the fixed pages
            slugs = {locale: entry.slug, **entry.alternates}
            key = (locale, entry.slug)
            if any((other, slug) in urls for other, slug in slugs.items()):
                continue  # already listed from its translation
            paths = {loc: path_for("content", loc, slug=slug) for loc, slug in slugs.items()}
            urls[key] = Url(paths, entry.updated_at[:10] if entry.updated_at else None)
    return list(urls.values())


def _day(value: dt.datetime | None) -> str | None:
    return value.date().isoformat() if value else None


async def _in_thread(read: Callable[[], list[Url]]) -> list[Url]:
    return await asyncio.to_thread(read)


# Listed screens of records: the sitemap each goes to, and where its records come from.
RECORDS: dict[str, tuple[str, Callable[[], Awaitable[list[Url]]]]] = {
    "content": ("content", _content_urls),
    "location": ("pages", lambda: _in_thread(_location_urls)),
    "vacancy": ("pages", _vacancy_urls),
    "vehicle": ("vehicles", lambda: _in_thread(_vehicle_urls)),
}


async def url_sets() -> dict[str, list[Url]]:
    """The sitemaps by name ("pages", "content", "vehicles-1", ...), cached."""
    async with _lock:
        if time.monotonic() - _cache.built_at < CACHE_SECONDS:
            return _cache.sets
        found: dict[str, list[Url]] = {"pages": [], "content": [], "vehicles": []}
        for screen in (screen for screen, entry in SCREENS.items() if entry.sitemap):
            if screen == "content" or screen not in RECORDS:  # content: the home page too
                found["pages"] += fixed_urls(screen)
            if screen in RECORDS:
                name, records = RECORDS[screen]
                found[name] += await records()
        listed = {path for url in found["pages"] for path in url.paths.values()}
        # Stories behind fixed pages (the news or brands overview) are listed once.
        sets = {"pages": found["pages"],
                "content": [url for url in found["content"]
                            if not listed.intersection(url.paths.values())]}
        vehicles = found["vehicles"]
        parts = max(1, math.ceil(len(vehicles) / VEHICLES_PER_SITEMAP))
        for part in range(parts):
            start = part * VEHICLES_PER_SITEMAP
            sets[f"vehicles-{part + 1}"] = vehicles[start:start + VEHICLES_PER_SITEMAP]
        _cache.sets, _cache.built_at = sets, time.monotonic()
        return sets


def clear_cache() -> None:
    _cache.built_at = -math.inf


def index_xml(names: list[str]) -> str:
    entries = EMPTY.join(
        Html("<sitemap><loc>{}</loc></sitemap>").format(
            absolute_url(f"{SITEMAP_DIR}/{name}.xml"))
        for name in names
    )
    return str(Html(
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{}'
        "</sitemapindex>"
    ).format(entries))


def urlset_xml(urls: list[Url]) -> str:
    entries = []
    alternate = Html('<xhtml:link rel="alternate" hreflang="{}" href="{}"/>')
    for url in urls:
        default = url.paths.get("nl") or next(iter(url.paths.values()))
        alternates = EMPTY.join(
            alternate.format(LANGUAGE_TAGS[locale], absolute_url(path))
            for locale, path in url.paths.items()
        ) + alternate.format("x-default", absolute_url(default))
        lastmod = Html("<lastmod>{}</lastmod>").format(url.lastmod) if url.lastmod else EMPTY
        # One <url> per language version, each listing all versions (Google's format).
        entries += [
            Html("<url><loc>{}</loc>{}{}</url>").format(absolute_url(path), lastmod, alternates)
            for path in url.paths.values()
        ]
    return str(Html(
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">{}</urlset>'
    ).format(EMPTY.join(entries)))


async def sitemap_document(path: str) -> str | None:
    """The XML for a sitemap path, or None when there is no such sitemap."""
    sets = await url_sets()
    if path in (path_for("sitemap", locale) for locale in LOCALES):
        return index_xml(list(sets))
    name = path.removeprefix(f"{SITEMAP_DIR}/").removesuffix(".xml")
    if path.startswith(f"{SITEMAP_DIR}/") and name in sets:
        return urlset_xml(sets[name])
    return None


def robots_txt() -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url(path_for('sitemap', 'nl'))}\n"
