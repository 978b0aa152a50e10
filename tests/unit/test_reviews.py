"""Branch reviews: the provider client on a mock transport, the cache that serves the last
good answer, and the rating a page shows (numbers and dates in both languages)."""

from __future__ import annotations

import datetime as dt
import json
import logging

import httpx
import pytest

from dealer.reviews.client import RefreshCredentials, Review, ReviewsClient, ReviewsError
from dealer.reviews.demo import DEMO_ACCOUNT, DEMO_BASE_URL, demo_transport
from dealer.reviews.repository import FETCHED, ReviewsRepository
from dealer.settings import Settings
from dealer.views.reviews import (
    ReviewCard,
    aggregate_rating,
    average,
    branch_summary,
    review_card_html,
    review_markup,
)

pytestmark = pytest.mark.anyio

BASE = "https://mybusiness.test/v4"


def google_review(review_id: str, stars: str, day: int, **extra: object) -> dict:
    return {"name": f"accounts/1/locations/9/reviews/{review_id}", "reviewId": review_id,
            "reviewer": {"displayName": f"Reviewer {review_id}"}, "starRating": stars,
            "comment": f"Comment {review_id}", "createTime": f"2026-10-{day:02d}T09:30:00Z",
            "updateTime": f"2026-10-{day:02d}T09:30:00Z", **extra}


FEED = {
    "reviews": [
        google_review("a", "FOUR", 3),
        google_review("b", "FIVE", 20, reviewReply={"comment": "Thank you!"}),
        google_review("c", "TWO", 11, reviewer={"displayName": "A Google user",
                                                "isAnonymous": True}),
    ],
    "averageRating": 4.4,
    "totalReviewCount": 57,
    "nextPageToken": "next",
}


class Feed:
    """The provider's endpoint: answers FEED, or what a test sets, and records requests."""

    def __init__(self) -> None:
        self.answer: httpx.Response | Exception = httpx.Response(200, json=FEED)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def client_for(feed: Feed, **options: object) -> ReviewsClient:
    return ReviewsClient(base_url=BASE, account="accounts/1", transport=httpx.MockTransport(feed),
                         **{"token": "secret", **options})


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def repository(feed: Feed, clock: Clock, cache_seconds: int = 900) -> ReviewsRepository:
    return ReviewsRepository(Settings(reviews_cache_seconds=cache_seconds, public_mocks=False),
                             client=client_for(feed), locations={"utrecht": "locations/9"},
                             clock=clock, timeout=1.0)


# --- the client --------------------------------------------------------------------------


async def test_the_client_reads_the_latest_reviews_newest_first() -> None:
    feed = Feed()
    reviews = await client_for(feed).latest("locations/9", 10)
    request = feed.requests[0]
    assert request.url.path == "/v4/accounts/1/locations/9/reviews"
    assert request.url.params["pageSize"] == "10"
    assert request.url.params["orderBy"] == "updateTime desc"
    assert request.headers["Authorization"] == "Bearer secret"
    assert [review.id for review in reviews] == ["b", "c", "a"]
    assert reviews[0] == Review("b", "Reviewer b", 5, "Comment b",
                                dt.datetime(2026, 10, 20, 9, 30, tzinfo=dt.UTC), "Thank you!")
    assert reviews[1].author == ""  # anonymous: the page says so in its own language


@pytest.mark.parametrize("status", [500, 502, 503, 401, 404, 429])
async def test_a_refusal_is_an_error_with_its_status(status: int) -> None:
    feed = Feed()
    feed.answer = httpx.Response(status, json={"error": {"code": status}})
    with pytest.raises(ReviewsError) as raised:
        await client_for(feed).latest("locations/9")
    assert raised.value.status == status


@pytest.mark.parametrize("body", [b"<html>oops</html>", b'["reviews"]', b'{"reviews": {}}'])
async def test_a_body_that_is_no_feed_is_an_error(body: bytes) -> None:
    feed = Feed()
    feed.answer = httpx.Response(200, content=body)
    with pytest.raises(ReviewsError):
        await client_for(feed).latest("locations/9")


async def test_entries_without_rating_id_or_date_are_left_out() -> None:
    feed = Feed()
    feed.answer = httpx.Response(200, json={"reviews": [
        google_review("ok", "THREE", 5),
        google_review("no-stars", "STAR_RATING_UNSPECIFIED", 6),
        google_review("bad-date", "FIVE", 7, createTime="yesterday"),
        {**google_review("no-id", "FIVE", 8), "reviewId": ""},
        "not a review",
    ]})
    assert [review.id for review in await client_for(feed).latest("locations/9")] == ["ok"]


async def test_an_unreachable_feed_is_an_error() -> None:
    feed = Feed()
    feed.answer = httpx.ConnectError("no route")
    with pytest.raises(ReviewsError, match="unreachable"):
        await client_for(feed).latest("locations/9")


async def test_a_refresh_token_gets_an_access_token_once_until_it_expires() -> None:
    feed = Feed()
    tokens = []

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/token":
            tokens.append(dict(httpx.QueryParams(request.content.decode())))
            return httpx.Response(200, json={"access_token": "fresh", "expires_in": 3599})
        return feed(request)

    client = ReviewsClient(base_url=BASE, account="accounts/1",
                           transport=httpx.MockTransport(answer),
                           refresh=RefreshCredentials("https://oauth.test/token", "id", "shh",
                                                      "refresh"))
    await client.latest("locations/9")
    await client.latest("locations/9")
    assert len(tokens) == 1 and tokens[0]["grant_type"] == "refresh_token"
    assert tokens[0]["refresh_token"] == "refresh"
    assert feed.requests[-1].headers["Authorization"] == "Bearer fresh"


async def test_the_demo_feed_answers_like_the_provider() -> None:
    client = ReviewsClient(base_url=DEMO_BASE_URL, account=DEMO_ACCOUNT, token="demo",
                           transport=demo_transport())
    reviews = await client.latest("locations/utrecht", FETCHED)
    assert len(reviews) == FETCHED  # the demo branch has more than a page shows
    assert reviews == sorted(reviews, key=lambda review: review.created, reverse=True)
    with pytest.raises(ReviewsError) as unknown:
        await client.latest("locations/atlantis")
    assert unknown.value.status == 404
    async with httpx.AsyncClient(transport=demo_transport()) as bare:
        refused = await bare.get(f"{DEMO_BASE_URL}/{DEMO_ACCOUNT}/locations/utrecht/reviews")
    assert refused.status_code == 401  # like the provider: no token, no reviews


# --- the repository: cache and stale-if-error ----------------------------------------------


async def test_reviews_are_kept_for_the_cache_time() -> None:
    feed, clock = Feed(), Clock()
    repo = repository(feed, clock)
    first = await repo.branch_reviews("utrecht")
    clock.now += 899
    assert await repo.branch_reviews("utrecht") == first
    assert len(feed.requests) == 1
    clock.now += 2
    await repo.branch_reviews("utrecht")
    assert len(feed.requests) == 2


@pytest.mark.parametrize("failure", [httpx.Response(503), httpx.Response(200, content=b"{"),
                                     httpx.ReadTimeout("slow")])
async def test_a_failing_feed_serves_the_last_good_answer(
    failure: httpx.Response | Exception, caplog: pytest.LogCaptureFixture
) -> None:
    feed, clock = Feed(), Clock()
    repo = repository(feed, clock)
    good = await repo.branch_reviews("utrecht")
    feed.answer = failure
    clock.now += 1000
    with caplog.at_level(logging.WARNING):
        assert await repo.branch_reviews("utrecht") == good
    assert "serving the last good answer" in caplog.text
    # During the outage the feed is asked again after a minute, not on every page view.
    asked = len(feed.requests)
    clock.now += 30
    assert await repo.branch_reviews("utrecht") == good
    assert len(feed.requests) == asked
    clock.now += 31
    await repo.branch_reviews("utrecht")
    assert len(feed.requests) == asked + 1


async def test_without_an_earlier_answer_a_failure_shows_no_reviews(
    caplog: pytest.LogCaptureFixture,
) -> None:
    feed = Feed()
    feed.answer = httpx.Response(500)
    with caplog.at_level(logging.ERROR):
        assert await repository(feed, Clock()).branch_reviews("utrecht") == []
    assert "no earlier answer" in caplog.text


async def test_a_branch_without_a_feed_is_not_asked_for() -> None:
    feed = Feed()
    assert await repository(feed, Clock()).branch_reviews("kleve") == []
    assert feed.requests == []


def test_the_provider_is_used_only_when_configured() -> None:
    assert ReviewsRepository(Settings()).uses_demo
    configured = Settings(reviews_account="accounts/1", reviews_token="t",
                          reviews_locations={"utrecht": "locations/9"})
    assert not ReviewsRepository(configured).uses_demo
    assert ReviewsRepository(configured.model_copy(update={"public_mocks": True})).uses_demo
    assert ReviewsRepository(Settings(reviews_account="accounts/1")).uses_demo  # no credentials


# --- what a page shows ---------------------------------------------------------------------


def reviews(*stars: int) -> list[Review]:
    return [Review(str(i), f"R{i}", rating, "", dt.datetime(2026, 3, 1 + i, 23, 30, tzinfo=dt.UTC))
            for i, rating in enumerate(stars)]


def test_the_average_is_rounded_half_up_to_one_decimal() -> None:
    assert str(average(reviews(5, 4, 4, 4))) == "4.3"  # 4.25
    assert str(average(reviews(5, 5, 4))) == "4.7"
    assert average([]) is None


def test_the_rating_in_both_languages() -> None:
    shown = reviews(5, 4, 4, 4, 5, 5, 5, 4, 5, 5, 3, 2)[:10]
    nl, de = branch_summary(shown, "nl"), branch_summary(shown, "de")
    assert (nl.average, nl.rating_label, nl.count_text) == ("4,6", "4,6 van 5", "10 beoordelingen")
    assert (de.average, de.rating_label, de.count_text) == ("4,6", "4,6 von 5", "10 Bewertungen")
    assert nl.stars == "★★★★★"
    # A review written late on 1 March UTC was written on 2 March in the branch's time zone.
    assert nl.cards[0].date == "2 maart 2026" and de.cards[0].date == "2. März 2026"
    assert nl.cards[0].rating_label == "5 van 5 sterren"
    assert de.basis == "Der Durchschnitt der 10 neuesten Bewertungen, unten zu lesen."


def test_no_reviews_say_so_and_give_no_markup() -> None:
    assert branch_summary([], "de").empty == "Noch keine Bewertungen."
    assert aggregate_rating([]) is None


def test_the_markup_is_built_from_the_reviews_shown_only() -> None:
    shown = reviews(5, 4, 2)
    assert aggregate_rating(shown) == {"@type": "AggregateRating", "ratingValue": 3.7,
                                       "reviewCount": 3, "bestRating": 5, "worstRating": 1}
    anonymous = Review("x", "", 4, "Fine", dt.datetime(2026, 3, 1, tzinfo=dt.UTC))
    markup = review_markup(anonymous, "de")
    assert markup["author"] == {"@type": "Person", "name": "Anonym"}
    assert markup["reviewRating"]["ratingValue"] == 4 and markup["reviewBody"] == "Fine"
    json.dumps(markup)


def test_a_review_card_as_html_escapes_what_reviewers_write() -> None:
    html = review_card_html(ReviewCard(
        author="<b>Jan</b>", stars="★★★★☆", rating_label="4 van 5 sterren", date="2 maart 2026",
        date_iso="2026-03-02", text='Goed "geholpen" & <script>x</script>',
        reply="Dank u!", reply_label="Reactie van de vestiging", branch="Utrecht",
        branch_href="/vestigingen/utrecht"))
    assert html.startswith('<article class="review" data-testid="review">')
    assert '<span class="review-stars" role="img" aria-label="4 van 5 sterren">★★★★☆</span>' in html
    assert '<time datetime="2026-03-02">2 maart 2026</time>' in html
    assert '<a class="review__branch" href="/vestigingen/utrecht">Utrecht</a>' in html
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;b&gt;Jan&lt;/b&gt;" in html and "&quot;geholpen&quot; &amp;" in html
    assert '<p class="review__reply-label">Reactie van de vestiging</p><p>Dank u!</p>' in html
