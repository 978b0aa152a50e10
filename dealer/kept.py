"""A bounded cache of values by key, shared by threads: pages and listings that one page
view would otherwise build more than once."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``size`` values, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._values: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def keep(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._values.pop(key, None)
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)


class KeptLately(Generic[V]):
    """What a page view built for a URL (path and query), kept for at most ``seconds`` and
    ``size`` URLs: its served page's work, for the steps of the same view that follow (the
    app's load, analytics) a moment later."""

    def __init__(self, seconds: float, size: int) -> None:
        self.seconds = seconds
        self._values: Kept[tuple[float, V]] = Kept(size)

    @staticmethod
    def key(path: str, query: Mapping[str, str] | None) -> tuple:
        return path, tuple(sorted((query or {}).items()))

    def get(self, path: str, query: Mapping[str, str] | None) -> V | None:
        kept = self._values.get(self.key(path, query))
        if kept is None or time.monotonic() - kept[0] > self.seconds:
            return None
        return kept[1]

    def keep(self, path: str, query: Mapping[str, str] | None, value: V) -> None:
        self._values.keep(self.key(path, query), (time.monotonic(), value))
