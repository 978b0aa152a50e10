"""Client of a branch review feed: Google Business Profile's ``reviews.list`` (API v4).

``GET {base}/{account}/{location}/reviews?pageSize=50&orderBy=updateTime desc`` with an
OAuth 2 bearer token answers ``{"reviews": [...], "averageRating", "totalReviewCount",
"nextPageToken"}``; a review has ``reviewId``, ``reviewer.displayName`` (and
``isAnonymous``), ``starRating`` (``ONE`` .. ``FIVE``), ``comment``, ``createTime`` and
``updateTime`` (RFC 3339) and an optional ``reviewReply`` (``comment``).

The bundled demo reviews are answered in the same shape by a local transport
(``dealer.reviews.demo``), so the demo goes through this very client.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from dataclasses import dataclass
from urllib.parse import quote

import httpx

log = logging.getLogger(__name__)

STAR_RATINGS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5}
PAGE_SIZE = 50  # the provider's largest page: the latest 50 reviews of a branch
MAX_TEXT = 4096  # the provider's own limit on a review's comment
TOKEN_MARGIN_S = 60  # an access token is renewed this long before it expires


class ReviewsError(Exception):
    """The feed could not be read: unreachable, refused (``status``) or not understood."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message if status is None else f"{message} (status {status})")
        self.status = status


@dataclass(frozen=True)
class Review:
    """One review as the site shows it; ``author`` is empty for an anonymous reviewer."""

    id: str
    author: str
    rating: int  # 1..5 stars
    text: str
    created: dt.datetime
    reply: str = ""  # the branch's public answer


@dataclass(frozen=True)
class RefreshCredentials:
    """An OAuth 2 client with a refresh token: fresh access tokens from ``token_url``."""

    token_url: str
    client_id: str
    client_secret: str
    refresh_token: str


def _time(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


def _text(value: object) -> str:
    return value.strip()[:MAX_TEXT] if isinstance(value, str) else ""


def parse_review(raw: object) -> Review | None:
    """A review of the feed; None for an entry without an id, a star rating or a date."""
    if not isinstance(raw, dict):
        return None
    rating = STAR_RATINGS.get(raw.get("starRating"))  # type: ignore[arg-type]
    created = _time(raw.get("createTime"))
    review_id = _text(raw.get("reviewId"))
    if rating is None or created is None or not review_id:
        return None
    reviewer = raw.get("reviewer") if isinstance(raw.get("reviewer"), dict) else {}
    reply = raw.get("reviewReply") if isinstance(raw.get("reviewReply"), dict) else {}
    return Review(
        id=review_id,
        author="" if reviewer.get("isAnonymous") else _text(reviewer.get("displayName"))[:80],
        rating=rating,
        text=_text(raw.get("comment")),
        created=created,
        reply=_text(reply.get("comment")),
    )


def parse_feed(body: object) -> list[Review]:
    """The reviews of a ``reviews.list`` answer, newest first; entries it cannot read are
    left out. A body that is no such answer raises ReviewsError."""
    if not isinstance(body, dict) or not isinstance(body.get("reviews", []), list):
        raise ReviewsError("the review feed sent an unexpected body")
    reviews = [review for raw in body.get("reviews", []) if (review := parse_review(raw))]
    if len(reviews) < len(body.get("reviews", [])):
        log.warning("review feed: %d entries without id, rating or date left out",
                    len(body["reviews"]) - len(reviews))
    return sorted(reviews, key=lambda review: review.created, reverse=True)


class ReviewsClient:
    """Reads the latest reviews of a location of one provider account."""

    def __init__(
        self,
        *,
        base_url: str,
        account: str,
        token: str | None = None,
        refresh: RefreshCredentials | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 5.0,
    ) -> None:
        self.account = account.strip("/")
        self._token = token
        self._token_expires = float("inf") if token else 0.0
        self._refresh = refresh
        self._http = httpx.AsyncClient(base_url=base_url.rstrip("/") + "/", transport=transport,
                                       timeout=timeout,
                                       headers={"Accept": "application/json"})

    async def aclose(self) -> None:
        await self._http.aclose()

    async def latest(self, location: str, count: int = PAGE_SIZE) -> list[Review]:
        """The ``count`` most recent reviews of ``location`` ("locations/123"), newest first."""
        path = f"{self.account}/{quote(location.strip('/'), safe='/')}/reviews"
        headers = {"Authorization": f"Bearer {await self._access_token()}"}
        params = {"pageSize": str(min(max(count, 1), PAGE_SIZE)), "orderBy": "updateTime desc"}
        try:
            response = await self._http.get(path, params=params, headers=headers)
        except httpx.HTTPError as exc:
            raise ReviewsError(f"review feed unreachable: {exc!r}") from exc
        if response.status_code != 200:
            raise ReviewsError(response.reason_phrase or "review feed refused",
                               response.status_code)
        try:
            body = response.json()
        except ValueError as exc:
            raise ReviewsError("the review feed sent invalid JSON", 200) from exc
        return parse_feed(body)[:count]

    async def _access_token(self) -> str:
        if self._token and time.monotonic() < self._token_expires:
            return self._token
        if self._refresh is None:
            raise ReviewsError("no access token for the review feed")
        credentials = self._refresh
        try:
            response = await self._http.post(credentials.token_url, data={
                "grant_type": "refresh_token",
                "client_id": credentials.client_id,
                "client_secret": credentials.client_secret,
                "refresh_token": credentials.refresh_token,
            })
            body = response.json() if response.status_code == 200 else {}
        except (httpx.HTTPError, ValueError) as exc:
            raise ReviewsError(f"access token request failed: {exc!r}") from exc
        body = body if isinstance(body, dict) else {}
        token, lifetime = body.get("access_token"), body.get("expires_in")
        if not isinstance(token, str) or not isinstance(lifetime, int):
            raise ReviewsError("access token refused", response.status_code)
        self._token = token
        self._token_expires = time.monotonic() + max(lifetime - TOKEN_MARGIN_S, 0)
        return token
