"""Licence plates as visitors type them: normalised, recognised and written the official way.

Dutch plates follow one of the RDW's side-codes (sidecodes 1-14): groups of letters and
digits separated by dashes, e.g. sidecode 9 ``XX-999-X`` (``AB-123-C``). Spaces, dashes
and case do not matter when typing: the letters and digits alone decide the side-code,
because each side-code's runs of letters and digits are different.

German plates (``B-AB 1234``, ``M-XY 12E``) have a district code of 1-3 letters, 1-2
recognition letters and 1-4 digits (no leading zero), at most 8 characters, optionally
followed by ``E`` (electric) or ``H`` (historic). Where the district ends cannot be read
from the letters alone, so a German plate is recognised when it is written with a
separator after the district, or when only one split is possible.

``parse_plate`` takes any text and never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

MAX_INPUT = 40  # longer text is no plate: not even looked at
# Separators people type between the groups: spaces, dots and every kind of dash.
_SEPARATORS = re.compile(r"[\s.\-\u2010-\u2015\u2212]+")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"
_GERMAN_LETTERS = _LETTERS + "ÄÖÜ"  # district codes such as TÜ, LÖ, MÜ

# The RDW's side-codes: X a letter, 9 a digit.
SIDECODES: dict[int, str] = {
    1: "XX-99-99",
    2: "99-99-XX",
    3: "99-XX-99",
    4: "XX-99-XX",
    5: "XX-XX-99",
    6: "99-XX-XX",
    7: "99-XXX-9",
    8: "9-XXX-99",
    9: "XX-999-X",
    10: "X-999-XX",
    11: "XXX-99-X",
    12: "X-99-XXX",
    13: "9-XX-999",
    14: "999-XX-9",
}

Country = Literal["nl", "de"]


@dataclass(frozen=True)
class Plate:
    """A recognised plate: its country, its letters and digits, and how it is written."""

    country: Country
    compact: str  # letters and digits only, upper case: "AB123C" (the RDW's key)
    formatted: str  # "AB-123-C", "B-AB 1234"
    sidecode: int | None = None  # Dutch plates only


def _kind(char: str) -> str:
    return "9" if char in _DIGITS else "X"


def _runs(text: str) -> tuple[tuple[str, int], ...]:
    """The runs of letters and digits: "AB123C" -> (("X", 2), ("9", 3), ("X", 1))."""
    return tuple((kind, len(list(chars))) for kind, chars in groupby(text, key=_kind))


def _groups(pattern: str) -> list[int]:
    return [len(group) for group in pattern.split("-")]


# Runs of each side-code -> the side-code: no two side-codes share their runs.
_BY_RUNS = {_runs(pattern.replace("-", "")): code for code, pattern in SIDECODES.items()}


def normalise(text: object) -> str:
    """The letters and digits of a typed plate in upper case, separators removed;
    '' for anything that is not text or longer than a plate can be."""
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        return ""
    return _SEPARATORS.sub("", text).upper()


def _split(compact: str, sizes: list[int]) -> str:
    parts, start = [], 0
    for size in sizes:
        parts.append(compact[start:start + size])
        start += size
    return "-".join(parts)


def dutch_plate(text: object) -> Plate | None:
    """The Dutch plate in ``text`` (any spacing, dashes and case), or None."""
    compact = normalise(text)
    if not compact or any(char not in _LETTERS + _DIGITS for char in compact):
        return None
    code = _BY_RUNS.get(_runs(compact))
    if code is None:
        return None
    return Plate("nl", compact, _split(compact, _groups(SIDECODES[code])), code)


_GERMAN_REST = re.compile(r"([A-Z]{1,2})([1-9][0-9]{0,3})([EH]?)")


def _is_district(text: str) -> bool:
    return 1 <= len(text) <= 3 and all(char in _GERMAN_LETTERS for char in text)


def german_plate(text: object) -> Plate | None:
    """The German plate in ``text``, or None: ``B-AB 1234``, ``B AB 1234``, ``BA 1234``
    (only one split possible); ``BAB 1234`` is ambiguous without the district's dash."""
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        return None
    parts = [part for part in _SEPARATORS.split(text.strip().upper()) if part]
    compact = "".join(parts)
    if len(parts) > 1 and _is_district(parts[0]) and parts[1][0] in _LETTERS:
        sizes: tuple[int, ...] = (len(parts[0]),)  # written with the district apart
    else:
        sizes = (1, 2, 3)
    readings = [(compact[:size], found) for size in sizes
                if _is_district(compact[:size])
                and (found := _GERMAN_REST.fullmatch(compact[size:]))]
    if len(readings) != 1:
        return None
    district, found = readings[0]
    letters, digits, suffix = found.groups()
    if len(district) + len(letters) + len(digits) > 8:
        return None
    return Plate("de", compact, f"{district}-{letters} {digits}{suffix}")


ParseState = Literal["empty", "nl", "de", "invalid"]


@dataclass(frozen=True)
class ParsedPlate:
    """What a typed text is: nothing, a Dutch or German plate, or no plate we know."""

    state: ParseState
    plate: Plate | None = None


def parse_plate(text: object) -> ParsedPlate:
    """Read a typed plate; never raises. A text written in the German way (a separator
    after the district, groups that are no Dutch side-code's) is read as German, e.g.
    ``A-B 1234``; otherwise a Dutch side-code wins (``AB-12-34``)."""
    if not isinstance(text, str) or not text.strip():
        return ParsedPlate("empty")
    dutch, german = dutch_plate(text), german_plate(text)
    if dutch is not None and german is not None:
        written = [len(part) for part in _SEPARATORS.split(text.strip()) if part]
        dutch_groups = _groups(SIDECODES[dutch.sidecode or 0])
        # Written exactly as a German plate is ('AA-AA 10', a dash and a space), it is one,
        # even where its groups are a Dutch side-code's.
        if ((len(written) > 1 and written != dutch_groups)
                or text.strip().upper() == german.formatted):
            dutch = None
    if dutch is not None:
        return ParsedPlate("nl", dutch)
    if german is not None:
        return ParsedPlate("de", german)
    return ParsedPlate("invalid")
