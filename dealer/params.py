"""Values visitors send (query strings, form inputs, events), parsed by code that cannot
raise: anything unusable gives the default, never an error."""

from __future__ import annotations

import math
import re
from urllib.parse import parse_qsl

MAX_DIGITS = 9
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_REQUEST_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def integer(value: object, default: int | None = None, *, minimum: int = 0,
            maximum: int = 10**MAX_DIGITS - 1) -> int | None:
    """A whole number written with ASCII digits (or sent as a number) within
    ``minimum``..``maximum``; ``default`` for anything else ('²', '1e9', 4,300 digits)."""
    if isinstance(value, bool):
        return default
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return default
        value = int(value)
    if isinstance(value, str):
        text = value.strip()
        if not _DIGITS.fullmatch(text):
            return default
        value = int(text)
    if not isinstance(value, int):
        return default
    return value if minimum <= value <= maximum else default


def text(value: object, limit: int) -> str:
    """Text a visitor typed, at most ``limit`` characters; '' for anything not text."""
    return value[:limit] if isinstance(value, str) else ""


def request_key(value: object) -> str:
    """A request's idempotency key (16-64 URL-safe characters); '' for anything else."""
    return value if isinstance(value, str) and _REQUEST_KEY.fullmatch(value) else ""


def form_fields(body: bytes, content_type: str, *, max_fields: int) -> dict[str, str] | None:
    """The fields of a form a browser sent (``application/x-www-form-urlencoded``), the
    first value of each name; None for another kind of body or more than ``max_fields``
    fields. Bytes that are no UTF-8 become U+FFFD, as a browser shows them."""
    if content_type.split(";", 1)[0].strip().lower() != "application/x-www-form-urlencoded":
        return None
    try:
        pairs = parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True,
                          max_num_fields=max_fields, errors="replace")
    except ValueError:  # more fields than allowed
        return None
    fields: dict[str, str] = {}
    for name, value in pairs:
        fields.setdefault(name, value)
    return fields
