"""Fixtures of the browser tests."""

from __future__ import annotations

import asyncio
import base64
import copy
import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from sqlalchemy import Engine, text

from dealer.content.repository import DemoSource
from dealer.db import make_engine
from tests.conftest import Site, free_port, separate_site
from tests.loopback import LoopbackServer, LoopbackService

CONTENT_SPACE = "287811"
PREVIEW_TOKEN = "draft-token"


def marked(story: dict, space: str = CONTENT_SPACE) -> dict:
    """A story as the service answers its draft: the story and each block of its body carry
    the visual editor's ``_editable`` comment."""
    story = copy.deepcopy(story)
    content = story["content"]
    body = content.get("body")  # a page's blocks (an article's body is rich text)
    for block in [content, *(body if isinstance(body, list) else [])]:
        options = {"name": block.get("component"), "space": space, "uid": block.get("_uid"),
                   "id": str(story.get("id"))}
        block["_editable"] = f"<!--#storyblok#{json.dumps(options)}-->"
    return story


class ContentService:
    """The content delivery API on loopback, serving the bundled stories; an editor may
    publish a changed story (a new cache version) or save a draft, which only
    ``version=draft`` with the preview token reads. Keeps every request's path and
    version. Answers 503 while ``down``; ``answered`` counts the answers it gave while
    up."""

    down = False
    answered = 0

    def __init__(self) -> None:
        self.demo = DemoSource()
        self.changed: dict[str, dict] = {}
        self.drafts: dict[str, dict] = {}
        self.asked: list[tuple[str, str]] = []
        self.cv = 1
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                status, body = asyncio.run(service.answer(self.path))
                total = body.pop("total", None)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                if total is not None:
                    self.send_header("total", str(total))
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = LoopbackServer(("127.0.0.1", free_port()), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_port}/v2"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def publish(self, full_slug: str, story: dict) -> None:
        self.changed[full_slug] = story
        self.cv += 1

    def save_draft(self, full_slug: str, story: dict) -> None:
        """An editor's saved change, not published: the cache version stays."""
        self.drafts[full_slug] = story

    async def story(self, full_slug: str, draft: bool = False) -> dict | None:
        story = (copy.deepcopy(self.drafts.get(full_slug) if draft else None)
                 or copy.deepcopy(self.changed.get(full_slug))
                 or await self.demo.story(full_slug))
        return marked(story) if story and draft else story

    async def answer(self, target: str) -> tuple[int, dict]:
        if self.down:
            return 503, {"error": "Service Unavailable"}
        self.answered += 1
        url = urlsplit(target)
        params = dict(parse_qsl(url.query))
        path = url.path.removeprefix("/v2/")
        self.asked.append((path, params.get("version", "")))
        if path == "cdn/spaces/me":
            return 200, {"space": {"version": self.cv}}
        draft = params.get("version") == "draft"
        if draft and params.get("token") != PREVIEW_TOKEN:
            return 401, {"error": "Unauthorized"}
        slug = path.removeprefix("cdn/stories").strip("/")
        if slug:
            story = await self.story(slug, draft)
            if story is None:
                return 404, {"error": "Not found"}
            return 200, {"story": story, "cv": self.cv}
        stories, total = await self.demo.stories(
            starts_with=params.get("starts_with", ""),
            components=params.get("filter_query[component][in]", "").split(","),
            sort_by=params.get("sort_by", "position:asc"),
            page=int(params.get("page", "1")),
            per_page=int(params.get("per_page", "25")),
        )
        return 200, {"stories": [await self.story(s["full_slug"], draft) for s in stories],
                     "cv": self.cv, "total": total}


@pytest.fixture(scope="module")
def vehicle(site: Site) -> str:
    html = httpx.get(site.url("/voorraad")).text
    return re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', html).group(1)


@pytest.fixture
def db(site: Site) -> Iterator[Engine]:
    """The site's database, without leads, reservations, saved searches or waiting files
    before each test: every test submits from the same address and must stay below the
    per-client rate limits and the per-visitor upload quota, and sees every car free to
    reserve."""
    engine = make_engine(site.database_url)
    with engine.begin() as connection:
        for table in ("reservation", "lead", "pending_upload", "alert_match", "alert_mail",
                      "saved_search"):
            connection.execute(text(f"DELETE FROM {table}"))
    yield engine
    engine.dispose()


# The tag manager's script: counts how often it ran.
TAG_MANAGER_SCRIPT = "window.tagManagerRuns = (window.tagManagerRuns || 0) + 1;"
TAG_MANAGER_ID = "GTM-TEST14"
INGEST_KEY = "publickey"
# The chat provider's script: counts its runs and the openings the site announces.
CHAT_PROVIDER_SCRIPT = """window.chatProviderRuns = (window.chatProviderRuns || 0) + 1;
window.addEventListener("dealer-chat:open", () => {
  window.providerOpenings = (window.providerOpenings || 0) + 1; });"""
# The booking provider's script: counts its runs and brings the widget with the plugin,
# which keeps the options it was opened with.
BOOKING_PROVIDER_SCRIPT = """
window.bookingProviderRuns = (window.bookingProviderRuns || 0) + 1;
window.appointmentWidget = {plugins: {appointment_booking: {
  open: function (options) { window.providerOpened = options; }}}};
"""
# The content editor's bridge: starts as Storyblok's does (StoryblokBridge, .on(events,
# callback)) and hands its callbacks the messages the editor sends the page: {action:
# "input", story} for a change not saved yet, {action: "change" | "published"} else.
BRIDGE_SCRIPT = """
window.StoryblokBridge = function () {
  var listeners = [];
  window.bridgeStarts = (window.bridgeStarts || 0) + 1;
  window.addEventListener("message", function (message) {
    var data = message.data || {};
    listeners.forEach(function (l) { if (l.events.indexOf(data.action) >= 0) l.callback(data); });
  });
  this.on = function (events, callback) {
    listeners.push({events: [].concat(events), callback: callback});
  };
};
"""
TILE_ATTRIBUTION = "Kaartgegevens testserver"
# A 1x1 transparent PNG: enough for the browser to count a tile as loaded.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB"
                       "0C8AAAAASUVORK5CYII=")


@pytest.fixture(scope="session")
def tag_manager() -> Iterator[LoopbackService]:
    with LoopbackService({"/gtm.js": ("text/javascript", TAG_MANAGER_SCRIPT)}) as service:
        yield service


@pytest.fixture(scope="session")
def ingest() -> Iterator[LoopbackService]:
    """A stand-in for the error-reporting service: records every envelope sent to it."""
    with LoopbackService() as service:
        yield service


@pytest.fixture(scope="session")
def chat_provider() -> Iterator[LoopbackService]:
    """An outside chat provider's script host."""
    with LoopbackService({"/chat.js": ("text/javascript", CHAT_PROVIDER_SCRIPT)}) as service:
        yield service


@pytest.fixture(scope="session")
def booking_provider() -> Iterator[LoopbackService]:
    """An outside appointment-booking provider's script host."""
    with LoopbackService({"/embed.js": ("text/javascript", BOOKING_PROVIDER_SCRIPT)}) as service:
        yield service


@pytest.fixture(scope="session")
def editor() -> Iterator[LoopbackService]:
    """The content service's visual editor: its origin frames previews, its bridge script."""
    with LoopbackService({"/bridge.js": ("text/javascript", BRIDGE_SCRIPT)}) as service:
        yield service


@pytest.fixture(scope="session")
def content_service() -> Iterator[ContentService]:
    service = ContentService()
    yield service
    service.server.shutdown()


@pytest.fixture(scope="session")
def tiles() -> Iterator[LoopbackService]:
    """A map tile server: every path is a tile."""
    with LoopbackService(otherwise=("image/png", PNG)) as service:
        yield service


# What a dealer configured after a restructuring: the team pages sent on to the
# employees, and a brand no longer sold, whose menu links the editors have not removed
# yet (tests/browser/test_content_outage.py).
ROUTE_RULES = [
    {"source": "/over-ons/team", "target": "/medewerkers"},
    {"source": "/de/ueber-uns/team", "target": "/de/mitarbeiter"},
    {"source": "/cupra/modellen"},  # no target: the old link is broken
    {"source": "/de/cupra/modelle/"},
]


@pytest.fixture(scope="session")
def integrations_site(tag_manager: LoopbackService,
                      ingest: LoopbackService, chat_provider: LoopbackService,
                      booking_provider: LoopbackService, tiles: LoopbackService,
                      content_service: ContentService, editor: LoopbackService
                      ) -> Iterator[Site]:
    """The site as a dealer runs it with every outside service configured: its content
    from the content service (published content, checked for changes every second, and
    drafts in the visual editor's previews), a tag manager, error reporting, a chat
    provider, a booking provider and map tiles (all served on the loopback interface);
    route rules, and one price per vehicle (no multi-price feature).
    One site for all of them: each site with settings of its own compiles its pages, and
    the files using this one run on one worker (tests/conftest.SAME_WORKER)."""
    with separate_site("integrations", {
        "DEALER_PUBLIC_MOCKS": "false", "DEALER_CONTENT_TOKEN": "public-token",
        "DEALER_CONTENT_BASE_URL": content_service.base_url,
        "DEALER_CONTENT_CACHE_SECONDS": "1",
        "DEALER_CONTENT_PREVIEW_TOKEN": PREVIEW_TOKEN, "DEALER_CONTENT_SPACE_ID": CONTENT_SPACE,
        "DEALER_CONTENT_EDITOR_ORIGIN": editor.origin,
        "DEALER_CONTENT_BRIDGE_URL": editor.origin + "/bridge.js",
        "DEALER_TAG_MANAGER_ID": TAG_MANAGER_ID,
        "DEALER_TAG_MANAGER_URL": tag_manager.origin + "/gtm.js",
        "DEALER_SENTRY_DSN": f"http://{INGEST_KEY}@{ingest.origin.removeprefix('http://')}/1",
        "DEALER_SENTRY_ENVIRONMENT": "test",
        "DEALER_CHAT_PROVIDER_SCRIPT": chat_provider.origin + "/chat.js",
        "DEALER_APPOINTMENT_SCRIPT_URL": booking_provider.origin + "/embed.js",
        "DEALER_APPOINTMENT_APP": "dealer-site",
        "DEALER_APPOINTMENT_APP_CODE": "RA-2026",
        "DEALER_APPOINTMENT_SETTINGS": '{"language": "auto"}',
        "DEALER_MAP_TILE_URL": tiles.origin + "/{z}/{x}/{y}.png",
        "DEALER_MAP_ATTRIBUTION": TILE_ATTRIBUTION,
        "DEALER_ROUTE_RULES": json.dumps(ROUTE_RULES), "DEALER_FEATURE_MULTI_PRICE": "false",
    }) as site:
        yield site
