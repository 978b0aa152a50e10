"""The page scripts are JavaScript files written into pages with their values filled in."""

from __future__ import annotations

import re

import pytest

from dealer.web.page_scripts import SCRIPTS, inline_script

VALUES = {"crawler_cleanup": {"crawler_main_id": "crawler-main",
                              "served_header_id": "served-header", "main_id": "main-content",
                              "app_draw_timeout_ms": 15000,
                              "form_loading_class": "form-loading"},
          "app_guard": {"build": "abc123", "reload_guard_ms": 10000, "build_poll_ms": 120000},
          "route_rules": {"build": "abc123"}}


@pytest.mark.parametrize("name", sorted(path.stem for path in SCRIPTS.glob("*.js")))
def test_every_placeholder_is_filled_and_no_comment_is_sent(name: str) -> None:
    script = inline_script(name, **VALUES.get(name, {}))
    assert script.startswith("<script>") and script.endswith("</script>")
    assert not re.search(r"__[A-Z_]+__", script)
    assert not any(line.startswith("//") for line in script.splitlines())


def test_values_are_written_as_javascript_values() -> None:
    script = inline_script("app_guard", build='x"</script>', reload_guard_ms=10000,
                           build_poll_ms=120000)
    assert 'var build = "x\\"<\\/script>"' in script and "guard = 10000" in script
    with pytest.raises(KeyError):
        inline_script("route_rules")
