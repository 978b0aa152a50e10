"""ContentRepository: the bundled demo content and stale-if-error against the service."""

from __future__ import annotations

import asyncio
import json
import logging

import httpx
import pytest

from dealer.content import ContentClient
from dealer.content.links import link_href, story_path
from dealer.content.repository import DEMO_DIR, ContentRepository, ContentUnavailable
from dealer.content.richtext import render
from dealer.settings import PROJECT_ROOT, Settings

pytestmark = pytest.mark.anyio

ASSETS = PROJECT_ROOT / "assets"


def demo_repo(**settings: object) -> ContentRepository:
    values: dict[str, object] = {"content_token": None, "public_mocks": False, **settings}
    return ContentRepository(Settings(**values))


def all_demo_stories() -> list[dict]:
    return [
        story
        for path in sorted(DEMO_DIR.glob("*/*.json"))
        for story in json.loads(path.read_text(encoding="utf-8"))["stories"]
    ]


# ---------------------------------------------------------------- demo mode


async def test_demo_is_used_without_a_token() -> None:
    repo = demo_repo(content_token=None)
    assert repo.uses_demo
    home = await repo.get_page("", "nl")
    assert home is not None and home["full_slug"] == "home"
    assert home["content"]["body"][0]["component"] == "hero_carousel"


async def test_public_mocks_win_over_a_token(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        repo = demo_repo(content_token="live-token", public_mocks=True)
    assert repo.uses_demo
    assert "demo content replaces the content API" in caplog.text
    assert (await repo.get_page("", "de"))["full_slug"] == "de/home"


async def test_pages_in_both_languages() -> None:
    repo = demo_repo()
    about_nl = await repo.get_page("over-ons", "nl")
    team_de = await repo.get_page("/ueber-uns/team/", "de")
    privacy_de = await repo.get_page("datenschutz", "de")
    assert about_nl["content"]["title"] == "Over Rijnland Autogroep"
    assert team_de["full_slug"] == "de/ueber-uns/team"
    assert privacy_de["content"]["layout"] == "narrow"
    assert await repo.get_page("ueber-uns", "nl") is None
    assert await repo.get_page("bestaat-niet", "nl") is None


async def test_get_page_refuses_non_pages_and_other_locales() -> None:
    repo = demo_repo()
    assert await repo.get_page("merken/audi", "nl") is None  # a brand story, not a page
    assert await repo.get_page("config", "nl") is None
    assert await repo.get_page("de/ueber-uns", "nl") is None  # German page under a Dutch URL
    assert await repo.get_page("home", "nl") is None  # home only lives at the root
    article = await repo.get_page("nieuws/proefritweekend", "nl")
    assert article["content"]["component"] == "article"


async def test_news_newest_first_with_paging() -> None:
    repo = demo_repo()
    first, total = await repo.list_news("nl", page=1, per_page=4)
    second, total_again = await repo.list_news("nl", page=2, per_page=4)
    assert total == total_again >= 6
    assert len(first) == 4 and len(second) == total - 4
    dates = [s["first_published_at"] for s in first + second]
    assert dates == sorted(dates, reverse=True)
    assert all(s["full_slug"].startswith("nieuws/") for s in first + second)
    de_items, de_total = await repo.list_news("de", 1, 50)
    assert de_total == total
    assert all(s["full_slug"].startswith("de/aktuelles/") for s in de_items)


async def test_articles_have_dates_and_rich_text() -> None:
    repo = demo_repo()
    article = await repo.get_article("elektrisch-fahren-fuenf-fragen-zum-laden", "de")
    assert article["first_published_at"] < article["published_at"]  # updated later
    html = render(article["content"]["body"])
    assert "<h2>1. Wie schnell lade ich zu Hause?</h2>" in html
    assert await repo.get_article("gratis-wintercheck", "de") is None
    assert await repo.get_article("", "nl") is None


async def test_brands_and_models() -> None:
    repo = demo_repo()
    brands = await repo.list_brands("nl")
    assert len(brands) == 6
    assert [b["content"]["component"] for b in brands] == ["brand"] * 6
    for brand in brands:
        slug = brand["content"]["brand"]
        models = await repo.list_models(slug, "nl")
        assert len(models) >= 3, slug
        for model in models:
            content = model["content"]
            assert content["type"] in {"passenger", "van"}
            assert content["body_style"] in {
                "hatchback",
                "coupe",
                "convertible",
                "saloon",
                "estate",
                "suv",
                "mpv",
            }
            assert content["price_from"] > 0 and content["lease_from"] > 0
            assert len(content["gallery"]) >= 2 and content["downloads"]
            assert link_href(content["configurator_url"]).startswith("https://")
    vans = await repo.list_models("volkswagen-bedrijfswagens", "de")
    assert {m["content"]["type"] for m in vans} == {"van"}
    golf = await repo.get_model("volkswagen", "golf", "de")
    assert golf["full_slug"] == "de/marken/volkswagen/golf"
    assert await repo.get_model("volkswagen", "tavascan", "nl") is None
    assert (await repo.get_brand("volkswagen-bedrijfswagens", "de"))["content"]["name"] == (
        "Volkswagen Nutzfahrzeuge"
    )
    assert await repo.get_brand("merken/audi", "nl") is None


async def test_config_navigation_resolves_to_site_paths() -> None:
    repo = demo_repo()
    config = (await repo.get_config("de"))["content"]
    paths = [link_href(item["link"]) for item in config["main_navigation"]]
    assert "/de/angebote" in paths and "/de/ueber-uns" in paths
    assert config["info_bar"]
    assert len(config["footer_columns"]) >= 2
    assert {s["network"] for s in config["social_links"]} >= {"facebook", "instagram"}


async def test_sitemap_lists_pages_with_translations() -> None:
    repo = demo_repo()
    nl = await repo.all_slugs("nl")
    de = await repo.all_slugs("de")
    by_slug = {entry.slug: entry for entry in nl}
    assert "" in by_slug and "over-ons/team" in by_slug and "privacy" in by_slug
    assert by_slug["over-ons/team"].alternates == {"de": "ueber-uns/team"}
    assert not any(entry.slug.startswith("de/") for entry in nl)
    assert len(nl) == len(de)
    assert await repo.alternate_slug("datenschutz", "de", "nl") == "privacy"


# ---------------------------------------------------------------- demo content integrity


def _walk(node: object):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)


def test_demo_stories_have_the_story_shape_and_unique_ids() -> None:
    stories = all_demo_stories()
    keys = {
        "id",
        "uuid",
        "name",
        "slug",
        "full_slug",
        "lang",
        "content",
        "published_at",
        "first_published_at",
        "created_at",
    }
    assert all(keys <= story.keys() for story in stories)
    assert len({s["id"] for s in stories}) == len(stories)
    assert len({s["uuid"] for s in stories}) == len(stories)
    assert {s["lang"] for s in stories} == {"nl", "de"}
    assert all(s["full_slug"].startswith("de/") == (s["lang"] == "de") for s in stories)


def test_demo_links_and_assets_point_at_existing_content() -> None:
    stories = all_demo_stories()
    site_paths = {story_path(s["full_slug"]) for s in stories}
    for story in stories:
        for node in _walk(story["content"]):
            if node.get("fieldtype") == "asset":
                assert node["filename"].startswith("/content/"), node
                assert (ASSETS / node["filename"].lstrip("/")).is_file(), node["filename"]
            if node.get("type") == "image":
                assert (ASSETS / node["attrs"]["src"].lstrip("/")).is_file()
            if node.get("linktype") == "story":
                href = link_href(node)
                assert href and href.split("#")[0] in site_paths, (story["full_slug"], node)


def test_demo_svgs_load_nothing_from_outside() -> None:
    svgs = list((ASSETS / "content").rglob("*.svg"))
    assert len(svgs) >= 50
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert text.startswith("<svg") and "href=" not in text and "<script" not in text


# ---------------------------------------------------------------- service mode


def story(full_slug: str, component: str = "page", **content: object) -> dict:
    return {
        "id": 1,
        "uuid": f"uuid-{full_slug}",
        "slug": full_slug.rsplit("/", 1)[-1],
        "full_slug": full_slug,
        "published_at": "2025-01-01T00:00:00.000Z",
        "content": {"component": component, "_uid": "u", **content},
    }


class Switchable:
    """A content service that can be broken, slowed down or brought back."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.title = "Eerste versie"
        self.cv = 1
        self.requests: list[httpx.Request] = []

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.mode == "down":
            return httpx.Response(503, json={"error": "Service Unavailable"})
        if self.mode == "slow":
            await asyncio.sleep(1.0)
        if self.mode == "refused":
            raise httpx.ConnectError("refused", request=request)
        if request.url.path.endswith("/cdn/spaces/me"):
            return httpx.Response(200, json={"space": {"id": 7, "version": self.cv}})
        path = request.url.path.removeprefix("/v2/cdn/stories").strip("/")
        if path == "":
            stories = [story("nieuws/a", "article"), story("nieuws/b", "article")]
            return httpx.Response(200, json={"stories": stories}, headers={"total": "2"})
        if path == "bestaat-niet":
            return httpx.Response(404, json={"error": "Not found"})
        return httpx.Response(200, json={"story": story(path, title=self.title), "cv": self.cv})


def service_repo(service: Switchable, version: str = "draft", **kwargs: float) -> ContentRepository:
    client = ContentClient(
        token="tok",
        base_url="https://content.test/v2",
        version=version,  # draft: nothing cached by the client, every read reaches the service
        transport=httpx.MockTransport(service),
        rate_limit=100,
    )
    settings = Settings(content_token="tok", public_mocks=False)
    return ContentRepository(settings, client=client, **{"timeout": 0.3, **kwargs})


async def test_service_mode_reads_from_the_client() -> None:
    service = Switchable()
    repo = service_repo(service)
    assert not repo.uses_demo
    page = await repo.get_page("over-ons", "nl")
    assert page["content"]["title"] == "Eerste versie"
    assert service.requests[-1].url.params["resolve_links"] == "url"
    items, total = await repo.list_news("nl", 1, 10)
    assert total == 2 and [s["slug"] for s in items] == ["a", "b"]
    params = service.requests[-1].url.params
    assert params["starts_with"] == "nieuws/"
    assert params["filter_query[component][in]"] == "article"
    assert params["sort_by"] == "first_published_at:desc"
    await repo.aclose()


@pytest.mark.parametrize("failure", ["down", "refused", "slow"])
async def test_stale_if_error_serves_the_last_good_answer(
    failure: str, caplog: pytest.LogCaptureFixture
) -> None:
    service = Switchable()
    repo = service_repo(service)
    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Eerste versie"
    await repo.list_news("nl", 1, 10)

    service.mode, service.title = failure, "Tweede versie"
    with caplog.at_level(logging.WARNING):
        stale = await repo.get_page("over-ons", "nl")
        stale_news, stale_total = await repo.list_news("nl", 1, 10)
    assert stale["content"]["title"] == "Eerste versie"
    assert stale_total == 2 and len(stale_news) == 2
    assert "serving the last good answer" in caplog.text

    service.mode = "ok"
    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Tweede versie"
    await repo.aclose()


async def test_cold_failure_of_what_a_page_shows_is_unavailable_not_missing(
        caplog: pytest.LogCaptureFixture) -> None:
    """Down with nothing kept: a page's own reads say the content is unavailable (never
    'no such page' or 'no news'); the frame, the sitemap and translations go without."""
    service = Switchable()
    service.mode = "down"
    repo = service_repo(service)
    with caplog.at_level(logging.ERROR):
        for read in (repo.get_page("over-ons", "nl"), repo.get_page("", "de"),
                     repo.list_news("nl"), repo.list_brands("nl"),
                     repo.get_article("gratis-wintercheck", "nl"),
                     repo.get_model("audi", "q4-e-tron", "de"), repo.list_vacancies("nl")):
            with pytest.raises(ContentUnavailable):
                await read
        assert await repo.get_config("nl") is None
        assert await repo.all_slugs("nl") == []
        assert await repo.alternate_slug("over-ons", "nl", "de") is None
    assert "no earlier answer to serve" in caplog.text
    await repo.aclose()


async def test_missing_page_is_none_without_stale_fallback() -> None:
    service = Switchable()
    repo = service_repo(service)
    assert await repo.get_page("bestaat-niet", "nl") is None
    await repo.aclose()


async def test_stale_copy_is_not_shared_with_callers() -> None:
    service = Switchable()
    repo = service_repo(service)
    page = await repo.get_page("over-ons", "nl")
    page["content"]["title"] = "aangepast"
    service.mode = "down"
    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Eerste versie"
    await repo.aclose()


async def test_published_content_refreshes_when_the_cache_version_changes() -> None:
    service = Switchable()
    repo = service_repo(service, version="published", cv_check_interval=0)

    def story_reads() -> int:
        return sum("/cdn/stories/" in r.url.path for r in service.requests)

    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Eerste versie"
    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Eerste versie"
    assert story_reads() == 1  # the second read came from the published cache

    service.cv, service.title = 2, "Tweede versie"
    assert (await repo.get_page("over-ons", "nl"))["content"]["title"] == "Tweede versie"
    assert story_reads() == 2
    await repo.aclose()
