"""Site paths and safe hrefs for links coming from content stories.

Stories use folder-level translation: Dutch stories sit at the root of the
space, German ones in the ``de/`` folder, so a story's ``full_slug`` is also
its site path. ``home`` is the start page of each folder.
"""

from __future__ import annotations

import logging
import re
from typing import Any

logger = logging.getLogger(__name__)

HOME_SLUG = "home"
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
# Browsers ignore tabs and newlines inside a URL and control characters around it;
# removing all of them before reading the scheme is the strict reading.
_IGNORED_IN_SCHEME = re.compile(r"[\x00-\x20\x7f]+")


def story_path(full_slug: str) -> str:
    """The site path of a story: ``de/ueber-uns`` -> ``/de/ueber-uns``, ``home`` -> ``/``."""
    parts = [part for part in full_slug.strip("/").split("/") if part]
    if parts and parts[-1] == HOME_SLUG:
        parts.pop()
    return "/" + "/".join(parts)


def safe_href(href: str) -> str | None:
    """``href`` when it is relative or uses a harmless scheme, else None."""
    href = href.strip()
    if not href:
        return None
    match = _SCHEME.match(_IGNORED_IN_SCHEME.sub("", href))
    if match and match.group(1).lower() not in SAFE_SCHEMES:
        # SPEC §8: navigation to javascript:, data:, vbscript: ... is refused and reported
        # (the scheme only: the rest may be anything an editor pasted).
        logger.error("content link refused: %s: is no scheme a visitor may follow",
                     match.group(1).lower()[:20])
        return None
    return href


def _with_anchor(href: str, anchor: Any) -> str:
    anchor = str(anchor or "").strip().lstrip("#")
    return f"{href}#{anchor}" if anchor else href


def link_href(link: dict[str, Any] | None) -> str | None:
    """The href of a multilink field or rich text link mark, None when unusable.

    Handles linktype url, asset, email (``mailto:``) and story (site path,
    keeping the ``#anchor``); dangerous schemes such as ``javascript:`` give None.
    """
    if not isinstance(link, dict):
        return None
    linktype = link.get("linktype") or "url"
    target = str(link.get("href") or link.get("url") or link.get("cached_url") or "").strip()
    if linktype == "email":
        address = (link.get("email") or target).removeprefix("mailto:").strip()
        return safe_href(f"mailto:{address}") if "@" in address else None
    if linktype == "story":
        story = link.get("story")
        if isinstance(story, dict) and story.get("full_slug"):
            target = story_path(story["full_slug"])
        elif target and not target.startswith(("/", "#")) and not _SCHEME.match(target):
            target = story_path(target)  # cached_url is a full slug without a slash
    return safe_href(_with_anchor(target, link.get("anchor")))
