"""What the register says of the stock's vehicles, read off the request path.

A vehicle page shows the register's facts of its Dutch plate only when they are already
kept: ``StockRegister.facts`` never waits. When nothing is kept (the first view, an answer
older than an hour, or a failure older than 30 s) it has the register asked in the
background, on an event loop of its own, and a later view shows the answer; meanwhile
the previous answer is shown, unless the last question failed (an outage hides the
block).
The answers are kept by the plate lookup's own rules (``dealer.plates.lookup``: an hour,
a failure 30 s, the demo plates without a register address), in a cache of their own so
that the stock and the visitors' lookups do not push each other out, and the site's own
questions count against no visitor's limit.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from functools import lru_cache

from dealer.plates.client import RegisteredVehicle
from dealer.plates.lookup import PlateLookupService
from dealer.plates.plates import Plate, dutch_plate

log = logging.getLogger(__name__)

STOCK_PLATES_KEPT = 4096  # about the plates of a large stock; a few hundred bytes each


class StockRegister:
    """The register's vehicle of a stock plate, from what is kept, asked in the background."""

    def __init__(self, service: PlateLookupService | None = None) -> None:
        self._service = service or PlateLookupService(cache_size=STOCK_PLATES_KEPT)
        self._lock = threading.Lock()
        self._asking: set[str] = set()  # plates being asked now: each asked once at a time
        # plate -> what the register said last (None: not there, or the question failed)
        self._last: OrderedDict[str, RegisteredVehicle | None] = OrderedDict()
        self._loop: asyncio.AbstractEventLoop | None = None

    def facts(self, licence_plate: str | None) -> RegisteredVehicle | None:
        """The register's vehicle of a Dutch plate when an answer is kept. Else the register
        is asked in the background, and meanwhile its last answer is given (None before
        the first, or after a failed question). Never waits, never raises."""
        plate = dutch_plate(licence_plate) if licence_plate else None
        if plate is None:
            return None
        kept = self._service.kept(plate)
        if kept is None:
            self._ask_later(plate)
        with self._lock:
            if kept is not None:
                self._last[plate.compact] = kept.vehicle
                self._last.move_to_end(plate.compact)
                while len(self._last) > STOCK_PLATES_KEPT:
                    self._last.popitem(last=False)
            return self._last.get(plate.compact)

    def asking(self) -> bool:
        """Whether a question to the register is under way."""
        with self._lock:
            return bool(self._asking)

    def _ask_later(self, plate: Plate) -> None:
        with self._lock:
            if plate.compact in self._asking:
                return
            self._asking.add(plate.compact)
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
                threading.Thread(target=self._loop.run_forever, name="stock-register",
                                 daemon=True).start()
            loop = self._loop
        asyncio.run_coroutine_threadsafe(self._ask(plate), loop)

    async def _ask(self, plate: Plate) -> None:
        try:
            await self._service.ask(plate)
        except Exception:  # ask never raises; a thread must not die silently if it did
            log.exception("register facts of %s failed", plate.formatted)
        finally:
            with self._lock:
                self._asking.discard(plate.compact)


@lru_cache(maxsize=1)
def get_stock_register() -> StockRegister:
    """The site's one reader of the stock's register facts (one client, one cache)."""
    return StockRegister()
