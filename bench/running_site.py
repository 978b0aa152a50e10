"""The production build with its own SQLite database and the demo data, for benchmarks."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import free_port, start_site, stop_site  # noqa: E402


@contextmanager
def running_site(url: str | None = None) -> Iterator[str]:
    """``url`` if given (a site already running), else the build started as the tests
    start it (`scripts/run.sh` on a free port), stopped afterwards."""
    if url:
        yield url.rstrip("/")
        return
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        process = start_site(ROOT, port, {
            "DATABASE_URL": f"sqlite:///{Path(data) / 'site.db'}",
            "DEALER_PUBLIC_MOCKS": "true",
        })
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            stop_site(process)
