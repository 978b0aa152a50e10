"""Previews of drafts in the content editor: the editor's token, the block markers its bridge
reads, drafts that never reach the published caches, the editor's live change."""

from __future__ import annotations

import copy
import hashlib
import json
import time
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer import settings as settings_module
from dealer.content import preview
from dealer.content.client import ContentClient
from dealer.content.repository import ContentRepository
from dealer.settings import Settings
from dealer.views import content as content_views
from dealer.views.content import content_view, edited_view

pytestmark = pytest.mark.anyio

SPACE = "287811"
PREVIEW_TOKEN = "draft-token-123"
NOW = 1_760_000_000


def preview_settings(**values: object) -> Settings:
    return Settings(**{"content_preview_token": PREVIEW_TOKEN, "content_space_id": SPACE,
                       "public_mocks": False, **values})


def editor_query(timestamp: int = NOW, *, space: str = SPACE, token: str | None = None,
                 **extra: str) -> dict[str, str]:
    """The query the visual editor opens a page with."""
    return {"_storyblok": "1234", "_storyblok_c": "page", "_storyblok_lang": "default",
            preview.SPACE_PARAM: space, preview.TIMESTAMP_PARAM: str(timestamp),
            preview.TOKEN_PARAM: token or preview.editor_token(space, PREVIEW_TOKEN,
                                                                str(timestamp)),
            **extra}


# ---------------------------------------------------------------- the editor's token


def test_the_editors_token_is_the_sha1_of_space_preview_token_and_time() -> None:
    # As Storyblok's documentation computes it: sha1("287811:draft-token-123:1760000000")
    assert preview.editor_token(SPACE, PREVIEW_TOKEN, str(NOW)) == (
        hashlib.sha1(b"287811:draft-token-123:1760000000").hexdigest())


def test_a_valid_token_is_a_preview_for_an_hour() -> None:
    settings = preview_settings()
    assert preview.is_preview(editor_query(), settings, now=NOW)
    assert preview.is_preview(editor_query(), settings, now=NOW + 3600)
    assert not preview.is_preview(editor_query(), settings, now=NOW + 3601)  # stale


@pytest.mark.parametrize("query", [
    {},  # a visitor
    editor_query(token="0" * 40),  # forged
    editor_query(token=preview.editor_token(SPACE, "guessed", str(NOW))),  # another token
    editor_query(space="999"),  # another space
    editor_query(NOW + 3600),  # from the future
    editor_query(token=preview.editor_token(SPACE, PREVIEW_TOKEN, str(NOW)).upper()),
    {**editor_query(), preview.TIMESTAMP_PARAM: f"{NOW}.0"},
])
def test_other_queries_are_no_preview(query: dict[str, str]) -> None:
    assert not preview.is_preview(query, preview_settings(), now=NOW)


@pytest.mark.parametrize("values", [
    {"content_preview_token": None},
    {"content_space_id": None},
    {"public_mocks": True},
])
def test_no_preview_without_the_settings(values: dict) -> None:
    assert not preview.is_preview(editor_query(), preview_settings(**values), now=NOW)


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.dictionaries(st.sampled_from([preview.SPACE_PARAM, preview.TIMESTAMP_PARAM,
                                        preview.TOKEN_PARAM, "x"]), st.text(max_size=60)))
def test_reading_any_query_never_raises(query: dict[str, str]) -> None:
    assert preview.is_preview(query, preview_settings(), now=NOW) in (True, False)


# ---------------------------------------------------------------- the bridge's markers


EDITABLE = ('<!--#storyblok#{"name": "hero", "space": "287811", '
            '"uid": "5b0e7a1c-hero", "id": "4120"}-->')


def test_editable_comments_become_the_bridges_attributes() -> None:
    blok_c, blok_uid = preview.editable_attributes(EDITABLE)
    assert json.loads(blok_c) == {"name": "hero", "space": "287811", "uid": "5b0e7a1c-hero",
                                  "id": "4120"}
    assert blok_c == '{"name":"hero","space":"287811","uid":"5b0e7a1c-hero","id":"4120"}'
    assert blok_uid == "4120-5b0e7a1c-hero"


@pytest.mark.parametrize("value", [
    None, 12, "", "<!--#storyblok#not json-->", '<!--#storyblok#{"uid": "a"}-->',
    '<!--#storyblok#["a"]-->', '{"id": 1, "uid": "a"}', "<!--#storyblok#" + "x" * 2000 + "-->",
])
def test_anything_else_gives_no_markers(value: object) -> None:
    assert preview.editable_attributes(value) == ("", "")


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.one_of(st.text(), st.builds(lambda s: f"<!--#storyblok#{s}-->", st.text()),
                 st.integers(), st.none()))
def test_reading_any_editable_never_raises(value: object) -> None:
    blok_c, blok_uid = preview.editable_attributes(value)
    assert bool(blok_c) == bool(blok_uid)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                           max_leaves=20)


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.one_of(json_values, st.fixed_dictionaries(
    {"full_slug": st.text(max_size=30), "content": json_values})))
def test_reading_any_edited_story_never_raises(value: object) -> None:
    read = preview.edited_story(value)
    assert read is None or bool(read["full_slug"] and read["slug"])


# ---------------------------------------------------------------- drafts apart


def story(title: str, *, draft: bool) -> dict:
    hero = {"component": "hero", "_uid": "5b0e7a1c-hero", "title": title}
    if draft:  # the service marks every block of a draft for the editor
        hero["_editable"] = EDITABLE
    return {"name": "Proef", "slug": "proef", "full_slug": "proef", "id": 4120, "uuid": "u1",
            "content": {"component": "page", "title": "Proefpagina", "body": [hero],
                        **({"_editable": EDITABLE.replace("hero", "page")} if draft else {})}}


class Service:
    """The content service: the published story, or with version=draft and the preview
    token the draft; records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        version, token = request.url.params["version"], request.url.params["token"]
        self.asked.append((request.url.path, version))
        if version == "draft" and token != PREVIEW_TOKEN:
            return httpx.Response(401, json={"error": "Unauthorized"})
        if not request.url.path.endswith("/proef"):
            return httpx.Response(404, json={"error": "Not found"})
        title = "Concept van de winteractie" if version == "draft" else "Winteractie"
        return httpx.Response(200, json={"story": story(title, draft=version == "draft"),
                                         "cv": 7})


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch) -> Iterator[Service]:
    """The site with preview settings, its published and draft repositories on ``Service``."""
    for name, value in (("DEALER_CONTENT_PREVIEW_TOKEN", PREVIEW_TOKEN),
                        ("DEALER_CONTENT_SPACE_ID", SPACE), ("DEALER_PUBLIC_MOCKS", "false")):
        monkeypatch.setenv(name, value)
    settings_module.get_settings.cache_clear()
    preview.draft_repository.cache_clear()
    answer = Service()
    transport = httpx.MockTransport(answer)
    settings = settings_module.get_settings()
    published = ContentRepository(settings, client=ContentClient(
        token="public-token", base_url="https://cms.test/v2", transport=transport))
    draft = ContentRepository(settings, keep_last_good=False, client=ContentClient(
        token=PREVIEW_TOKEN, base_url="https://cms.test/v2", version="draft",
        transport=transport))
    monkeypatch.setattr(preview, "get_repository", lambda: published)
    monkeypatch.setattr(preview, "draft_repository", lambda: draft)
    monkeypatch.setattr(content_views, "draft_repository", lambda: draft)
    answer.published, answer.draft = published, draft  # type: ignore[attr-defined]
    yield answer
    settings_module.get_settings.cache_clear()


def now_query() -> dict[str, str]:
    return editor_query(int(time.time()))


def test_drafts_are_read_with_the_preview_token_and_kept_nowhere(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEALER_CONTENT_PREVIEW_TOKEN", PREVIEW_TOKEN)
    monkeypatch.setenv("DEALER_CONTENT_TOKEN", "public-token")
    settings_module.get_settings.cache_clear()
    preview.draft_repository.cache_clear()
    try:
        repo = preview.draft_repository()
        assert (repo._client.version, repo._client.token) == ("draft", PREVIEW_TOKEN)
        assert not repo.keep_last_good
    finally:
        settings_module.get_settings.cache_clear()
        preview.draft_repository.cache_clear()


async def test_a_preview_shows_the_draft_and_leaves_the_published_caches_alone(
        service: Service) -> None:
    before = await content_view("/proef", {})
    published = service.published  # type: ignore[attr-defined]
    cached = copy.deepcopy((published._client._cache, published._last_good))
    assert before.blocks[0].title == "Winteractie"
    assert (before.blocks[0].blok_c, before.blocks[0].blok_uid) == ("", "")

    shown = await content_view("/proef", now_query())
    assert shown.blocks[0].title == "Concept van de winteractie"
    assert shown.blocks[0].blok_uid == "4120-5b0e7a1c-hero"
    assert ("/v2/cdn/stories/proef", "draft") in service.asked
    # Nothing of the draft was kept, in the published caches or the draft repository.
    assert (published._client._cache, published._last_good) == cached
    assert not service.draft._last_good and not service.draft._client._cache  # type: ignore

    asked = len(service.asked)
    after = await content_view("/proef", {})
    assert after.blocks[0].title == "Winteractie"
    assert len(service.asked) == asked  # from the published cache, as before


@pytest.mark.parametrize("query", [{}, editor_query(NOW)])  # a visitor; a stale token
async def test_without_a_valid_token_the_published_page(service: Service,
                                                        query: dict[str, str]) -> None:
    view = await content_view("/proef", query)
    assert view.blocks[0].title == "Winteractie"
    assert all(version == "published" for _, version in service.asked)
    assert await edited_view("/proef", query, story("Ingevoerd", draft=True)) is None


async def test_the_editors_change_shows_in_the_preview(service: Service) -> None:
    edited = story("<b>Nieuwe</b> titel", draft=True)
    view = await edited_view("/proef", now_query(), edited)
    assert view is not None and view.blocks[0].title == "<b>Nieuwe</b> titel"  # text, as ever
    assert view.blocks[0].blok_uid == "4120-5b0e7a1c-hero"
    # The change is the editor's only: the next preview reads the saved draft again.
    assert (await content_view("/proef", now_query())).blocks[0].title == (
        "Concept van de winteractie")
    # Another story (the navigation's) leaves the page as its draft has it.
    other = {**edited, "full_slug": "config", "content": {"component": "config"}}
    assert (await edited_view("/proef", now_query(), other)).blocks[0].title == (
        "Concept van de winteractie")
    assert await edited_view("/proef", now_query(), {"content": "x"}) is None


async def test_an_edited_story_replaces_its_saved_version_only() -> None:
    repo = ContentRepository(Settings(content_token=None, public_mocks=False))
    saved = await repo.get_article("gratis-wintercheck", "nl")
    edited = repo.editing({**saved, "content": {**saved["content"], "title": "Nieuw"}})
    assert (await edited.get_article("gratis-wintercheck", "nl"))["content"]["title"] == "Nieuw"
    assert await edited.list_news("nl") == await repo.list_news("nl")  # lists as saved
    assert (await repo.get_article("gratis-wintercheck", "nl")) == saved
    assert not edited._last_good and repo._last_good  # the edited one keeps nothing
