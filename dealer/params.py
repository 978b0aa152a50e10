"""Values visitors send (query strings, form inputs, events), parsed by code that cannot
raise: anything unusable gives the default, never an error."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
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


# A boundary as RFC 2046 allows it: 1-70 characters of this set, not ending in a space.
_BOUNDARY = re.compile(rb"[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]")
# A header's parameter; browsers write a quote in a value as %22 (HTML's form encoding).
_HEADER_PARAM = re.compile(r';\s*([^\s=;]+)\s*=\s*("[^"]*"|[^;]*)')


@dataclass(frozen=True)
class SentFile:
    """A file a browser sent with a form: the name the visitor's file had, and its bytes."""

    name: str
    data: bytes


@dataclass(frozen=True)
class SentForm:
    """A form a browser sent: the first value of each text field, the first file of each
    file field (a file field left empty sends no file)."""

    fields: dict[str, str]
    files: dict[str, SentFile]


def _header_params(value: str) -> tuple[str, dict[str, str]]:
    """A header's value and its parameters (names in lower case, quotes taken off)."""
    main = value.split(";", 1)[0].strip().lower()
    found = {}
    for name, raw in _HEADER_PARAM.findall(value):
        text = raw.strip()
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = text[1:-1]
        found.setdefault(name.lower(), text)
    return main, found


def _part(chunk: bytes) -> tuple[str, str | None, bytes] | None:
    """A part's field name, its file name (None for a text field) and its content; None
    for a part without headers' end or a form-data name."""
    line_end = chunk.find(b"\r\n")
    if line_end < 0 or chunk[:line_end].strip(b" \t"):  # only padding after the delimiter
        return None
    head, separator, content = chunk[line_end + 2:].partition(b"\r\n\r\n")
    if not separator:
        return None
    disposition = ""
    for line in head.decode("utf-8", errors="replace").split("\r\n"):
        name, colon, value = line.partition(":")
        if colon and name.strip().lower() == "content-disposition":
            disposition = value
    kind, parameters = _header_params(disposition)
    if kind != "form-data" or not parameters.get("name"):
        return None
    return parameters["name"], parameters.get("filename"), content


def multipart_form(body: bytes, content_type: str, *, max_parts: int) -> SentForm | None:
    """A form a browser sent as ``multipart/form-data`` (a form with a file field); None
    for another kind of body, a boundary RFC 2046 does not allow, a body without its
    closing delimiter or a part without a name, or more than ``max_parts`` parts. Bytes
    that are no UTF-8 become U+FFFD, as a browser shows them."""
    kind, parameters = _header_params(content_type)
    boundary = parameters.get("boundary", "").encode("utf-8", errors="replace")
    if kind != "multipart/form-data" or not _BOUNDARY.fullmatch(boundary):
        return None
    chunks = (b"\r\n" + body).split(b"\r\n--" + boundary, max_parts + 2)
    if len(chunks) > max_parts + 2:
        return None
    fields: dict[str, str] = {}
    files: dict[str, SentFile] = {}
    for chunk in chunks[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter; what follows is ignored
            return SentForm(fields, files)
        part = _part(chunk)
        if part is None:
            return None
        name, filename, content = part
        if filename is None:
            fields.setdefault(name, content.decode("utf-8", errors="replace"))
        elif filename or content:  # an empty file field sends an empty, unnamed part
            files.setdefault(name, SentFile(filename, content))
    return None  # no closing delimiter: the body was cut short
