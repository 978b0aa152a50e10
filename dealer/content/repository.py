"""What pages read: stories from the bundled demo or from the live content service.

Translation is folder-level: Dutch stories sit at the root of the space, German
ones under ``de/``, each with its own slugs (``over-ons`` / ``de/ueber-uns``) and
``alternates`` pointing at the other language. Inside each language:

- ``home`` and other pages (component ``page``), at their site path;
- news articles (``article``) in ``nieuws/`` / ``aktuelles/``;
- brands (``brand``) in ``merken/<brand>`` / ``marken/<brand>``, their models
  (``model``) one level deeper;
- the site configuration (``config``): navigation, footer, info bar;
- job vacancies (``vacancy``) in ``vacatures/`` / ``stellenangebote/``, with the same
  slug in both languages (it is the ``/vacatures/{vacancy}`` route's parameter).

A failing or slow service gives the last good answer (stale-if-error). With none yet,
a read of what a page shows raises ``ContentUnavailable`` (an outage is no missing page:
the page says so with status 503); the site configuration, the sitemap and a page's
translation give None / empty instead. Both are logged. A repository of drafts
(``dealer.content.preview``) keeps no answers: drafts are read anew each time.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from dealer.content.client import ContentClient, ContentError
from dealer.content.links import HOME_SLUG
from dealer.settings import Settings, get_settings
from dealer.visible import for_log

log = logging.getLogger(__name__)

DEMO_DIR = Path(__file__).parent / "demo"
LOCALE_PREFIX = {"nl": "", "de": "de/"}
NEWS_FOLDER = {"nl": "nieuws", "de": "aktuelles"}
BRANDS_FOLDER = {"nl": "merken", "de": "marken"}
VACANCIES_FOLDER = {"nl": "vacatures", "de": "stellenangebote"}
CONFIG_SLUG = "config"
PAGE_COMPONENTS = ("page", "article")
NEWS_ORDER = "first_published_at:desc"
CATALOGUE_ORDER = "position:asc"
STALE_ENTRIES = 2048  # last good answers kept for stale-if-error

T = TypeVar("T")


class ContentUnavailable(Exception):  # noqa: N818 - a state of the service, not a bug
    """The content service failed and no earlier answer to the same read is kept."""


@dataclass(frozen=True)
class SitemapEntry:
    """A content page: its slug within the locale ("" for home), last publication, translations."""

    slug: str
    updated_at: str | None
    alternates: dict[str, str] = field(default_factory=dict)


def _prefix(locale: str) -> str:
    if locale not in LOCALE_PREFIX:
        raise ValueError(f"unknown locale {locale!r}")
    return LOCALE_PREFIX[locale]


def locale_of_slug(full_slug: str) -> str:
    return next(
        (loc for loc, prefix in LOCALE_PREFIX.items() if prefix and full_slug.startswith(prefix)),
        "nl",
    )


def relative_slug(full_slug: str) -> str:
    """The slug inside its locale: ``de/ueber-uns`` -> ``ueber-uns``, ``de/home`` -> ``""``."""
    slug = full_slug.strip("/").removeprefix(LOCALE_PREFIX[locale_of_slug(full_slug)])
    return "" if slug == HOME_SLUG else slug


class Source(Protocol):
    async def story(self, full_slug: str) -> dict | None: ...

    async def stories(
        self,
        *,
        starts_with: str,
        components: Iterable[str],
        sort_by: str,
        page: int | None = None,
        per_page: int | None = None,
    ) -> tuple[list[dict], int]: ...


def _sort_key(field_name: str) -> Callable[[dict], Any]:
    def key(story: dict) -> tuple[bool, Any]:
        value = story.get(field_name)
        return (value is None, value if value is not None else 0)

    return key


class DemoSource:
    """The bundled demo stories (``demo/<locale>/*.json``), queried like ``cdn/stories``."""

    def __init__(self, directory: Path = DEMO_DIR) -> None:
        self.directory = directory
        self._by_slug: dict[str, dict] | None = None

    def _load(self) -> dict[str, dict]:
        if self._by_slug is None:
            stories: dict[str, dict] = {}
            for path in sorted(self.directory.glob("*/*.json")):
                for story in json.loads(path.read_text(encoding="utf-8"))["stories"]:
                    stories[story["full_slug"].strip("/")] = story
            self._by_slug = stories
        return self._by_slug

    async def story(self, full_slug: str) -> dict | None:
        story = self._load().get(full_slug.strip("/"))
        return copy.deepcopy(story) if story else None

    async def stories(
        self,
        *,
        starts_with: str,
        components: Iterable[str],
        sort_by: str,
        page: int | None = None,
        per_page: int | None = None,
    ) -> tuple[list[dict], int]:
        wanted = set(components)
        found = [
            story
            for slug, story in self._load().items()
            if slug.startswith(starts_with)
            and (starts_with or locale_of_slug(slug) == "nl")  # the Dutch root holds no German
            and story["content"].get("component") in wanted
        ]
        field_name, _, direction = sort_by.partition(":")
        found.sort(key=_sort_key(field_name), reverse=direction == "desc")
        total = len(found)
        if page is not None and per_page is not None:
            found = found[(page - 1) * per_page : page * per_page]
        return copy.deepcopy(found), total


class EditedSource:
    """A source with one story replaced by the version an editor is changing (not saved
    yet); everything else as ``source`` has it."""

    def __init__(self, source: Source, story: dict) -> None:
        self.source = source
        self.edited = story
        self.stories = source.stories  # lists as the source has them

    async def story(self, full_slug: str) -> dict | None:
        if full_slug.strip("/") == str(self.edited.get("full_slug", "")).strip("/"):
            return copy.deepcopy(self.edited)
        return await self.source.story(full_slug)


class ServiceSource:
    """The live content service through a ContentClient."""

    def __init__(self, client: ContentClient) -> None:
        self.client = client

    async def story(self, full_slug: str) -> dict | None:
        try:
            body = await self.client.get_story(full_slug, resolve_links="url")
        except ContentError as exc:
            if exc.status == 404:
                return None
            raise
        return body.get("story")

    async def stories(
        self,
        *,
        starts_with: str,
        components: Iterable[str],
        sort_by: str,
        page: int | None = None,
        per_page: int | None = None,
    ) -> tuple[list[dict], int]:
        params: dict[str, Any] = {
            "starts_with": starts_with or None,
            "filter_query": {"component": {"in": list(components)}},
            "sort_by": sort_by,
        }
        if not starts_with:
            params["excluding_slugs"] = [f"{p}*" for p in LOCALE_PREFIX.values() if p]
        if page is None or per_page is None:
            stories = await self.client.get_all(**params)
            return stories, len(stories)
        body = await self.client.get_stories(**params, page=page, per_page=per_page)
        stories = body.get("stories") or []
        return stories, int(body.get("total") or len(stories))


class ContentRepository:
    """Stories for the pages, by locale; demo content without a token or with public mocks."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        client: ContentClient | None = None,
        demo_dir: Path = DEMO_DIR,
        timeout: float = 3.0,
        cv_check_interval: float | None = None,
        keep_last_good: bool = True,
    ) -> None:
        settings = settings or get_settings()
        if settings.public_mocks:
            log.warning("public mocks are on: bundled demo content replaces the content API")
        elif client is None and settings.content_token:
            client = ContentClient(
                token=settings.content_token,
                base_url=settings.content_base_url,
                version=settings.content_version,
                oauth_token=settings.content_oauth_token,
            )
        self._client = None if settings.public_mocks else client
        self._source: Source = ServiceSource(self._client) if self._client else DemoSource(demo_dir)
        self.timeout = timeout
        self.cv_check_interval = (settings.content_cache_seconds if cv_check_interval is None
                                  else cv_check_interval)
        self._cv_checked = time.monotonic()
        self.keep_last_good = keep_last_good
        self._last_good: OrderedDict[tuple, Any] = OrderedDict()

    @property
    def uses_demo(self) -> bool:
        return self._client is None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    async def _read(self, key: tuple, fetch: Callable[[], Awaitable[T]], empty: T, *,
                    optional: bool = False) -> T:
        """``fetch()`` within the time budget; on failure the last good answer, else
        ``ContentUnavailable`` (``empty`` for an ``optional`` read)."""
        await self._check_cache_version()
        try:
            result = await asyncio.wait_for(fetch(), self.timeout)
        except Exception as exc:  # a visitor-facing read must not fail
            reason = "timed out" if isinstance(exc, TimeoutError) else repr(exc)
            if key in self._last_good:
                log.warning("content read %s %s; serving the last good answer", for_log(key),
                            reason)
                return copy.deepcopy(self._last_good[key])
            log.error("content read %s %s; no earlier answer to serve", for_log(key), reason)
            if optional:
                return empty
            raise ContentUnavailable(key) from exc
        if not self.keep_last_good:
            return result
        self._last_good[key] = copy.deepcopy(result)
        self._last_good.move_to_end(key)
        while len(self._last_good) > STALE_ENTRIES:
            self._last_good.popitem(last=False)
        return result

    def editing(self, story: dict) -> ContentRepository:
        """This repository with ``story`` in place of its saved version (an editor's change
        not saved yet, ``EditedSource``); it keeps none of its answers."""
        edited = copy.copy(self)
        edited._source = EditedSource(self._source, story)
        edited.keep_last_good = False
        edited._last_good = OrderedDict()
        return edited

    async def _check_cache_version(self) -> None:
        """Now and then ask the service whether content was published since."""
        if self._client is None or time.monotonic() - self._cv_checked < self.cv_check_interval:
            return
        self._cv_checked = time.monotonic()
        try:
            await asyncio.wait_for(self._client.refresh_cv(), self.timeout)
        except Exception as exc:  # the cached content stays in use
            log.warning("content cache version check failed: %r", exc)

    async def _story(self, full_slug: str, components: Iterable[str], *,
                     optional: bool = False) -> dict | None:
        wanted = tuple(components)
        story = await self._read(("story", full_slug), lambda: self._source.story(full_slug),
                                 None, optional=optional)
        if story is None or story.get("content", {}).get("component") not in wanted:
            return None
        return story

    async def _list(self, key: tuple, *, optional: bool = False,
                    **query: Any) -> tuple[list[dict], int]:
        return await self._read(key, lambda: self._source.stories(**query), ([], 0),
                                optional=optional)

    async def get_page(self, slug: str, locale: str) -> dict | None:
        """The page or article at ``slug`` within ``locale`` ("" is home), else None."""
        prefix = _prefix(locale)
        slug = slug.strip("/")
        first = slug.split("/", 1)[0] + "/"
        if slug == HOME_SLUG or any(first == p for p in LOCALE_PREFIX.values() if p):
            return None
        return await self._story(prefix + (slug or HOME_SLUG), PAGE_COMPONENTS)

    async def list_news(
        self, locale: str, page: int = 1, per_page: int = 12
    ) -> tuple[list[dict], int]:
        """Articles, newest first: one page of them and the total count."""
        page, per_page = max(1, page), max(1, per_page)
        folder = f"{_prefix(locale)}{NEWS_FOLDER[locale]}/"
        return await self._list(
            ("news", folder, page, per_page),
            starts_with=folder,
            components=("article",),
            sort_by=NEWS_ORDER,
            page=page,
            per_page=per_page,
        )

    async def get_article(self, slug: str, locale: str) -> dict | None:
        """The news article with this slug (last path segment), else None."""
        slug = slug.strip("/").rsplit("/", 1)[-1]
        if not slug:
            return None
        return await self._story(f"{_prefix(locale)}{NEWS_FOLDER[locale]}/{slug}", ("article",))

    async def list_brands(self, locale: str) -> list[dict]:
        folder = f"{_prefix(locale)}{BRANDS_FOLDER[locale]}/"
        stories, _ = await self._list(
            ("brands", folder), starts_with=folder, components=("brand",), sort_by=CATALOGUE_ORDER
        )
        return stories

    async def get_brand(self, slug: str, locale: str) -> dict | None:
        slug = slug.strip("/")
        if not slug or "/" in slug:
            return None
        return await self._story(f"{_prefix(locale)}{BRANDS_FOLDER[locale]}/{slug}", ("brand",))

    async def list_models(self, brand: str, locale: str) -> list[dict]:
        brand = brand.strip("/")
        if not brand or "/" in brand:
            return []
        folder = f"{_prefix(locale)}{BRANDS_FOLDER[locale]}/{brand}/"
        stories, _ = await self._list(
            ("models", folder), starts_with=folder, components=("model",), sort_by=CATALOGUE_ORDER
        )
        return stories

    async def get_model(self, brand: str, model: str, locale: str) -> dict | None:
        brand, model = brand.strip("/"), model.strip("/")
        if not brand or not model or "/" in brand + model:
            return None
        full_slug = f"{_prefix(locale)}{BRANDS_FOLDER[locale]}/{brand}/{model}"
        return await self._story(full_slug, ("model",))

    async def list_vacancies(self, locale: str) -> list[dict]:
        """Every vacancy of ``locale``, newest first."""
        folder = f"{_prefix(locale)}{VACANCIES_FOLDER[locale]}/"
        stories, _ = await self._list(("vacancies", folder), starts_with=folder,
                                      components=("vacancy",), sort_by=NEWS_ORDER)
        return stories

    async def get_vacancy(self, slug: str, locale: str) -> dict | None:
        slug = slug.strip("/")
        if not slug or "/" in slug:
            return None
        return await self._story(f"{_prefix(locale)}{VACANCIES_FOLDER[locale]}/{slug}",
                                 ("vacancy",))

    async def get_config(self, locale: str) -> dict | None:
        """The site configuration story (navigation, footer, info bar, social links)."""
        return await self._story(_prefix(locale) + CONFIG_SLUG, ("config",), optional=True)

    async def all_slugs(self, locale: str) -> list[SitemapEntry]:
        """Every page and article of ``locale``, for the sitemap."""
        prefix = _prefix(locale)
        stories, _ = await self._list(
            ("sitemap", locale),
            optional=True,
            starts_with=prefix,
            components=PAGE_COMPONENTS,
            sort_by="full_slug:asc",
        )
        return [
            SitemapEntry(
                slug=relative_slug(story["full_slug"]),
                updated_at=story.get("published_at"),
                alternates={
                    locale_of_slug(alt["full_slug"]): relative_slug(alt["full_slug"])
                    for alt in story.get("alternates") or []
                    if alt.get("full_slug")
                },
            )
            for story in stories
        ]

    async def alternate_slug(self, slug: str, locale: str, target: str) -> str | None:
        """The slug of the same page in the ``target`` locale, if it was translated."""
        _prefix(target)
        try:
            story = await self.get_page(slug, locale)
        except ContentUnavailable:
            return None
        for alt in (story or {}).get("alternates") or []:
            if alt.get("full_slug") and locale_of_slug(alt["full_slug"]) == target:
                return relative_slug(alt["full_slug"])
        return None


@lru_cache(maxsize=1)
def get_repository() -> ContentRepository:
    """The shared repository of the running site (one client, one stale store)."""
    return ContentRepository()
