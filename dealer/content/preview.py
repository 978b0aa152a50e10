"""Previews of drafts in the content service's visual editor (Storyblok's).

The editor opens a page of the site in a frame with ``_storyblok_tk[space_id]``,
``_storyblok_tk[timestamp]`` and ``_storyblok_tk[token]`` in its query; the token is the
SHA-1 of ``space_id:preview_token:timestamp``. A query whose token verifies (compared in
constant time, the timestamp at most an hour old) asks for a preview: its page is built
from the ``draft`` version of the stories, read with the preview token through a client
and repository of their own that keep nothing (the published caches never see a draft).

In draft answers every block carries its ``_editable`` comment,
``<!--#storyblok#{"name": ..., "space": ..., "uid": ..., "id": ...}-->``; the editor's
bridge script finds blocks by the attributes made of it, ``data-blok-c`` (the comment's
JSON) and ``data-blok-uid`` (``id-uid``). Everything here reads visitor values with
code that cannot raise.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from functools import lru_cache
from urllib.parse import urlsplit

from dealer.content.client import ContentClient
from dealer.content.repository import ContentRepository, get_repository
from dealer.settings import Settings, get_settings

SPACE_PARAM = "_storyblok_tk[space_id]"
TIMESTAMP_PARAM = "_storyblok_tk[timestamp]"
TOKEN_PARAM = "_storyblok_tk[token]"
MAX_AGE_SECONDS = 3600  # the editor's token is good for an hour
MAX_AHEAD_SECONDS = 300  # clocks may differ a little; a timestamp far ahead never verifies
EDITABLE_START = "<!--#storyblok#"
EDITABLE_END = "-->"
MAX_EDITABLE = 1000  # characters of one block's _editable comment
MAX_SLUG = 300


def enabled(settings: Settings | None = None) -> bool:
    settings = settings or get_settings()
    return bool(settings.content_preview_token and settings.content_space_id
                and not settings.public_mocks)


def editor_token(space_id: str, preview_token: str, timestamp: str) -> str:
    """The token the editor puts in the query: SHA-1 of ``space_id:preview_token:timestamp``."""
    return hashlib.sha1(f"{space_id}:{preview_token}:{timestamp}".encode()).hexdigest()


def is_preview(query: Mapping[str, str], settings: Settings | None = None,
               now: float | None = None) -> bool:
    """Whether ``query`` carries a valid editor token for this site's space."""
    settings = settings or get_settings()
    if not enabled(settings):
        return False
    space, stamp, token = (query.get(name) for name in (SPACE_PARAM, TIMESTAMP_PARAM,
                                                        TOKEN_PARAM))
    if not (isinstance(space, str) and isinstance(stamp, str) and isinstance(token, str)):
        return False
    if not (stamp.isascii() and stamp.isdigit() and len(stamp) <= 12):
        return False
    now = time.time() if now is None else now
    if not now - MAX_AGE_SECONDS <= int(stamp) <= now + MAX_AHEAD_SECONDS:
        return False
    expected = editor_token(str(settings.content_space_id), str(settings.content_preview_token),
                            stamp)
    # As bytes: a text with other than ASCII letters cannot be compared in constant time.
    return (space == settings.content_space_id
            and hmac.compare_digest(token.encode("utf-8", "replace"), expected.encode()))


def editable_attributes(editable: object) -> tuple[str, str]:
    """(``data-blok-c``, ``data-blok-uid``) of a block's ``_editable`` comment, as the
    editor's bridge reads them; ("", "") for anything else."""
    if not isinstance(editable, str) or len(editable) > MAX_EDITABLE:
        return "", ""
    text = editable.strip()
    if not (text.startswith(EDITABLE_START) and text.endswith(EDITABLE_END)):
        return "", ""
    try:
        options = json.loads(text[len(EDITABLE_START):-len(EDITABLE_END)])
    except ValueError:
        return "", ""
    if not isinstance(options, dict) or not all(
            isinstance(options.get(key), str | int) and not isinstance(options.get(key), bool)
            for key in ("id", "uid")):
        return "", ""
    return (json.dumps(options, ensure_ascii=False, separators=(",", ":")),
            f"{options['id']}-{options['uid']}")


def edited_story(value: object) -> dict | None:
    """A story as the editor's bridge sends it with its ``input`` event (the editor's change,
    not saved yet), when it looks like one: a ``full_slug`` and a ``content`` block."""
    if not isinstance(value, dict):
        return None
    full_slug, content = value.get("full_slug"), value.get("content")
    if not (isinstance(full_slug, str) and 0 < len(full_slug.strip("/")) <= MAX_SLUG
            and isinstance(content, dict) and isinstance(content.get("component"), str)):
        return None
    slug = value.get("slug")
    return {**value, "full_slug": full_slug.strip("/"),
            "slug": slug if isinstance(slug, str) and slug else
            full_slug.strip("/").rsplit("/", 1)[-1]}


@lru_cache(maxsize=1)
def draft_repository() -> ContentRepository:
    """Drafts, read with the preview token; a client and repository of their own, which
    keep no answers (``keep_last_good``; the client caches published answers only)."""
    settings = get_settings()
    client = ContentClient(token=str(settings.content_preview_token),
                           base_url=settings.content_base_url, version="draft",
                           oauth_token=settings.content_oauth_token)
    return ContentRepository(settings, client=client, keep_last_good=False)


def repository_for(query: Mapping[str, str]) -> ContentRepository:
    """Drafts for a preview request, the published content for every other."""
    return draft_repository() if is_preview(query) else get_repository()


def origin(url: str) -> str:
    """``scheme://host[:port]`` of a setting's address."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
