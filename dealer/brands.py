"""The six platform brands the group sells (SPEC §9): URL slug and display name.

Brand-scoped pages (``/{brand}/voorraad`` ...) are registered per brand, so a
brand added here appears in stock, models, locations and the sitemap after the
next build.
"""

from __future__ import annotations

from dealer.i18n import N_, gettext

# Names as the database and the stock feed carry them; each is also a msgid, so a brand
# can go by another name in a language (Volkswagen Nutzfahrzeuge in German).
PLATFORM_BRANDS: dict[str, str] = {
    "volkswagen": N_("Volkswagen"),
    "audi": N_("Audi"),
    "seat": N_("SEAT"),
    "cupra": N_("CUPRA"),
    "skoda": N_("Škoda"),
    "volkswagen-bedrijfswagens": N_("Volkswagen Bedrijfswagens"),
}


def brand_name(slug: str, locale: str, fallback: str = "") -> str:
    """A brand's name in a locale; a brand outside the platform keeps the feed's name."""
    if slug in PLATFORM_BRANDS:
        return gettext(locale, PLATFORM_BRANDS[slug])
    return fallback or slug
# Brands with their own favicon (SPEC §9: two), shown on their brand pages.
BRANDS_WITH_FAVICON = ("volkswagen", "audi")
SITE_FAVICON = "/favicon.svg"


def favicon(brand: str | None) -> str:
    """The icon of a page: its brand's own (``assets/brands/<brand>.svg``), else the site's."""
    return f"/brands/{brand}.svg" if brand in BRANDS_WITH_FAVICON else SITE_FAVICON
