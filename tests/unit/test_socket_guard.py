"""What one browser connection may send over the websocket (dealer/web/socket_guard.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.web.socket_guard import (
    ADDRESS_EVENT_BURST,
    EVENT_BURST,
    MAX_FRAME_BYTES,
    AddressBudgets,
    EventBudget,
    frame_size,
    guard_websocket,
    well_formed_event,
)

EVENT = "42/_event," + json.dumps(["event", {"name": "state.forms_state.set_text",
                                             "payload": {"value": "Jan"}}])


def test_a_burst_is_cut_and_the_budget_refills_at_its_rate() -> None:
    now = [0.0]
    budget = EventBudget(rate=10, burst=3, clock=lambda: now[0])
    assert [budget.spend() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1  # one event's worth of time
    assert [budget.spend(), budget.spend()] == [True, False]


def test_a_fast_typist_never_runs_out() -> None:
    now = [0.0]
    budget = EventBudget(clock=lambda: now[0])
    for _ in range(600):  # a minute at ten keys a second
        now[0] += 0.1
        assert budget.spend()


@pytest.mark.parametrize("frame", [
    EVENT, '42["event",{"name":"x"}]', '42/_event,7["event",{"name":"x"}]',
    '42/_event,["client_error",{"message":"x"}]', "40", "40/_event,", "40/_event,{}",
    '40/_event,{"event":{"name":"x","payload":{}},"state_schema":"abc"}',
])
def test_events_of_ours_are_well_formed(frame: str) -> None:
    assert well_formed_event(frame) == frame


@pytest.mark.parametrize("frame", [
    "42", "42/_event,", "42/_event,{}", '42["event"]', "42/_event,[1,{}]", '42["event",3]',
    "42\x00\udcff",
    # Event data as one JSON string: the framework logged all of it, then a traceback.
    '42/_event,7["event","{}"]',
    '42/_event,["event",' + json.dumps(json.dumps({"x": "y" * 60_000})) + "]",
    '42["event",{"payload":{}}]', '42["event",{"name":"' + "x" * 300 + '"}]',
    '42["event",{"name":"x","payload":"text"}]', '42["event",{"name":"x","router_data":[]}]',
    '42["event",' + "[" * 60_000 + "]" * 60_000 + "]",  # deeper than any event
    # The connect's first event goes to the same handler as every other event.
    '40/_event,{"event":"{}"}', '40/_event,{"event":{"payload":{}}}', "40/_event,[]",
    "40/_event,not json",
])
def test_anything_else_is_malformed(frame: str) -> None:
    assert well_formed_event(frame) is None


def test_a_lone_surrogate_reaches_the_app_as_a_replacement_character() -> None:
    frame = "42/_event," + json.dumps(["event", {"name": "chat_state.ask", "payload": {
        "question": "Hallo \ud83d", "\udc00": ["\ud800", 1]}}])
    event = well_formed_event(frame)
    assert event is not None and event.startswith("42/_event,")
    assert json.loads(event[len("42/_event,"):])[1]["payload"] == {
        "question": "Hallo \ufffd", "\ufffd": ["\ufffd", 1]}
    event.encode("utf-8")  # what the state keeps can be sent back
    connect = '40/_event,{"event":{"name":"x","payload":{"q":"\\ud800"}}}'
    assert well_formed_event(connect) == '40/_event,{"event":{"name":"x","payload":{"q":"\ufffd"}}}'
    emoji = "42/_event," + json.dumps(["event", {"name": "x", "payload": {"q": "\U0001f600"}}])
    assert json.loads(well_formed_event(emoji)[10:])[1]["payload"]["q"] == "\U0001f600"


async def _run(frames: list[str | bytes], addresses: AddressBudgets | None = None,
               ) -> tuple[list[str], list[dict]]:
    """Feeds frames through the guard to an app that reads until disconnected: what the
    app received, and what went back to the browser."""
    incoming = [{"type": "websocket.connect"},
                *({"type": "websocket.receive", "bytes": f} if isinstance(f, bytes)
                  else {"type": "websocket.receive", "text": f} for f in frames),
                {"type": "websocket.disconnect", "code": 1000}]
    received: list[str] = []
    sent: list[dict] = []

    async def app(scope, receive, send) -> None:
        while (message := await receive())["type"] != "websocket.disconnect":
            if message["type"] == "websocket.receive":
                received.append(message["text"])
                await send({"type": "websocket.send", "text": "ok"})

    async def receive() -> dict:
        return incoming.pop(0)

    async def send(message: dict) -> None:
        sent.append(message)

    await guard_websocket(app, addresses)({"type": "websocket", "client": ("203.0.113.9", 1)},
                                          receive, send)
    return received, sent


@pytest.mark.anyio
async def test_an_oversized_frame_closes_the_connection(caplog: pytest.LogCaptureFixture) -> None:
    huge = "42/_event," + json.dumps(["event", {"payload": {"value": "x" * MAX_FRAME_BYTES}}])
    received, sent = await _run([EVENT, huge, EVENT])
    assert received == [EVENT]
    assert sent[-1] == {"type": "websocket.close", "code": 1009}
    assert len(caplog.records) == 1 and "203.0.113.9" in caplog.records[0].getMessage()


@pytest.mark.anyio
async def test_a_flood_of_events_closes_the_connection() -> None:
    received, sent = await _run([EVENT] * 1000)
    assert len(received) == EVENT_BURST
    assert sent[-1] == {"type": "websocket.close", "code": 1008}
    assert sum(message["type"] == "websocket.send" for message in sent) == EVENT_BURST


@pytest.mark.anyio
async def test_a_malformed_frame_is_dropped_with_one_line(caplog: pytest.LogCaptureFixture) -> None:
    received, _sent = await _run([EVENT, "42/_event,not json", EVENT, "2"])
    assert received == [EVENT, EVENT, "2"]
    assert [record.getMessage() for record in caplog.records] == [
        "websocket of 203.0.113.9: a malformed event frame dropped (18 bytes)"]


BINARY_EVENT = '451-/_event,["event",{"_placeholder":true,"num":0}]'


@pytest.mark.anyio
@pytest.mark.parametrize("frames", [
    [BINARY_EVENT, b"\x04" + b"x" * 1000],
    ['459999999-/_event,["event",{"_placeholder":true,"num":0}]'],
    ['461-/_event,0[{"_placeholder":true,"num":0}]'],
    [b"\x04" + b"x" * 60_000],
    ['43/_event,0["ok"]'],
], ids=["binary event", "endless attachments", "binary ack", "binary frame", "ack"])
async def test_binary_frames_and_events_close_the_connection(frames: list) -> None:
    received, sent = await _run([EVENT, *frames, EVENT])
    assert received == [EVENT]
    assert sent[-1] == {"type": "websocket.close", "code": 1008}


@pytest.mark.anyio
async def test_the_connections_of_one_address_share_a_budget() -> None:
    addresses = AddressBudgets(clock=lambda: 0.0)
    passed = 0
    for _ in range(20):  # twenty sockets, each within its own budget
        received, _sent = await _run([EVENT] * EVENT_BURST, addresses)
        passed += len(received)
    assert passed == ADDRESS_EVENT_BURST
    assert addresses.spend("198.51.100.1")  # another address has its own


def test_the_address_budgets_forget_the_least_recent(monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer.web import socket_guard
    monkeypatch.setattr(socket_guard, "MAX_ADDRESSES", 2)
    addresses = AddressBudgets(clock=lambda: 0.0)
    while addresses.spend("a"):
        pass
    addresses.spend("b")
    assert not addresses.spend("a")  # "a" was used last: kept, and still spent
    addresses.spend("c")  # "b" is forgotten
    addresses.spend("d")  # then "a": it comes back with a new budget
    assert addresses.spend("a")


@given(st.text(max_size=300), st.binary(max_size=50))
def test_no_frame_makes_the_guard_raise(text: str, data: bytes) -> None:
    for kind in ("40", "42"):
        event = well_formed_event(kind + text)
        assert event is None or event.encode("utf-8")
    assert frame_size({"text": text}) >= 0 and frame_size({"bytes": data}) == len(data)
