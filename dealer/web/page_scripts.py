"""The scripts the HTTP layer writes into served pages, kept as JavaScript files in
``scripts/`` (``dealer.javascript``): inline, as the content security policy allows them
by their hash (``web/csp.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dealer.javascript import script

SCRIPTS = Path(__file__).parent / "scripts"


@cache
def inline_script(name: str, **values: str | int) -> str:
    """``<script>`` holding ``scripts/<name>.js`` with its placeholders filled."""
    return "<script>" + script(__file__, name, **values) + "</script>"
