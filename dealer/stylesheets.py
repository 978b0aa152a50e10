"""The theme's stylesheet without the rules of components no page uses.

Radix Themes ships one stylesheet for all of its components (menus, sliders, cards ...).
Its components name their parts with classes such as ``rt-Button`` and ``rt-SelectItem``,
written out in each component's code; the build bundles only the components the pages
use. So a rule whose selector names a component class that no built script holds
styles nothing on this site, and is dropped. Rules without component classes (tokens,
layout utilities ``rt-r-*``, the site's own classes) are kept as they are.

The build names the stylesheet by a hash of what it wrote, before the rules are dropped,
and browsers keep it for a year under that name. Which rules are dropped depends on the
pages, so the stylesheet carries a signature of the Radix components the compiled pages
import (``with_components_signature``): a page that takes a new component changes the
stylesheet's name too, and no browser keeps a copy without that component's rules.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

COMPONENT_CLASS = re.compile(r"rt-[A-Z][A-Za-z0-9]*")
RADIX_IMPORT = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"@radix-ui/themes"')
SIGNATURE_RULE = re.compile(r':root\{--site-components:"[0-9a-f]*"\}\n?')
SELECTOR_CLASS = re.compile(r"\.(rt-[A-Z][A-Za-z0-9]*)")
# At-rules whose blocks hold rules; every other block (@font-face, @keyframes ...) stays.
GROUPING_RULES = ("@media", "@supports", "@layer", "@container", "@scope")


def component_classes(scripts: Iterable[str]) -> set[str]:
    """The component classes the built scripts hold."""
    found: set[str] = set()
    for text in scripts:
        found.update(COMPONENT_CLASS.findall(text))
    return found


def components_signature(sources: Iterable[str]) -> str:
    """A short hash of the Radix components and component classes the compiled pages
    name: it changes whenever the rules the build keeps can change."""
    names: set[str] = set()
    for text in sources:
        names.update(COMPONENT_CLASS.findall(text))
        for imported in RADIX_IMPORT.findall(text):
            names.update(name.split(" as ")[0].strip() for name in imported.split(","))
    names.discard("")
    return hashlib.sha256(" ".join(sorted(names)).encode()).hexdigest()[:12]


def with_components_signature(css: str, signature: str) -> str:
    """``css`` with one rule that holds ``signature`` (a custom property, which the
    build's minifier keeps), in place of an earlier one."""
    return SIGNATURE_RULE.sub("", css).rstrip("\n") + (
        f'\n:root{{--site-components:"{signature}"}}\n')


def _selectors(prelude: str) -> list[str]:
    """A rule's selector list, split at its top-level commas (not inside ``:is(...)``)."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(prelude):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(prelude[start:index])
            start = index + 1
    parts.append(prelude[start:])
    return parts


def _block_end(css: str, opening: int) -> int:
    """The index of the brace closing the block opened at ``opening``."""
    depth = 0
    for index in range(opening, len(css)):
        if css[index] == "{":
            depth += 1
        elif css[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(css)


def without_unused_components(css: str, used: set[str]) -> str:
    """``css`` without the selectors that name a component class outside ``used``, and
    without the rules and groups left empty by that. Comments are dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    kept: list[str] = []
    position = 0
    while position < len(css):
        opening = css.find("{", position)
        statement_end = css.find(";", position)
        if opening == -1 or (statement_end != -1 and statement_end < opening):
            # a statement without a block (@import, @charset) or the tail
            end = len(css) if statement_end == -1 else statement_end + 1
            kept.append(css[position:end])
            position = end
            continue
        closing = _block_end(css, opening)
        prelude, body = css[position:opening], css[opening + 1:closing]
        position = closing + 1
        at_rule = prelude.strip().split(maxsplit=1)[0] if prelude.strip().startswith("@") \
            else ""
        if at_rule in GROUPING_RULES:
            inner = without_unused_components(body, used)
            if inner.strip():
                kept.append(f"{prelude}{{{inner}}}")
        elif at_rule:
            kept.append(f"{prelude}{{{body}}}")
        else:
            selectors = _selectors(prelude)
            shown = [selector for selector in selectors
                     if set(SELECTOR_CLASS.findall(selector)) <= used]
            if len(shown) == len(selectors):
                kept.append(f"{prelude}{{{body}}}")
            elif shown:
                kept.append(f"{','.join(selector.strip() for selector in shown)}{{{body}}}")
    return "".join(kept)
