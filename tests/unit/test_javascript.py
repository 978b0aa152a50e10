"""JavaScript lives in .js files beside the modules that use it, read once and filled in."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

import pytest

from dealer import javascript
from dealer.javascript import script

DEALER = Path(javascript.__file__).parent
FILES = sorted(DEALER.rglob("scripts/*.js"))
PLACEHOLDER = re.compile(r"__[A-Z][A-Z_]*__")


def test_placeholders_are_filled_with_javascript_values_and_comments_dropped(
        tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "example.js").write_text(
        "// what it does\n  var a = __NAME__;\n\n  var b = __VALUES__;\n")
    module = str(tmp_path / "module.py")
    filled = script(module, "example", name='x"</script>', values={"a": [1, 2]})
    assert filled == 'var a = "x\\"<\\/script>";\nvar b = {"a":[1,2]};'
    with pytest.raises(KeyError):
        script(module, "example", name="x")


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(DEALER).as_posix())
def test_every_script_is_used_by_its_package(path: Path) -> None:
    package = path.parent.parent
    users = [module for module in package.glob("*.py")
             if re.search(rf"""["']{re.escape(path.stem)}["']""", module.read_text())]
    assert users, f"no module of {package.name}/ uses {path.name}"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(DEALER).as_posix())
def test_every_script_is_javascript(path: Path) -> None:
    """Each file, its placeholders given values, parses (as the body of an async function:
    the app's start awaits)."""
    source = PLACEHOLDER.sub("null", javascript._source(path))
    program = ("new (Object.getPrototypeOf(async function(){}).constructor)"
               f"({json.dumps(source)});")
    result = subprocess.run(["node", "-e", program], capture_output=True, text=True)
    assert result.returncode == 0, f"{path.name} is no valid JavaScript: {result.stderr[-400:]}"


def _strings(path: Path) -> list[str]:
    """The string literals of a module (an f-string's literal parts joined), not its
    docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.JoinedStr):
            found.append("".join(part.value for part in node.values
                                 if isinstance(part, ast.Constant)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
    return found


@pytest.mark.parametrize("path", sorted(DEALER.rglob("*.py")),
                         ids=lambda path: path.relative_to(DEALER).as_posix())
def test_no_function_body_is_written_in_python(path: Path) -> None:
    """A function with statements is JavaScript in a .js file; a Python string holds at
    most one expression or statement (a call of a .jsx module's function, a hook)."""
    bodies = [text[:80] for text in _strings(path)
              if ("=>" in text or "function" in text) and text.count(";") >= 2]
    assert not bodies, f"JavaScript written in {path.name}: {bodies}"
