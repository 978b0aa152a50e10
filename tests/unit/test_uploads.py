"""A CV is taken by what its structure says, not by its name or its first bytes: a PDF
pypdf can read, a Word (.docx) or OpenDocument (.odt) document, at most 5 MB. Keeping,
quotas and the sweep are in tests/integration/test_applications.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.disk import MB, disk_state
from dealer.forms import uploads
from dealer.settings import Settings
from tests import documents

PDF = documents.pdf()


@pytest.mark.parametrize(("data", "kind"), [
    (PDF, uploads.PDF),
    (documents.pdf(pages=3), uploads.PDF),
    (b"\xef\xbb\xbf  \n" + PDF, uploads.PDF),  # readers accept a header within 1024 bytes
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF)), uploads.PDF),  # exactly 5 MB
    (documents.docx(), uploads.DOCX),
    (documents.odt(), uploads.ODT),
])
def test_real_cvs_are_taken_as_what_they_are(data: bytes, kind: uploads.Kind) -> None:
    assert uploads.examine(data) == kind


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
def test_a_disguised_file_is_refused(data: bytes) -> None:
    assert uploads.examine(data) == uploads.NOT_A_CV


@pytest.mark.parametrize(("data", "problem"), [
    (b"", uploads.EMPTY),
    (PDF + b"0" * (uploads.MAX_BYTES - len(PDF) + 1), uploads.TOO_LARGE),
    (documents.docx() + b"0" * uploads.MAX_BYTES, uploads.TOO_LARGE),
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
    assert uploads.examine(data) in (*uploads.KINDS, uploads.EMPTY, uploads.NOT_A_CV)


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
    assert uploads.kind_of(uploads.DOCX.content_type) == uploads.DOCX
    assert uploads.kind_of("application/pdf") == uploads.PDF
    assert uploads.kind_of("text/html") == uploads.PDF  # never an extension of the visitor's


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
