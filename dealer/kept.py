"""A bounded cache of values by key, shared by threads: pages and listings that one page
view would otherwise build more than once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
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
