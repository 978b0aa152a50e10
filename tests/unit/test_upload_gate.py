"""The framework's upload endpoint gets only uploads it can take (dealer/web/upload_gate.py):
a file for a handler that takes files, from a connected page."""

from __future__ import annotations

import logging

import httpx
import pytest
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send

from dealer.web.server import SiteLayer
from dealer.web.upload_gate import HANDLER_HEADER, TOKEN_HEADER

pytestmark = pytest.mark.anyio

CV = "state.forms_state.receive_file"
CONNECTED = "d6f1c7a2-0c8e-4d3b-9c1e-5b1f2a3c4d5e"


class Targets:
    def __init__(self) -> None:
        self.asked: list[str] = []

    def takes_files(self, handler: str) -> bool:
        return handler == CV

    async def is_connected(self, token: str) -> bool:
        self.asked.append(token)
        return token == CONNECTED


async def framework(scope: Scope, receive: Receive, send: Send) -> None:
    """The framework's endpoint: here only what reaches it is of interest."""
    await PlainTextResponse("taken")(scope, receive, send)


async def upload(handler: str, token: str, targets: Targets | None = None) -> httpx.Response:
    transport = httpx.ASGITransport(app=SiteLayer(framework, targets or Targets()))
    async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
        return await client.post("/_upload", headers={HANDLER_HEADER: handler,
                                                      TOKEN_HEADER: token},
                                 files={"files": ("cv.pdf", b"%PDF-1.7\n", "application/pdf")})


async def test_a_file_for_a_file_handler_from_a_connected_page_reaches_the_app() -> None:
    response = await upload(CV, CONNECTED)
    assert (response.status_code, response.text) == (200, "taken")


async def test_a_handler_that_takes_no_file_is_refused_without_asking_for_a_state(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="dealer.web.upload_gate")
    targets = Targets()
    response = await upload("state.forms_state.set_text" + "x" * 5_000, CONNECTED, targets)
    assert response.status_code == 400 and "takes no file" in response.text
    assert targets.asked == []
    (record,) = [r for r in caplog.records if r.name == "dealer.web.upload_gate"]
    assert len(record.getMessage()) < 400


@pytest.mark.parametrize("token", ["", "0b7e4a61-0000-4000-8000-000000000000"])
async def test_a_token_of_no_connected_page_is_refused(token: str) -> None:
    response = await upload(CV, token)
    assert response.status_code == 400 and "connected" in response.text


async def test_without_upload_targets_nothing_is_taken() -> None:
    transport = httpx.ASGITransport(app=SiteLayer(framework))
    async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
        response = await client.post("/_upload", headers={HANDLER_HEADER: CV,
                                                          TOKEN_HEADER: CONNECTED})
    assert response.status_code == 400
