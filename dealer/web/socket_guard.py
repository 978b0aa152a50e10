"""What one browser connection may send over the websocket.

The page's events are small text frames and come at the pace of a visitor's hands. A
frame larger than any event of ours, a binary frame or binary event (no handler takes a
file over the socket: files go by HTTP POST, bounded there), or events faster than anyone
types, on one connection or from one address over all its connections, end the
connection with one log line (the browser reconnects as after a network drop); a frame
that is no event of ours is dropped with one log line instead of a traceback.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

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
SOCKETIO_FROM_PAGES = ("40", "41", SOCKETIO_EVENT)


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


def is_well_formed_event(text: str) -> bool:
    """A socket.io event frame of ours: ``42[/namespace,][name, {data}]``."""
    body = text[len(SOCKETIO_EVENT):]
    if body.startswith("/"):
        body = body.partition(",")[2]
    if body[:1] != "[":
        body = body.lstrip("0123456789")  # an acknowledgement id
    try:
        packet = json.loads(body)
    except ValueError:
        return False
    return (isinstance(packet, list) and len(packet) >= 2 and isinstance(packet[0], str)
            and isinstance(packet[1], dict | str))


def guard_websocket(app: ASGIApp, addresses: AddressBudgets | None = None) -> ASGIApp:
    per_address = addresses or AddressBudgets()

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        budget = EventBudget()
        closed = False
        client = (scope.get("client") or ("?",))[0]

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
                if not text.startswith(SOCKETIO_EVENT):
                    return message  # the namespace's connect and disconnect
                if is_well_formed_event(text):
                    return message
                logger.warning("websocket of %s: a malformed event frame dropped (%d bytes)",
                               client, size)

        async def checked_send(message: Message) -> None:
            if not closed:  # after our close the app may still answer: nobody listens
                await send(message)

        await app(scope, checked_receive, checked_send)

    return guarded
