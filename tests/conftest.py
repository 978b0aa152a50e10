"""Shared fixtures: the production server for browser and HTTP tests."""

from __future__ import annotations

import fcntl
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 420


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    def __init__(self, base_url: str, database_url: str) -> None:
        self.base_url = base_url
        self.database_url = database_url

    def url(self, path: str) -> str:
        return self.base_url + path


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site as `make run` serves it (production build, one port), on a free port,
    with its own SQLite database and the demo data, in mock-data mode."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    database_url = f"sqlite:///{tmp_path_factory.mktemp('site') / 'site.db'}"
    env = {
        **os.environ,
        "DEALER_PORT": str(port),
        "DEALER_BASE_URL": base_url,
        "DATABASE_URL": database_url,
        "DEALER_PUBLIC_MOCKS": "true",
    }
    log_path = ROOT / ".cache" / "test-site.log"
    log_path.parent.mkdir(exist_ok=True)
    # One build at a time per checkout: the build directory is shared.
    lock = (ROOT / ".cache" / "site.lock").open("w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            ["bash", "scripts/run.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"the site did not start; see {log_path}")
            try:
                if httpx.get(base_url + "/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the site did not answer within {START_TIMEOUT_S} s; see {log_path}")
            time.sleep(1)
        yield Site(base_url, database_url)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        lock.close()
