"""Half-typed forms kept in the visitor's browser, so that a server restart, a deploy or
a reload loses nothing they typed.

The drafts are one JSON text in the browser's local storage (``STORAGE_NAME``): per form
and subject (the vehicle or model the request is about) the values that differ from the
form's defaults, the most recent last, and the request's idempotency key: a request sent
again after the server forgot the form (a restart, an idle expiry, a lost state store)
stores no second lead. Whatever the browser hands back is read by code that cannot raise.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from dealer import params
from dealer.forms.definitions import HONEYPOT, FormDef, bounded_value, initial_values

STORAGE_NAME = "form_drafts"  # the browser's local storage key
MAX_DRAFTS = 5
MAX_STORED_CHARS = 24_000  # a few full forms; local storage itself allows megabytes
_KEY = "#key"  # a draft's idempotency key, under a name no field has


def read_drafts(stored: object) -> dict[str, dict[str, str]]:
    """The drafts in the stored text, by page key; nothing for anything unreadable."""
    if not isinstance(stored, str) or len(stored) > MAX_STORED_CHARS:
        return {}
    try:
        data = json.loads(stored)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        key: {name: value for name, value in values.items()
              if isinstance(name, str) and isinstance(value, str)}
        for key, values in data.items()
        if isinstance(key, str) and isinstance(values, dict)
    }


def _stored(drafts: dict[str, dict[str, str]]) -> str:
    while True:
        text = json.dumps(drafts, ensure_ascii=False, separators=(",", ":"))
        if len(text) <= MAX_STORED_CHARS or not drafts:
            return text
        drafts.pop(next(iter(drafts)))  # the oldest goes first


def latest_key(stored: object, prefix: str) -> str:
    """The page key of the most recent draft whose key starts with ``prefix``; "" for none."""
    return next((key for key in reversed(read_drafts(stored)) if key.startswith(prefix)), "")


def _kept(form: FormDef) -> set[str]:
    """The fields a draft keeps: not the honeypot, not files (they are sent again)."""
    return {f.name for f in form.fields if f.name != HONEYPOT and f.type != "file"}


def with_draft(stored: object, key: str, form: FormDef, values: Mapping[str, str],
               request_key: str = "", start: Mapping[str, str] | None = None) -> str:
    """The stored text with this page's draft replaced by ``values`` (what differs from
    the values the form starts with: its defaults, or ``start``) and the request's
    ``request_key``, as the most recent; without it when nothing differs."""
    drafts = read_drafts(stored)
    drafts.pop(key, None)
    defaults = initial_values(form) if start is None else start
    changed = {name: value for name, value in values.items()
               if name in _kept(form) and value != defaults.get(name)}
    if changed:
        drafts[key] = {**changed, _KEY: request_key} if request_key else changed
    while len(drafts) > MAX_DRAFTS:
        drafts.pop(next(iter(drafts)))
    return _stored(drafts)


def without_draft(stored: object, key: str) -> str:
    """The stored text without this page's draft (its request was sent)."""
    drafts = read_drafts(stored)
    drafts.pop(key, None)
    return _stored(drafts)


def restored_values(stored: object, key: str, form: FormDef,
                    start: Mapping[str, str] | None = None) -> dict[str, str]:
    """The values the form starts with (its defaults, or ``start``) with this page's draft
    filled in, each value bounded as if typed."""
    values = initial_values(form) if start is None else dict(start)
    for name, value in read_drafts(stored).get(key, {}).items():
        if name in _kept(form):
            values[name] = bounded_value(form.field(name), value)
    return values


def restored_request_key(stored: object, key: str) -> str:
    """The idempotency key this page's draft was typed under; "" for none."""
    return params.request_key(read_drafts(stored).get(key, {}).get(_KEY))
