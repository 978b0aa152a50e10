"""JavaScript the Python code hands the browser, kept as JavaScript files beside the
modules that use it (``<package>/scripts/<name>.js``) and read once: the scripts written
into served pages (``web/page_scripts.py``), the page's start (consent, data layer) and
the expressions, hooks and scripts the app's components and states run.

A file is used without its comment lines and indentation. A ``__NAME__`` in a script is
filled with the JSON of the value given for ``name`` (``</`` escaped, so that a value
cannot end an inline script element).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

_PLACEHOLDER = re.compile(r"__([A-Z][A-Z_]*)__")


@cache
def _source(path: Path) -> str:
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def script(module_file: str, name: str, /, **values: object) -> str:
    """``scripts/<name>.js`` beside the module ``module_file`` (its ``__file__``), with its
    placeholders filled."""
    def fill(match: re.Match[str]) -> str:
        value = values[match.group(1).lower()]
        return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")

    return _PLACEHOLDER.sub(fill, _source(Path(module_file).parent / "scripts" / f"{name}.js"))
