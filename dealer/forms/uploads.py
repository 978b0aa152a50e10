"""Files visitors send with a form (a CV with a job application): checked by their
content, kept outside the web root until a lead claims them.

A file is a PDF when its bytes say so: it starts with the header ``%PDF-1.x`` or
``%PDF-2.x`` (after at most a byte order mark and blank space, within its first 1024
bytes). Its name is never trusted: a renamed program is refused, a PDF called ``cv.txt``
is taken. At most ``MAX_BYTES``.

Accepted files are written to ``DEALER_UPLOAD_DIR`` (``data/uploads``) under a random
token; the form keeps only the token. A lead that names the token claims the file
(``dealer.leads.store``); files no lead claimed are removed after ``UNCLAIMED_HOURS``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, format_number, gettext
from dealer.settings import get_settings

log = logging.getLogger(__name__)

MAX_BYTES = 5 * 1024 * 1024
MAX_MEGABYTES = MAX_BYTES // (1024 * 1024)
HEADER_WINDOW = 1024
PDF_HEADER = re.compile(rb"%PDF-[12]\.\d")
PDF_TYPE = "application/pdf"
UNCLAIMED_HOURS = 24
MAX_NAME = 120
TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)

UPLOAD_AGAIN = N_("Your CV was not received. Please choose the file again.")
TOO_LARGE = N_("This file is larger than {size} MB. Please send a smaller PDF.")
NOT_PDF = N_("This file is not a PDF. Please choose your CV as a PDF file.")
EMPTY = N_("This file is empty. Please choose your CV as a PDF file.")


def problem_text(msgid: str, locale: str) -> str:
    """A refusal in the visitor's language."""
    return gettext(locale, msgid, DOMAIN, size=format_number(MAX_MEGABYTES, locale))


@dataclass(frozen=True)
class StoredUpload:
    token: str
    name: str  # the visitor's file name, made safe to show
    size: int
    sha256: str
    content_type: str = PDF_TYPE


def upload_dir() -> Path:
    return Path(get_settings().upload_dir)


def pdf_problem(data: bytes) -> str | None:
    """Why ``data`` (the file, or its first ``MAX_BYTES + 1`` bytes) is refused as a CV:
    a msgid (``TOO_LARGE`` takes ``size``), or None for a PDF within the limit."""
    if not data:
        return EMPTY
    if len(data) > MAX_BYTES:
        return TOO_LARGE
    start = data[:HEADER_WINDOW].removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")
    if not PDF_HEADER.match(start):
        return NOT_PDF
    return None


def refusal(code: object) -> str:
    """The msgid for a file the browser refused before sending, by react-dropzone's error
    code ("file-too-large", "file-invalid-type", ...)."""
    return TOO_LARGE if code == "file-too-large" else NOT_PDF


def size_text(size: int, locale: str) -> str:
    """A file size as people read it: "245 KB", "1,4 MB"."""
    if size < 1024 * 1024:
        return f"{format_number(max(1, round(size / 1024)), locale)} KB"
    return f"{format_number(size / (1024 * 1024), locale, decimals=1)} MB"


def safe_name(name: object) -> str:
    """A visitor's file name fit to show and store: the last path part, no control or
    direction characters, at most ``MAX_NAME`` characters."""
    text = str(name or "").replace("\\", "/").rsplit("/", 1)[-1]
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return text.strip()[:MAX_NAME] or "cv.pdf"


def _pending(directory: Path | None = None) -> Path:
    return (directory or upload_dir()) / "pending"


def _token_file(folder: Path, token: object) -> Path | None:
    return folder / f"{token}.pdf" if isinstance(token, str) and TOKEN.fullmatch(token) else None


def keep(data: bytes, name: object, directory: Path | None = None) -> StoredUpload:
    """Write an accepted file (``pdf_problem`` said None) under a new token, readable by
    the site's own user only, until a lead claims it."""
    folder = _pending(directory)
    folder.mkdir(parents=True, exist_ok=True)
    sweep(folder)
    token = secrets.token_urlsafe(32)
    descriptor = os.open(folder / f"{token}.pdf", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
    return StoredUpload(token, safe_name(name), len(data), hashlib.sha256(data).hexdigest())


def find(token: object, name: object = "", directory: Path | None = None) -> StoredUpload | None:
    """The waiting file of a token a form sent, checked again; None when there is none."""
    path = _token_file(_pending(directory), token)
    if path is None or not path.is_file():
        return None
    data = path.read_bytes()
    if pdf_problem(data) is not None:
        return None
    return StoredUpload(str(token), safe_name(name), len(data), hashlib.sha256(data).hexdigest())


def claim(token: str, directory: Path | None = None) -> Path:
    """Move a waiting file to the leads' files, where it stays."""
    folder = (directory or upload_dir()) / "leads"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{token}.pdf"
    (_pending(directory) / f"{token}.pdf").replace(target)
    return target


def lead_file(token: str, directory: Path | None = None) -> Path | None:
    """Where the file of a lead lies (for the dealer's tools)."""
    return _token_file((directory or upload_dir()) / "leads", token)


def sweep(folder: Path, now: dt.datetime | None = None) -> int:
    """Remove waiting files older than ``UNCLAIMED_HOURS``: no lead claimed them."""
    limit = (now or dt.datetime.now(dt.UTC)).timestamp() - UNCLAIMED_HOURS * 3600
    removed = 0
    for path in folder.glob("*.pdf"):
        if path.stat().st_mtime < limit:
            path.unlink(missing_ok=True)
            removed += 1
    if removed:
        log.info("removed %d uploads no lead claimed", removed)
    return removed
