"""What a visitor typed as a place, turned into a point: a Dutch or German town, else a
postcode area. One home for the branch search and the stock's distance filter."""

from __future__ import annotations

import dataclasses

from dealer.locations.places import Place, find_place
from dealer.locations.postcodes import find_area

MIN_PLACE_LENGTH = 2  # shorter texts are not specific enough to mean a place
MAX_PLACE_LENGTH = 60


def locate(text: object) -> Place | None:
    """The town or postcode area ``text`` names, or None (never raises). The place is
    named as pages name it: a town as the visitor wrote it, a postcode area with its
    place ("10115 Berlin")."""
    if not isinstance(text, str):
        return None
    written = " ".join(text.split())
    if not MIN_PLACE_LENGTH <= len(written.replace(" ", "")) <= MAX_PLACE_LENGTH:
        return None
    if town := find_place(written):
        return dataclasses.replace(town, name=written)
    return find_area(written)
