"""The bundled demo reviews (``demo/<branch>.json``, each a ``reviews.list`` answer),
served to ``ReviewsClient`` by a local transport: the demo takes the client's own path."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import httpx

DEMO_DIR = Path(__file__).parent / "demo"
DEMO_BASE_URL = "https://reviews.demo.invalid/v4"
DEMO_ACCOUNT = "accounts/demo"
DEMO_TOKEN = "demo"  # the transport only checks that a token is sent


@cache
def demo_feeds(directory: Path = DEMO_DIR) -> dict[str, dict]:
    """Location id -> its feed body, read once."""
    return {f"locations/{path.stem}": json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(directory.glob("*.json"))}


def demo_locations(directory: Path = DEMO_DIR) -> dict[str, str]:
    """Branch slug -> demo location id: every branch with a demo file."""
    return {location.removeprefix("locations/"): location for location in demo_feeds(directory)}


def _error(status: int, name: str, message: str) -> httpx.Response:
    return httpx.Response(status, json={"error": {"code": status, "status": name,
                                                  "message": message}})


def demo_transport(directory: Path = DEMO_DIR) -> httpx.MockTransport:
    """Answers ``GET /v4/accounts/demo/locations/<branch>/reviews`` like the provider."""
    prefix = f"/v4/{DEMO_ACCOUNT}/"

    def answer(request: httpx.Request) -> httpx.Response:
        if not request.headers.get("Authorization", "").startswith("Bearer "):
            return _error(401, "UNAUTHENTICATED", "Request is missing a bearer token.")
        path = request.url.path
        location = path.removeprefix(prefix).removesuffix("/reviews")
        feed = demo_feeds(directory).get(location)
        if request.method != "GET" or not path.startswith(prefix) or feed is None:
            return _error(404, "NOT_FOUND", "Requested entity was not found.")
        size = request.url.params.get("pageSize", "")
        reviews = feed["reviews"][: int(size)] if size.isdigit() else feed["reviews"]
        return httpx.Response(200, json={**feed, "reviews": reviews})

    return httpx.MockTransport(answer)
