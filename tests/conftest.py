"""Shared fixtures: the production server for browser and HTTP tests."""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from dealer.consent import CATEGORIES, CONSENT_COOKIE, CONSENT_DAYS

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 420


# Test files that share a site of their own (a separate_site) run on one worker, one after
# the other, so that it is built once: a site with settings of its own compiles its pages,
# about a minute of both cores. Every other file is a work unit by itself (--dist loadfile).
SAME_WORKER = dict.fromkeys((
    "tests/browser/test_appointment.py", "tests/browser/test_chat_provider.py",
    "tests/browser/test_consent.py", "tests/browser/test_error_reporting.py",
    "tests/browser/test_map.py", "tests/browser/test_site_frame.py",
), "integrations_site")


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Whole test files per worker, the files of SAME_WORKER together."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedSiteScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return SAME_WORKER.get(path, path)

    return SharedSiteScheduling(config, log)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    """The running site: its address, its database, and its server process."""

    def __init__(self, port: int, database_url: str, *, checkout: Path = ROOT,
                 env: dict[str, str] | None = None) -> None:
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.database_url = database_url
        self.checkout = checkout
        self.env = {"DATABASE_URL": database_url, **(env or {})}
        self.process = self.start()

    def start(self) -> subprocess.Popen:
        return start_site(self.checkout, self.port, self.env)

    def restart(self) -> None:
        """Stops the server and starts it again on the same port and database, as a
        deploy does: every visitor's state on the server is gone."""
        stop_site(self.process)
        self.process = self.start()

    def url(self, path: str) -> str:
        return self.base_url + path

    @property
    def log(self) -> Path:
        """What the server wrote (its log and the build's output)."""
        return site_log(self.checkout, self.port)


def site_log(checkout: Path, port: int) -> Path:
    return checkout / ".cache" / f"test-site-{port}.log"


def start_site(checkout: Path, port: int, env: dict[str, str]) -> subprocess.Popen:
    """`make run` of a checkout on ``port``, waited for until /health answers."""
    base_url = f"http://127.0.0.1:{port}"
    log_path = site_log(checkout, port)
    log_path.parent.mkdir(exist_ok=True)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            ["bash", "scripts/run.sh"],
            cwd=checkout,
            env={**os.environ, "DEALER_PORT": str(port), "DEALER_BASE_URL": base_url, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        if process.poll() is not None:
            pytest.fail(f"the site did not start; see {log_path}")
        try:
            if httpx.get(base_url + "/health", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            stop_site(process)
            pytest.fail(f"the site did not answer within {START_TIMEOUT_S} s; see {log_path}")
        time.sleep(1)


def server_memory_kb(process: subprocess.Popen) -> int:
    """Resident memory of the server: the started process and all its descendants."""
    children: dict[int, list[int]] = defaultdict(list)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children[parent].append(int(stat.parent.name))
    total, todo = 0, [process.pid]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(match.group(1)) if match else 0
    return total


def stop_site(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def copy_checkout(target: Path) -> None:
    """The checkout's files in ``target`` (its own build there), sharing the installed
    tools."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for shared in (".venv", ".tools"):
        (target / shared).symlink_to(ROOT / shared)


@contextmanager
def separate_site(tmp_path_factory: pytest.TempPathFactory, name: str,
                  env: dict[str, str]) -> Iterator[Site]:
    """The site with settings of its own (``env``), beside the shared one: its own copy of
    the checkout (a build serves one set of settings), its own SQLite database with the
    demo data, in mock-data mode. (Restarting the shared site with other settings and
    back would compile its pages twice.)"""
    checkout = tmp_path_factory.mktemp(name)
    copy_checkout(checkout)
    database_url = f"sqlite:///{tmp_path_factory.mktemp(name + '-db') / 'site.db'}"
    site = Site(free_port(), database_url, checkout=checkout,
                env={"DEALER_PUBLIC_MOCKS": "true", **env})
    try:
        yield site
    finally:
        stop_site(site.process)


def site_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this test process builds the site. A build (.web, with the base URL baked in)
    serves one port, so with several workers (pytest-xdist) only the first builds in the
    checkout itself and every other in its own copy."""
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0":
        return ROOT
    checkout = tmp_path_factory.mktemp("checkout")
    copy_checkout(checkout)
    return checkout


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site as `make run` serves it (production build, one port), on a free port,
    with its own SQLite database and the demo data, in mock-data mode."""
    folder = tmp_path_factory.mktemp("site")
    database_url = f"sqlite:///{folder / 'site.db'}"
    checkout = site_checkout(tmp_path_factory)
    (checkout / ".cache").mkdir(exist_ok=True)
    # One build at a time per checkout (another test run may use it): the build directory
    # is shared.
    with (checkout / ".cache" / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        site = Site(free_port(), database_url, checkout=checkout,
                    env={"DEALER_PUBLIC_MOCKS": "true",
                         "DEALER_UPLOAD_DIR": str(folder / "uploads")})
        try:
            yield site
        finally:
            stop_site(site.process)


# Browser tests run Debian's Chromium through Playwright against the production build.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


def consent_cookie(categories: list[str], domain: str = "127.0.0.1") -> dict:
    """The cookie banner's stored choice, as the banner writes it."""
    now = dt.datetime.now(dt.UTC)
    value = {
        "categories": ["necessary", *categories], "revision": 0, "data": None,
        "consentTimestamp": now.isoformat(), "consentId": str(uuid.uuid4()),
        "services": {name: [] for name in CATEGORIES}, "languageCode": "nl",
        "lastConsentTimestamp": now.isoformat(),
        "expirationTime": int((now + dt.timedelta(days=CONSENT_DAYS)).timestamp() * 1000),
    }
    return {"name": CONSENT_COOKIE, "value": quote(json.dumps(value, separators=(",", ":"))),
            "domain": domain, "path": "/", "sameSite": "Lax"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # Visitors of the other tests have answered the cookie banner (necessary only); the
    # banner's own tests start from fresh contexts.
    return {**browser_context_args, "locale": "en-US",
            "storage_state": {"cookies": [consent_cookie([])], "origins": []}}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "page" in getattr(item, "fixturenames", ()) or "browser" in getattr(
            item, "fixturenames", ()
        ):
            item.add_marker(pytest.mark.browser)
