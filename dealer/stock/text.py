"""Text normalisation shared by slugs and free-text search."""

from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """Lower-case ASCII without accents: "Škoda Kamiq" -> "skoda kamiq"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def slugify(text: str) -> str:
    """URL-safe words joined by hyphens: "1.5 TSI Life" -> "1-5-tsi-life"."""
    return _NON_ALNUM.sub("-", fold(text)).strip("-")


def search_text(brand: str, model: str, version: str) -> str:
    """The string free-text search matches: folded brand, model and version."""
    return " ".join(fold(part).strip() for part in (brand, model, version) if part)


def search_terms(query: str) -> tuple[str, ...]:
    """The folded words of a search query, each of which must occur."""
    return tuple(dict.fromkeys(word for word in fold(query).split() if word))
