"""Postcode areas a visitor may look for branches from, resolved offline: the centre of
every Dutch 4-digit postcode area (PC4: "3511", "3511 AB") and every German postcode
("10115"), from GeoNames' postal code data (CC BY 4.0), bundled in
``postcode-areas.tsv.gz`` (source, licence and how to renew it: docs/postcode-areas.md).
"""

from __future__ import annotations

import csv
import gzip
import io
import re
from functools import lru_cache
from pathlib import Path

from dealer.locations.places import Place

TABLE = Path(__file__).parent / "postcode-areas.tsv.gz"
# A Dutch postcode (its letters optional) or a German one, with an optional country mark.
_DUTCH = re.compile(r"^(?:NL-?\s*)?(\d{4})\s*(?:[A-Z]{2})?$")
_GERMAN = re.compile(r"^(?:D-?|DE-?)?\s*(\d{5})$")


@lru_cache(maxsize=1)
def areas() -> dict[tuple[str, str], Place]:
    """Every postcode area by (country, postcode); read once (about 15,000 rows)."""
    with gzip.open(TABLE, "rt", encoding="utf-8", newline="") as file:
        rows = csv.DictReader(io.StringIO(file.read()), delimiter="\t")
        return {
            (row["country"], row["postcode"]): Place(
                f"{row['postcode']} {row['place']}", float(row["latitude"]),
                float(row["longitude"]), 0)
            for row in rows
        }


def find_area(text: str) -> Place | None:
    """The postcode area a visitor typed ("3511", "3511 AB", "10115", "D-10115"), or None
    for anything else, a part of a postcode or one that does not exist."""
    compact = " ".join(text.upper().split())
    if len(compact) > 12:
        return None
    if match := _DUTCH.match(compact):
        return areas().get(("NL", match.group(1)))
    if match := _GERMAN.match(compact):
        return areas().get(("DE", match.group(1)))
    return None
