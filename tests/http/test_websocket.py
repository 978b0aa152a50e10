"""The websocket and the API answer only the site's own pages, within limits."""

from __future__ import annotations

import json
import time

import httpx
import pytest
import simple_websocket

from dealer.web.socket_guard import ADDRESS_EVENT_BURST, ADDRESS_EVENTS_PER_SECOND
from tests.conftest import Site, server_memory_kb

EVIL = "http://evil.example"


def _socket(site: Site, origin: str) -> simple_websocket.Client:
    url = site.url("/_event/?EIO=4&transport=websocket").replace("http://", "ws://")
    return simple_websocket.Client.connect(url, headers={"Origin": origin})


def _closed_within(socket: simple_websocket.Client, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            socket.receive(timeout=0.2)
    except simple_websocket.ConnectionClosed:
        return True
    return False


def _event(value: str) -> str:
    return "42/_event," + json.dumps(["event", {"name": "reflex___state____state.dealer___"
                                                "state___forms____forms_state.set_text",
                                                "payload": {"name": "message", "value": value}}])


def test_another_sites_page_cannot_open_the_websocket(site: Site) -> None:
    with pytest.raises(simple_websocket.ConnectionError):
        _socket(site, EVIL)
    _socket(site, site.base_url).close()


def test_an_oversized_value_ends_the_connection(site: Site) -> None:
    socket = _socket(site, site.base_url)
    try:
        socket.send(_event("x" * 900_000))
    except (simple_websocket.ConnectionClosed, OSError):  # closed while we were sending
        return
    assert _closed_within(socket, 5)


def test_a_burst_of_a_thousand_events_ends_the_connection(site: Site) -> None:
    socket = _socket(site, site.base_url)
    try:
        for _ in range(1000):
            socket.send(_event("x"))
    except (simple_websocket.ConnectionClosed, OSError):  # closed while we were sending
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
    except (simple_websocket.ConnectionClosed, OSError):  # closed while we were sending
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
        except (simple_websocket.ConnectionClosed, OSError):
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
