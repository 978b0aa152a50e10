"""The Content-Security-Policy allows exactly the inline scripts a page holds."""

from __future__ import annotations

import base64
import hashlib

import pytest

from dealer import settings as settings_module
from dealer.web.csp import content_security_policy, script_hashes


def _hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"


def test_each_inline_script_is_allowed_by_its_hash_and_nothing_else_is() -> None:
    document = ('<head><script>one()</script><script src="/assets/app.js"></script>'
                '<script type="application/ld+json">{"@type":"Car"}</script></head>'
                '<body><script type="module" async="">import "/assets/x.js";</script></body>')
    assert script_hashes(document) == sorted([_hash("one()"), _hash('import "/assets/x.js";')])


def test_the_policy_names_the_sites_own_sockets_and_forbids_framing() -> None:
    policy = content_security_policy("<script>one()</script>")
    directives = dict(part.split(" ", 1) for part in policy.split("; "))
    assert _hash("one()") in directives["script-src"]
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "ws://localhost:3000" in directives["connect-src"]
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_a_configured_tag_manager_may_load_its_script(monkeypatch) -> None:
    from dealer import settings

    assert "googletagmanager" not in content_security_policy("")
    monkeypatch.setenv("DEALER_TAG_MANAGER_ID", "GTM-ABC123")
    settings.get_settings.cache_clear()
    try:
        directives = dict(part.split(" ", 1) for part in content_security_policy("").split("; "))
    finally:
        monkeypatch.delenv("DEALER_TAG_MANAGER_ID")
        settings.get_settings.cache_clear()
    assert "https://www.googletagmanager.com" in directives["script-src"]


def test_a_plain_http_tile_server_may_send_map_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEALER_MAP_TILE_URL", "http://10.0.0.7:8080/{z}/{x}/{y}.png")
    settings_module.get_settings.cache_clear()
    try:
        images = next(part for part in content_security_policy("").split("; ")
                      if part.startswith("img-src"))
    finally:
        monkeypatch.delenv("DEALER_MAP_TILE_URL")
        settings_module.get_settings.cache_clear()
    assert images.split() == ["img-src", "'self'", "data:", "blob:", "https:",
                              "http://10.0.0.7:8080"]


def test_only_a_preview_may_be_framed_by_the_editor_and_load_its_bridge() -> None:
    page = dict(part.split(" ", 1) for part in content_security_policy("").split("; "))
    shown = dict(part.split(" ", 1)
                 for part in content_security_policy("", preview=True).split("; "))
    assert page["frame-ancestors"] == "'none'"
    assert "storyblok" not in " ".join(page.values())
    assert shown["frame-ancestors"] == "https://app.storyblok.com"
    assert shown["script-src"] == page["script-src"] + " https://app.storyblok.com"
