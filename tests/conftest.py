"""Shared fixtures: the production server for browser and HTTP tests."""

from __future__ import annotations

import datetime as dt
import fcntl
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from dealer.build_stamp import BUNDLE_KEPT
from dealer.consent import CATEGORIES, CONSENT_COOKIE, CONSENT_DAYS

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 420
# How long a test waits for anything the site or the browser does (a page, the app taking
# over, a server's answer, a message): generous, so that a busy machine makes a test slow,
# never red. Every wait uses it, none a library's default (Playwright's is 5 s for an
# assertion); a failing wait costs this long, a passing one only what it takes.
WAIT_S = 60
WAIT_MS = WAIT_S * 1000
expect.set_options(timeout=WAIT_MS)
# Property tests count examples, not time: Hypothesis's 200 ms limit per example failed
# them on a busy machine.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


# Test files that share a site of their own (a separate_site) run on one worker, one after
# the other, so that it is built once: a site with settings of its own compiles its pages,
# about a minute of both cores. Every other file is a work unit by itself (--dist loadfile).
SAME_WORKER = dict.fromkeys((
    "tests/browser/test_appointment.py", "tests/browser/test_chat_provider.py",
    "tests/browser/test_consent.py", "tests/browser/test_content_outage.py",
    "tests/browser/test_error_reporting.py",
    "tests/browser/test_map.py", "tests/browser/test_preview.py",
    "tests/browser/test_site_frame.py",
), "integrations_site")


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workeroutput"):  # a worker of pytest-xdist tells the run
        session.config.workeroutput["site_starts"] = json.dumps(SITE_STARTS)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist
def pytest_testnodedown(node: object, error: object) -> None:
    SITE_STARTS.extend(json.loads(getattr(node, "workeroutput", {}).get("site_starts", "[]")))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many times the run compiled the pages, beside the slowest tests (the site
    `make test` built beside the unit tests included: tests/prepare_site.py)."""
    if hasattr(terminalreporter.config, "workerinput"):  # a worker: the run reports
        return
    if PREPARED_STARTS.is_file():  # read once: a later run of pytest alone did not start it
        SITE_STARTS.extend(json.loads(PREPARED_STARTS.read_text()))
        PREPARED_STARTS.unlink()
    if not SITE_STARTS:
        return
    compiled = [start for start in SITE_STARTS if start["compiled"]]
    terminalreporter.write_sep("=", "site starts")
    kept = [start for start in SITE_STARTS if start["kept_bundle"]]
    reused = [start for start in SITE_STARTS if not start["compiled"] and start not in kept]
    terminalreporter.write_line(
        f"{len(SITE_STARTS)} site starts until they answered: {len(compiled)} compiled the "
        f"pages ({sum(start['seconds'] for start in compiled)} s), {len(reused)} reused "
        f"compiled pages and bundled them ({sum(start['seconds'] for start in reused)} s), "
        f"{len(kept)} served a kept bundle ({sum(start['seconds'] for start in kept)} s)")


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


# This process's site starts: whether each compiled the pages, and how long it took to
# answer (the run's summary reports them: a compile costs about a minute of both cores).
SITE_STARTS: list[dict[str, object]] = []
# The starts of tests/prepare_site.py, which `make test` runs beside the tests.
PREPARED_STARTS = ROOT / ".cache" / "prepared-site-starts.json"
REUSED_BUILD = "The pages are compiled from these sources and settings already"


def start_site(checkout: Path, port: int, env: dict[str, str]) -> subprocess.Popen:
    """`make run` of a checkout on ``port``, waited for until /health answers."""
    started = time.monotonic()
    process = _start_site(checkout, port, env)
    log = (checkout / ".cache" / f"test-site-{port}.log").read_text(errors="replace")
    SITE_STARTS.append({"checkout": checkout.name, "compiled": REUSED_BUILD not in log,
                        "kept_bundle": BUNDLE_KEPT in log,
                        "seconds": round(time.monotonic() - started)})
    return process


def _start_site(checkout: Path, port: int, env: dict[str, str]) -> subprocess.Popen:
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


def process_tree(process: subprocess.Popen) -> list[int]:
    """The started process and all its descendants, by their process ids."""
    children: dict[int, list[int]] = defaultdict(list)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children[parent].append(int(stat.parent.name))
    found, todo = [], [process.pid]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def server_memory_kb(process: subprocess.Popen) -> int:
    """Resident memory of the server: the started process and all its descendants."""
    total = 0
    for pid in process_tree(process):
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


class RedisServer:
    """A Redis server of the test's own on a free port, without persistence: stopping it
    loses every key, as an outage of a state store does."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                if time.monotonic() > deadline:
                    raise
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def copy_checkout(target: Path) -> None:
    """``target`` holds the checkout's files as they are now (its own build there),
    sharing the installed tools: changed files are copied, removed ones removed."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    manifest = target / ".cache" / "copied-files.txt"
    before = set(manifest.read_text().split()) if manifest.is_file() else set()
    for name in before - set(files):
        (target / name).unlink(missing_ok=True)
    for name in files:
        source, copy = ROOT / name, target / name
        if not source.is_file():
            continue
        known = copy.is_file() and copy.stat().st_mtime_ns == source.stat().st_mtime_ns
        if not (known and copy.stat().st_size == source.stat().st_size):
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy)
    manifest.parent.mkdir(exist_ok=True)
    manifest.write_text("\n".join(files))
    for shared in (".venv", ".tools"):  # this checkout's, though another made the copy
        link = target / shared
        if link.is_symlink() and link.readlink() != ROOT / shared:
            link.unlink()
        if not link.is_symlink():
            link.symlink_to(ROOT / shared)


def steady_port(name: str) -> int:
    """A port of this checkout's site ``name`` that stays the same from run to run (the
    address is compiled into the pages, so a new port means a new compile), or any free
    one when it is taken."""
    digest = hashlib.sha256(f"{ROOT}:{name}".encode()).digest()
    port = 20_000 + int.from_bytes(digest[:4]) % 10_000
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return free_port()
    return port


@contextmanager
def separate_site(name: str, env: dict[str, str]) -> Iterator[Site]:
    """The site as `make run` serves it (production build, one port), with ``env``, built
    and served from a copy of the checkout in .cache/sites/<name>: never from the
    checkout's own build, which `make run` may be serving. The copy and its port stay from
    run to run, so that a start with unchanged sources and settings reuses its compiled
    pages (dealer/build_stamp.py). Its own SQLite database with the demo data, new each
    time; one run at a time per copy (another test run may want it). A site with settings
    of its own is one more compile: restarting the shared site with other settings and
    back would be two."""
    checkout = SITES / name
    (checkout / ".cache").mkdir(parents=True, exist_ok=True)
    with (checkout / ".cache" / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        copy_checkout(checkout)
        data = checkout / "data" / "tests"
        shutil.rmtree(data, ignore_errors=True)
        data.mkdir(parents=True)
        env = {"DATABASE_URL": f"sqlite:///{data / 'site.db'}", "DEALER_PUBLIC_MOCKS": "true",
               "DEALER_UPLOAD_DIR": str(data / "uploads"), **env}
        with compiled_once(checkout, env):
            site = Site(steady_port(name), env["DATABASE_URL"], checkout=checkout, env=env)
        try:
            yield site
        finally:
            stop_site(site.process)


SITES = ROOT / ".cache" / "sites"


@contextmanager
def compiled_once(checkout: Path, env: dict[str, str]) -> Iterator[None]:
    """Around a site's start: a copy whose pages are not compiled from its sources and
    settings takes them from another copy that has them (the workers' sites differ only
    where they listen and keep their data: dealer/build_stamp.RUNTIME_SETTINGS), or else
    compiles them while copies that would compile the same wait to take them."""
    key = subprocess.run([sys.executable, "-m", "dealer.build_stamp", "key"], cwd=checkout,
                         env={**os.environ, **env}, check=True, capture_output=True,
                         text=True).stdout.strip()
    with (SITES / f"compiling-{key[:16]}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _compiled_under(checkout, key):
            donor = next((copy for copy in SITES.iterdir()
                          if copy != checkout and _compiled_under(copy, key)), None)
            if donor is not None:
                _take_compiled_pages(donor, checkout)
        if _compiled_under(checkout, key):
            fcntl.flock(lock, fcntl.LOCK_UN)  # a start without a compile makes no one wait
        yield


def _compiled_under(checkout: Path, key: str) -> bool:
    stamp = checkout / ".web" / "compiled-from.txt"
    return stamp.is_file() and stamp.read_text().strip() == key


def _take_compiled_pages(donor: Path, checkout: Path) -> None:
    """The donor's compiled pages and installed packages, not its bundle (each start
    bundles, with its own address)."""
    source, web = donor / ".web", checkout / ".web"
    shutil.rmtree(web, ignore_errors=True)
    shutil.copytree(source, web, symlinks=True, ignore=lambda directory, names: [
        name for name in names if Path(directory) == source and name in ("build", "env.json")])


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """The site as `make run` serves it, in mock-data mode: one per test process
    (pytest-xdist's workers each have theirs)."""
    with separate_site(f"tests-{os.environ.get('PYTEST_XDIST_WORKER', 'gw0')}", {}) as site:
        yield site


# Browser tests run Debian's Chromium through Playwright against the production build: its
# headless shell, the engine without the desktop browser around it (as Playwright's own
# headless runs do). The whole browser cost three times the processor time per test (170
# against 59 s for 53 tests), the largest part of the suite's.
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"


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


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """Chromium whose every context and page waits ``WAIT_MS`` for actions and loads,
    however the test opened it."""
    new_context, new_page = browser.new_context, browser.new_page

    def patient_context(**options: object) -> BrowserContext:
        context = new_context(**options)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        return context

    def patient_page(**options: object) -> Page:
        page = new_page(**options)
        page.set_default_timeout(WAIT_MS)
        page.set_default_navigation_timeout(WAIT_MS)
        return page

    browser.new_context, browser.new_page = patient_context, patient_page
    return browser


def wait_until(check: Callable[[], object], what: str) -> object:
    """The first true answer of ``check``, asked every quarter second for ``WAIT_S``."""
    deadline = time.monotonic() + WAIT_S
    while not (answer := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WAIT_S} s for {what}")
        time.sleep(0.25)
    return answer


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


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """The unit and integration tests come before any test that drives the browser: the
    workers take whole files in collection order, and Playwright keeps an event loop
    running in a test process once it has started, in which no later test could call
    ``asyncio.run``. (A module that parametrizes a fixture's name, such as ``page``, has
    pytest move its tests in among the browser's.)"""
    browser_seen = False
    for item in session.items:
        browser_seen = browser_seen or item.get_closest_marker("browser") is not None
        if browser_seen and item.nodeid.startswith(("tests/unit/", "tests/integration/")):
            raise pytest.UsageError(f"{item.nodeid} was collected after a browser test; "
                                    "does its module parametrize the name of a fixture?")
