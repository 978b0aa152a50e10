"""No request may send more than a CV and its form."""

from __future__ import annotations

import httpx
import pytest
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send

from dealer.web.body_limit import MAX_BODY_BYTES, bounded


async def reader(scope: Scope, receive: Receive, send: Send) -> None:
    """An app that reads the whole body and says how much arrived."""
    request = Request(scope, receive)
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
    except Exception:  # the client left
        await PlainTextResponse("cut", status_code=400)(scope, receive, send)
        return
    await PlainTextResponse(str(size))(scope, receive, send)


async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
    await bounded(reader, scope, receive, send)


pytestmark = pytest.mark.anyio


async def post(content: object) -> httpx.Response:
    transport = httpx.ASGITransport(app=guarded)
    async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
        return await client.post("/_upload", content=content)


async def test_a_cv_sized_body_passes() -> None:
    response = await post(b"x" * (5 * 1024 * 1024))
    assert response.status_code == 200 and response.text == str(5 * 1024 * 1024)


async def test_an_announced_larger_body_is_refused_unread() -> None:
    response = await post(b"x" * (MAX_BODY_BYTES + 1))
    assert response.status_code == 413


async def test_a_body_streamed_past_the_bound_is_cut_off() -> None:
    async def chunks():
        for _ in range(8):
            yield b"x" * (1024 * 1024)

    response = await post(chunks())
    assert response.status_code == 400 and response.text == "cut"
