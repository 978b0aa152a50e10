"""Links in alert mails: a value signed with the site's secret, checked without raising."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac

from dealer.leads.store import secret_key

MAX_TOKEN = 600  # longer than any token we make: not read at all


def _mac(purpose: str, value: str) -> str:
    message = f"alerts:{purpose}:{value}".encode()
    return hmac.new(secret_key(), message, hashlib.sha256).hexdigest()[:32]


def sign(purpose: str, value: str) -> str:
    """A token for ``value`` that only ``verify`` with the same ``purpose`` accepts."""
    encoded = base64.urlsafe_b64encode(value.encode()).decode().rstrip("=")
    return f"{encoded}.{_mac(purpose, value)}"


def verify(purpose: str, token: object) -> str | None:
    """The value of a token made by ``sign(purpose, ...)``; None for anything else."""
    if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
        return None
    encoded, mac = token.split(".")
    try:
        value = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    # compare_digest takes ASCII text only; no signature of ours is anything else.
    return value if mac.isascii() and hmac.compare_digest(mac, _mac(purpose, value)) else None
