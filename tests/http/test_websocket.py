"""The websocket and the API answer only the site's own pages, within limits."""

from __future__ import annotations

import json
import time
import uuid

import httpx
import pytest
import simple_websocket
from wsproto.utilities import LocalProtocolError

from dealer.web.socket_guard import ADDRESS_EVENT_BURST, ADDRESS_EVENTS_PER_SECOND, EVENT_BURST
from dealer.web.upload_gate import HANDLER_HEADER, TOKEN_HEADER
from tests.conftest import Site, server_memory_kb

# The server has closed the connection (or begun to: a send after its close frame arrived
# is refused by the client's protocol state).
CLOSED = (simple_websocket.ConnectionClosed, OSError, LocalProtocolError)

EVIL = "http://evil.example"


def _socket(site: Site, origin: str, token: str = "") -> simple_websocket.Client:
    query = f"&token={token}" if token else ""
    url = site.url(f"/_event/?EIO=4&transport=websocket{query}").replace("http://", "ws://")
    return simple_websocket.Client.connect(url, headers={"Origin": origin})


def _closed_within(socket: simple_websocket.Client, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            socket.receive(timeout=0.2)
    except simple_websocket.ConnectionClosed:
        return True
    return False


FORMS_STATE = "reflex___state____state.dealer___state___forms____forms_state"


def _event(value: str) -> str:
    return "42/_event," + json.dumps(["event", {"name": f"{FORMS_STATE}.set_text",
                                                "payload": {"name": "message", "value": value}}])


def test_another_sites_page_cannot_open_the_websocket(site: Site) -> None:
    with pytest.raises(simple_websocket.ConnectionError):
        _socket(site, EVIL)
    _socket(site, site.base_url).close()


def test_an_oversized_value_ends_the_connection(site: Site) -> None:
    socket = _socket(site, site.base_url)
    try:
        socket.send(_event("x" * 900_000))
    except CLOSED:  # closed while we were sending
        return
    assert _closed_within(socket, 5)


def test_a_burst_of_a_thousand_events_ends_the_connection(site: Site) -> None:
    socket = _socket(site, site.base_url)
    try:
        for _ in range(1000):
            socket.send(_event("x"))
    except CLOSED:  # closed while we were sending
        return
    assert _closed_within(socket, 5)


def _attachments_announced(site: Site, count: int) -> bool:
    """A binary event announcing ``count`` attachments, then attachments of 64 KB until
    the server closes (a handful at most): whether it closed."""
    socket = _socket(site, site.base_url)
    try:
        socket.send("40/_event,{}")
        socket.send(f'45{count}-/_event,["event",{{"_placeholder":true,"num":0}}]')
        for _ in range(16):
            socket.send(b"\x04" + b"x" * 65_000)
    except CLOSED:  # closed while we were sending
        return True
    return _closed_within(socket, 5)


def test_binary_events_end_the_connection_and_leave_no_memory(site: Site) -> None:
    _attachments_announced(site, 1)  # the first connection's allocations are not the attack
    before = server_memory_kb(site.process)
    assert all(_attachments_announced(site, 9_999_999) for _ in range(20))
    assert server_memory_kb(site.process) - before < 1024


def test_many_sockets_of_one_address_share_one_budget(site: Site) -> None:
    sockets = [_socket(site, site.base_url) for _ in range(20)]
    for socket in sockets:
        try:
            for _ in range(110):  # within one socket's budget
                socket.send(_event("x"))
        except CLOSED:
            pass
    closed = sum(_closed_within(socket, 0.5) for socket in sockets)
    assert closed >= 10  # five pages' worth pass, then the address is out of budget
    time.sleep(ADDRESS_EVENT_BURST / ADDRESS_EVENTS_PER_SECOND)  # the budget as it was


def test_the_api_shares_nothing_with_other_sites(site: Site) -> None:
    response = httpx.get(site.url("/ping"), headers={"Origin": EVIL})
    assert response.headers.get("access-control-allow-origin") not in (EVIL, "*")
    own = httpx.get(site.url("/ping"), headers={"Origin": site.base_url})
    assert own.headers.get("access-control-allow-origin") == site.base_url


def test_hsts_is_off_unless_configured(site: Site) -> None:
    assert "strict-transport-security" not in httpx.get(site.url("/")).headers


def _log_size(site: Site) -> tuple[int, int]:
    """Bytes and lines the server has written to its log."""
    text = site.log.read_bytes()
    return len(text), text.count(b"\n")


def _settled(site: Site) -> tuple[int, int]:
    """The log's size once the server has stopped writing to it."""
    size, deadline = _log_size(site), time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(1)
        if (now := _log_size(site)) == size:
            return size
        size = now
    return size


def test_a_flood_of_event_data_as_text_logs_a_bounded_amount(site: Site) -> None:
    time.sleep(EVENT_BURST / ADDRESS_EVENTS_PER_SECOND)  # the address's budget as it was
    before_bytes, before_lines = _settled(site)
    data = json.dumps({"name": f"{FORMS_STATE}.set_text", "router_data": {"x": "y" * 50_000},
                       "payload": {"name": "message", "value": "x"}})
    socket = _socket(site, site.base_url, str(uuid.uuid4()))
    try:
        socket.send("40/_event,{}")
        for _ in range(EVENT_BURST - 1):  # within the budget: each is read
            socket.send("42/_event," + json.dumps(["event", data]))
    except CLOSED:
        pass
    finally:
        socket.close()
    after_bytes, after_lines = _settled(site)
    # A line of about a hundred bytes per frame at most (before: 60 KB and 128 lines).
    assert after_bytes - before_bytes < 200 * EVENT_BURST
    assert after_lines - before_lines <= EVENT_BURST + 5


def _upload(site: Site, handler: str, token: str) -> httpx.Response:
    return httpx.post(site.url("/_upload"), headers={HANDLER_HEADER: f"{FORMS_STATE}.{handler}",
                                                     TOKEN_HEADER: token},
                      files={"files": ("cv.pdf", b"%PDF-1.7\n%%EOF\n", "application/pdf")},
                      timeout=60)


def test_an_upload_to_a_handler_that_takes_no_file_is_refused(site: Site) -> None:
    response = _upload(site, "set_text", str(uuid.uuid4()))
    assert response.status_code == 400
    assert "Traceback" not in response.text and "takes no file" in response.text


def test_uploads_for_tokens_of_no_page_make_no_state(site: Site) -> None:
    _upload(site, "receive_file", str(uuid.uuid4()))  # whatever the first one allocates
    before = server_memory_kb(site.process)
    answers = {_upload(site, "receive_file", str(uuid.uuid4())).status_code
               for _ in range(300)}
    assert answers == {400}
    assert server_memory_kb(site.process) - before < 2048
