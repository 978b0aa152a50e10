"""The theme's stylesheet without the rules of components no page uses.

Radix Themes ships one stylesheet for all of its components (menus, sliders, cards ...).
Its components name their parts with classes such as ``rt-Button`` and ``rt-SelectItem``,
written out in each component's code; the build bundles only the components the pages
use. So a rule whose selector names a component class that no built script holds
styles nothing on this site, and is dropped. Rules without component classes (tokens,
layout utilities ``rt-r-*``, the site's own classes) are kept as they are.

Radix also styles every layout and size prop at every breakpoint (``md:rt-r-size-7``, a
fifth of the stylesheet per breakpoint). A page sets a prop per breakpoint with an
object such as ``{initial: "6", md: "7"}``, written out in its script: a breakpoint
rule stays when some script gives its breakpoint the value its class ends with, or
when it holds any value of its own (``sm:rt-r-w`` reads ``var(--width-sm)``). A
breakpoint value that comes from the server at run time, not from the page's code,
would find no rule: give such props their values in code (``rx.breakpoints``).

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
BREAKPOINTS = "xs|sm|md|lg|xl"
# A breakpoint's value in a script: `md:"7"` (built) or `["md"] : "7"` (compiled page).
BREAKPOINT_VALUE = re.compile(
    rf"""[{{,]\s*(?:\[\s*"({BREAKPOINTS})"\s*\]|({BREAKPOINTS}))\s*:\s*"""
    r"""(?:`([^`]*)`|"([^"]*)"|'([^']*)')""")
BREAKPOINT_CLASS = re.compile(rf"\.({BREAKPOINTS})\\:(-?rt-r-[\w-]+)")
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


def breakpoint_values(scripts: Iterable[str]) -> dict[str, set[str]]:
    """The values the scripts give each breakpoint: ``{"md": {"2", "7"}}``."""
    found: dict[str, set[str]] = {}
    for text in scripts:
        for match in BREAKPOINT_VALUE.finditer(text):
            breakpoint_ = match[1] or match[2]
            value = next(group for group in match.groups()[2:] if group is not None)
            found.setdefault(breakpoint_, set()).add(value)
    return found


def components_signature(sources: Iterable[str]) -> str:
    """A short hash of the Radix components, component classes and breakpoint values
    the compiled pages name: it changes whenever the rules the build keeps can change."""
    names: set[str] = set()
    for text in sources:
        names.update(COMPONENT_CLASS.findall(text))
        for imported in RADIX_IMPORT.findall(text):
            names.update(name.split(" as ")[0].strip() for name in imported.split(","))
        names.update(f"{breakpoint_}:{value}" for breakpoint_, values
                     in breakpoint_values([text]).items() for value in values)
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


def _breakpoint_rule_used(selector: str, body: str,
                          responsive: dict[str, set[str]]) -> bool:
    for breakpoint_, name in BREAKPOINT_CLASS.findall(selector):
        values = responsive.get(breakpoint_)
        if values is None:
            return False
        if not (f"-{breakpoint_})" in body
                or any(_names_value(name, value) for value in values)):
            return False
    return True


def _names_value(name: str, value: str) -> bool:
    """Whether the utility class ``name`` sets ``value``: ``rt-r-mt-2`` sets "2",
    ``-rt-r-mt-2`` sets "-2"."""
    if value.startswith("-"):
        return name.startswith("-") and name.endswith(value)
    return name.endswith(f"-{value}")


def without_unused_components(css: str, used: set[str],
                              responsive: dict[str, set[str]] | None = None) -> str:
    """``css`` without the selectors that name a component class outside ``used`` or,
    given the scripts' ``responsive`` values (``breakpoint_values``), a breakpoint rule
    no script sets, and without the rules and groups left empty by that. Comments are
    dropped."""
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
            inner = without_unused_components(body, used, responsive)
            if inner.strip():
                kept.append(f"{prelude}{{{inner}}}")
        elif at_rule:
            kept.append(f"{prelude}{{{body}}}")
        else:
            selectors = _selectors(prelude)
            shown = [selector for selector in selectors
                     if set(SELECTOR_CLASS.findall(selector)) <= used
                     and (responsive is None
                          or _breakpoint_rule_used(selector, body, responsive))]
            if len(shown) == len(selectors):
                kept.append(f"{prelude}{{{body}}}")
            elif shown:
                kept.append(f"{','.join(selector.strip() for selector in shown)}{{{body}}}")
    return "".join(kept)
