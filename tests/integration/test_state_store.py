"""/health names the store of the visitors' page state: an operator sees a Redis outage."""

from __future__ import annotations

import json

import pytest

from dealer.settings import Settings
from dealer.web import server
from dealer.web.server import SiteLayer
from tests.conftest import redis_server

pytestmark = pytest.mark.anyio


async def health(monkeypatch: pytest.MonkeyPatch, redis_url: str | None) -> tuple[int, dict]:
    monkeypatch.setattr(server, "get_settings", lambda: Settings(redis_url=redis_url))

    async def database_ok() -> bool:
        return True

    monkeypatch.setattr(server, "database_ok", database_ok)
    monkeypatch.setattr(server, "delivery_state", lambda *_args: {})
    response = await SiteLayer(lambda *_args: None).health_response()
    return response.status_code, json.loads(response.body)


async def test_health_answers_503_while_redis_is_down_and_200_when_it_is_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with redis_server() as redis:
        status, report = await health(monkeypatch, redis.url)
        assert (status, report["status"], report["state_store"]) == (200, "ok", "ok")
        redis.stop()
        status, report = await health(monkeypatch, redis.url)
        assert (status, report["status"], report["state_store"]) == (503, "degraded",
                                                                      "unavailable")
        redis.start()
        assert (await health(monkeypatch, redis.url))[0] == 200


async def test_the_state_in_memory_is_always_there(monkeypatch: pytest.MonkeyPatch) -> None:
    assert (await health(monkeypatch, None))[1]["state_store"] == "ok"
