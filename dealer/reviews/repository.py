"""The reviews the pages show, per branch: from the configured feed, or the demo reviews.

Reads never raise. A branch's reviews are kept for ``DEALER_REVIEWS_CACHE_SECONDS``;
after that the feed is asked again, and when it fails or is slow the last good answer
is served (stale-if-error), else no reviews; both are logged.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from functools import lru_cache

from dealer.reviews.client import RefreshCredentials, Review, ReviewsClient
from dealer.reviews.demo import (
    DEMO_ACCOUNT,
    DEMO_BASE_URL,
    DEMO_TOKEN,
    demo_locations,
    demo_transport,
)
from dealer.settings import Settings, get_settings

log = logging.getLogger(__name__)

FETCHED = 10  # the latest reviews of a branch a page shows (and its rating is built from)
RETRY_AFTER_FAILURE_S = 60  # while the feed fails, the last good answer is served this long


def _configured_client(settings: Settings) -> ReviewsClient | None:
    """The provider's client when an account and a way to authenticate are configured."""
    refresh = None
    if settings.reviews_refresh_token and settings.reviews_client_id \
            and settings.reviews_client_secret:
        refresh = RefreshCredentials(settings.reviews_token_url, settings.reviews_client_id,
                                     settings.reviews_client_secret,
                                     settings.reviews_refresh_token)
    if not settings.reviews_account or not (settings.reviews_token or refresh):
        return None
    return ReviewsClient(base_url=settings.reviews_base_url, account=settings.reviews_account,
                         token=settings.reviews_token, refresh=refresh)


class ReviewsRepository:
    """The latest reviews per branch slug, cached, stale when the feed fails."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        client: ReviewsClient | None = None,
        locations: dict[str, str] | None = None,
        timeout: float = 3.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settings = settings or get_settings()
        client = client or (None if settings.public_mocks else _configured_client(settings))
        self.uses_demo = client is None
        if client is None:
            client = ReviewsClient(base_url=DEMO_BASE_URL, account=DEMO_ACCOUNT,
                                   token=DEMO_TOKEN, transport=demo_transport())
            locations = locations or demo_locations()
        self._client = client
        self.locations = locations if locations is not None else dict(settings.reviews_locations)
        self.max_age = settings.reviews_cache_seconds
        self.timeout = timeout
        self._clock = clock
        self._kept: dict[str, tuple[float, list[Review]]] = {}  # slug -> (read at, reviews)

    async def aclose(self) -> None:
        await self._client.aclose()

    async def branch_reviews(self, slug: str) -> list[Review]:
        """The latest reviews of a branch, newest first; none for a branch without a feed."""
        location = self.locations.get(slug)
        if location is None:
            return []
        kept = self._kept.get(slug)
        if kept is not None and self._clock() - kept[0] < self.max_age:
            return list(kept[1])
        try:
            reviews = await asyncio.wait_for(self._client.latest(location, FETCHED), self.timeout)
        except Exception as exc:  # a visitor-facing read must not fail
            reason = "timed out" if isinstance(exc, TimeoutError) else repr(exc)
            if kept is not None:
                log.warning("reviews of %s %s; serving the last good answer", slug, reason)
                # Ask again in a minute, not on every page view of an outage.
                retry_at = self._clock() + min(RETRY_AFTER_FAILURE_S, self.max_age)
                self._kept[slug] = (retry_at - self.max_age, kept[1])
                return list(kept[1])
            log.error("reviews of %s %s; no earlier answer to serve", slug, reason)
            return []
        self._kept[slug] = (self._clock(), reviews)
        return list(reviews)

    async def group_reviews(self, slugs: Iterable[str]) -> dict[str, list[Review]]:
        """The latest reviews of each branch, read side by side."""
        slugs = [slug for slug in dict.fromkeys(slugs) if slug in self.locations]
        found = await asyncio.gather(*(self.branch_reviews(slug) for slug in slugs))
        return dict(zip(slugs, found, strict=True))


@lru_cache(maxsize=1)
def get_reviews() -> ReviewsRepository:
    """The site's one repository (one client, one cache)."""
    return ReviewsRepository()
