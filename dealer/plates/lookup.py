"""Looking up a typed plate: what it is, and for a Dutch plate the registered vehicle.

``look_up`` never raises; its answer has one of six states:

* ``found``: a Dutch plate the register knows, with its vehicle;
* ``not_found``: a valid Dutch plate the register does not know;
* ``invalid``: no Dutch or German plate (empty text included);
* ``german``: a valid German plate: there is no public register to ask;
* ``unavailable``: the register did not answer in time (2 s) or not usefully;
* ``limited``: this visitor has had the register asked ``VISITOR_LOOKUPS`` times within
  ``VISITOR_WINDOW_SECONDS``: the register is a public service, not to be scraped
  through this site.

Answers of the register (found and not found) are kept for ``CACHE_SECONDS``, a failure
for ``FAILURE_SECONDS`` (a register that is down is not asked again on every key), in a
small cache of ``CACHE_SIZE`` plates; an answer from the cache counts against no limit.
Without a configured register address, or with public mocks, the bundled demo plates
are served through the same client; in the demo (``Settings.demo_mode``) they also
answer when the register cannot be reached, so an offline demo finds its plates.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from dealer.plates.client import TIMEOUT_S, RdwClient, RegisteredVehicle
from dealer.plates.demo import DEMO_BASE_URL, demo_transport
from dealer.plates.plates import Plate, parse_plate
from dealer.settings import Settings, get_settings

log = logging.getLogger(__name__)

CACHE_SECONDS = 3600  # the register changes a plate's data rarely (a new colour, an owner)
FAILURE_SECONDS = 30
CACHE_SIZE = 256
# A visitor trades in a car or two, and may look at a few plates more.
VISITOR_LOOKUPS = 10
VISITOR_WINDOW_SECONDS = 600
MAX_VISITORS = 10_000  # the visitors whose lookups are counted, least recent dropped first

LookupState = Literal["found", "not_found", "invalid", "german", "unavailable", "limited"]
UNAVAILABLE = "unavailable"  # what the cache keeps of a failure


@dataclass(frozen=True)
class PlateLookup:
    state: LookupState
    plate: Plate | None = None
    vehicle: RegisteredVehicle | None = None


class PlateLookupService:
    """The register's client with a small cache of its answers."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        client: RdwClient | None = None,
        timeout: float = TIMEOUT_S,
        clock: Callable[[], float] = time.monotonic,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        settings = settings or get_settings()
        self.uses_demo = client is None and (settings.public_mocks
                                             or not settings.plate_lookup_url)
        # Asked when the register cannot be reached (the demo without a network).
        self._fallback: RdwClient | None = None
        if client is None:
            client = (demo_client() if self.uses_demo else
                      RdwClient(base_url=settings.plate_lookup_url or "",
                                app_token=settings.plate_lookup_app_token))
            if settings.demo_mode and not self.uses_demo:
                self._fallback = demo_client()
        self._client = client
        self.timeout = timeout
        self._clock = clock
        self._cache_size = cache_size
        # plate -> (kept until, the register's answer or UNAVAILABLE); read from any thread
        self._kept: OrderedDict[str, tuple[float, RegisteredVehicle | str | None]] = (
            OrderedDict())
        self._kept_lock = threading.Lock()
        self._asked: OrderedDict[str, deque[float]] = OrderedDict()  # visitor -> when

    async def aclose(self) -> None:
        await self._client.aclose()
        if self._fallback is not None:
            await self._fallback.aclose()

    def _cached(self, key: str) -> tuple[bool, RegisteredVehicle | str | None]:
        with self._kept_lock:
            kept = self._kept.get(key)
            if kept is None or self._clock() >= kept[0]:
                return False, None
            self._kept.move_to_end(key)
            return True, kept[1]

    def _keep(self, key: str, answer: RegisteredVehicle | str | None, seconds: float) -> None:
        with self._kept_lock:
            self._kept[key] = (self._clock() + seconds, answer)
            self._kept.move_to_end(key)
            while len(self._kept) > self._cache_size:
                self._kept.popitem(last=False)

    def remember(self, plate: Plate, vehicle: RegisteredVehicle | None, seconds: float) -> None:
        """Keeps an answer the register gave elsewhere (another process) for ``seconds``."""
        self._keep(plate.compact, vehicle, seconds)

    def _may_ask(self, visitor: str) -> bool:
        """Whether this visitor may have the register asked once more; counts it if so."""
        now = self._clock()
        asked = self._asked.pop(visitor, None) or deque()
        while asked and now - asked[0] >= VISITOR_WINDOW_SECONDS:
            asked.popleft()
        self._asked[visitor] = asked
        while len(self._asked) > MAX_VISITORS:
            self._asked.popitem(last=False)
        if len(asked) >= VISITOR_LOOKUPS:
            return False
        asked.append(now)
        return True

    async def look_up(self, text: object, visitor: str = "") -> PlateLookup:
        """What ``text`` is as a plate, and the vehicle of a Dutch one; never raises.
        ``visitor`` identifies who asks (their address), for the per-visitor limit."""
        parsed = parse_plate(text)
        if parsed.plate is None:
            return PlateLookup("invalid")
        plate = parsed.plate
        if plate.country == "de":
            return PlateLookup("german", plate)
        kept = self.kept(plate)
        if kept is not None:
            return kept
        if not self._may_ask(visitor):
            log.info("plate lookup of %s refused: too many from one visitor", plate.formatted)
            return PlateLookup("limited", plate)
        return await self.ask(plate)

    def kept(self, plate: Plate) -> PlateLookup | None:
        """What is kept of the register's answer for a Dutch plate, without asking it;
        None when nothing is kept (or no longer)."""
        hit, answer = self._cached(plate.compact)
        if not hit:
            return None
        if answer == UNAVAILABLE:
            return PlateLookup("unavailable", plate)
        vehicle = answer if isinstance(answer, RegisteredVehicle) else None
        return PlateLookup("found" if vehicle else "not_found", plate, vehicle)

    async def ask(self, plate: Plate) -> PlateLookup:
        """The register's answer for a Dutch plate, kept; never raises, counts against no
        visitor (``look_up`` does that)."""
        try:
            answer = await asyncio.wait_for(self._client.vehicle(plate), self.timeout)
        except Exception as exc:  # a visitor's lookup must not fail
            reason = "timed out" if isinstance(exc, TimeoutError) else repr(exc)
            log.warning("plate lookup of %s %s", plate.formatted, reason)
            if self._fallback is not None:  # the demo's own register, until it is back
                answer = await self._fallback.vehicle(plate)
                self._keep(plate.compact, answer, FAILURE_SECONDS)
            else:
                self._keep(plate.compact, UNAVAILABLE, FAILURE_SECONDS)
        else:
            self._keep(plate.compact, answer, CACHE_SECONDS)
        kept = self.kept(plate)
        return kept if kept is not None else PlateLookup("unavailable", plate)


def demo_client() -> RdwClient:
    """The register's client answered by the bundled demo plates."""
    return RdwClient(base_url=DEMO_BASE_URL, transport=demo_transport())


@lru_cache(maxsize=1)
def get_plate_lookup() -> PlateLookupService:
    """The site's one lookup (one client, one cache)."""
    return PlateLookupService()
