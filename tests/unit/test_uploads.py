"""A CV is taken by what its structure says, not by its name or its first bytes: a PDF
pypdf can read, a Word (.docx) or OpenDocument (.odt) document, at most 5 MB, checked in
a process of its own within a time limit. Keeping, quotas and the sweep are in
tests/integration/test_applications.py."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.disk import MB, disk_state
from dealer.forms import filetypes, uploads
from dealer.settings import Settings
from tests import documents

PDF = documents.pdf()
# A PDF header, then whitespace where the cross-reference table should be: pypdf spends
# seconds on it, byte by byte.
SLOW = (b"%PDF-1.7\nxref\n" + b" " * (uploads.MAX_BYTES - 100)
        + b"\nstartxref\n9\n%%EOF\n")


@pytest.mark.parametrize(("data", "kind"), [
    (PDF, filetypes.PDF),
    (documents.pdf(pages=3), filetypes.PDF),
    (b"\xef\xbb\xbf  \n" + PDF, filetypes.PDF),  # readers accept a header within 1024 bytes
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF)), filetypes.PDF),  # exactly 5 MB
    (documents.large_pdf(uploads.MAX_BYTES), filetypes.PDF),  # a 5 MB page, as scanned
    (documents.docx(), filetypes.DOCX),
    (documents.odt(), filetypes.ODT),
])
def test_real_cvs_are_taken_as_what_they_are(data: bytes, kind: filetypes.Kind) -> None:
    assert filetypes.detect(data) == kind


@pytest.mark.parametrize("data", [
    documents.HTML_AS_PDF,
    documents.SVG_AS_PDF,
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    b"%PDF-1.4\n" + b"A" * 100_000,
    b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 200,  # a Windows program
    b"\x7fELF\x02\x01\x01" + b"\x00" * 200,
    b"PK\x03\x04" + b"%PDF-1.4" * 10,  # a broken zip mentioning PDF
    documents.zipped({"index.html": "<script>alert(1)</script>"}),  # a zip, not a document
    documents.docx({"word/vbaProject.bin": "macros"}),
    documents.odt({"Basic/Standard/Module1.xml": "macros"}),
    documents.zipped({k: v for k, v in documents.DOCX_PARTS.items()
                      if k != "word/document.xml"}),  # names a document it lacks
    documents.zipped({**documents.ODT_PARTS, "mimetype": "application/x-shellscript"}),
    documents.zipped({**documents.DOCX_PARTS, "[Content_Types].xml": "<Types"}),
    b" " * 1024 + PDF,  # the header too late
    b"%PDF-x.y broken",
    b"%!PS-Adobe-3.0\n",
    b"<html><body>cv</body></html>",
])
def test_a_disguised_file_is_none_of_the_kinds(data: bytes) -> None:
    assert filetypes.detect(data) is None


@pytest.mark.parametrize(("data", "problem"), [
    (b"", uploads.EMPTY),
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF) + 1), uploads.TOO_LARGE),
    (documents.docx() + b"0" * uploads.MAX_BYTES, uploads.TOO_LARGE),
    (SLOW.ljust(uploads.MAX_BYTES + 1), uploads.TOO_LARGE),  # known before any check
])
def test_empty_and_oversized_files_are_refused(data: bytes, problem: str) -> None:
    assert uploads.examine(data) == problem


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=4096),
    st.binary(max_size=2048).map(lambda tail: b"%PDF-1.7\n" + tail),
    st.binary(max_size=2048).map(lambda tail: PDF[: len(PDF) // 2] + tail),
    st.binary(max_size=512).map(lambda tail: documents.docx()[:-40] + tail),
    st.binary(max_size=512).map(lambda tail: b"PK\x03\x04" + tail),
))
def test_no_content_makes_the_check_raise(data: bytes) -> None:
    assert filetypes.detect(data) in (*filetypes.KINDS, None)


@pytest.mark.parametrize(("data", "outcome"), [
    (PDF, filetypes.PDF),
    (documents.docx(), filetypes.DOCX),
    (documents.HTML_AS_PDF, uploads.NOT_A_CV),
    (documents.SVG_AS_PDF, uploads.NOT_A_CV),
])
def test_the_server_checks_a_file_in_a_process_of_its_own(data: bytes, outcome: object) -> None:
    assert uploads.examine(data) == outcome


def test_a_check_that_takes_too_long_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    # A check that never ends (as pypdf on a file built to keep it busy, which takes
    # seconds on a quiet machine): the visitor hears after the limit, not after the check.
    start = time.monotonic()
    monkeypatch.setattr(uploads, "CHECKER", (sys.executable, "-c", "import time; time.sleep(60)"))
    assert uploads.detect_apart(PDF, seconds=1.0) == uploads.NOT_CHECKED
    assert time.monotonic() - start < 10  # not the minute the second one wanted
    assert uploads.problem_text(uploads.NOT_CHECKED, "de") == (
        "Wir konnten diese Datei gerade nicht prüfen. Bitte wählen Sie sie gleich noch einmal.")


def test_refusals_are_told_in_the_visitors_language() -> None:
    assert uploads.problem_text(uploads.TOO_LARGE, "nl") == (
        "Dit bestand is groter dan 5 MB. Stuur een kleiner bestand.")
    assert uploads.problem_text(uploads.NOT_A_CV, "nl") == (
        "Dit bestand is geen pdf-, Word- (.docx) of OpenDocument-document (.odt). "
        "Kies uw cv in een van deze formaten.")
    assert uploads.problem_text(uploads.NOT_A_CV, "de") == (
        "Diese Datei ist kein PDF-, Word- (.docx) oder OpenDocument-Dokument (.odt). "
        "Bitte wählen Sie Ihren Lebenslauf in einem dieser Formate.")


@pytest.mark.parametrize(("code", "problem"), [
    ("file-too-large", uploads.TOO_LARGE),
    ("file-invalid-type", uploads.NOT_A_CV),
    ("too-many-files", uploads.NOT_A_CV),
    ("", uploads.NOT_A_CV),
    (None, uploads.NOT_A_CV),
])
def test_what_the_browser_refused(code: object, problem: str) -> None:
    assert uploads.refusal(code) == problem


def test_the_browser_offers_the_kinds_the_server_takes() -> None:
    assert uploads.ACCEPT == {
        "application/pdf": [".pdf"],
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
        "application/vnd.oasis.opendocument.text": [".odt"],
    }


@pytest.mark.parametrize(("name", "shown"), [
    ("cv.pdf", "cv.pdf"),
    ("C:\\Users\\anna\\cv.pdf", "cv.pdf"),
    ("../../etc/passwd", "passwd"),
    ("fdp.\u202eexe.pdf", "fdp.exe.pdf"),  # no direction trick
    ("", "cv"),
    (None, "cv"),
    ("a" * 300 + ".pdf", "a" * 120),
])
def test_the_visitors_file_name_is_made_safe(name: object, shown: str) -> None:
    assert uploads.safe_name(name) == shown


def test_sizes_as_people_read_them() -> None:
    assert uploads.size_text(300, "nl") == "1 KB"
    assert uploads.size_text(250 * 1024, "de") == "250 KB"
    assert uploads.size_text(int(1.44 * 1024 * 1024), "nl") == "1,4 MB"


def test_a_stored_type_names_its_kind() -> None:
    assert uploads.kind_of(filetypes.DOCX.content_type) == filetypes.DOCX
    assert uploads.kind_of("application/pdf") == filetypes.PDF
    assert uploads.kind_of("text/html") == filetypes.PDF  # never an extension of the visitor's


def test_the_disk_is_low_below_the_configured_free_space(tmp_path: Path) -> None:
    settings = Settings(upload_dir=tmp_path / "uploads", min_free_disk_mb=512,
                        database_url=f"sqlite:///{tmp_path / 'db' / 'dealer.db'}")
    asked: list[Path] = []

    def free(path: Path) -> int:
        asked.append(path)
        return (600 if path.name == "uploads" else 400) * MB

    assert disk_state(settings, free) == {"status": "low", "free_mb": 400,
                                          "minimum_free_mb": 512}
    assert asked == [tmp_path / "uploads", tmp_path / "db"]  # the database's disk too
    assert disk_state(settings, lambda _: 513 * MB)["status"] == "ok"
    postgres = Settings(upload_dir=tmp_path, database_url="postgresql://db/dealer")
    assert disk_state(postgres, lambda _: 10 * MB)["free_mb"] == 10
