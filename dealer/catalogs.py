"""Keeps the translation catalogs in step with the code.

    python -m dealer.catalogs update [DOMAIN]   add new msgids to the PO files, drop unused ones
    python -m dealer.catalogs check    exit 1 when a msgid is missing or untranslated

Each package with its own vocabulary has its own domain; the rest of the site
uses "messages". Messages are marked with ``N_(...)``, ``gettext(locale, ...)``
or ``ngettext(locale, singular, plural, ...)``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from dealer.i18n import LOCALES, LOCALES_DIR
from dealer.settings import PROJECT_ROOT

DEALER_DIR = PROJECT_ROOT / "dealer"
# Domain -> path prefixes (below dealer/) of the modules whose messages it holds;
# the runtime gettext calls of those modules name the same domain.
DOMAINS: dict[str, tuple[str, ...]] = {
    "stock": ("stock/",),
    "forms": ("forms/", "leads/", "pages/forms", "state/forms", "components/forms"),
    "content": ("content/", "pages/cms", "state/cms", "components/blocks"),
}
KEYWORDS = {"N_": None, "gettext": (2,), "ngettext": (2, 3)}


def _domain_of(relative: Path) -> str:
    path = relative.as_posix()
    return next(
        (domain for domain, prefixes in DOMAINS.items() if path.startswith(prefixes)), "messages"
    )


def extract() -> dict[str, Catalog]:
    """Every marked message in the code, grouped by domain."""
    catalogs: dict[str, Catalog] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        DEALER_DIR,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
    ):
        domain = _domain_of(Path(filename))
        catalog = catalogs.setdefault(domain, Catalog(domain=domain))
        catalog.add(message, locations=[(f"dealer/{filename}", lineno)], context=context)
    return catalogs


def _po_path(locale: str, domain: str) -> Path:
    return LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, locale: str, domain: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=locale, domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=domain)


def update(only: str | None = None) -> None:
    for domain, template in extract().items():
        if only and domain != only:
            continue
        for locale in LOCALES:
            path = _po_path(locale, domain)
            catalog = _read(path, locale, domain)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False, sort_output=True)


def problems() -> list[str]:
    """Missing or untranslated messages, one line each."""
    found: list[str] = []
    for domain, template in extract().items():
        for locale in LOCALES:
            catalog = _read(_po_path(locale, domain), locale, domain)
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id)
                strings = entry.string if entry else None
                values = strings if isinstance(strings, (tuple, list)) else (strings,)
                if entry is None or entry.fuzzy or not all(values):
                    found.append(f"{locale}/{domain}: {message.id!r}")
    return found


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update(argv[1] if len(argv) > 1 else None)
        return 0
    if argv[:1] == ["check"]:
        missing = problems()
        print("\n".join(missing) or "All messages are translated.")
        return 1 if missing else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
