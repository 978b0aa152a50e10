"""The bounded cache keeps the most recently used values and drops the oldest."""

from __future__ import annotations

from dealer.kept import Kept


def test_the_least_recently_used_goes_first() -> None:
    kept: Kept[str] = Kept(2)
    kept.keep("a", "A")
    kept.keep("b", "B")
    assert kept.get("a") == "A"  # now the most recently used
    kept.keep("c", "C")
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == ("A", None, "C")
    kept.keep("a", "A2")
    assert kept.get("a") == "A2"
