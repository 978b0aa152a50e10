"""Many visitors at once, each as a browser visits: the page's HTML, on the first visit
the scripts and styles it names (a browser keeps them: they are cached for a year), then
the app's connection to the server, which loads the page's state, open while the visitor
reads the page; a pause, and the next page.

    .venv/bin/python bench/load.py [--url http://localhost:3000] [--visitors 300]
                                   [--seconds 120] [--think 5-15] [--redis]

Every page view is a full load (HTML and a new connection), which costs the server more
than moving inside the app. The pages: the stock overview in both languages, a vehicle
page and the home page, in turn. What the app sends when it connects is taken from
Debian's Chromium visiting each page once; each visitor then sends it under its own
token. Without --url the production build is started as the tests start it (with
--redis on a Redis database of its own, so one server process per core).

Prints, per page, the answers and their p50, p95 and p99 latency, and the errors
(status >= 500, timeouts, refused or dropped connections): for the HTML, for the page's
files, and for the app's state (from opening the connection to the page's state); then
the processor time the load generator and (when started here) the server used during the
visits, and the server's per page view.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import subprocess
import time
import uuid
from collections import defaultdict
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx
from playwright.sync_api import sync_playwright
from running_site import cpu_seconds, running_site
from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    CloseConnection,
    Ping,
    RejectConnection,
    TextMessage,
)
from wsproto.events import Request as Handshake

PAGES = {"stock nl": "/voorraad", "vehicle": "/voorraad/{vehicle}", "home": "/",
         "stock de": "/de/angebote"}
# Every asset the HTML names: stylesheets and the app's modules (listed in its start script).
FILES = re.compile(r'"(/assets/[^"]+\.(?:css|js))"')
CONNECTIONS_PER_VISITOR = 6
TIMEOUT_S = 30
HYDRATED = '"is_hydrated_rx_state_":true'
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


class Figures:
    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        # Processor seconds during the visits: the server's (None: not started here) and
        # the load generator's own, which shares the machine; the load averages around.
        self.server_cpu: float | None = None
        self.generator_cpu = 0.0
        self.load: tuple[float, float] = (0.0, 0.0)

    def timed(self, name: str, started: float, ok: bool) -> None:
        if ok:
            self.seconds[name].append(time.perf_counter() - started)
        else:
            self.errors[name] += 1

    def print(self, visitors: int, seconds: float) -> None:
        views = sum(len(times) for name, times in self.seconds.items() if name.endswith("HTML"))
        print(f"{visitors} visitors for {seconds:.0f} s: {views} page views "
              f"({views / seconds:.1f} a second)")
        print(f"{'':16}{'answers':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
        for name in sorted(set(self.seconds) | set(self.errors)):
            times = sorted(self.seconds[name]) or [0.0]
            cut = statistics.quantiles(times, n=100) if len(times) > 1 else times * 99
            print(f"{name:16}{len(self.seconds[name]):>9}{statistics.median(times) * 1000:>9.0f}"
                  f"{cut[94] * 1000:>9.0f}{cut[98] * 1000:>9.0f}{self.errors[name]:>8}")
        print(f"load generator: {self.generator_cpu:.0f} processor seconds "
              f"({self.generator_cpu / seconds:.2f} cores); load average {self.load[0]:.1f} "
              f"before, {self.load[1]:.1f} after")
        if self.server_cpu is not None:
            print(f"server: {self.server_cpu:.0f} processor seconds "
                  f"({self.server_cpu / seconds:.2f} cores), "
                  f"{self.server_cpu / max(views, 1) * 1000:.0f} ms per page view")


class Socket:
    """A websocket client over asyncio streams (wsproto), enough for the app's connection:
    text messages, pings answered."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.protocol = WSConnection(ConnectionType.CLIENT)
        self.accepted = False
        self.received: list[str] = []
        self._text = ""

    @classmethod
    async def open(cls, base_url: str, target: str, source: str | None) -> Socket:
        url = urlsplit(base_url)
        reader, writer = await asyncio.open_connection(
            url.hostname, url.port, local_addr=(source, 0) if source else None)
        socket = cls(reader, writer)
        await socket._write(socket.protocol.send(Handshake(
            host=url.netloc, target=target, extra_headers=[(b"origin", base_url.encode())])))
        while not socket.accepted:
            await socket._read()
        return socket

    async def _write(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def _read(self) -> None:
        """Reads what arrived and handles every event in it (the handshake's answer and
        the first message often come together)."""
        data = await self.reader.read(65536)
        if not data:
            raise ConnectionError("connection closed")
        self.protocol.receive_data(data)
        for event in self.protocol.events():
            if isinstance(event, AcceptConnection):
                self.accepted = True
            elif isinstance(event, (RejectConnection, CloseConnection)):
                raise ConnectionError(f"refused: {event!r}")
            elif isinstance(event, Ping):
                await self._write(self.protocol.send(event.response()))
            elif isinstance(event, TextMessage):
                self._text += event.data
                if event.message_finished:
                    self.received.append(self._text)
                    self._text = ""

    async def send(self, text: str) -> None:
        await self._write(self.protocol.send(TextMessage(data=text)))

    async def receive(self) -> str:
        while not self.received:
            await self._read()
        text = self.received.pop(0)
        if text == "2":  # the server's ping (Engine.IO): answered, then the next message
            await self.send("3")
            return await self.receive()
        return text

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


def record_connections(base_url: str, paths: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Per page: the app's connection address (without its token) and the first message
    it sends (the page's state to load), as Chromium sends them."""
    recorded = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        for name, path in paths.items():
            page = browser.new_page()
            sent: list[tuple[str, str]] = []
            page.on("websocket", lambda socket, sent=sent: socket.on(
                "framesent", lambda frame, socket=socket: sent.append((socket.url, frame))))
            page.goto(base_url + path)
            deadline = time.monotonic() + 30
            while not sent and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            url, first = sent[0]
            parts = urlsplit(url)
            query = [(key, value) for key, value in parse_qsl(parts.query) if key != "token"]
            recorded[name] = (f"{parts.path}?{urlencode(query)}", first)
            page.close()
        browser.close()
    return recorded


class Browser:
    """A visitor's HTTP/1.1 connections to the site (keep-alive, at most six, as a
    browser keeps them); lean, so that the visitors cost the machine little of what it
    has for the server."""

    def __init__(self, base_url: str) -> None:
        url = urlsplit(base_url)
        self.host, self.port, self.netloc = url.hostname, url.port, url.netloc
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.slots = asyncio.Semaphore(CONNECTIONS_PER_VISITOR)

    async def get(self, path: str) -> tuple[int, bytes] | None:
        """(status, body as sent) of GET ``path``; None on a failed connection. A kept
        connection the server has closed meanwhile is replaced, as a browser does."""
        async with self.slots:
            while self.idle:
                answer = await self._get(*self.idle.pop(), path)
                if answer is not None:
                    return answer
            try:
                connection = await asyncio.open_connection(self.host, self.port)
            except OSError:
                return None
            return await self._get(*connection, path)

    async def _get(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   path: str) -> tuple[int, bytes] | None:
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {self.netloc}\r\n"
                         "Accept-Encoding: gzip\r\n\r\n".encode())
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT_S)
            status = int(head.split(b" ", 2)[1])
            length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
            body = await reader.readexactly(int(length.group(1))) if length else b""
        except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError):
            writer.close()
            return None
        self.idle.append((reader, writer))
        return status, body

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()


def visitor_address(base_url: str, number: int) -> str | None:
    """The address visitor ``number`` connects from: on a loopback site, one of its own
    in 127.0.0.0/8, as real visitors each have theirs (the site budgets events per
    address); elsewhere the machine's."""
    host = urlsplit(base_url).hostname or ""
    if not host.startswith("127."):
        return None
    return f"127.1.{number // 250}.{1 + number % 250}"


async def app_state(base_url: str, target: str, first: str, source: str | None,
                    ) -> Socket | None:
    """Opens the app's connection as a new browser tab does and waits for the page's
    state; the open connection (None when it failed)."""
    token = uuid.uuid4()
    try:
        socket = await Socket.open(base_url, f"{target}&token={token}", source)
        opening = await socket.receive()  # Engine.IO's open packet
        if not opening.startswith("0"):
            raise ConnectionError(opening)
        await socket.send(first)
        while HYDRATED not in await socket.receive():
            pass
        return socket
    except (OSError, ConnectionError, asyncio.IncompleteReadError):
        return None


async def visitor(base_url: str, paths: list[tuple[str, str]], files: dict[str, set[str]],
                  connections: dict[str, tuple[str, str]], figures: Figures, until: float,
                  offset: int, think: tuple[float, float]) -> None:
    cached: set[str] = set()  # the browser's cache: hashed files are kept for a year
    await asyncio.sleep(random.uniform(0, think[1]))  # visitors arrive over a while
    browser = Browser(base_url)
    turn = offset
    while time.perf_counter() < until:
        name, path = paths[turn % len(paths)]
        turn += 1
        started = time.perf_counter()
        page = await browser.get(path)
        figures.timed(f"{name} HTML", started, page is not None and page[0] < 500)
        if page is None or page[0] != 200:
            continue
        started = time.perf_counter()
        for answer in await asyncio.gather(*(browser.get(file) for file in files[name]
                                             - cached)):
            figures.timed(f"{name} files", started, answer is not None and answer[0] < 500)
        cached |= files[name]
        target, first = connections[name]
        started = time.perf_counter()
        try:
            socket = await asyncio.wait_for(
                app_state(base_url, target, first, visitor_address(base_url, offset)),
                TIMEOUT_S)
        except TimeoutError:
            socket = None
        figures.timed(f"{name} state", started, socket is not None)
        await asyncio.sleep(random.uniform(*think))  # reading the page
        if socket is not None:
            await socket.close()
    browser.close()


async def run(base_url: str, server: subprocess.Popen | None, visitors: int, seconds: float,
              think: tuple[float, float]) -> Figures:
    stock = httpx.get(base_url + "/voorraad", timeout=TIMEOUT_S).text
    vehicle = re.search(r'href="/voorraad/([a-z0-9-]+-\d+)"', stock).group(1)
    paths = {name: path.format(vehicle=vehicle) for name, path in PAGES.items()}
    files = {name: set(FILES.findall(httpx.get(base_url + path, timeout=TIMEOUT_S).text))
             for name, path in paths.items()}
    connections = await asyncio.to_thread(record_connections, base_url, paths)
    figures = Figures()
    load, generator = os.getloadavg()[0], cpu_seconds()
    server_before = cpu_seconds(server) if server else None
    until = time.perf_counter() + seconds
    await asyncio.gather(*(visitor(base_url, list(paths.items()), files, connections, figures,
                                   until, number, think) for number in range(visitors)))
    figures.generator_cpu = cpu_seconds() - generator
    figures.load = (load, os.getloadavg()[0])
    if server_before is not None:
        figures.server_cpu = cpu_seconds(server) - server_before
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running site; without it the build is started")
    parser.add_argument("--visitors", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--think", default="5-15", help="seconds on a page, from-to")
    parser.add_argument("--redis", action="store_true",
                        help="start the site with Redis (one server process per core)")
    args = parser.parse_args()
    low, high = (float(value) for value in args.think.split("-"))
    env = {"REDIS_URL": "redis://127.0.0.1:6379/9"} if args.redis else None
    with running_site(args.url, env) as (base_url, server):
        figures = asyncio.run(run(base_url, server, args.visitors, args.seconds, (low, high)))
    figures.print(args.visitors, args.seconds)


if __name__ == "__main__":
    main()
