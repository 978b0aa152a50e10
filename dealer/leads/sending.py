"""Sending a visitor's request, the one way every form does it: the request forms, the
appointment request, the chat's hand-over (in the app) and the served request form (its
POST without the app).

The store runs off the event loop (it writes the database); a stored lead wakes the
outbox at once. The outcome says which of the three things happened, so each form can
answer in its own words: stored, refused by the rules (the visitor fixes the fields), or
not stored because of a failure on our side (logged; the visitor keeps the form).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from dealer.leads.outbox import wake_outbox
from dealer.leads.store import LeadRejectedError

logger = logging.getLogger(__name__)

Stored = TypeVar("Stored")


@dataclass(frozen=True)
class SendOutcome(Generic[Stored]):
    """How sending went. ``stored``: the request is kept (``lead`` is what the store
    returned: None for a honeypot's, which stores nothing and is answered alike).
    Otherwise ``refused`` holds the rules' refusal, or is None after a failure of ours."""

    stored: bool
    lead: Stored | None = None
    refused: LeadRejectedError | None = None


async def send_lead(store: Callable[[], Stored], what: str) -> SendOutcome[Stored]:
    """Run ``store`` (a call of ``store_lead`` or one that makes it) in a thread;
    ``what`` names the request in the log should it fail ("an appointment request")."""
    try:
        lead = await asyncio.to_thread(store)
    except LeadRejectedError as rejected:
        return SendOutcome(stored=False, refused=rejected)
    except Exception:  # the visitor is told; nothing was stored
        logger.exception("%s could not be stored", what)
        return SendOutcome(stored=False)
    wake_outbox()
    return SendOutcome(stored=True, lead=lead)
