"""Page titles, descriptions and alternate URLs shared by the HTML layer and the pages."""

from __future__ import annotations

from dealer.i18n import LANGUAGE_TAGS, LOCALES
from dealer.routes import counterpart
from dealer.settings import get_settings


def page_title(title: str | None) -> str:
    """The title template (SPEC §9): page title, separator, site name."""
    settings = get_settings()
    return f"{title}{settings.title_separator}{settings.site_name}" if title else settings.site_name


def absolute_url(path: str) -> str:
    return get_settings().base_url.rstrip("/") + path


def alternates(path: str) -> dict[str, str]:
    """hreflang -> absolute URL of this page in every language, plus x-default (Dutch)."""
    links = {LANGUAGE_TAGS[locale]: absolute_url(counterpart(path, locale)) for locale in LOCALES}
    links["x-default"] = links[LANGUAGE_TAGS["nl"]]
    return links
