"""What one visitor can leave waiting, and how long the server takes per CV.

    .venv/bin/python bench/uploads.py [--rounds 20]

In a fresh SQLite database and upload folder (a temporary directory): one visitor sends
5 MB PDFs until refused (what the quota lets one visitor store); then the server's part
of an upload as ``FormsState.receive_file`` runs it, ``examine`` (the check, in a
process of its own) and ``keep``, for a small and a 5 MB PDF, a Word document and a
disguised file, with the waiting table filled to its limit of files by other visitors.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import Session

from dealer import settings as settings_module
from dealer.db import make_engine
from dealer.disk import MB
from dealer.forms import uploads
from dealer.leads.models import PendingUpload
from dealer.migrate import upgrade
from tests import documents


def upload(data: bytes, visitor: str, engine) -> tuple[str, float, float]:
    """The outcome, and the seconds of the check and of keeping the file."""
    start = time.perf_counter()
    kind = uploads.examine(data)
    checked = time.perf_counter()
    if isinstance(kind, str):
        return kind, checked - start, 0.0
    kept = uploads.keep(data, kind, "cv", visitor, engine=engine)
    outcome = kept if isinstance(kept, str) else "kept"
    return outcome, checked - start, time.perf_counter() - checked


def timed(data: bytes, visitor: str, engine, rounds: int) -> tuple[float, float, str]:
    runs = [upload(data, f"{visitor}-{n}", engine) for n in range(rounds)]
    return (statistics.median(run[1] for run in runs) * 1000,
            statistics.median(run[2] for run in runs) * 1000, runs[-1][0])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DEALER_UPLOAD_DIR"] = str(Path(folder) / "uploads")
        os.environ["DEALER_UPLOAD_PENDING_MB"] = "100000"
        settings_module.get_settings.cache_clear()
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        upgrade(url)
        engine = make_engine(url)
        large = documents.large_pdf(uploads.MAX_BYTES)

        start, stored = time.perf_counter(), 0
        while upload(large, "one-visitor", engine)[0] == "kept":
            stored += 1
        print(f"one visitor: {stored} files of 5 MB ({stored * 5} MB) kept, the next refused; "
              f"{time.perf_counter() - start:.2f} s")

        now = dt.datetime.now(dt.UTC)
        with Session(engine) as session:  # other visitors' files, up to the limit
            for n in range(uploads.MAX_PENDING_FILES - stored - rounds * 4 - 1):
                session.add(PendingUpload(token=f"t{n:042d}", client_key=f"v{n}", size=MB,
                                          sha256="0" * 64, content_type="application/pdf",
                                          created_at=now))
            session.commit()
        print(f"with {uploads.MAX_PENDING_FILES - rounds * 4} files waiting, median of "
              f"{rounds} uploads (examine + keep):")
        cases = {"PDF 1 KB": documents.pdf(), "PDF 5 MB": large, "Word 2 KB": documents.docx(),
                 "HTML behind %PDF 5 MB": documents.HTML_AS_PDF.ljust(uploads.MAX_BYTES)}
        for n, (name, data) in enumerate(cases.items()):
            check, keep, outcome = timed(data, f"visitor-{n}", engine, rounds)
            print(f"  {name:24} check {check:7.1f} ms, keep {keep:5.1f} ms  ({outcome[:40]})")
        engine.dispose()


if __name__ == "__main__":
    main()
