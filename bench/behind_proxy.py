"""The site behind nginx with `deploy/nginx.conf`: the hashed files come from disk without
the site's server process, and pages and the app's websocket pass through.

    .venv/bin/python bench/behind_proxy.py [--requests 300]

Needs nginx (Debian: `apt-get install nginx-light`). Builds and starts the site as the
tests do, starts nginx with the repository's configuration in front of it (the checkout
and port filled in), then fetches every hashed file a first visit of the home page loads,
directly and through nginx. Prints per route the median and p95 time of a file, the site
process's CPU time per file, and whether the answers are the same (body, gzip, caching).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from running_site import ROOT, running_site

from tests.conftest import free_port

CONFIG = ROOT / "deploy" / "nginx.conf"
ASSET = re.compile(r'(/assets/[\w.-]+\.(?:js|css))')


def nginx_config(folder: Path, port: int, site_port: int) -> Path:
    """A whole nginx configuration around the repository's server block."""
    server = (CONFIG.read_text().replace("/srv/dealer", str(ROOT))
              .replace("127.0.0.1:3000", f"127.0.0.1:{site_port}")
              .replace("listen 80;", f"listen 127.0.0.1:{port};"))
    config = folder / "nginx.conf"
    config.write_text(
        f"worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        "events {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n"
        f"  client_body_temp_path {folder};\n  proxy_temp_path {folder};\n"
        f"{server}\n}}\n")
    return config


def cpu_seconds(session: int) -> float:
    """User and system CPU time of every process in the session ``session``."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def first_visit_files(base: str) -> list[str]:
    """The hashed scripts and stylesheets the home page's HTML and its modules name."""
    found, queue = [], ASSET.findall(httpx.get(base + "/").text)
    while queue:
        path = queue.pop()
        if path in found:
            continue
        found.append(path)
        if path.endswith(".js"):
            body = httpx.get(base + path).text
            queue += [f"/assets/{name}" for name in re.findall(r'"\./([\w.-]+\.js)"', body)]
    return sorted(found)


def timed_fetches(client: httpx.Client, paths: list[str], requests: int) -> list[float]:
    times = []
    for index in range(requests):
        started = time.perf_counter()
        client.get(paths[index % len(paths)]).raise_for_status()
        times.append((time.perf_counter() - started) * 1000)
    return times


def same_answers(direct: httpx.Client, proxied: httpx.Client, paths: list[str]) -> bool:
    for path in paths:
        one, other = direct.get(path), proxied.get(path)
        if (one.content != other.content
                or one.headers.get("content-encoding") != other.headers.get("content-encoding")
                or one.headers["cache-control"] != other.headers["cache-control"]):
            print(f"  differs: {path}", file=sys.stderr)
            return False
    return True


def websocket_opens(port: int, origin: str) -> bool:
    """The app's websocket handshake through nginx is answered 101."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(
            b"GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + f"Origin: {origin}\r\n\r\n".encode())
        return connection.recv(64).startswith(b"HTTP/1.1 101")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        sys.exit("nginx is not installed (Debian: apt-get install nginx-light)")
    with running_site() as (base, server), \
            tempfile.TemporaryDirectory() as folder:
        site_port = int(base.rsplit(":", 1)[1])
        port = free_port()
        config = nginx_config(Path(folder), port, site_port)
        subprocess.run([nginx, "-t", "-q", "-c", str(config)], check=True)
        subprocess.run([nginx, "-c", str(config)], check=True)
        try:
            proxied_base = f"http://127.0.0.1:{port}"
            paths = first_visit_files(base)
            headers = {"accept-encoding": "gzip"}
            with httpx.Client(base_url=base, headers=headers) as direct, \
                    httpx.Client(base_url=proxied_base, headers=headers) as proxied:
                same = same_answers(direct, proxied, paths)
                page = proxied.get("/voorraad")
                print(f"{len(paths)} files of a first visit, {args.requests} requests each "
                      "way, one after another")
                print(f"{'route':<10}{'median ms':>11}{'p95 ms':>9}{'site CPU ms/file':>18}")
                for name, client in (("direct", direct), ("nginx", proxied)):
                    before = cpu_seconds(server.pid)
                    times = timed_fetches(client, paths, args.requests)
                    cpu = (cpu_seconds(server.pid) - before) * 1000 / args.requests
                    p95 = statistics.quantiles(times, n=20)[-1]
                    print(f"{name:<10}{statistics.median(times):>11.2f}{p95:>9.2f}{cpu:>18.2f}")
            gzipped = sum(len(gzip.compress(httpx.get(base + path).content)) for path in paths)
            print(f"same bodies, gzip and caching: {same}; {gzipped / 1024:.0f} KB gzipped")
            print(f"page through nginx: {page.status_code}; websocket through nginx: "
                  f"{'101' if websocket_opens(port, base) else 'refused'}")
        finally:
            subprocess.run([nginx, "-c", str(config), "-s", "stop"], check=False)


if __name__ == "__main__":
    main()
