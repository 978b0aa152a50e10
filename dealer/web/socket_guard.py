"""What one browser connection may send over the websocket.

The page's events are small text frames and come at the pace of a visitor's hands. A
frame larger than any event of ours, a binary frame or binary event (no handler takes a
file over the socket: files go by HTTP POST, bounded there), or events faster than anyone
types, on one connection or from one address over all its connections, end the
connection with one log line (the browser reconnects as after a network drop); a frame
that is no event of ours (its data must be an event record, not text the framework would
log whole before refusing it) is dropped with one log line instead of a traceback. Text
in an event is made valid Unicode before the app reads it: a lone UTF-16 surrogate
(which JavaScript strings may hold) becomes U+FFFD, so no state keeps text it cannot send
back.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dealer.visible import for_log

logger = logging.getLogger(__name__)

# The largest event of ours is a form field at its longest (2,000 characters, JSON-escaped)
# with the page's router data: a few kB.
MAX_FRAME_BYTES = 64 * 1024
# Typing sends an event per key: fast typists reach about 15 a second.
EVENTS_PER_SECOND = 30.0
EVENT_BURST = 120
# One address may hold several tabs, or stand for a household or an office behind one
# router: five pages' worth of events at once, two typists' pace over time.
ADDRESS_EVENTS_PER_SECOND = 2 * EVENTS_PER_SECOND
ADDRESS_EVENT_BURST = 5 * EVENT_BURST
MAX_ADDRESSES = 10_000  # the budgets kept, least recently used dropped first
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008
SOCKETIO_MESSAGE = "4"  # an engine.io message carries one socket.io packet
SOCKETIO_EVENT = "42"  # engine.io message + socket.io event
# What a page sends: connect, disconnect, event. Binary events and acknowledgements
# ("45", "46") would make the server wait for and keep their attachments.
SOCKETIO_CONNECT = "40"
SOCKETIO_FROM_PAGES = (SOCKETIO_CONNECT, "41", SOCKETIO_EVENT)
CONNECT_EVENT = "event"  # the page's first event, sent with its connect
MAX_EVENT_NAME = 256  # the framework's longest handler names are about 100 characters
# A UTF-16 surrogate as JSON writes it: browsers escape lone ones (ES2019).
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class EventBudget:
    """A token bucket: ``burst`` events at once, refilled at ``rate`` per second."""

    rate: float = EVENTS_PER_SECOND
    burst: float = EVENT_BURST
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    last: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens, self.last = self.burst, self.clock()

    def spend(self) -> bool:
        """Whether one more event fits; takes it from the budget if so."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class AddressBudgets:
    """One event budget per visitor address, shared by all its connections in this
    process; at most ``MAX_ADDRESSES`` kept."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._budgets: OrderedDict[str, EventBudget] = OrderedDict()

    def spend(self, address: str) -> bool:
        budget = self._budgets.pop(address, None) or EventBudget(
            ADDRESS_EVENTS_PER_SECOND, ADDRESS_EVENT_BURST, self.clock)
        self._budgets[address] = budget
        while len(self._budgets) > MAX_ADDRESSES:
            self._budgets.popitem(last=False)
        return budget.spend()


def frame_size(message: Message) -> int:
    text = message.get("text")
    return len(text.encode("utf-8", "surrogatepass")) if text else len(message.get("bytes") or b"")


def well_formed_event(text: str) -> str | None:
    """A page's socket.io event frame, ``42[/namespace,][ack id][name, {data}]``, or its
    namespace connect, ``40[/namespace,][{auth}]`` (the auth may carry the page's first
    event), as the app may read it (lone surrogates replaced); None for anything else."""
    connect = text.startswith(SOCKETIO_CONNECT)
    body = text[len(SOCKETIO_EVENT):]
    if body.startswith("/"):
        body = body.partition(",")[2]
    if connect and not body:
        return text
    if body[:1] not in ("[", "{"):
        body = body.lstrip("0123456789")  # an acknowledgement id
    try:
        packet = json.loads(body)
        if not (_is_connect_auth(packet) if connect else _is_event_packet(packet)):
            return None
        if not SURROGATE_ESCAPE.search(body):
            return text
        cleaned = json.dumps(_valid_unicode(packet), ensure_ascii=False, separators=(",", ":"))
    except (ValueError, RecursionError):  # not JSON, or nested deeper than any event
        return None
    return text[:len(text) - len(body)] + cleaned


def _is_event_packet(packet: object) -> bool:
    return (isinstance(packet, list) and len(packet) >= 2 and isinstance(packet[0], str)
            and _is_event_record(packet[0], packet[1]))


def _is_connect_auth(auth: object) -> bool:
    return isinstance(auth, dict) and (
        CONNECT_EVENT not in auth or _is_event_record("event", auth[CONNECT_EVENT]))


def _is_event_record(name: str, data: object) -> bool:
    """The data of a page's socket event: a record, and for an app event one the
    framework can read as such (a bounded handler name, a payload record)."""
    if not isinstance(data, dict):
        return False
    if name != "event":
        return True
    handler = data.get("name")
    return (isinstance(handler, str) and len(handler) <= MAX_EVENT_NAME
            and all(isinstance(data.get(key, {}), dict) for key in ("payload", "router_data")))


def _valid_unicode(value: object) -> object:
    """``value`` with every lone surrogate in its texts (keys too) replaced by U+FFFD."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_valid_unicode(item) for item in value]
    if isinstance(value, dict):
        return {_valid_unicode(key): _valid_unicode(item) for key, item in value.items()}
    return value


def guard_websocket(app: ASGIApp, addresses: AddressBudgets | None = None) -> ASGIApp:
    per_address = addresses or AddressBudgets()

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        budget = EventBudget()
        closed = False
        client = for_log((scope.get("client") or ("?",))[0])

        def close(code: int, reason: str) -> Message:
            nonlocal closed
            closed = True
            logger.warning("websocket of %s closed: %s", client, reason)
            return {"type": "websocket.close", "code": code}

        async def checked_receive() -> Message:
            while True:
                message = await receive()
                if message["type"] != "websocket.receive" or closed:
                    return message
                size = frame_size(message)
                if size > MAX_FRAME_BYTES:
                    await send(close(CLOSE_TOO_BIG, f"a frame of {size} bytes"))
                    return {"type": "websocket.disconnect", "code": CLOSE_TOO_BIG}
                text = message.get("text")
                if text is None or (text.startswith(SOCKETIO_MESSAGE)
                                    and not text.startswith(SOCKETIO_FROM_PAGES)):
                    await send(close(CLOSE_POLICY, "a binary frame or event"))
                    return {"type": "websocket.disconnect", "code": CLOSE_POLICY}
                if not text.startswith(SOCKETIO_MESSAGE):
                    return message  # engine.io's pings
                if not budget.spend():
                    await send(close(CLOSE_POLICY, f"more than {EVENT_BURST} events at once"))
                    return {"type": "websocket.disconnect", "code": CLOSE_POLICY}
                if not per_address.spend(client):
                    await send(close(CLOSE_POLICY, "too many events from its address"))
                    return {"type": "websocket.disconnect", "code": CLOSE_POLICY}
                if not text.startswith((SOCKETIO_CONNECT, SOCKETIO_EVENT)):
                    return message  # the namespace's disconnect
                if (event := well_formed_event(text)) is not None:
                    return message if event is text else {**message, "text": event}
                logger.warning("websocket of %s: a malformed event frame dropped (%d bytes)",
                               client, size)

        async def checked_send(message: Message) -> None:
            if not closed:  # after our close the app may still answer: nobody listens
                await send(message)

        await app(scope, checked_receive, checked_send)

    return guarded
