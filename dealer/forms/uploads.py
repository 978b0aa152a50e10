"""Files visitors send with a form (a CV with a job application): checked by their
content, kept outside the web root until a lead claims them, within quotas.

A file is taken as what its structure says (``dealer.forms.filetypes``: a PDF pypdf
reads, a Word or OpenDocument document without macros), never by its name or its first
bytes alone; the check runs in a process of its own, at most ``CHECK_SECONDS`` and
``PARALLEL_CHECKS`` at a time, so no file built to keep a parser busy holds up the
server. At most ``MAX_BYTES``.

Accepted files are written to ``DEALER_UPLOAD_DIR`` (``data/uploads``) under a random
token, with the extension of their checked kind; the form keeps only the token. Each
waiting file has a row in ``pending_upload`` (who sent it, its size and checksum), so
the quotas are two indexed queries and the sweep takes the oldest expired rows,
``SWEEP_BATCH`` at a time: no upload walks the folder. One visitor (address) may have
``VISITOR_FILES`` files and ``VISITOR_BYTES`` waiting, everybody together
``DEALER_UPLOAD_PENDING_MB`` and ``MAX_PENDING_FILES``; nothing is kept when the disk
would fall below ``DEALER_MIN_FREE_DISK_MB``. A lead that names the token claims the file
(``dealer.leads.store``); files no lead claimed are removed after ``UNCLAIMED_HOURS``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import re
import secrets
import subprocess
import sys
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from dealer.db import get_engine
from dealer.disk import MB, FreeSpace, disk_free, free_bytes
from dealer.forms.filetypes import KINDS, PDF, Kind
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, format_number, gettext
from dealer.leads.models import PendingUpload
from dealer.settings import PROJECT_ROOT, get_settings

log = logging.getLogger(__name__)

MAX_BYTES = 5 * MB
MAX_MEGABYTES = MAX_BYTES // MB
CHECK_SECONDS = 10.0  # the process's start and a 5 MB PDF: well under a second
PARALLEL_CHECKS = 2
CHECKER = (sys.executable, "-m", "dealer.forms.filetypes")
UNCLAIMED_HOURS = 24
VISITOR_FILES = 10
VISITOR_BYTES = 5 * MAX_BYTES
MAX_PENDING_FILES = 5000
SWEEP_BATCH = 20
MAX_NAME = 120
TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)

# What the browser's file chooser offers and lets through before sending.
ACCEPT = {kind.content_type: [f".{kind.extension}"] for kind in KINDS}

UPLOAD_AGAIN = N_("Your CV was not received. Please choose the file again.")
TOO_LARGE = N_("This file is larger than {size} MB. Please send a smaller file.")
NOT_A_CV = N_("This file is not a PDF, Word (.docx) or OpenDocument (.odt) document. "
              "Please choose your CV in one of these formats.")
EMPTY = N_("This file is empty. Please choose another file.")
VISITOR_FULL = N_("You have sent more files today than we can keep for you. "
                  "Please try again tomorrow.")
SITE_FULL = N_("We cannot receive files at the moment. Please try again in a few hours.")
NOT_CHECKED = N_("We could not check this file just now. Please choose it again in a moment.")


def problem_text(msgid: str, locale: str) -> str:
    """A refusal in the visitor's language."""
    return gettext(locale, msgid, DOMAIN, size=format_number(MAX_MEGABYTES, locale))


@dataclass(frozen=True)
class StoredUpload:
    token: str
    name: str  # the visitor's file name, made safe to show
    size: int
    sha256: str
    content_type: str = PDF.content_type  # the checked kind's


def upload_dir() -> Path:
    return Path(get_settings().upload_dir)


_checks = threading.BoundedSemaphore(PARALLEL_CHECKS)


def detect_apart(data: bytes, seconds: float = CHECK_SECONDS) -> Kind | str:
    """``filetypes.detect`` in a process of its own, given at most ``seconds``: the kind,
    ``NOT_A_CV``, or ``NOT_CHECKED`` when the check took longer (the process is ended)."""
    with _checks:
        try:
            done = subprocess.run(CHECKER, input=data, capture_output=True, timeout=seconds,
                                  cwd=PROJECT_ROOT, check=False)
        except subprocess.TimeoutExpired:
            log.warning("refused a file whose check took over %s s", seconds)
            return NOT_CHECKED
        except OSError:  # no process could be started: the visitor may try again
            log.exception("a file could not be checked")
            return NOT_CHECKED
    extension = done.stdout.decode("ascii", "replace")
    return next((kind for kind in KINDS if kind.extension == extension), NOT_A_CV)


def examine(data: bytes) -> Kind | str:
    """What ``data`` (the file, or its first ``MAX_BYTES + 1`` bytes) is as a CV: its
    kind, or the msgid of why it is refused (``TOO_LARGE`` takes ``size``)."""
    if not data:
        return EMPTY
    if len(data) > MAX_BYTES:
        return TOO_LARGE
    return detect_apart(data)


def refusal(code: object) -> str:
    """The msgid for a file the browser refused before sending, by react-dropzone's error
    code ("file-too-large", "file-invalid-type", ...)."""
    return TOO_LARGE if code == "file-too-large" else NOT_A_CV


def size_text(size: int, locale: str) -> str:
    """A file size as people read it: "245 KB", "1,4 MB"."""
    if size < MB:
        return f"{format_number(max(1, round(size / 1024)), locale)} KB"
    return f"{format_number(size / MB, locale, decimals=1)} MB"


def safe_name(name: object) -> str:
    """A visitor's file name fit to show and store: the last path part, no control or
    direction characters, at most ``MAX_NAME`` characters."""
    text = str(name or "").replace("\\", "/").rsplit("/", 1)[-1]
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return text.strip()[:MAX_NAME] or "cv"


def kind_of(content_type: str) -> Kind:
    """The kind a stored type names (files kept before other kinds existed are PDFs)."""
    return next((kind for kind in KINDS if kind.content_type == content_type), PDF)


def _pending(directory: Path | None = None) -> Path:
    return (directory or upload_dir()) / "pending"


def _file(folder: Path, token: object, content_type: str) -> Path | None:
    if not (isinstance(token, str) and TOKEN.fullmatch(token)):
        return None
    return folder / f"{token}.{kind_of(content_type).extension}"


def _usage(session: Session, visitor: str | None = None,
           leaving: str = "") -> tuple[int, int]:
    """How many waiting files there are and their bytes: a visitor's, or everybody's;
    without the file ``leaving`` (being replaced)."""
    query = select(func.count(), func.coalesce(func.sum(PendingUpload.size), 0)).where(
        PendingUpload.token != leaving)
    if visitor is not None:
        query = query.where(PendingUpload.client_key == visitor)
    count, size = session.exec(query).one()
    return int(count), int(size)


def _quota_problem(session: Session, size: int, visitor: str, leaving: str = "",
                  free: FreeSpace = disk_free) -> str | None:
    """Why a file of ``size`` bytes cannot be kept now (a msgid), or None."""
    count, used = _usage(session, visitor, leaving)
    if count >= VISITOR_FILES or used + size > VISITOR_BYTES:
        return VISITOR_FULL
    settings = get_settings()
    count, used = _usage(session, leaving=leaving)
    if (count >= MAX_PENDING_FILES or used + size > settings.upload_pending_mb * MB
            or free_bytes(settings, free) - size < settings.min_free_disk_mb * MB):
        return SITE_FULL
    return None


def _drop(session: Session, row: PendingUpload, folder: Path) -> None:
    if (path := _file(folder, row.token, row.content_type)) is not None:
        path.unlink(missing_ok=True)
    session.delete(row)


def _own(session: Session, token: object, visitor: str) -> PendingUpload | None:
    """The waiting file of ``token`` when ``visitor`` sent it."""
    row = session.get(PendingUpload, token) if isinstance(token, str) and token else None
    return row if row is not None and row.client_key == visitor else None


def discard(token: object, visitor: str, *, engine: Engine | None = None,
            directory: Path | None = None) -> None:
    """Remove a waiting file its form no longer holds (a later choice was refused)."""
    with Session(engine or get_engine()) as session:
        if (row := _own(session, token, visitor)) is not None:
            _drop(session, row, _pending(directory))
            session.commit()


def keep(data: bytes, kind: Kind, name: object, visitor: str, *, replaces: object = "",
         engine: Engine | None = None, directory: Path | None = None,
         now: dt.datetime | None = None, free: FreeSpace = disk_free) -> StoredUpload | str:
    """Keep an examined file of ``kind`` under a new token, readable by the site's own
    user only, until a lead claims it; or the msgid of the quota it would pass.

    ``visitor`` is the sender's key (``dealer.leads.store.client_key``); ``replaces`` the
    token of the file the same form held before, which goes when this one is kept.
    """
    folder = _pending(directory)
    folder.mkdir(parents=True, exist_ok=True)
    now = now or dt.datetime.now(dt.UTC)
    with Session(engine or get_engine()) as session:
        sweep(session, folder, now)
        session.commit()
        previous = _own(session, replaces, visitor)
        leaving = previous.token if previous is not None else ""
        if (problem := _quota_problem(session, len(data), visitor, leaving, free)) is not None:
            log.info("refused an upload: %s", "visitor quota" if problem == VISITOR_FULL
                     else "pending files or disk full")
            return problem
        token = secrets.token_urlsafe(32)
        descriptor = os.open(folder / f"{token}.{kind.extension}",
                             os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        if previous is not None:
            _drop(session, previous, folder)
        digest = hashlib.sha256(data).hexdigest()
        session.add(PendingUpload(token=token, client_key=visitor, size=len(data),
                                  sha256=digest, content_type=kind.content_type,
                                  created_at=now))
        session.commit()
    return StoredUpload(token, safe_name(name), len(data), digest, kind.content_type)


def receive(data: bytes, name: object, visitor: str, *,
            replaces: object = "") -> StoredUpload | str:
    """A file a visitor sent for a form (``data``: at most its first ``MAX_BYTES + 1``
    bytes), examined and kept; or the msgid of why it is refused (its content, its size,
    a quota). The way in for the app's upload and the served form's POST alike."""
    kind = examine(data)
    if isinstance(kind, str):
        return kind
    return keep(data, kind, name, visitor, replaces=replaces)


def find(session: Session, token: object, name: object = "",
         directory: Path | None = None) -> StoredUpload | None:
    """The waiting file of a token a form sent, as it was checked (the same bytes); None
    when there is none."""
    row = session.get(PendingUpload, token) if isinstance(token, str) else None
    path = _file(_pending(directory), token, row.content_type) if row is not None else None
    if row is None or path is None or not path.is_file():
        return None
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != row.sha256:
        return None
    return StoredUpload(row.token, safe_name(name), len(data), row.sha256, row.content_type)


def claim(session: Session, upload: StoredUpload, directory: Path | None = None) -> Path:
    """Move a waiting file to the leads' files, where it stays (the caller commits)."""
    folder = (directory or upload_dir()) / "leads"
    folder.mkdir(parents=True, exist_ok=True)
    extension = kind_of(upload.content_type).extension
    target = folder / f"{upload.token}.{extension}"
    (_pending(directory) / f"{upload.token}.{extension}").replace(target)
    if (row := session.get(PendingUpload, upload.token)) is not None:
        session.delete(row)
    return target


def lead_file(token: str, content_type: str, directory: Path | None = None) -> Path | None:
    """Where the file of a lead lies (for the dealer's tools and mail)."""
    return _file((directory or upload_dir()) / "leads", token, content_type)


def sweep(session: Session, folder: Path, now: dt.datetime | None = None) -> int:
    """Remove the oldest waiting files older than ``UNCLAIMED_HOURS`` (no lead claimed
    them), at most ``SWEEP_BATCH``: each upload sweeps a little (the caller commits)."""
    limit = (now or dt.datetime.now(dt.UTC)) - dt.timedelta(hours=UNCLAIMED_HOURS)
    expired = session.exec(select(PendingUpload).where(PendingUpload.created_at < limit)
                           .order_by(col(PendingUpload.created_at)).limit(SWEEP_BATCH)).all()
    for row in expired:
        _drop(session, row, folder)
    if expired:
        log.info("removed %d uploads no lead claimed", len(expired))
    return len(expired)
