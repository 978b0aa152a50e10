"""ContentClient against a fake content service on httpx.MockTransport."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import httpx
import pytest

from dealer.content import ContentClient, ContentError
from dealer.content.client import RateLimiter

pytestmark = pytest.mark.anyio

BASE = "https://content.test/v2"


def story(uuid: str, slug: str, **content: object) -> dict:
    return {
        "id": abs(hash(uuid)) % 10_000,
        "uuid": uuid,
        "slug": slug,
        "full_slug": slug,
        "content": {"component": "page", "_uid": f"uid-{uuid}", **content},
    }


class FakeService:
    """Answers cdn requests with ``handle`` and records every request it sees."""

    def __init__(self, handle: Callable[[httpx.Request], httpx.Response],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.handle = handle
        self.clock = clock
        self.requests: list[httpx.Request] = []
        self.started: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.started.append(self.clock())
        return self.handle(request)

    def params(self, index: int = -1) -> dict[str, str]:
        return dict(self.requests[index].url.params)


def make_client(service: FakeService, **kwargs: object) -> ContentClient:
    return ContentClient(
        token="tok", base_url=BASE, transport=httpx.MockTransport(service), **kwargs
    )


def ok(body: dict, **headers: str) -> httpx.Response:
    return httpx.Response(200, json=body, headers=headers)


async def test_token_version_and_cv_on_every_request() -> None:
    service = FakeService(lambda r: ok({"story": story("a", "home"), "cv": 1700000000}))
    client = make_client(service, version="draft")
    await client.get_story("home")
    await client.get_story("home")
    first, second = service.params(0), service.params(1)
    assert service.requests[0].url.path == "/v2/cdn/stories/home"
    assert first["token"] == "tok" and first["version"] == "draft"
    assert first["cv"].isdigit()
    assert second["cv"] == "1700000000"
    await client.aclose()


async def test_list_params_joined_with_commas_and_nested_filters() -> None:
    service = FakeService(lambda r: ok({"stories": []}))
    client = make_client(service)
    await client.get_stories(
        by_uuids=["u1", "u2", "u3"],
        excluding_fields=("body", "seo"),
        filter_query={"component": {"in": ["article", "page"]}},
        is_startpage=False,
        language=None,
    )
    params = service.params()
    assert params["by_uuids"] == "u1,u2,u3"
    assert params["excluding_fields"] == "body,seo"
    assert params["filter_query[component][in]"] == "article,page"
    assert params["is_startpage"] == "false"
    assert "language" not in params
    await client.aclose()


async def test_story_slug_with_folders_keeps_slashes() -> None:
    service = FakeService(lambda r: ok({"story": story("t", "over-ons/team")}))
    client = make_client(service)
    body = await client.get_story("/over-ons/team/")
    assert service.requests[0].url.path == "/v2/cdn/stories/over-ons/team"
    assert body["story"]["full_slug"] == "over-ons/team"
    await client.aclose()


async def test_429_is_retried_after_the_delay_then_succeeds() -> None:
    answers = iter([httpx.Response(429), httpx.Response(429)])

    def handle(request: httpx.Request) -> httpx.Response:
        return next(answers, None) or ok({"story": story("a", "home")})

    service = FakeService(handle)
    client = make_client(service, retry_delay=0.05)
    body = await client.get_story("home")
    assert body["story"]["uuid"] == "a"
    assert len(service.requests) == 3
    gaps = [b - a for a, b in zip(service.started, service.started[1:], strict=False)]
    assert all(gap >= 0.045 for gap in gaps)
    await client.aclose()


async def test_default_retry_delay_is_300_ms() -> None:
    answers = iter([httpx.Response(429)])
    service = FakeService(lambda r: next(answers, None) or ok({"stories": []}))
    client = make_client(service)
    await client.get_stories()
    assert service.started[1] - service.started[0] >= 0.29
    await client.aclose()


async def test_retries_exhausted_raise_with_status_429() -> None:
    service = FakeService(lambda r: httpx.Response(429, json={"error": "Too many requests"}))
    client = make_client(service, retry_delay=0.001, rate_limit=100)
    with pytest.raises(ContentError) as caught:
        await client.get_stories()
    assert caught.value.status == 429
    assert len(service.requests) == 11  # the first attempt and 10 retries
    await client.aclose()


@pytest.mark.parametrize("status", [199, 207, 301, 401, 404, 500, 503])
async def test_status_outside_200_206_raises_content_error(status: int) -> None:
    service = FakeService(
        lambda r: httpx.Response(status, json={"error": "This record could not be found"})
    )
    client = make_client(service)
    with pytest.raises(ContentError) as caught:
        await client.get_story("missing")
    error = caught.value
    assert error.status == status
    assert error.message
    assert error.response == "This record could not be found"
    await client.aclose()


@pytest.mark.parametrize("status", [200, 201, 203, 206])
async def test_statuses_200_to_206_succeed(status: int) -> None:
    service = FakeService(lambda r: httpx.Response(status, json={"stories": []}))
    client = make_client(service)
    assert await client.get_stories() == {"stories": []}
    await client.aclose()


async def test_204_gives_an_empty_body() -> None:
    client = make_client(FakeService(lambda r: httpx.Response(204)))
    assert await client.get_stories() == {}
    await client.aclose()


async def test_unreachable_service_raises_content_error_without_status() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    client = make_client(FakeService(handle))
    with pytest.raises(ContentError) as caught:
        await client.get_stories()
    assert caught.value.status is None
    await client.aclose()


async def test_rate_limit_defaults() -> None:
    plain = ContentClient(token="t", base_url=BASE)
    oauth = ContentClient(token="t", base_url=BASE, oauth_token="oauth")
    custom = ContentClient(token="t", base_url=BASE, oauth_token="oauth", rate_limit=8)
    assert (plain.rate_limit, oauth.rate_limit, custom.rate_limit) == (5, 3, 8)
    for client in (plain, oauth, custom):
        await client.aclose()


async def test_oauth_token_sent_as_authorization_header() -> None:
    service = FakeService(lambda r: ok({"stories": []}))
    client = make_client(service, oauth_token="secret-oauth")
    await client.get_stories()
    assert service.requests[0].headers["authorization"] == "secret-oauth"
    await client.aclose()


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


async def test_rate_limiter_sliding_window_with_fake_clock() -> None:
    clock = FakeClock()
    limiter = RateLimiter(5, clock=clock, sleep=clock.sleep)
    starts = []
    for _ in range(12):
        await limiter.acquire()
        starts.append(clock.now)
        clock.now += 0.01  # each request takes a little time
    assert starts[:5] == pytest.approx([100.0, 100.01, 100.02, 100.03, 100.04])
    assert starts[5] == pytest.approx(101.0)
    for i, start in enumerate(starts):
        in_window = [s for s in starts if start <= s < start + 1.0]
        assert len(in_window) <= 5, (i, in_window)
    assert starts[10] == pytest.approx(102.0)


async def test_concurrent_requests_start_no_faster_than_the_rate_limit() -> None:
    # On the limiter's clock: on a busy machine a request may reach the service late.
    clock = FakeClock()
    service = FakeService(lambda r: ok({"stories": []}), clock=clock)
    client = make_client(service, limiter=RateLimiter(3, clock=clock, sleep=clock.sleep))
    await asyncio.gather(*(client.get_stories(page=n) for n in range(7)))
    starts = sorted(service.started)
    for start in starts:
        assert len([s for s in starts if start <= s < start + 0.99]) <= 3
    assert starts[-1] - starts[0] >= 1.98  # 7 starts at 3 per second need two full seconds
    await client.aclose()


async def test_get_stories_adds_total_and_per_page_from_headers() -> None:
    service = FakeService(lambda r: ok({"stories": []}, total="57", **{"per-page": "25"}))
    client = make_client(service)
    body = await client.get_stories(starts_with="nieuws/")
    assert body["total"] == 57 and body["per_page"] == 25
    await client.aclose()


async def test_get_all_reads_every_page_from_the_total_header() -> None:
    all_stories = [story(f"u{i}", f"s{i}") for i in range(57)]

    def handle(request: httpx.Request) -> httpx.Response:
        page, per_page = int(request.url.params["page"]), int(request.url.params["per_page"])
        chunk = all_stories[(page - 1) * per_page : page * per_page]
        return ok({"stories": chunk}, total="57", **{"per-page": str(per_page)})

    service = FakeService(handle)
    client = make_client(service, rate_limit=50)
    result = await client.get_all(starts_with="nieuws/")
    assert [s["uuid"] for s in result] == [s["uuid"] for s in all_stories]
    pages = sorted(int(r.url.params["page"]) for r in service.requests)
    assert pages == [1, 2, 3]
    assert {r.url.params["per_page"] for r in service.requests} == {"25"}
    assert {r.url.params["starts_with"] for r in service.requests} == {"nieuws/"}
    await client.aclose()


async def test_get_all_without_total_header_reads_one_page() -> None:
    service = FakeService(lambda r: ok({"stories": [story("a", "a")]}))
    client = make_client(service)
    assert len(await client.get_all(per_page=10)) == 1
    assert len(service.requests) == 1
    await client.aclose()


async def test_resolve_relations_fetches_rel_uuids_in_batches_of_50() -> None:
    rel_uuids = [f"rel-{i}" for i in range(120)]
    main = story("main", "home", featured=rel_uuids[:2], author="rel-119", other="rel-5")
    main["content"]["body"] = [
        {"component": "grid", "_uid": "g1", "items": rel_uuids[2:120]},
    ]
    batches: list[list[str]] = []

    def handle(request: httpx.Request) -> httpx.Response:
        params = request.url.params
        if "by_uuids" in params:
            uuids = params["by_uuids"].split(",")
            batches.append(uuids)
            assert params["per_page"] == "50"
            assert params["language"] == "de"
            return ok({"stories": [story(u, f"rel/{u}") for u in uuids]})
        assert params["resolve_level"] == "2"
        return ok({"story": main, "rel_uuids": rel_uuids})

    service = FakeService(handle)
    client = make_client(service, rate_limit=100)
    body = await client.get_story(
        "home", language="de", resolve_relations=["page.featured", "page.author", "grid.items"]
    )
    assert service.params(0)["resolve_relations"] == "page.featured,page.author,grid.items"
    assert [len(b) for b in batches] == [50, 50, 20]
    content = body["story"]["content"]
    assert [s["uuid"] for s in content["featured"]] == ["rel-0", "rel-1"]
    assert content["author"]["full_slug"] == "rel/rel-119"
    assert content["other"] == "rel-5"  # not a listed relation field
    assert [s["uuid"] for s in content["body"][0]["items"]] == rel_uuids[2:120]
    # Resolved, the uuids leave the answer; the fetched stories are its rels.
    assert "rel_uuids" not in body
    assert [s["uuid"] for s in body["rels"]] == rel_uuids
    await client.aclose()


async def test_resolve_relations_uses_inline_rels_and_resolves_two_levels() -> None:
    author = story("author", "team/anna", photo="p")
    article = story("article", "nieuws/a", author="author")
    article["content"]["component"] = "article"
    home = story("home", "home", featured=["article", "unknown"])

    service = FakeService(lambda r: ok({"story": home, "rels": [article, author]}))
    client = make_client(service)
    body = await client.get_story("home", resolve_relations="page.featured,article.author")
    featured = body["story"]["content"]["featured"]
    assert featured[0]["uuid"] == "article"
    assert featured[0]["content"]["author"]["full_slug"] == "team/anna"
    assert featured[1] == "unknown"
    assert len(service.requests) == 1
    await client.aclose()


async def test_resolve_links_fetches_link_uuids_into_link_fields() -> None:
    link_uuids = [f"link-{i}" for i in range(60)]
    main = story(
        "main",
        "home",
        cta={"id": "link-3", "linktype": "story", "fieldtype": "multilink", "cached_url": ""},
        text={
            "type": "doc",
            "content": [
                {
                    "type": "text",
                    "text": "team",
                    "marks": [{"type": "link", "attrs": {"linktype": "story", "uuid": "link-59"}}],
                }
            ],
        },
    )
    batches: list[int] = []

    def handle(request: httpx.Request) -> httpx.Response:
        if "by_uuids" in request.url.params:
            uuids = request.url.params["by_uuids"].split(",")
            batches.append(len(uuids))
            return ok({"stories": [story(u, f"pages/{u}") for u in uuids]})
        return ok({"story": main, "link_uuids": link_uuids})

    service = FakeService(handle)
    client = make_client(service, rate_limit=100)
    body = await client.get_story("home", resolve_links="url")
    content = body["story"]["content"]
    assert batches == [50, 10]
    assert content["cta"]["story"]["full_slug"] == "pages/link-3"
    mark = content["text"]["content"][0]["marks"][0]
    assert mark["attrs"]["story"]["full_slug"] == "pages/link-59"
    await client.aclose()


async def test_published_responses_cached_until_cv_changes() -> None:
    cv = {"value": 100}

    def handle(request: httpx.Request) -> httpx.Response:
        return ok({"story": story("a", request.url.path.rsplit("/", 1)[-1]), "cv": cv["value"]})

    service = FakeService(handle)
    client = make_client(service)
    first = await client.get_story("home")
    first["story"]["content"]["mutated"] = True  # callers cannot spoil the cache
    again = await client.get_story("home")
    assert len(service.requests) == 1
    assert "mutated" not in again["story"]["content"]

    cv["value"] = 200
    await client.get_story("privacy")  # a miss reports the new cv
    await client.get_story("home")
    assert len(service.requests) == 3
    assert service.params()["cv"] == "200"
    await client.get_story("home")
    assert len(service.requests) == 3
    await client.aclose()


async def test_refresh_cv_empties_the_cache_when_content_was_published() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("spaces/me"):
            return ok({"space": {"id": 1, "version": 300}})
        return ok({"story": story("a", "home"), "cv": 100})

    service = FakeService(handle)
    client = make_client(service)
    await client.get_story("home")
    assert await client.refresh_cv() == 300
    await client.get_story("home")
    assert [r.url.path for r in service.requests] == [
        "/v2/cdn/stories/home",
        "/v2/cdn/spaces/me",
        "/v2/cdn/stories/home",
    ]
    assert service.params()["cv"] == "300"
    await client.aclose()


async def test_draft_responses_are_never_cached() -> None:
    service = FakeService(lambda r: ok({"story": story("a", "home"), "cv": 100}))
    client = make_client(service, version="draft")
    await client.get_story("home")
    await client.get_story("home")
    await client.get_story("home", version="published")
    await client.get_story("home", version="published")
    assert len(service.requests) == 3
    await client.aclose()
