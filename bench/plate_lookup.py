"""Licence plate lookup time, cold (the register is asked) and warm (the answer is kept).

    .venv/bin/python bench/plate_lookup.py [--rounds 50]

The register is a server on the loopback interface that answers like the RDW's open data
(Socrata: ``GET /resource/<dataset>.json?kenteken=...``) from the bundled demo rows, so a
cold lookup takes the client's whole path (two requests over real connections, side by
side, and parsing) without the distance to the real register, which this machine cannot
reach. Also timed: the demo transport the site uses without a register address. Prints
median and p95 per kind, for known and unknown plates.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer.plates.client import RdwClient
from dealer.plates.demo import demo_datasets
from dealer.plates.lookup import PlateLookupService

KNOWN = ("KX-512-T", "T-123-BR", "GHJ-45-K", "S-77-BDF", "87-PBD-5")
UNKNOWN = ("ZZ-999-Z", "99-XX-99", "X-999-ZZ")


class Register(BaseHTTPRequestHandler):
    """The demo rows of the asked dataset that carry the asked plate, as JSON."""

    protocol_version = "HTTP/1.1"  # keep-alive, as the client keeps its connections
    disable_nagle_algorithm = True  # headers and body leave at once, as from a real server

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        rows = demo_datasets().get(url.path.rsplit("/", 1)[-1], [])
        plate = parse_qs(url.query).get("kenteken", [""])[0]
        body = json.dumps([row for row in rows if row.get("kenteken") == plate]).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return f"{len(samples):>8}{statistics.median(samples):>11.3f}{p95:>9.3f}"


async def measure(make_service, rounds: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {}
    for _ in range(rounds):
        service = make_service()  # an empty cache: every first lookup asks the register
        for kind in ("cold", "warm"):
            for group, plates in (("known", KNOWN), ("unknown", UNKNOWN)):
                for plate in plates:
                    started = time.perf_counter()
                    answer = await service.look_up(plate)
                    timings.setdefault(f"{kind} {group}", []).append(
                        (time.perf_counter() - started) * 1000)
                    assert answer.state == ("found" if group == "known" else "not_found")
        await service.aclose()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Register)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    register = f"http://127.0.0.1:{server.server_address[1]}/resource"
    kinds = {
        "loopback register": lambda: PlateLookupService(
            client=RdwClient(base_url=register)),
        "demo transport": lambda: PlateLookupService(),
    }
    print(f"{'register':<20}{'lookup':<15}{'lookups':>8}{'median ms':>11}{'p95 ms':>9}")
    for name, make_service in kinds.items():
        for kind, samples in asyncio.run(measure(make_service, args.rounds)).items():
            print(f"{name:<20}{kind:<15}{summary(samples)}")
    server.shutdown()


if __name__ == "__main__":
    main()
