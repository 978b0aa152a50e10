"""Half-typed forms kept in the browser (``dealer.forms.drafts``), for every form state that
keeps them: the request forms and the appointment request.

A form reads the drafts from the browser's local storage whenever it starts
(``read_drafts``): after an idle expiry the server's state, its copy of the drafts
included, is gone, and what the browser holds is the truth. What the browser sends while
the form (re)loads is held for it (``_hold``) and filled in once it is ready. The draft
keeps the request's idempotency key: a request sent again after the server forgot the form
stores no second lead.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping

import reflex as rx
from reflex.event import EventSpec

from dealer import params
from dealer.forms.definitions import MAX_VALUE_CHARS, FormDef
from dealer.forms.drafts import (
    MAX_STORED_CHARS,
    STORAGE_NAME,
    restored_request_key,
    restored_values,
    with_draft,
    without_draft,
)

_READ_DRAFTS = f"localStorage.getItem({json.dumps(STORAGE_NAME)})"
_MAX_PENDING, _MAX_NAME = 32, 40  # fields typed into while the form (re)loads


def read_drafts(callback: rx.EventHandler) -> EventSpec:
    """Ask the browser for its drafts; ``callback`` gets the stored text (or None)."""
    return rx.call_script(_READ_DRAFTS, callback=callback)


class DraftKeeping(rx.State, mixin=True):
    # Half-typed forms, kept in the browser: they outlive a server restart, a deploy, a
    # reload and an idle expiry.
    drafts: str = rx.LocalStorage("", name=STORAGE_NAME)
    # The request's idempotency key: a repeated submit of the same draft stores one lead.
    _request_key: str = ""
    # The draft's page key: the form and what it is about.
    _page_key: str = ""
    # What the browser sent while the form was (re)loading, by field: kept for when it is
    # ready (typing after an idle expiry arrives before the form has loaded again).
    _pending: dict[str, str] = {}  # noqa: RUF012 - per-session copy made by Reflex

    def _hold(self, name: object, value: object) -> None:
        """Keep a value typed into a form the server is loading (again), bounded."""
        if isinstance(name, str) and len(name) <= _MAX_NAME and (
                name in self._pending or len(self._pending) < _MAX_PENDING):
            self._pending[name] = params.text(value, MAX_VALUE_CHARS)

    def _held(self) -> dict[str, str]:
        """What was typed while the form loaded; held no longer."""
        pending, self._pending = self._pending, {}
        return pending

    def _restore_drafts(self, stored: object, form: FormDef,
                        start: Mapping[str, str] | None = None) -> dict[str, str]:
        """The form's values from the browser's drafts (``start`` where the draft has
        none), and the key its request was typed under (a new one for a new draft)."""
        self.drafts = params.text(stored, MAX_STORED_CHARS)
        self._request_key = (restored_request_key(self.drafts, self._page_key)
                             or secrets.token_urlsafe(24))
        return restored_values(self.drafts, self._page_key, form, start)

    def _keep_draft(self, form: FormDef, values: Mapping[str, str],
                    start: Mapping[str, str] | None = None) -> None:
        self.drafts = with_draft(self.drafts, self._page_key, form, values,
                                 self._request_key, start)

    def _drop_draft(self, stored: object = None) -> None:
        """The request was stored: its draft goes (from ``stored``, the drafts as the
        browser holds them, when the state has not read them)."""
        drafts = self.drafts if stored is None else params.text(stored, MAX_STORED_CHARS)
        self.drafts = without_draft(drafts, self._page_key)
