"""Keeps the translation catalogs in step with the code.

    python -m dealer.catalogs update [DOMAIN]   add new msgids to the PO files, drop unused ones
    python -m dealer.catalogs check    exit 1 when a msgid is missing or untranslated

A module whose texts belong to a vocabulary of their own (stock, forms, content) names
it in a module-level ``DOMAIN`` and passes it to its gettext calls; every other module
uses "messages". Messages are marked with ``N_(...)``, ``gettext(locale, ...)`` or
``ngettext(locale, singular, plural, ...)``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from dealer.i18n import LOCALES, LOCALES_DIR
from dealer.settings import PROJECT_ROOT

DEALER_DIR = PROJECT_ROOT / "dealer"
DEFAULT_DOMAIN = "messages"
KEYWORDS = {"N_": None, "gettext": (2,), "ngettext": (2, 3)}


def _module_file(module: str) -> Path:
    path = PROJECT_ROOT / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def domain_of(source: Path) -> str:
    """The domain a module's messages belong to: its module-level ``DOMAIN``, assigned
    or imported, the very name its gettext calls pass; "messages" without one. So a
    module's messages move with the module, never with its file path."""
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "DOMAIN" for target in node.targets
        ):
            return ast.literal_eval(node.value)
        if isinstance(node, ast.ImportFrom) and node.module and any(
            alias.name == "DOMAIN" and alias.asname is None for alias in node.names
        ):
            return domain_of(_module_file(node.module))
    return DEFAULT_DOMAIN


def extract_python(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: object, options: object,
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extraction method for our modules, read by Python's own parser: it finds
    the marked calls inside f-strings too (``f"{n} {gettext(locale, 'hp')}"``), which
    Babel's own method passes over on Python 3.11. A message that is not a literal
    string is None."""
    for node in ast.walk(ast.parse(fileobj.read())):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in keywords):
            yield node.lineno, node.func.id, tuple(
                arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                else None for arg in node.args), []


def extract(source_dir: Path = DEALER_DIR) -> dict[str, Catalog]:
    """Every marked message in the code under ``source_dir``, grouped by domain."""
    catalogs: dict[str, Catalog] = {}
    domains: dict[str, str] = {}  # per file: each of its messages would parse it again
    for filename, lineno, message, _comments, context in extract_from_dir(
        source_dir,
        method_map=[("**.py", "dealer.catalogs:extract_python")],
        keywords=KEYWORDS,
    ):
        if filename not in domains:
            domains[filename] = domain_of(source_dir / filename)
        domain = domains[filename]
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
            created = catalog.creation_date  # a stable header: no change without new texts
            catalog.update(template, no_fuzzy_matching=True)
            catalog.creation_date = created
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False, sort_output=True,
                         include_lineno=False)


def problems(source_dir: Path = DEALER_DIR) -> list[str]:
    """Missing or untranslated messages of the code under ``source_dir``, one line each."""
    found: list[str] = []
    for domain, template in extract(source_dir).items():
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
