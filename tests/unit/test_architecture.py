"""The layering of docs/architecture.md, checked: no import circles, a Reflex-free domain,
the framework's internals behind one door (``dealer.framework``), and every screen's page
and describer named in one place, the route table."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer.routes import SCREENS
from dealer.views.content import screen_view
from dealer.web.describe import describer_for

DEALER = Path(__file__).resolve().parents[2] / "dealer"
UI_PACKAGES = ("dealer.pages", "dealer.state", "dealer.components")
# Modules that build the app or the UI itself; everything else is plain Python.
UI_MODULES = ("dealer.dealer", "dealer.styles", *UI_PACKAGES)
# The framework: Reflex and the base package it is built on (events, registry, constants).
FRAMEWORK = ("reflex", "reflex_base")
# The one package that relies on the framework's internals and its build's output.
DOOR = "dealer.framework"
# What the rest of the site may import of the framework: ``rx`` and the two modules
# Reflex's guide to wrapping React components names (``VarData``, event specs).
PUBLIC_FRAMEWORK = frozenset({"reflex", "reflex.vars", "reflex.event"})
# Names of the framework's internals and its build's files, and the classes of the theme's
# components written out as markup (``framework.radix``): only the door says them.
INTERNAL_NAMES = re.compile(
    r"app_wraps\[|\.__module__ =|_token_manager|get_web_dir|update_env_json|__REFLEX_|"
    r"__reflex_|__spa-fallback|\.templates/|[\"']\.web[\"'/]|class=\"rt-|rt-reset|rt-variant-")


def _module_name(path: Path) -> str:
    parts = path.relative_to(DEALER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> Iterator[tuple[str, list[str]]]:
    """Every module this file imports, at top level or inside a function, with the names
    it takes from it."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, [alias.name for alias in node.names]


def _imports(path: Path) -> set[str]:
    """Every module (and module.name) this file imports."""
    found: set[str] = set()
    for module, names in _imported(path):
        found.add(module)
        found.update(f"{module}.{name}" for name in names)
    return found


MODULES = {_module_name(path): path for path in DEALER.rglob("*.py")}
GRAPH = {
    name: {imported for imported in _imports(path) if imported in MODULES and imported != name}
    for name, path in MODULES.items()
}


def _framework_imports(path: Path) -> set[str]:
    """The framework's modules this file imports (``import x`` or ``from x import ...``)."""
    return {module for module, _ in _imported(path) if module.split(".")[0] in FRAMEWORK}


def _imports_framework_at_top(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [alias.name for node in tree.body if isinstance(node, ast.Import)
             for alias in node.names]
    names += [node.module for node in tree.body
              if isinstance(node, ast.ImportFrom) and node.module and node.level == 0]
    return any(name.split(".")[0] in FRAMEWORK for name in names)


def _in_door(module: str) -> bool:
    return module == DOOR or module.startswith(DOOR + ".")


# The door's modules that are Reflex code (the app's parts, the theme's plugin); its others
# (the build's layout, its HTML) are plain Python, asking Reflex only inside a function.
DOOR_UI = frozenset(name for name in MODULES
                    if _in_door(name) and _imports_framework_at_top(MODULES[name]))


def _is_ui(module: str) -> bool:
    return module.startswith(UI_MODULES) or module in DOOR_UI


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
    ui = sorted(name for name in _imports(MODULES[module])
                if (name.split(".")[0] in FRAMEWORK and not _in_door(module))
                or name.startswith(UI_PACKAGES) or name in DOOR_UI)
    assert not ui, f"{module} is plain Python but imports {ui}"


@pytest.mark.parametrize("module", sorted(name for name in MODULES if not _in_door(name)))
def test_only_the_door_imports_the_frameworks_internals(module: str) -> None:
    internal = sorted(_framework_imports(MODULES[module]) - PUBLIC_FRAMEWORK)
    assert not internal, (f"{module} imports the framework's internals {internal}: "
                          f"put what needs them in {DOOR} and call its API")


def _outside_the_door() -> list[Path]:
    root = DEALER.parent
    return [*(path for name, path in MODULES.items() if not _in_door(name)),
            root / "rxconfig.py", *sorted((root / "scripts").glob("*.sh"))]


@pytest.mark.parametrize("path", _outside_the_door(),
                         ids=lambda path: path.relative_to(DEALER.parent).as_posix())
def test_only_the_door_names_the_frameworks_internals(path: Path) -> None:
    """The framework's private switches, hooks and build files, named only in the door."""
    found = sorted({match.group() for match in INTERNAL_NAMES.finditer(path.read_text())})
    assert not found, (f"{path.name} names the framework's internals {found}: "
                       f"put what needs them in {DOOR} and call its API")


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
