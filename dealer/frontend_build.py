"""What the site changes in the framework's frontend build (a plugin, see rxconfig.py).

State updates from the server are rendered as React transitions. The framework applies
each update it receives over the websocket at once, and rendering a page of vehicle cards
that way held a phone's main thread for several hundred milliseconds in one task (a tap
or a scroll waited for it). As a transition React renders in slices of a few
milliseconds and lets the browser handle input in between; what is shown is the same.
"""

from __future__ import annotations

from typing import Any

from reflex.plugins import Plugin

STATE_MODULE = "utils/state.js"
REACT_IMPORT = 'import { useCallback, useEffect, useRef, useState } from "react";'
APPLY_DELTA = """        for (const substate in delta) {
          dispatch[substate](delta[substate]);
        }"""


def render_updates_as_transitions(source: str) -> str:
    """The state module with server updates dispatched inside ``startTransition``
    (unchanged when it already is, or when the framework's code differs)."""
    if "startTransition" in source or REACT_IMPORT not in source or APPLY_DELTA not in source:
        return source
    source = source.replace(
        REACT_IMPORT,
        'import { startTransition, useCallback, useEffect, useRef, useState } from "react";',
    )
    return source.replace(
        APPLY_DELTA,
        "        startTransition(() => {\n"
        + "\n".join("  " + line for line in APPLY_DELTA.splitlines())
        + "\n        });",
    )


class TransitionUpdates(Plugin):
    """Registers :func:`render_updates_as_transitions` with the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_MODULE, render_updates_as_transitions)
