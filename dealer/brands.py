"""The six platform brands the group sells (SPEC §9): URL slug and display name.

Brand-scoped pages (``/{brand}/voorraad`` ...) are registered per brand, so a
brand added here appears in stock, models, locations and the sitemap after the
next build.
"""

from __future__ import annotations

PLATFORM_BRANDS: dict[str, str] = {
    "volkswagen": "Volkswagen",
    "audi": "Audi",
    "seat": "SEAT",
    "cupra": "CUPRA",
    "skoda": "Škoda",
    "volkswagen-bedrijfswagens": "Volkswagen Bedrijfswagens",
}
# Brands with their own favicon (SPEC §9: two).
BRANDS_WITH_FAVICON = ("volkswagen", "audi")
