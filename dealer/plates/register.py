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
questions count against no visitor's limit. The site's reader also stores each answer in
the database (``RegisterAnswer``), where every server process and the next start find
it: the register is asked once an hour per plate for the whole site, and a page served
just after a restart shows the facts. Failures are not stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from dealer.db import as_utc, get_engine
from dealer.plates.client import RegisteredVehicle
from dealer.plates.lookup import CACHE_SECONDS, PlateLookup, PlateLookupService
from dealer.plates.models import RegisterAnswer
from dealer.plates.plates import Plate, dutch_plate

log = logging.getLogger(__name__)

STOCK_PLATES_KEPT = 4096  # about the plates of a large stock; a few hundred bytes each


class StockRegister:
    """The register's vehicle of a stock plate, from what is kept, asked in the background."""

    def __init__(self, service: PlateLookupService | None = None, *,
                 engine: Engine | None = None) -> None:
        self._service = service or PlateLookupService(cache_size=STOCK_PLATES_KEPT)
        self._engine = engine  # where answers are shared; None: this process only
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
        kept = self._service.kept(plate) or self._stored(plate)
        if kept is None:
            self._ask_later(plate)
        with self._lock:
            if kept is not None:
                self._last[plate.compact] = kept.vehicle
                self._last.move_to_end(plate.compact)
                while len(self._last) > STOCK_PLATES_KEPT:
                    self._last.popitem(last=False)
            return self._last.get(plate.compact)

    def _stored(self, plate: Plate) -> PlateLookup | None:
        """The answer another process (or an earlier start) stored within the hour, now
        kept here too; None when there is none or the database cannot tell."""
        if self._engine is None:
            return None
        try:
            with Session(self._engine) as session:
                row = session.get(RegisterAnswer, plate.compact)
        except Exception:  # the page goes on without the facts; the register is asked
            log.exception("stored register facts of %s unreadable", plate.formatted)
            return None
        if row is None:
            return None
        age = (dt.datetime.now(dt.UTC) - as_utc(row.fetched_at)).total_seconds()
        vehicle = vehicle_from_record(row.vehicle) if row.vehicle is not None else None
        if not 0 <= age < CACHE_SECONDS or (row.vehicle is not None and vehicle is None):
            return None
        self._service.remember(plate, vehicle, CACHE_SECONDS - age)
        return self._service.kept(plate)

    def _store(self, answer: PlateLookup) -> None:
        if self._engine is None or answer.plate is None or answer.state not in (
                "found", "not_found"):
            return
        row = RegisterAnswer(plate=answer.plate.compact, fetched_at=dt.datetime.now(dt.UTC),
                             vehicle=vehicle_record(answer.vehicle) if answer.vehicle else None)
        try:
            with Session(self._engine) as session:
                session.merge(row)
                session.commit()
        except Exception:  # kept in this process all the same
            log.exception("register facts of %s not stored", answer.plate.formatted)

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
            answer = await self._service.ask(plate)
            await asyncio.to_thread(self._store, answer)
        except Exception:  # ask never raises; a thread must not die silently if it did
            log.exception("register facts of %s failed", plate.formatted)
        finally:
            with self._lock:
                self._asking.discard(plate.compact)


def vehicle_record(vehicle: RegisteredVehicle) -> dict[str, Any]:
    """The register's vehicle as JSON (dates as ISO text)."""
    return {name: value.isoformat() if isinstance(value, dt.date) else value
            for name, value in dataclasses.asdict(vehicle).items()}


_DATES = frozenset({"first_registration", "apk_expiry", "fetched_on"})


def vehicle_from_record(record: object) -> RegisteredVehicle | None:
    """``vehicle_record``'s vehicle again; None for anything else (never raises)."""
    if not isinstance(record, dict):
        return None
    try:
        fields = {name: dt.date.fromisoformat(value) if name in _DATES and value else value
                  for name, value in record.items()}
        fields["fuels"] = tuple(fields.get("fuels") or ())
        return RegisteredVehicle(**fields)
    except (TypeError, ValueError):
        return None


@lru_cache(maxsize=1)
def get_stock_register() -> StockRegister:
    """The site's one reader of the stock's register facts (one client, one cache, its
    answers shared through the database)."""
    return StockRegister(engine=get_engine())
