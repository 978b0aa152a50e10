"""The production build with its own SQLite database and the demo data, for benchmarks."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import free_port, start_site, stop_site  # noqa: E402


@contextmanager
def running_site(url: str | None = None, env: dict[str, str] | None = None
                 ) -> Iterator[tuple[str, subprocess.Popen | None]]:
    """(address, server process): ``url`` if given (a site already running, process
    unknown), else the build started as the tests start it (`scripts/run.sh` on a free
    port, with ``env``), stopped afterwards."""
    if url:
        yield url.rstrip("/"), None
        return
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        process = start_site(ROOT, port, {
            "DATABASE_URL": f"sqlite:///{Path(data) / 'site.db'}",
            "DEALER_PUBLIC_MOCKS": "true",
            **(env or {}),
        })
        try:
            yield f"http://127.0.0.1:{port}", process
        finally:
            stop_site(process)
