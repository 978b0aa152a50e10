"""Work the server does beside its pages, for as long as it runs: a job run in a thread
every so many seconds, and at once when something asks for it (a lead was stored, a
confirmation queued), so that slow mail servers never hold up a page."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Protocol

logger = logging.getLogger(__name__)


class Report(Protocol):
    sent: int
    retried: int
    failed: int


class Recurring:
    """``job`` run by ``run`` (a task of the server's) every ``interval`` seconds and
    whenever ``wake`` is called, from any thread; no error ends the loop. ``what`` names
    the work in the log."""

    def __init__(self, what: str, job: Callable[[], Report]) -> None:
        self.what, self.job = what, job
        self._wakeup: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def wake(self) -> None:
        if self._wakeup is not None and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wakeup.set)

    async def run(self, interval: float) -> None:
        self._wakeup, self._loop = asyncio.Event(), asyncio.get_running_loop()
        while True:
            try:
                report = await asyncio.to_thread(self.job)
                if report.sent or report.retried or report.failed:
                    logger.info("%s: %s", self.what, report)
            except Exception:
                logger.exception("%s could not run; trying again", self.what)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), interval)
            self._wakeup.clear()
