"""Licence plates as visitors type them: every RDW side-code, normalising, German plates,
and a parser that never raises, whatever it is given."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.plates.plates import (
    MAX_INPUT,
    SIDECODES,
    dutch_plate,
    german_plate,
    normalise,
    parse_plate,
)

# One plate per side-code, as the RDW writes it.
SIDECODE_EXAMPLES = {
    1: "PB-12-34",
    2: "12-34-PB",
    3: "12-PB-34",
    4: "PB-12-DF",
    5: "PB-DF-12",
    6: "12-PB-DF",
    7: "12-PBD-3",
    8: "1-PBD-23",
    9: "PB-123-D",
    10: "P-123-BD",
    11: "PBD-12-F",
    12: "P-12-BDF",
    13: "1-PB-234",
    14: "123-PB-4",
}


def test_every_sidecode_has_an_example() -> None:
    assert set(SIDECODE_EXAMPLES) == set(SIDECODES) == set(range(1, 15))


@pytest.mark.parametrize(("code", "written"), sorted(SIDECODE_EXAMPLES.items()))
def test_every_sidecode_is_recognised_however_it_is_typed(code: int, written: str) -> None:
    pattern = SIDECODES[code]
    assert [len(group) for group in written.split("-")] == [
        len(group) for group in pattern.split("-")]
    compact = written.replace("-", "")
    for typed in (written, compact, compact.lower(), written.replace("-", " "),
                  f"  {written.lower()}  ", written.replace("-", "–"), written.replace("-", ".")):
        plate = dutch_plate(typed)
        assert plate is not None, typed
        assert (plate.sidecode, plate.formatted, plate.compact) == (code, written, compact)
        assert parse_plate(typed).state == "nl"


@pytest.mark.parametrize("typed", [
    "", "A", "AB", "ABCDEF", "123456", "AB-1234-C", "1A2B3C", "PB-12-34-5", "AB-123-CD",
    "PB_12_34", "PB+12+34", "ÄB-123-C", "AB-12C",
])
def test_no_sidecode_no_dutch_plate(typed: str) -> None:
    assert dutch_plate(typed) is None


def test_normalising_removes_spaces_dashes_and_case() -> None:
    assert normalise(" ab-123\u2011c ") == "AB123C"
    assert normalise("ab 12\tcd") == "AB12CD"
    assert normalise("x" * (MAX_INPUT + 1)) == ""
    assert normalise(None) == ""
    assert normalise(12) == ""


@pytest.mark.parametrize(("typed", "formatted"), [
    ("B-AB 1234", "B-AB 1234"),
    ("b ab 1234", "B-AB 1234"),
    ("B AB1234", "B-AB 1234"),
    ("BA 1234", "B-A 1234"),  # only one split is possible
    ("HH-AB 123", "HH-AB 123"),
    ("TÜ-AB 12E", "TÜ-AB 12E"),
    ("M-XY 12H", "M-XY 12H"),
    ("A-B 1234", "A-B 1234"),
])
def test_german_plates(typed: str, formatted: str) -> None:
    parsed = parse_plate(typed)
    assert parsed.state == "de"
    assert parsed.plate is not None and parsed.plate.formatted == formatted
    assert parsed.plate.sidecode is None


@pytest.mark.parametrize("typed", [
    "BAB1234",  # B-AB or BA-B: the district's dash is needed
    "K-AB 0123",  # no leading zero
    "HH-AB 12345",  # at most four digits
    "ABC-DE 1234",  # at most eight characters
    "B-ABC 12",  # at most two recognition letters
    "1-AB 12",
])
def test_not_german(typed: str) -> None:
    assert german_plate(typed) is None


def test_the_way_a_plate_is_written_decides_between_dutch_and_german() -> None:
    assert parse_plate("AB-12-34").state == "nl"  # the Dutch groups: side-code 1
    assert parse_plate("AB1234").state == "nl"
    assert parse_plate("A-B 1234").state == "de"  # a German district dash
    assert parse_plate("M-XY 12E").state == "de"  # not side-code 11 (MXY-12-E)
    assert parse_plate("MXY-12-E").state == "nl"
    # German by its dash and space, though its groups are side-code 5's (AA-AA-10).
    assert parse_plate("AA-AA 10").state == parse_plate("AA.AA10").state == "de"
    assert parse_plate("AA-AA-10").state == "nl"


def test_empty_and_invalid() -> None:
    assert parse_plate("").state == "empty"
    assert parse_plate("   ").state == "empty"
    assert parse_plate(None).state == "empty"
    assert parse_plate("hello world").state == "invalid"
    assert parse_plate("BAB1234").plate is None


@given(st.one_of(st.text(max_size=60), st.none(), st.integers(), st.binary(),
                 st.lists(st.text(max_size=5))))
def test_the_parser_never_raises(value: object) -> None:
    parsed = parse_plate(value)
    assert parsed.state in ("empty", "nl", "de", "invalid")
    assert (parsed.plate is None) == (parsed.state in ("empty", "invalid"))


@given(st.text(alphabet="ABCDFGHJKLNPRSTVXZ0123456789 -–.", max_size=14))
def test_a_recognised_plate_reads_back_the_same(typed: str) -> None:
    parsed = parse_plate(typed)
    if parsed.plate is not None:
        again = parse_plate(parsed.plate.formatted)
        assert again.plate == parsed.plate
