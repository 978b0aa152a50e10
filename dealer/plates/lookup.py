"""Looking up a typed plate: what it is, and for a Dutch plate the registered vehicle.

``look_up`` never raises; its answer has one of five states:

* ``found``: a Dutch plate the register knows, with its vehicle;
* ``not_found``: a valid Dutch plate the register does not know;
* ``invalid``: no Dutch or German plate (empty text included);
* ``german``: a valid German plate: there is no public register to ask;
* ``unavailable``: the register did not answer in time (2 s) or not usefully.

Answers of the register (found and not found) are kept for ``CACHE_SECONDS`` in a small
cache of ``CACHE_SIZE`` plates; a failure is not kept, so the next try asks again.
Without a configured register address, or with public mocks, the bundled demo plates
are served through the same client; in the demo (``Settings.demo_mode``) they also
answer when the register cannot be reached, so an offline demo finds its plates.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
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
CACHE_SIZE = 256

LookupState = Literal["found", "not_found", "invalid", "german", "unavailable"]


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
        self._kept: OrderedDict[str, tuple[float, RegisteredVehicle | None]] = OrderedDict()

    async def aclose(self) -> None:
        await self._client.aclose()
        if self._fallback is not None:
            await self._fallback.aclose()

    def _cached(self, key: str) -> tuple[bool, RegisteredVehicle | None]:
        kept = self._kept.get(key)
        if kept is None or self._clock() - kept[0] >= CACHE_SECONDS:
            return False, None
        self._kept.move_to_end(key)
        return True, kept[1]

    def _keep(self, key: str, vehicle: RegisteredVehicle | None) -> None:
        self._kept[key] = (self._clock(), vehicle)
        self._kept.move_to_end(key)
        while len(self._kept) > CACHE_SIZE:
            self._kept.popitem(last=False)

    async def look_up(self, text: object) -> PlateLookup:
        """What ``text`` is as a plate, and the vehicle of a Dutch one; never raises."""
        parsed = parse_plate(text)
        if parsed.plate is None:
            return PlateLookup("invalid")
        plate = parsed.plate
        if plate.country == "de":
            return PlateLookup("german", plate)
        hit, vehicle = self._cached(plate.compact)
        if not hit:
            try:
                vehicle = await asyncio.wait_for(self._client.vehicle(plate), self.timeout)
            except Exception as exc:  # a visitor's lookup must not fail
                reason = "timed out" if isinstance(exc, TimeoutError) else repr(exc)
                log.warning("plate lookup of %s %s", plate.formatted, reason)
                if self._fallback is None:
                    return PlateLookup("unavailable", plate)
                vehicle = await self._fallback.vehicle(plate)  # the demo's own register
                return PlateLookup("found" if vehicle else "not_found", plate, vehicle)
            self._keep(plate.compact, vehicle)
        return PlateLookup("found" if vehicle else "not_found", plate, vehicle)


def demo_client() -> RdwClient:
    """The register's client answered by the bundled demo plates."""
    return RdwClient(base_url=DEMO_BASE_URL, transport=demo_transport())


@lru_cache(maxsize=1)
def get_plate_lookup() -> PlateLookupService:
    """The site's one lookup (one client, one cache)."""
    return PlateLookupService()
