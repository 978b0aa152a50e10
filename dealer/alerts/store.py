"""Saved searches and their alerts: saving with double opt-in, finding the cars an import
brought for each confirmed search, queueing one mail per address (at once, or at most one
a day as a digest) and sending the queue.

Every mail is rendered and stored in ``alert_mail`` before it is sent, under a unique key,
and the matches it lists point at it in the same transaction: a restart loses no mail and
no match is mailed twice. Sending claims a row before it talks to the SMTP server, as the
lead outbox does (``dealer.leads.outbox``), and retries with its backoff.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Mapping
from email import message_from_string, policy
from itertools import groupby

import numpy as np
from sqlalchemy import delete, func, update
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from dealer.alerts import tokens
from dealer.alerts.mails import alert_message, confirmation_message
from dealer.alerts.models import AlertMail, AlertMatch, SavedSearch
from dealer.background import Recurring
from dealer.db import as_utc, get_engine
from dealer.forms.definitions import FORM_ERROR
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.leads.outbox import (
    MAX_ATTEMPTS,
    DeliveryReport,
    retry_delay,
    send_message,
)
from dealer.leads.store import RateLimitedError
from dealer.settings import Settings, get_settings
from dealer.stock.catalog import MONTHLY_DEAL_TYPES
from dealer.stock.index import StockIndex
from dealer.stock.query import StockQuery
from dealer.stock.results import VehicleCard
from dealer.views.stock import (
    HEADLINE_DISPLAY,
    PRICE_DISPLAYS,
    Card,
    Scope,
    card_values,
    price_display,
)

logger = logging.getLogger(__name__)

MODES = ("digest", "instant")
ALERT_KINDS = ("confirm", *MODES)  # alert_mail.kind of the saved searches' mails
DIGEST_PERIOD = dt.timedelta(days=1)
MAX_CONFIRMATIONS = 3  # per address and day: the form cannot be used to flood a mailbox
MAX_CARDS = 20  # per mail; the rest are in the listing the mail links to
# At most MAX_SAVES searches saved by one visitor (their address) within SAVE_WINDOW.
MAX_SAVES = 10
SAVE_WINDOW = dt.timedelta(hours=1)
# Mailed matches and sent mails are kept this long, then deleted by ``process``.
RETENTION = dt.timedelta(days=90)
_TOO_MANY_SAVES = N_("You have saved several searches in a short time. Please try again in "
                     "an hour.")
POLL_SECONDS = 60.0


# --- the visitor's side ------------------------------------------------------------------


def save_search(engine: Engine, settings: Settings, *, email: str, locale: str,
                params: Mapping[str, str], mode: str, now: dt.datetime,
                scope: Scope | None = None, client: str = "") -> int:
    """Store a search (unconfirmed) and queue the mail that asks to confirm it. The
    search is the listing's (``scope``: a brand's own stock keeps its brand as a filter,
    a deal listing is kept as the search's ``deal``), on page 1, with the price display
    the visitor chose. Raises RateLimitedError when the visitor (``client``, a
    ``leads.store.client_key``) saved ``MAX_SAVES`` searches within ``SAVE_WINDOW``."""
    scope = scope or Scope()
    query = scope.query(params).replace()
    saved = query.to_params() | ({"brand": query.scope_brand} if query.scope_brand else {})
    display = price_display(params, scope.deal)
    with Session(engine) as session:
        recent = session.exec(select(func.count()).select_from(SavedSearch).where(
            SavedSearch.client_key == client, SavedSearch.created_at > now - SAVE_WINDOW)).one()
        if client and recent >= MAX_SAVES:
            raise RateLimitedError({FORM_ERROR: gettext(locale, _TOO_MANY_SAVES, DOMAIN)})
        search = SavedSearch(
            email=email.strip(), locale=locale, params=saved, deal=query.scope_deal,
            display=display if display in PRICE_DISPLAYS else HEADLINE_DISPLAY,
            mode=mode if mode in MODES else "digest", created_at=now, client_key=client)
        session.add(search)
        session.flush()
        if _confirmations(session, search.email, now) >= MAX_CONFIRMATIONS:
            session.commit()  # kept, unconfirmed, without another mail
            return search.id or 0
        key = _confirm_key(search.id or 0)
        message = confirmation_message(settings, email=search.email, locale=locale,
                                       search_id=search.id or 0, key=key, now=now)
        session.add(AlertMail(key=key, kind="confirm", email=search.email,
                              message=message.as_string(), next_attempt_at=now,
                              created_at=now))
        session.commit()
        return search.id or 0


def _confirm_key(search_id: int) -> str:
    return f"confirm:{search_id}"


def search_query(search: SavedSearch) -> StockQuery:
    """The stock query of a saved search, in the listing it was saved from."""
    return StockQuery.from_params(search.params, deal=search.deal)


def _confirmations(session: Session, email: str, now: dt.datetime) -> int:
    return session.exec(select(func.count()).select_from(AlertMail).where(
        AlertMail.email == email, AlertMail.kind == "confirm",
        AlertMail.created_at > now - DIGEST_PERIOD)).one()


def to_confirm(engine: Engine, token: object) -> SavedSearch | None:
    """The search a confirmation link names (confirmed or not); None for a link that names
    none."""
    value = tokens.verify("confirm", token)
    if value is None or not value.isdigit():
        return None
    with Session(engine) as session:
        return session.get(SavedSearch, int(value))


def confirm(engine: Engine, token: object, now: dt.datetime) -> SavedSearch | None:
    """Confirm the search a confirmation link names, once (confirming again changes
    nothing); None for a link that names none."""
    search = to_confirm(engine, token)
    if search is None or search.confirmed_at is not None:
        return search
    with Session(engine) as session:
        session.exec(update(SavedSearch).where(
            col(SavedSearch.id) == search.id, col(SavedSearch.confirmed_at).is_(None))
            .values(confirmed_at=now))
        session.commit()
        return session.get(SavedSearch, search.id)


def address_of(token: object) -> str | None:
    return tokens.verify("address", token)


def searches_of(engine: Engine, email: str) -> list[SavedSearch]:
    with Session(engine) as session:
        return list(session.exec(select(SavedSearch).where(SavedSearch.email == email)
                                 .order_by(col(SavedSearch.id))))


def delete_search(engine: Engine, email: str, search_id: int) -> bool:
    """Delete one of the address's searches, its matches and the mail that asked to
    confirm it (a search saved later may get the same id: SQLite reuses the highest)."""
    with Session(engine) as session:
        result = session.exec(delete(SavedSearch).where(
            col(SavedSearch.id) == search_id, col(SavedSearch.email) == email))
        if result.rowcount:
            session.exec(delete(AlertMatch).where(col(AlertMatch.search_id) == search_id))
            session.exec(delete(AlertMail).where(col(AlertMail.key) == _confirm_key(search_id)))
        session.commit()
        return result.rowcount > 0


def unsubscribe(engine: Engine, email: str) -> int:
    """Forget the address: its searches, their matches and every alert mail to it (not
    the mails about a reservation the queue holds too)."""
    with Session(engine) as session:
        ids = select(SavedSearch.id).where(SavedSearch.email == email)
        session.exec(delete(AlertMatch).where(col(AlertMatch.search_id).in_(ids)))
        result = session.exec(delete(SavedSearch).where(col(SavedSearch.email) == email))
        session.exec(delete(AlertMail).where(col(AlertMail.email) == email,
                                             col(AlertMail.kind).in_(ALERT_KINDS)))
        session.commit()
        return result.rowcount


# --- after an import -----------------------------------------------------------------------


def match_all(index: StockIndex, searches: list[SavedSearch],
              vehicle_ids: list[int]) -> list[tuple[int, int]]:
    """(search id, row of the index) of the listed vehicles each search finds: at most
    ``MAX_CARDS`` per search, as many as a mail shows (a broad search would otherwise
    note most of a large import)."""
    among = index.rows_of(vehicle_ids)
    if not among.any():
        return []
    return [(search.id or 0, row) for search in searches
            for row in index.matching(search_query(search), among)[:MAX_CARDS].tolist()]


def record_matches(engine: Engine, vehicle_ids: list[int], now: dt.datetime,
                   index: StockIndex | None = None) -> int:
    """Note, for every confirmed search, the vehicles of ``vehicle_ids`` (new or cheaper
    in an import) it finds; a vehicle found again at the same prices is no new match."""
    if not vehicle_ids:
        return 0
    index = index or StockIndex.build(engine)
    with Session(engine) as session:
        searches = list(session.exec(select(SavedSearch).where(
            col(SavedSearch.confirmed_at).is_not(None))))
        found = match_all(index, searches, vehicle_ids)
        if not found:
            return 0
        rows = sorted({row for _, row in found})
        cards = dict(zip(rows, index.cards(np.array(rows, np.int64)), strict=True))
        known = set(session.exec(
            select(AlertMatch.search_id, AlertMatch.vehicle_id, AlertMatch.price_key)
            .where(col(AlertMatch.vehicle_id).in_([card.id for card in cards.values()]))).all())
        added = 0
        for search_id, row in found:
            card = cards[row]
            key = (search_id, card.id, _price_key(card))
            if key not in known:
                known.add(key)
                session.add(AlertMatch(search_id=search_id, vehicle_id=card.id,
                                       price_key=key[2], created_at=now))
                added += 1
        session.commit()
        return added


def _price_key(card: VehicleCard) -> str:
    return ",".join(str(getattr(card, deal)) for deal in ("price", *MONTHLY_DEAL_TYPES))


def queue_alerts(engine: Engine, settings: Settings, now: dt.datetime,
                 index: StockIndex | None = None) -> int:
    """Queue one mail per address and mode for the matches no mail lists yet: at once for
    instant searches, for digests only when the address had no digest for a day. The
    mail is in the language of the address's latest search; sold cars are left out."""
    with Session(engine) as session:
        pending = session.exec(
            select(AlertMatch, SavedSearch)
            .join(SavedSearch, col(SavedSearch.id) == col(AlertMatch.search_id))
            .where(col(AlertMatch.mail_id).is_(None))
            .order_by(col(SavedSearch.email), col(SavedSearch.mode), col(AlertMatch.id))
        ).all()
        if not pending:
            return 0
        index = index or StockIndex.build(engine)
        queued = 0
        for (email, mode), group in groupby(pending, key=lambda p: (p[1].email, p[1].mode)):
            matches = list(group)
            if mode == "digest" and _had_digest(session, email, now):
                continue
            locale = max((search for _, search in matches), key=lambda s: s.id or 0).locale
            key = f"{mode}:{email}:{matches[0][0].id}"
            cards = _cards(index, matches, locale)
            mail = AlertMail(key=key, kind=mode, email=email, message="",
                             next_attempt_at=now, created_at=now)
            if cards:
                mail.message = alert_message(settings, email=email, locale=locale,
                                             cards=cards, key=key, now=now).as_string()
                session.add(mail)
                session.flush()
                queued += 1
            for match, _ in matches:  # a mail, or nothing left to mail about (sold)
                match.mail_id = mail.id or 0
                session.add(match)
        session.commit()
        return queued


def _had_digest(session: Session, email: str, now: dt.datetime) -> bool:
    last = session.exec(select(AlertMail.created_at).where(
        AlertMail.email == email, AlertMail.kind == "digest")
        .order_by(col(AlertMail.created_at).desc()).limit(1)).first()
    return last is not None and now - as_utc(last) < DIGEST_PERIOD


def _cards(index: StockIndex, matches: list[tuple[AlertMatch, SavedSearch]],
           locale: str) -> list[Card]:
    """The cards of the matched vehicles still listed, each once, in its search's price."""
    display = {match.vehicle_id: search.display for match, search in matches}
    among = index.rows_of(list(display))
    rows = np.flatnonzero(among)[:MAX_CARDS]
    return [card_values(card, locale, display[card.id]) for card in index.cards(rows)]


def after_import(engine: Engine, vehicle_ids: list[int], settings: Settings | None = None,
                 now: dt.datetime | None = None) -> int:
    """The alerts of an import's new and cheaper vehicles: matched and queued."""
    now, settings = now or dt.datetime.now(dt.UTC), settings or get_settings()
    index = StockIndex.build(engine)
    record_matches(engine, vehicle_ids, now, index)
    return queue_alerts(engine, settings, now, index)


# --- sending -------------------------------------------------------------------------------


def deliver(engine: Engine, settings: Settings, now: dt.datetime) -> DeliveryReport:
    """Send every queued mail that is due; what fails waits for its next attempt."""
    report = DeliveryReport()
    with Session(engine) as session:
        due = session.exec(
            select(AlertMail.id, AlertMail.attempts)
            .where(AlertMail.status == "pending", AlertMail.next_attempt_at <= now)
            .order_by(col(AlertMail.next_attempt_at), col(AlertMail.id))
        ).all()
        for mail_id, seen in due:
            attempt = seen + 1
            claimed = session.exec(
                update(AlertMail)
                .where(col(AlertMail.id) == mail_id, col(AlertMail.status) == "pending",
                       col(AlertMail.attempts) == seen)
                .values(attempts=attempt, next_attempt_at=now + retry_delay(attempt)))
            session.commit()
            if claimed.rowcount != 1:
                continue  # another worker has it
            mail = session.get(AlertMail, mail_id)
            if mail is None:
                continue  # the address unsubscribed meanwhile
            try:
                send_message(message_from_string(mail.message, policy=policy.default),
                             settings)
            except Exception as error:  # whatever breaks, the mail waits for its next try
                gave_up = attempt >= MAX_ATTEMPTS
                mail.last_error, mail.status = str(error)[:500], "failed" if gave_up else "pending"
                logger.warning("alert mail %s failed (attempt %s): %s", mail_id, attempt, error)
                report.failed += gave_up
                report.retried += not gave_up
            else:
                mail.status, mail.sent_at, mail.last_error = "sent", now, None
                report.sent += 1
            session.add(mail)
            session.commit()
    return report


def process(engine: Engine | None = None, settings: Settings | None = None,
            now: dt.datetime | None = None) -> DeliveryReport:
    """One round: queue the digests that are due, send what is queued, forget what is
    older than ``RETENTION``."""
    engine, settings = engine or get_engine(), settings or get_settings()
    now = now or dt.datetime.now(dt.UTC)
    queue_alerts(engine, settings, now)
    report = deliver(engine, settings, now)
    forget_old(engine, now)
    return report


def forget_old(engine: Engine, now: dt.datetime) -> None:
    """Delete what is older than ``RETENTION``: the matches a mail listed (or that were
    sold before one could) and the mails that are sent or given up."""
    before = now - RETENTION
    with Session(engine) as session:
        session.exec(delete(AlertMatch).where(
            col(AlertMatch.mail_id).is_not(None), col(AlertMatch.created_at) < before))
        session.exec(delete(AlertMail).where(
            col(AlertMail.status) != "pending", col(AlertMail.created_at) < before))
        session.commit()


_sending = Recurring("alert mails", process)


def wake_alerts() -> None:
    """Ask the running loop to send now (a confirmation was just queued), from any thread."""
    _sending.wake()


async def run_alerts(interval: float = POLL_SECONDS) -> None:
    """Send alert mails for as long as the server runs: every ``interval`` seconds and
    whenever ``wake_alerts`` is called; no error ends the loop."""
    await _sending.run(interval)
