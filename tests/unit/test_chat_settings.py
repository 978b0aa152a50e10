"""The chat's settings: enabled by default, and an outside provider's script allowed by the
page's CSP and named to the browser only when one is configured."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dealer import settings as settings_module
from dealer.settings import Settings
from dealer.views.vehicle import action_value
from dealer.web.csp import content_security_policy
from dealer.web.tags import browser_settings, tag_origins

PROVIDER = "https://chat.example.com/widget/loader.js"


@pytest.fixture
def provider(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DEALER_CHAT_PROVIDER_SCRIPT", PROVIDER)
    settings_module.get_settings.cache_clear()
    yield
    monkeypatch.delenv("DEALER_CHAT_PROVIDER_SCRIPT")
    settings_module.get_settings.cache_clear()


def _directives() -> dict[str, str]:
    return dict(part.split(" ", 1) for part in content_security_policy("").split("; "))


def test_the_chat_is_on_and_the_sites_own_by_default() -> None:
    settings = Settings()
    assert settings.chat_enabled and settings.chat_provider_script is None
    assert "chat" not in browser_settings(settings)
    assert "chat.example.com" not in content_security_policy("")


def test_a_provider_script_is_named_and_allowed_by_its_host(provider: None) -> None:
    settings = settings_module.get_settings()
    assert browser_settings(settings)["chat"] == {"src": PROVIDER}
    assert tag_origins(settings) == ["https://chat.example.com"]
    directives = _directives()
    assert "https://chat.example.com" in directives["script-src"]
    assert "https://chat.example.com" in directives["connect-src"]


def test_a_switched_off_chat_loads_no_provider(provider: None) -> None:
    settings = Settings(chat_enabled=False)
    assert "chat" not in browser_settings(settings)
    assert tag_origins(settings) == []


def test_the_chat_variant_of_the_test_drive_opens_the_chat_only_when_it_is_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert action_value("testdrive", "autochat") == "testdrive_chat"
    assert action_value("testdrive", "form") == "testdrive"
    assert action_value("interest", "autochat") == "interest"
    monkeypatch.setenv("DEALER_CHAT_ENABLED", "false")
    settings_module.get_settings.cache_clear()
    try:
        assert action_value("testdrive", "autochat") == "testdrive"  # the form, then
    finally:
        monkeypatch.delenv("DEALER_CHAT_ENABLED")
        settings_module.get_settings.cache_clear()
