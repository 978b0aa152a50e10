"""Where a contact request comes from, and the topic it starts with because of it.

A page links to direct contact with what it is about in the query: a lease offer
(``?lease_offer=<slug>``), a vehicle (``?vehicle=<slug>``) or a branch (``?branch=<slug>``).
``contact_origin`` reads that query with code that cannot raise; a value it cannot use is
no origin, and the form works as it does without one. A model's contact form is about its
model already (the model is in its path).

The visitor who came from a car asks about buying or leasing it; a branch's question goes
to what the branch does: its showroom when it sells cars, else its workshop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from dealer.routes import path_for

# The query parameters that name an origin, the first usable one wins.
ORIGIN_KINDS = ("lease_offer", "vehicle", "branch")
MAX_SLUG_LENGTH = 200
_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")

# The answers of the form field ``topic`` (dealer.forms.definitions.TOPIC).
SALES, WORKSHOP, OTHER = "sales", "workshop", "other"
_CAR_KINDS = ("lease_offer", "vehicle", "model")
# A branch's services (dealer.stock.catalog.SERVICES) by the topic they answer.
_SELLING = frozenset({"sales", "used_cars", "lease", "commercial_vehicles", "rental"})
_SERVICING = frozenset({"workshop", "bodywork", "tyres", "inspection", "ev_charging"})


@dataclass(frozen=True)
class Origin:
    kind: str = ""  # one of ORIGIN_KINDS; "" when the link names none
    slug: str = ""

    @property
    def key(self) -> str:
        """The origin as a short text (a draft's key part): "vehicle=vw-golf-1", or ""."""
        return f"{self.kind}={self.slug}" if self.kind else ""


def slug(value: object) -> str:
    """A slug as the site writes them (lower-case letters, digits, hyphens, at most
    ``MAX_SLUG_LENGTH``); '' for anything else."""
    if not isinstance(value, str) or len(value) > MAX_SLUG_LENGTH:
        return ""
    return value if _SLUG.fullmatch(value) else ""


def contact_origin(query: object) -> Origin:
    """The origin a contact link's query names; ``Origin()`` for none or garbage."""
    if not isinstance(query, Mapping):
        return Origin()
    for kind in ORIGIN_KINDS:
        found = slug(query.get(kind))
        if found:
            return Origin(kind, found)
    return Origin()


def question_href(locale: str, kind: str, subject: str) -> str:
    """The direct contact form about a subject of ``kind`` (one of ORIGIN_KINDS)."""
    return f"{path_for('direct_contact', locale)}?{urlencode({kind: subject})}"


def topic_for(kind: str, services: Iterable[str] = ()) -> str:
    """The topic a request starts with: about a car (a lease offer, a vehicle, a model) it
    is buying or leasing one; about a branch, what the branch does (``services``); ''
    (no answer chosen) without an origin."""
    if kind in _CAR_KINDS:
        return SALES
    if kind != "branch":
        return ""
    offered = set(services)
    if offered & _SELLING:
        return SALES
    return WORKSHOP if offered & _SERVICING else OTHER
