"""Locale choice, translated text and Babel formatting.

Catalogs are gettext PO files under ``locales/<locale>/LC_MESSAGES/<domain>.po``
with English msgids, read directly (no compile step) and cached per process.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache, lru_cache

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.dates import format_skeleton
from babel.dates import format_time as babel_format_time
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal
from babel.units import format_unit

from dealer.settings import PROJECT_ROOT

LOCALES = ("nl", "de")
DEFAULT_LOCALE = "nl"
LOCALES_DIR = PROJECT_ROOT / "locales"
# Full language tags, as used in <html lang> and hreflang.
LANGUAGE_TAGS = {"nl": "nl-NL", "de": "de-DE"}
# Each language by its own name, as the language switch offers it.
LANGUAGE_NAMES = {"nl": "Nederlands", "de": "Deutsch"}
# The locale cookie (SPEC §9): one year, SameSite=Lax, whole site.
LOCALE_COOKIE = "locale"
LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
# Before the app has taken over (or without JavaScript) the language switch is a plain
# link that names the choice (/de/angebote?locale=de): the server remembers it in the
# cookie and redirects to the clean address. The root URL would otherwise follow the
# cookie, which still names the language being left.
LOCALE_PARAM = "locale"


def chosen_language_href(path: str, locale: str) -> str:
    """Where a language-switch link leads before the app has taken over: ``path`` with
    the choice attached."""
    return f"{path}{'&' if '?' in path else '?'}{LOCALE_PARAM}={locale}"

logger = logging.getLogger(__name__)


def N_(msgid: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark a msgid for extraction without translating it yet."""
    return msgid


@cache
def load_catalog(locale: str, domain: str) -> Catalog | None:
    path = LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=domain)


def _lookup(locale: str, msgid: str | tuple[str, str], domain: str) -> object:
    catalog = load_catalog(locale, domain)
    message = catalog.get(msgid) if catalog is not None else None
    if message is None or not message.string or message.fuzzy:
        _warn_untranslated(locale, msgid, domain)
        return None
    return message.string


@lru_cache(maxsize=1024)
def _warn_untranslated(locale: str, msgid: str | tuple[str, str], domain: str) -> None:
    logger.warning("untranslated %s msgid %r in domain %s", locale, msgid, domain)


def _format(text: str, params: dict[str, object]) -> str:
    return text.format(**params) if params else text


def gettext(locale: str, msgid: str, domain: str = "messages", **params: object) -> str:
    """The translation of ``msgid``, with ``{name}`` placeholders filled in."""
    translated = _lookup(locale, msgid, domain)
    return _format(translated if isinstance(translated, str) else msgid, params)


def ngettext(
    locale: str, singular: str, plural: str, count: int, domain: str = "messages", **params: object
) -> str:
    """Singular or plural translation for ``count``, available as ``{n}`` unless
    ``n`` is given (e.g. the count formatted for the locale)."""
    forms = _lookup(locale, (singular, plural), domain)
    params = {"n": count, **params}
    if isinstance(forms, (tuple, list)) and all(forms):
        one = Locale.parse(locale).plural_form(abs(count)) == "one"
        return _format(forms[0] if one else forms[1], params)
    return _format(singular if count == 1 else plural, params)


# --- locale negotiation -------------------------------------------------------------

_PREFIX_RE = re.compile(r"^/de(?:/|$)")
_LANGUAGE_RANGE_RE = re.compile(r"^\s*([A-Za-z]{1,8}|\*)(?:-[A-Za-z0-9]{1,8})*\s*$")


def locale_from_path(path: str) -> str:
    """The locale a URL path belongs to: German under /de, otherwise Dutch."""
    return "de" if _PREFIX_RE.match(path or "") else DEFAULT_LOCALE


def _accept_language_choice(header: str) -> str | None:
    best: tuple[float, int, str] | None = None
    for position, part in enumerate(header.split(",")[:32]):
        range_, _, params = part.partition(";")
        match = _LANGUAGE_RANGE_RE.match(range_)
        if not match or match.group(1) == "*":
            continue
        language = match.group(1).lower()
        if language not in LOCALES:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
        if not 0 < quality <= 1:
            continue
        candidate = (-quality, position, language)
        if best is None or candidate < best:
            best = candidate
    return best[2] if best else None


def negotiate_locale(
    path: str, cookie: str | None = None, accept_language: str | None = None
) -> str:
    """Locale by URL prefix, then cookie, then Accept-Language, then Dutch."""
    if locale_from_path(path or "") == "de":
        return "de"
    if isinstance(cookie, str) and cookie.strip().lower() in LOCALES:
        return cookie.strip().lower()
    if isinstance(accept_language, str) and accept_language:
        choice = _accept_language_choice(accept_language)
        if choice:
            return choice
    return DEFAULT_LOCALE


# --- formatting ---------------------------------------------------------------------


def _decimal(amount: object) -> Decimal:
    try:
        return Decimal(str(amount))
    except (InvalidOperation, ValueError) as error:
        raise ValueError(f"not a number: {amount!r}") from error


def format_price(amount: object, locale: str, *, cents: bool = False) -> str:
    """A euro amount: nl "€ 12.345", de "12.345 €"; whole euros unless ``cents``."""
    value = _decimal(amount).quantize(Decimal("0.01" if cents else "1"), ROUND_HALF_UP)
    number = "#,##0.00" if cents else "#,##0"
    pattern = f"¤ {number}" if locale == "nl" else f"{number} ¤"
    return format_currency(
        value,
        "EUR",
        format=pattern,
        locale=LANGUAGE_TAGS.get(locale, locale).replace("-", "_"),
        currency_digits=cents,
    )


def format_number(value: object, locale: str, *, decimals: int | None = None) -> str:
    number = _decimal(value)
    pattern = None if decimals is None else "#,##0." + "0" * decimals if decimals else "#,##0"
    return format_decimal(number, format=pattern, locale=locale)


def format_distance(km: float, locale: str) -> str:
    """A distance in whole kilometres, at least 1, as the locale writes it: "1.234 km"."""
    whole = max(1, int(_decimal(km).quantize(Decimal("1"), ROUND_HALF_UP)))
    return format_unit(whole, "length-kilometer", length="short", locale=locale)


def format_date(value: dt.date | dt.datetime, locale: str, *, style: str = "long") -> str:
    return babel_format_date(value, format=style, locale=locale)


def format_day(value: dt.date, locale: str) -> str:
    """A day with its weekday and without the year: nl "zaterdag 28 november", de
    "Samstag, 28. November" (the locale's full date pattern less its year)."""
    pattern = re.sub(r"[\s,.]*y+", "", Locale.parse(locale).date_formats["full"].pattern)
    return babel_format_date(value, format=pattern, locale=locale)


def format_day_month(value: dt.date, locale: str) -> str:
    """A day and its month without the year: nl "12 november", de "12. November"."""
    return format_skeleton("MMMMd", value, locale=locale)


def format_time(value: dt.time, locale: str) -> str:
    """A time of day as the locale writes it briefly: "07:30"."""
    return babel_format_time(value, format="short", locale=locale)

