"""The bundled demo plates (``demo/<dataset>.json``, rows as the RDW's open data holds
them), served to ``RdwClient`` by a local transport: the demo takes the client's own path.

Demo plates: KX-512-T (Volkswagen Golf, petrol), T-123-BR (Toyota Yaris, petrol hybrid),
GHJ-45-K (Kia e-Niro, electric), S-77-BDF (BMW X1, diesel), 87-PBD-5 (Renault Clio,
diesel), and the plates of the demo stock's used cars at Dutch branches
(``dealer.stock.demo.DEMO_PLATES``, with their APK expiry and odometer judgement).
Any other valid Dutch plate is not in the demo register.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import httpx

DEMO_DIR = Path(__file__).parent / "demo"
DEMO_BASE_URL = "https://opendata.rdw.demo.invalid/resource"


@cache
def demo_datasets(directory: Path = DEMO_DIR) -> dict[str, list[dict]]:
    """Dataset file name ("m9d7-ebf2.json") -> its rows, read once."""
    return {path.name: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(directory.glob("*.json"))}


def demo_transport(directory: Path = DEMO_DIR) -> httpx.MockTransport:
    """Answers ``GET /resource/<dataset>.json?kenteken=...`` like Socrata: the matching
    rows, ``[]`` for an unknown plate, a Socrata error body for an unknown dataset."""

    def answer(request: httpx.Request) -> httpx.Response:
        dataset = request.url.path.rsplit("/", 1)[-1]
        rows = demo_datasets(directory).get(dataset)
        if request.method != "GET" or rows is None:
            return httpx.Response(404, json={"code": "not_found", "error": True,
                                             "message": f"Unknown dataset {dataset}"})
        plate = request.url.params.get("kenteken")
        return httpx.Response(200, json=[row for row in rows
                                         if plate is None or row.get("kenteken") == plate])

    return httpx.MockTransport(answer)
