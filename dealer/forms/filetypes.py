"""What a file's structure says it is, of the kinds the site takes as a CV.

* a PDF when pypdf reads its cross-reference table and finds at least one page (a file
  that merely begins with ``%PDF``, such as an HTML page or an SVG behind that header,
  is not);
* a Word document (.docx) when it is a zip container whose ``[Content_Types].xml``
  names a Word main document that the container holds;
* an OpenDocument text (.odt) when it is a zip container whose first entry
  ``mimetype`` says so and that holds ``content.xml`` and its manifest.

Containers with macros (``vbaProject``, ``Basic/``, ``Scripts/``) are none of these.

A parser can be kept busy for seconds by a file built for it, so the site runs this check
in a process of its own with a time limit (``dealer.forms.uploads``): run as
``python -m dealer.forms.filetypes``, it reads the file on standard input and writes its
kind's extension (nothing for none).
"""

from __future__ import annotations

import io
import re
import sys
import zipfile
from dataclasses import dataclass
from xml.etree import ElementTree

from pypdf import PdfReader

PDF_HEADER = re.compile(rb"%PDF-[12]\.\d")
HEADER_WINDOW = 1024  # readers accept the header within the first 1024 bytes
ZIP_HEADER = b"PK\x03\x04"
MAX_ENTRIES = 2000  # a CV's container holds a few dozen parts
MEMBER_WINDOW = 64 * 1024  # of a container's manifest, read at most
MACRO_PARTS = re.compile(r"vbaProject|^Basic/|^Scripts/", re.IGNORECASE)
DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
CONTENT_TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}Override"


@dataclass(frozen=True)
class Kind:
    """A kind of file the site takes as a CV."""

    extension: str
    content_type: str


PDF = Kind("pdf", "application/pdf")
DOCX = Kind("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
ODT = Kind("odt", "application/vnd.oasis.opendocument.text")
KINDS = (PDF, DOCX, ODT)


def _is_pdf(data: bytes) -> bool:
    try:
        return len(PdfReader(io.BytesIO(data), strict=False).pages) > 0
    except Exception:  # pypdf raises many kinds of errors on broken files: none is a CV
        return False


def _member(archive: zipfile.ZipFile, name: str) -> bytes:
    with archive.open(name) as member:
        return member.read(MEMBER_WINDOW)


def _office_kind(data: bytes) -> Kind | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
            if len(names) > MAX_ENTRIES or any(MACRO_PARTS.search(n) for n in names):
                return None
            if (names[0] == "mimetype" and {"content.xml", "META-INF/manifest.xml"} <= set(names)
                    and _member(archive, "mimetype") == ODT.content_type.encode()):
                return ODT
            if "[Content_Types].xml" in names:
                types = ElementTree.fromstring(_member(archive, "[Content_Types].xml"))
                parts = {part.get("PartName", "").lstrip("/") for part in types.iter(CONTENT_TYPES)
                         if part.get("ContentType") == DOCX_MAIN}
                if len(parts) == 1 and parts <= set(names):
                    return DOCX
    except Exception:  # a broken container, or a manifest that is not XML: no CV
        return None
    return None


def detect(data: bytes) -> Kind | None:
    """The kind ``data`` is by its structure, or None."""
    start = data[:HEADER_WINDOW].removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")
    if PDF_HEADER.match(start):
        return PDF if _is_pdf(data) else None
    if data.startswith(ZIP_HEADER):
        return _office_kind(data)
    return None


if __name__ == "__main__":
    kind = detect(sys.stdin.buffer.read())
    sys.stdout.write(kind.extension if kind else "")
