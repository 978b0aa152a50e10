"""Client for a Storyblok-compatible content delivery API (``cdn/stories``).

Every request carries the token, the version (draft or published) and the
cache version ``cv``. The service answers with the current ``cv``; published
responses are kept in memory until a response reports a different ``cv``.
Draft responses are never cached.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import quote, urlencode

import httpx

log = logging.getLogger(__name__)

DEFAULT_RATE_LIMIT = 5  # requests per second on the delivery API
OAUTH_RATE_LIMIT = 3  # requests per second when an oauth token is used
UUID_BATCH_SIZE = 50  # stories fetched per by_uuids request
RESOLVE_LEVEL = 2
# resolve_links values that make the service return link stories to insert
LINK_RESOLVING_VALUES = frozenset({"1", "story", "url", "link"})
BATCH_SHARED_PARAMS = ("version", "language", "excluding_fields")


class ContentError(Exception):
    """A content request failed: ``status`` is the HTTP status when there was one."""

    def __init__(
        self, message: str, status: int | None = None, response: object | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.response = response

    def __str__(self) -> str:
        return self.message if self.status is None else f"{self.message} (status {self.status})"


class RateLimiter:
    """Sliding window: at most ``limit`` acquisitions start within any ``period`` seconds."""

    def __init__(
        self,
        limit: int,
        period: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if limit < 1:
            raise ValueError("rate limit must be at least 1 request per period")
        self.limit = limit
        self.period = period
        self._clock = clock
        self._sleep = sleep
        self._starts: deque[float] = deque()
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        # The lock keeps waiters in arrival order while one of them sleeps.
        async with self._lock:
            while True:
                now = self._clock()
                while self._starts and self._starts[0] <= now - self.period:
                    self._starts.popleft()
                if len(self._starts) < self.limit:
                    self._starts.append(now)
                    return
                await self._sleep(self._starts[0] + self.period - now)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple | set | frozenset):
        return ",".join(_query_value(item) for item in value)
    return str(value)


def _flatten(params: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Query parameters: lists joined with commas, nested mappings as ``a[b][c]``."""
    flat: dict[str, str] = {}
    for key, value in params.items():
        name = f"{prefix}[{key}]" if prefix else str(key)
        if value is None:
            continue
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name))
        else:
            flat[name] = _query_value(value)
    return flat


def _error_detail(response: httpx.Response) -> object:
    """What the service said about a failure: its error text, else the whole body."""
    try:
        data = response.json()
    except ValueError:
        return response.text or None
    if isinstance(data, list):
        return data[0] if data else None
    if isinstance(data, dict):
        return data.get("error") or data.get("slug") or data
    return data


def _substitute(value: Any, stories: Mapping[str, dict]) -> Any:
    """A relation field (uuid or list of uuids) with the related stories put in."""
    if isinstance(value, str):
        return copy.deepcopy(stories[value]) if value in stories else value
    if isinstance(value, list):
        return [_substitute(item, stories) if isinstance(item, str) else item for item in value]
    return value


def _insert_link(node: Any, links: Mapping[str, dict]) -> None:
    """Put the linked story into a multilink field or rich text link attributes."""
    if not isinstance(node, dict) or node.get("linktype") != "story":
        return
    for key in ("id", "uuid"):
        uuid = node.get(key)
        if isinstance(uuid, str) and uuid in links:
            node["story"] = copy.deepcopy(links[uuid])
            return


def _enrich(
    tree: Any, fields: frozenset[str], relations: Mapping[str, dict], links: Mapping[str, dict]
) -> None:
    """Resolve relations and links in place.

    Children are visited before a field is replaced, so inserted stories are
    never walked again (that is what bounds the depth).
    """
    if isinstance(tree, list):
        for item in tree:
            _enrich(item, fields, relations, links)
        return
    if not isinstance(tree, dict):
        return
    resolvable = ("component" in tree and "_uid" in tree) or tree.get("type") == "link"
    for key, value in list(tree.items()):
        _enrich(value, fields, relations, links)
        if not resolvable:
            continue
        if relations and f"{tree.get('component')}.{key}" in fields:
            tree[key] = _substitute(value, relations)
        elif links:
            _insert_link(value, links)


class ContentClient:
    """Async client for ``cdn/stories`` with throttling, retries and a published cache."""

    def __init__(
        self,
        *,
        token: str,
        base_url: str,
        version: str = "published",
        oauth_token: str | None = None,
        rate_limit: int | None = None,
        limiter: RateLimiter | None = None,
        max_retries: int = 10,
        retry_delay: float = 0.3,
        per_page: int = 25,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.token = token
        self.version = version
        self.max_retries = max_retries
        self.retry_delay = retry_delay
        self.per_page = per_page
        headers = {"Accept": "application/json"}
        if oauth_token:
            headers["Authorization"] = oauth_token
        self.rate_limit = rate_limit or (OAUTH_RATE_LIMIT if oauth_token else DEFAULT_RATE_LIMIT)
        self._limiter = limiter or RateLimiter(self.rate_limit)
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/") + "/",
            headers=headers,
            transport=transport,
            timeout=10.0,
            follow_redirects=True,
        )
        self.cv: int | None = None
        self._cache: dict[str, dict] = {}

    async def get_story(self, slug: str, **params: Any) -> dict:
        """``GET cdn/stories/{slug}``: the JSON body (``story``, ``cv``, ``rels``, ``links``)."""
        return await self._get(f"cdn/stories/{quote(slug.strip('/'), safe='/')}", params)

    async def get_stories(self, **params: Any) -> dict:
        """``GET cdn/stories``: the JSON body plus ``total`` and ``per_page`` from the headers."""
        return await self._get("cdn/stories", params)

    async def get_all(self, **params: Any) -> list[dict]:
        """Every story matching ``params``, all pages read (page count from ``total``)."""
        per_page = int(params.pop("per_page", None) or self.per_page)
        params.pop("page", None)
        first = await self.get_stories(**params, per_page=per_page, page=1)
        last_page = max(1, math.ceil(int(first.get("total") or 0) / per_page))
        rest = await asyncio.gather(
            *(
                self.get_stories(**params, per_page=per_page, page=page)
                for page in range(2, last_page + 1)
            )
        )
        return [story for body in (first, *rest) for story in body.get("stories") or []]

    async def refresh_cv(self) -> int | None:
        """Ask the service for its current cache version (``cdn/spaces/me``).

        A changed version empties the published cache, so newly published
        content is served from the next request on.
        """
        body = await self._fetch("cdn/spaces/me", {"token": self.token})
        space = body.get("space")
        if isinstance(space, dict) and isinstance(space.get("version"), int):
            self._note_cv(space["version"])
        return self.cv

    async def aclose(self) -> None:
        await self._http.aclose()

    def _query(self, params: Mapping[str, Any]) -> dict[str, str]:
        query = {"token": self.token, "version": self.version, **_flatten(params)}
        if "resolve_relations" in query:
            query["resolve_level"] = str(RESOLVE_LEVEL)
        # Before the first answer the cv is unknown; the current time asks for fresh content.
        query.setdefault("cv", str(self.cv if self.cv is not None else int(time.time())))
        return query

    async def _get(self, path: str, params: Mapping[str, Any]) -> dict:
        query = self._query(params)
        cacheable = query["version"] == "published"
        key = path + "?" + urlencode(sorted((k, v) for k, v in query.items() if k != "cv"))
        if cacheable and key in self._cache:
            return copy.deepcopy(self._cache[key])
        body = await self._fetch(path, query)
        if body.get("story") or body.get("stories"):
            await self._resolve(body, query)
        if cacheable:
            self._cache[key] = copy.deepcopy(body)
        return body

    async def _fetch(self, path: str, query: Mapping[str, str]) -> dict:
        for attempt in range(self.max_retries + 1):
            await self._limiter.acquire()
            try:
                response = await self._http.get(path, params=query)
            except httpx.HTTPError as exc:
                raise ContentError(f"content service unreachable: {exc!r}") from exc
            if response.status_code != 429 or attempt == self.max_retries:
                break
            log.info("content service rate limit hit; retrying in %.1f s", self.retry_delay)
            await asyncio.sleep(self.retry_delay)
        status = response.status_code
        if not 200 <= status <= 206:
            message = response.reason_phrase or f"HTTP {status}"
            raise ContentError(message, status, _error_detail(response))
        body: dict = {}
        if status != 204 and response.content:
            try:
                body = response.json()
            except ValueError as exc:
                raise ContentError("content service sent invalid JSON", status) from exc
            if not isinstance(body, dict):
                raise ContentError("content service sent an unexpected body", status, body)
        for header, field in (("total", "total"), ("per-page", "per_page")):
            if (value := response.headers.get(header, "")).isdigit():
                body[field] = int(value)
        if isinstance(body.get("cv"), int):
            self._note_cv(body["cv"])
        return body

    def _note_cv(self, cv: int) -> None:
        if cv != self.cv:
            self._cache.clear()
            self.cv = cv

    async def _stories_by_uuids(self, uuids: list[str], query: Mapping[str, str]) -> list[dict]:
        # The batches read the same version and language as the request they serve.
        shared = {key: query[key] for key in BATCH_SHARED_PARAMS if key in query}
        stories: list[dict] = []
        for start in range(0, len(uuids), UUID_BATCH_SIZE):
            batch = uuids[start : start + UUID_BATCH_SIZE]
            body = await self.get_stories(**shared, per_page=UUID_BATCH_SIZE, by_uuids=batch)
            stories.extend(body.get("stories") or [])
        return stories

    async def _resolve(self, body: dict, query: Mapping[str, str]) -> None:
        fields = frozenset(f for f in query.get("resolve_relations", "").split(",") if f)
        relations: dict[str, dict] = {}
        if fields:
            if body.get("rel_uuids"):
                # As the reference client: the fetched stories become the answer's ``rels``
                # and the uuids, now resolved, leave it.
                body["rels"] = await self._stories_by_uuids(body.pop("rel_uuids"), query)
            related = body.get("rels") or []
            relations = {story["uuid"]: story for story in related if "uuid" in story}
        links: dict[str, dict] = {}
        if query.get("resolve_links") in LINK_RESOLVING_VALUES and (
            body.get("links") or body.get("link_uuids")
        ):
            linked = (
                await self._stories_by_uuids(body["link_uuids"], query)
                if body.get("link_uuids")
                else body.get("links") or []
            )
            links = {story["uuid"]: story for story in linked if "uuid" in story}
        if not relations and not links:
            return
        # Second level: relations inside the related stories, from an unresolved snapshot.
        snapshot = copy.deepcopy(relations)
        for story in relations.values():
            _enrich(story.get("content"), fields, snapshot, links)
        for story in [body["story"]] if body.get("story") else body.get("stories") or []:
            _enrich(story.get("content"), fields, relations, links)
