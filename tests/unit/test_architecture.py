"""The layering of docs/architecture.md, checked: no import circles, a Reflex-free domain,
and every screen's page and describer named in one place, the route table."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from dealer.routes import SCREENS
from dealer.views.content import screen_view
from dealer.web.describe import describer_for

DEALER = Path(__file__).resolve().parents[2] / "dealer"
UI_PACKAGES = ("dealer.pages", "dealer.state", "dealer.components")
# Modules that build, start or draw the app; everything else is plain Python.
UI_MODULES = ("dealer.dealer", "dealer.styles", "dealer.serve", *UI_PACKAGES)
# The HTTP layer serves Reflex's build, so it asks Reflex where that build is.
REFLEX_BUILD_READERS = {"dealer.web.server": {"reflex.utils.prerequisites",
                                              "reflex_base.constants"}}
# The framework: Reflex and the base package it is built on (events, registry, constants).
FRAMEWORK = ("reflex", "reflex_base")


def _module_name(path: Path) -> str:
    parts = path.relative_to(DEALER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module this file imports, at top level or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


MODULES = {_module_name(path): path for path in DEALER.rglob("*.py")}
GRAPH = {
    name: {imported for imported in _imports(path) if imported in MODULES and imported != name}
    for name, path in MODULES.items()
}


def _is_ui(module: str) -> bool:
    return module.startswith(UI_MODULES)


def test_no_import_circle() -> None:
    # Packages import their submodules only by name, so edges into a package's own
    # __init__ from its children are not circles of meaning; there are none today.
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for imported in sorted(GRAPH[module]):
            if state.get(imported) == 1:
                cycle = [*path[path.index(imported):], imported]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if imported not in state:
                visit(imported, [*path, imported])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])


@pytest.mark.parametrize("module", sorted(name for name in MODULES if not _is_ui(name)))
def test_domain_module_imports_no_ui(module: str) -> None:
    allowed = REFLEX_BUILD_READERS.get(module, set())
    imported = {name for name in _imports(MODULES[module])
                if not any(name == a or name.startswith(a + ".") for a in allowed)}
    ui = sorted(name for name in imported
                if name.split(".")[0] in FRAMEWORK or name.startswith(UI_PACKAGES))
    assert not ui, f"{module} is plain Python but imports {ui}"


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_screen_names_its_page_and_describer(screen: str) -> None:
    entry = SCREENS[screen]
    if screen == "sitemap":  # answered by the HTTP layer
        assert not entry.page and not entry.describer
        return
    from dealer.pages import page_for

    page = page_for(screen)
    assert callable(page.build)
    describer = describer_for(screen)
    assert describer is not None
    assert list(inspect.signature(describer).parameters) == ["request"]
    # A content screen names the view that builds it; no other screen names one.
    if entry.describer == "content:describe":
        assert screen_view(screen) is not None, f"{screen}: no view {entry.content!r}"
    else:
        assert not entry.content
