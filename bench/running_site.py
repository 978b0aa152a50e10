"""The production build with its own SQLite database and the demo data, for benchmarks."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import process_tree, separate_site  # noqa: E402


@contextmanager
def running_site(url: str | None = None, env: dict[str, str] | None = None
                 ) -> Iterator[tuple[str, subprocess.Popen | None]]:
    """(address, server process): ``url`` if given (a site already running, process
    unknown), else the build started as the tests start theirs (`scripts/run.sh`, with
    ``env``, in a copy of the checkout: never the build `make run` may be serving from
    the checkout), stopped afterwards."""
    if url:
        yield url.rstrip("/"), None
        return
    with separate_site("bench", env or {}) as site:
        yield site.base_url, site.process


def cpu_seconds(process: subprocess.Popen | None = None) -> float:
    """The processor time used so far: by ``process`` and its descendants (a site's
    server processes), or by this process when None."""
    if process is None:
        times = os.times()
        return times.user + times.system
    total = 0
    for pid in process_tree(process):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # user and system time, in ticks
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")
