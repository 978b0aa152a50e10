"""The consent banner's words and Consent Mode's signals, without a browser."""

from __future__ import annotations

import json
import subprocess
from urllib.parse import quote

import pytest

from dealer.consent import (
    CATEGORIES,
    SIGNALS,
    banner_config,
    banner_texts,
    consent_script,
    signals,
)
from dealer.settings import Settings
from dealer.web.tags import browser_settings, tag_origins

ALL_SIGNALS = [name for names in SIGNALS.values() for name in names]


def test_rejecting_everything_denies_all_but_necessary_storage() -> None:
    assert signals([]) == {name: "denied" for name in ALL_SIGNALS} | {
        "security_storage": "granted"}


def test_each_category_grants_its_own_signals_only() -> None:
    assert signals(["analytics"])["analytics_storage"] == "granted"
    assert signals(["analytics"])["ad_storage"] == "denied"
    assert {name for name, state in signals(["marketing"]).items() if state == "granted"} == {
        "security_storage", "ad_storage", "ad_user_data", "ad_personalization"}
    assert set(signals(list(CATEGORIES)).values()) == {"granted"}


@pytest.mark.parametrize(("locale", "accept", "privacy"), [
    ("nl", "Alles accepteren", "/privacy"), ("de", "Alle akzeptieren", "/de/datenschutz")])
def test_the_banner_speaks_each_language(locale: str, accept: str, privacy: str) -> None:
    texts = banner_texts(locale)
    assert texts["consentModal"]["acceptAllBtn"] == accept
    assert f'href="{privacy}"' in texts["consentModal"]["footer"]
    linked = [section.get("linkedCategory") for section in
              texts["preferencesModal"]["sections"]]
    assert [category for category in linked if category] == list(CATEGORIES)


def test_the_banner_keeps_its_choice_for_twelve_months() -> None:
    assert banner_config()["cookie"]["expiresAfterDays"] == 365


def run_script(cookie: str) -> list:
    """The page-start script in Node, with a document that holds ``cookie``."""
    program = (f"global.window=global;global.document={{cookie:{json.dumps(cookie)}}};"
               f"{consent_script()};console.log(JSON.stringify(dataLayer.map(e=>Array.from(e))))")
    return json.loads(subprocess.run(["node", "-e", program], capture_output=True, text=True,
                                     check=True).stdout)


def test_the_page_starts_with_everything_denied() -> None:
    assert run_script("") == [["consent", "default", {**signals([]), "wait_for_update": 500}]]


def test_a_returning_visitors_choice_follows_at_once() -> None:
    stored = json.dumps({"categories": ["necessary", "analytics"]})
    commands = run_script(f"locale=de; consent={quote(stored)}")
    assert commands[1] == ["consent", "update", signals(["analytics"])]


def test_a_broken_cookie_is_no_choice() -> None:
    assert len(run_script("consent=%7Bnot-json")) == 1


def test_the_tag_manager_is_named_to_the_browser_only_when_configured() -> None:
    assert browser_settings(Settings()) == {} and tag_origins(Settings()) == []
    configured = Settings(tag_manager_id="GTM-ABC123",
                          tag_manager_url="https://tags.example.com/gtm.js")
    assert browser_settings(configured) == {
        "tagManager": {"id": "GTM-ABC123", "src": "https://tags.example.com/gtm.js"}}
    assert tag_origins(configured) == ["https://tags.example.com"]


def test_error_reporting_is_named_to_the_browser_only_with_dsn_and_environment() -> None:
    dsn = "https://key@ingest.example.com/42"
    assert "errors" not in browser_settings(Settings(sentry_dsn=dsn))
    config = browser_settings(Settings(sentry_dsn=dsn, sentry_environment="production"),
                              "build-9")
    assert config["errors"] == {
        "dsn": dsn, "environment": "production", "release": "build-9",
        "tracesSampleRate": 0.1, "replaysSessionSampleRate": 0.1,
        "replaysOnErrorSampleRate": 1.0, "scrub": config["errors"]["scrub"]}
    assert config["errors"]["scrub"]["urlKeys"] == ["url", "to", "from", "abs_path", "filename"]
    assert tag_origins(Settings(sentry_dsn=dsn, sentry_environment="production")) == [
        "https://ingest.example.com"]
