"""A CV is taken by what its bytes are, not by its name: PDFs of at most 5 MB only."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.forms import uploads

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"


@pytest.mark.parametrize(("data", "problem"), [
    (PDF, None),
    (b"%PDF-2.0\n" + b"x" * 100, None),
    (b"\xef\xbb\xbf  \n" + PDF, None),  # readers accept a header within the first 1024 bytes
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF)), None),  # exactly 5 MB
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF) + 1), uploads.TOO_LARGE),
    (PDF + b"0" * (6 * 1024 * 1024), uploads.TOO_LARGE),
    (b"", uploads.EMPTY),
    (b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 200, uploads.NOT_PDF),  # a Windows program
    (b"\x7fELF\x02\x01\x01" + b"\x00" * 200, uploads.NOT_PDF),
    (b"PK\x03\x04" + b"%PDF-1.4" * 10, uploads.NOT_PDF),  # a zip (a .docx) mentioning PDF
    (b" " * 1024 + PDF, uploads.NOT_PDF),  # the header too late
    (b"%PDF-x.y broken", uploads.NOT_PDF),
    (b"%!PS-Adobe-3.0\n", uploads.NOT_PDF),
])
def test_a_file_is_judged_by_its_content(data: bytes, problem: str | None) -> None:
    assert uploads.pdf_problem(data) == problem


@given(st.binary(max_size=2048))
def test_no_content_makes_the_check_raise(data: bytes) -> None:
    assert uploads.pdf_problem(data) in (None, uploads.EMPTY, uploads.NOT_PDF)


def test_refusals_are_told_in_the_visitors_language() -> None:
    assert uploads.problem_text(uploads.TOO_LARGE, "nl") == (
        "Dit bestand is groter dan 5 MB. Stuur een kleinere pdf.")
    assert uploads.problem_text(uploads.NOT_PDF, "de") == (
        "Diese Datei ist keine PDF-Datei. Bitte wählen Sie Ihren Lebenslauf als PDF-Datei.")


@pytest.mark.parametrize(("code", "problem"), [
    ("file-too-large", uploads.TOO_LARGE),
    ("file-invalid-type", uploads.NOT_PDF),
    ("too-many-files", uploads.NOT_PDF),
    ("", uploads.NOT_PDF),
    (None, uploads.NOT_PDF),
])
def test_what_the_browser_refused(code: object, problem: str) -> None:
    assert uploads.refusal(code) == problem


@pytest.mark.parametrize(("name", "shown"), [
    ("cv.pdf", "cv.pdf"),
    ("C:\\Users\\anna\\cv.pdf", "cv.pdf"),
    ("../../etc/passwd", "passwd"),
    ("fdp.\u202eexe.pdf", "fdp.exe.pdf"),  # no direction trick
    ("", "cv.pdf"),
    (None, "cv.pdf"),
    ("a" * 300 + ".pdf", "a" * 120),
])
def test_the_visitors_file_name_is_made_safe(name: object, shown: str) -> None:
    assert uploads.safe_name(name) == shown


def test_sizes_as_people_read_them() -> None:
    assert uploads.size_text(300, "nl") == "1 KB"
    assert uploads.size_text(250 * 1024, "de") == "250 KB"
    assert uploads.size_text(int(1.44 * 1024 * 1024), "nl") == "1,4 MB"


def test_a_kept_file_waits_for_its_lead_outside_the_web_root(tmp_path: Path) -> None:
    kept = uploads.keep(PDF, "Mijn CV.pdf", tmp_path)
    pending = tmp_path / "pending" / f"{kept.token}.pdf"
    assert pending.read_bytes() == PDF and pending.stat().st_mode & 0o777 == 0o600
    assert (kept.name, kept.size) == ("Mijn CV.pdf", len(PDF))
    assert uploads.find(kept.token, "Mijn CV.pdf", tmp_path) == kept
    assert uploads.find("../" + kept.token, "", tmp_path) is None
    assert uploads.find("x" * 40, "", tmp_path) is None
    assert uploads.find(None, "", tmp_path) is None

    path = uploads.claim(kept.token, tmp_path)
    assert path == uploads.lead_file(kept.token, tmp_path) and path.read_bytes() == PDF
    assert uploads.find(kept.token, "", tmp_path) is None  # claimed once


def test_a_replaced_file_is_checked_again(tmp_path: Path) -> None:
    kept = uploads.keep(PDF, "cv.pdf", tmp_path)
    (tmp_path / "pending" / f"{kept.token}.pdf").write_bytes(b"MZ" + b"\x00" * 10)
    assert uploads.find(kept.token, "cv.pdf", tmp_path) is None


def test_files_no_lead_claimed_are_removed_after_a_day(tmp_path: Path) -> None:
    old = uploads.keep(PDF, "old.pdf", tmp_path)
    new = uploads.keep(PDF, "new.pdf", tmp_path)
    folder = tmp_path / "pending"
    day_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=25)).timestamp()
    os.utime(folder / f"{old.token}.pdf", (day_ago, day_ago))
    assert uploads.sweep(folder) == 1
    assert uploads.find(old.token, "", tmp_path) is None
    assert uploads.find(new.token, "", tmp_path) is not None
