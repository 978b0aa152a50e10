"""A page whose data cannot be read answers with the one something-went-wrong page and
status 500, titled 'status - message', in its language; the exception stays in the log;
crawlers get the status and a minimal body."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from starlette.datastructures import Headers

from dealer.routes import PageRequest
from dealer.web import describe as describe_module
from dealer.web import server
from dealer.web.describe import describe

SECRET = "database password is hunter2"
SHELL = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
         '<meta name="viewport" content="width=device-width"></head>'
         '<body><div id="root"></div><script type="module" src="/assets/app.js"></script>'
         '</body></html>')
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36"
CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"


@pytest.fixture
def failing_describer(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(request: PageRequest):
        raise RuntimeError(SECRET)

    monkeypatch.setattr(describe_module, "describer_for", lambda screen: fails)


@pytest.fixture
def built_shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / server.SPA_FALLBACK).write_text(SHELL)
    monkeypatch.setattr(server, "static_dir", lambda: tmp_path)
    return tmp_path


@pytest.mark.parametrize(("path", "title"), [
    ("/over-ons", "500 - Oeps, er is iets misgegaan"),
    ("/de/angebote/vw-golf-1", "500 - Ups, etwas ist schief gelaufen"),
])
def test_a_failing_describer_gives_the_error_page(failing_describer: None, path: str,
                                                  title: str,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        info = asyncio.run(describe(path))
    assert info.status == 500 and info.title == title
    assert info.heading == title.removeprefix("500 - ")
    assert [link.href for link in info.links] == ["/de" if path.startswith("/de") else "/"]
    assert SECRET in caplog.text  # the log keeps the cause


def test_the_visitor_gets_the_page_with_status_500_and_no_trace(
        failing_describer: None, built_shell: Path) -> None:
    layer = server.SiteLayer(app=None)
    info = asyncio.run(describe("/de/ueber-uns"))
    response = layer.document(info, Headers({"user-agent": BROWSER}))
    body = response.body.decode()
    assert response.status_code == 500
    assert "<title data-seo>500 - Ups, etwas ist schief gelaufen</title>" in body
    assert "<h1>Ups, etwas ist schief gelaufen</h1>" in body and 'href="/de"' in body
    assert SECRET not in body and "RuntimeError" not in body and "Traceback" not in body


def test_a_crawler_gets_the_status_and_a_minimal_body(failing_describer: None,
                                                      built_shell: Path) -> None:
    layer = server.SiteLayer(app=None)
    info = asyncio.run(describe("/over-ons"))
    response = layer.document(info, Headers({"user-agent": CRAWLER}))
    body = response.body.decode()
    assert response.status_code == 500
    assert "<script" not in body and "crawler-page" not in body
    assert "<title>500 - Oeps, er is iets misgegaan</title>" in body
    assert SECRET not in body


def test_not_found_keeps_its_own_title(built_shell: Path) -> None:
    info = asyncio.run(describe("/dit/bestaat/niet/echt/niet/x/y/z"))
    assert info.status == 404 and info.title.startswith("404 - ")
