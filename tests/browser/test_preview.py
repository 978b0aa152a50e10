"""Previews of drafts in the content service's visual editor: the editor sees its drafts
(pages, news, models and the frame, in both languages) in its frame and its changes live;
everybody else sees the published site, which no preview changes."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterator
from urllib.parse import urlencode

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import CONTENT_SPACE, PREVIEW_TOKEN, ContentService
from tests.conftest import Site, wait_until
from tests.loopback import LoopbackService

DRAFT = {"nl": " (concept)", "de": " (Entwurf)"}
INFO_BAR = {"nl": "Conceptactie voor redacteuren", "de": "Entwurfsaktion für Redakteure"}


def preview_url(site: Site, path: str, timestamp: int | None = None,
                token: str | None = None) -> str:
    """``path`` as the visual editor opens it: with its token for the space."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    token = token or hashlib.sha1(f"{CONTENT_SPACE}:{PREVIEW_TOKEN}:{stamp}".encode()).hexdigest()
    return site.url(path) + "?" + urlencode({
        "_storyblok": "412002", "_storyblok_c": "page", "_storyblok_tk[space_id]": CONTENT_SPACE,
        "_storyblok_tk[timestamp]": stamp, "_storyblok_tk[token]": token})


def stored(service: ContentService, full_slug: str, draft: bool = False) -> dict:
    """The story as the content service answers it, published or the draft."""
    query = {"version": "draft", "token": PREVIEW_TOKEN} if draft else {"version": "published"}
    answer = httpx.get(f"{service.base_url}/cdn/stories/{full_slug}", params=query)
    return answer.raise_for_status().json()["story"]


@pytest.fixture
def drafts(content_service: ContentService) -> Iterator[ContentService]:
    """Saved drafts of the frame of both languages (the info bar), dropped afterwards."""
    for locale, slug in (("nl", "config"), ("de", "de/config")):
        config = stored(content_service, slug)
        config["content"]["info_bar"] = INFO_BAR[locale]
        content_service.save_draft(slug, config)
    yield content_service
    content_service.drafts.clear()


def save_draft(service: ContentService, full_slug: str, field: str, locale: str) -> tuple[str, str]:
    """A draft of the story with ``field`` changed: (published, draft) value."""
    story = stored(service, full_slug)
    published = story["content"][field]
    story["content"][field] = published + DRAFT[locale]
    service.save_draft(full_slug, story)
    return published, story["content"][field]


def story_reads(service: ContentService, full_slug: str) -> int:
    return sum(1 for path, version in service.asked
               if path == f"cdn/stories/{full_slug}" and version == "published")


@pytest.mark.parametrize(("locale", "path", "full_slug", "field"), [
    ("nl", "/over-ons", "over-ons", "title"),
    ("de", "/de/ueber-uns", "de/ueber-uns", "title"),
    ("nl", "/nieuws/gratis-wintercheck", "nieuws/gratis-wintercheck", "title"),
    ("de", "/de/aktuelles/kostenloser-wintercheck", "de/aktuelles/kostenloser-wintercheck",
     "title"),
    ("nl", "/volkswagen/modellen/polo", "merken/volkswagen/polo", "name"),
    ("de", "/de/volkswagen/modelle/polo", "de/marken/volkswagen/polo", "name"),
])
def test_a_preview_shows_the_drafts_to_the_editor_only(
        integrations_site: Site, drafts: ContentService, editor: LoopbackService,
        locale: str, path: str, full_slug: str, field: str) -> None:
    site, service = integrations_site, drafts
    published, draft = save_draft(service, full_slug, field, locale)
    sitemap = httpx.get(site.url("/sitemap.xml" if locale == "nl" else "/de/sitemap.xml")).text
    before = httpx.get(site.url(path))
    assert published in before.text and draft not in before.text
    reads = story_reads(service, full_slug)

    shown = httpx.get(preview_url(site, path))
    assert shown.status_code == 200
    assert draft in shown.text and INFO_BAR[locale] in shown.text  # the page and its frame
    headers = shown.headers
    assert headers["cache-control"] == "private, no-store"
    assert "x-frame-options" not in headers
    assert headers["x-robots-tag"] == "noindex"
    assert re.search(r'<meta name="robots" content="noindex[^"]*"', shown.text)
    policy = dict(part.split(" ", 1) for part in headers["content-security-policy"].split("; "))
    assert policy["frame-ancestors"] == editor.origin
    assert editor.origin in policy["script-src"]
    # The editor's bridge, after the page.
    assert (f'<script src="{editor.origin}/bridge.js" id="content-bridge" async></script>'
            "</body>") in shown.text

    # Everybody else: the published page from the published caches, as before the preview.
    after = httpx.get(site.url(path))
    assert published in after.text and draft not in after.text
    assert INFO_BAR[locale] not in after.text
    assert after.headers["x-frame-options"] == "DENY"
    assert story_reads(service, full_slug) == reads
    assert draft not in httpx.get(site.url(path + "/_payload.json")).text
    assert httpx.get(site.url("/sitemap.xml" if locale == "nl" else "/de/sitemap.xml")
                     ).text == sitemap


@pytest.mark.parametrize(("locale", "path", "full_slug"), [
    ("nl", "/over-ons", "over-ons"),
    ("de", "/de/ueber-uns", "de/ueber-uns"),
])
def test_a_forged_stale_or_missing_token_gets_the_published_page(
        integrations_site: Site, drafts: ContentService, locale: str, path: str,
        full_slug: str) -> None:
    site = integrations_site
    published, draft = save_draft(drafts, full_slug, "title", locale)
    now = int(time.time())
    for url in (preview_url(site, path, token="0" * 40),  # forged
                preview_url(site, path, now - 3601),  # stale: older than an hour
                site.url(path + "?_storyblok=412002"),  # no token
                preview_url(site, path).replace(CONTENT_SPACE, "1" + CONTENT_SPACE)):
        answer = httpx.get(url)
        assert answer.status_code == 200, url
        assert published in answer.text and draft not in answer.text, url
        assert INFO_BAR[locale] not in answer.text, url
        assert answer.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert answer.headers["cache-control"] == "no-cache"
        assert "content-bridge" not in answer.text


@pytest.mark.parametrize(("locale", "path", "full_slug", "section", "typed"), [
    ("nl", "/over-ons", "over-ons", "Maak kennis", "<i>Live</i> bewerkt"),
    ("de", "/de/ueber-uns", "de/ueber-uns", "Lernen Sie uns kennen", "<i>Live</i> bearbeitet"),
])
def test_the_editors_change_shows_live_in_its_frame(
        page: Page, integrations_site: Site, drafts: ContentService, editor: LoopbackService,
        locale: str, path: str, full_slug: str, section: str, typed: str) -> None:
    site = integrations_site
    _, draft = save_draft(drafts, full_slug, "title", locale)
    # The editor frames the preview; the published page refuses to be framed.
    editor.answers["/editor.html"] = ("text/html", (
        f'<iframe id="preview" src="{preview_url(site, path)}" width="1200" height="900">'
        f'</iframe><iframe id="plain" src="{site.url(path)}"></iframe>'))
    with page.expect_console_message(lambda message: "frame-ancestors" in message.text
                                     ) as refused:
        page.goto(editor.origin + "/editor.html")
    assert f"Framing '{site.url('/')}'" in refused.value.text  # the plain one
    frame = page.frame_locator("#preview")
    expect(frame.locator("#main-content h1")).to_have_text(draft)
    grid = frame.locator("[data-blok-c]", has=frame.get_by_role("heading", name=section))
    expect(grid).to_have_attribute("data-blok-uid", re.compile(r"^\d+-[0-9a-f-]+$"))

    preview = next(f for f in page.frames if "_storyblok_tk" in f.url)
    wait_until(lambda: preview.evaluate("window.bridgeStarts") == 1, "the bridge")
    preview.evaluate("window.stayed = true")
    story = stored(drafts, full_slug, draft=True)
    grid_block = next(block for block in story["content"]["body"]
                      if block.get("title") == section)
    grid_block["title"] = typed
    preview.evaluate("story => window.postMessage({action: 'input', story}, '*')", story)
    # The block shows what the editor typed, as text, without a reload.
    expect(frame.get_by_role("heading", level=2, name=typed)).to_be_visible()
    expect(frame.locator("#main-content i")).to_have_count(0)
    assert preview.evaluate("window.stayed") is True

    # Saved or published: the page is loaded anew (from the saved draft).
    preview.evaluate("window.postMessage({action: 'published', storyId: 412002}, '*')")
    expect(frame.get_by_role("heading", level=2, name=section)).to_be_visible()
    wait_until(lambda: preview.evaluate("window.stayed === undefined"), "a reload")
