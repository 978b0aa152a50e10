"""The scripts the HTTP layer writes into served pages, kept as JavaScript files in
``scripts/``: inline, as the content security policy allows them by their hash
(``web/csp.py``), without their comment lines and indentation. A ``__NAME__`` in a script
is filled with the JSON of the value given for ``name``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

SCRIPTS = Path(__file__).parent / "scripts"
_PLACEHOLDER = re.compile(r"__([A-Z][A-Z_]*)__")


@cache
def _source(name: str) -> str:
    lines = (line.strip() for line in (SCRIPTS / f"{name}.js").read_text().splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


@cache
def inline_script(name: str, **values: str | int) -> str:
    """``<script>`` holding ``scripts/<name>.js`` with its placeholders filled."""
    def fill(match: re.Match[str]) -> str:
        return json.dumps(values[match.group(1).lower()]).replace("</", "<\\/")

    return "<script>" + _PLACEHOLDER.sub(fill, _source(name)) + "</script>"
