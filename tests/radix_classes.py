"""Every class set ``dealer.framework.radix`` can give, and which of a set's classes a
stylesheet styles: for the contract tests of the Radix classes the server writes."""

from __future__ import annotations

import inspect
import itertools
import re
import typing
from collections.abc import Iterator

from dealer.framework import radix
from dealer.stylesheets import COMPONENT_CLASS

RULE_PRELUDE = re.compile(r"([^{};]+)\{")
SELECTOR_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")


def _values(hint: object) -> list[object]:
    """The values a parameter's type allows: a ``Literal``'s, and ``None`` if optional."""
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    return [value for arg in typing.get_args(hint)
            for value in ([None] if arg is type(None) else _values(arg))]


def class_sets() -> Iterator[tuple[str, str]]:
    """Each call of a ``radix`` function with each size, variant ... its types allow, as
    (the call, the classes it gives)."""
    for name, function in inspect.getmembers(radix, inspect.isfunction):
        if function.__module__ != radix.__name__:
            continue
        hints = typing.get_type_hints(function)
        parameters = list(inspect.signature(function).parameters)
        for arguments in itertools.product(*(_values(hints[p]) for p in parameters)):
            call = f"radix.{name}({', '.join(map(repr, arguments))})"
            yield call, function(*arguments)


class Stylesheet:
    """The class names of each rule of a stylesheet, by class."""

    def __init__(self, css: str) -> None:
        self.rules: dict[str, list[set[str]]] = {}
        for prelude in RULE_PRELUDE.findall(re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
            names = set(SELECTOR_CLASS.findall(prelude))
            for name in names:
                self.rules.setdefault(name, []).append(names)

    def unstyled(self, classes: str) -> list[str]:
        """The classes of the set ``classes`` no rule styles: a component's class
        (``rt-Badge``) needs a rule; any other (a size, a variant) a rule that names it
        with one of the set's components, or with no component (``rt-reset``)."""
        components = {name for name in classes.split() if COMPONENT_CLASS.fullmatch(name)}
        return [name for name in classes.split()
                if not any(name in components or not (named := {
                    other for other in rule if COMPONENT_CLASS.fullmatch(other)})
                    or named & components for rule in self.rules.get(name, []))]
