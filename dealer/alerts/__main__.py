"""Alert commands for the dealer: ``python -m dealer.alerts list|process``."""

from __future__ import annotations

import argparse
import sys

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, func, select

from dealer.alerts.models import AlertMail, SavedSearch
from dealer.alerts.store import process
from dealer.db import get_engine
from dealer.visible import visible


def _list(engine: Engine) -> int:
    with Session(engine) as session:
        searches = session.exec(select(SavedSearch).order_by(col(SavedSearch.id))).all()
        for search in searches:
            state = f"confirmed {search.confirmed_at:%Y-%m-%d}" if search.confirmed_at \
                else "not confirmed"
            query = ", ".join(f"{key}={value}" for key, value in search.params.items())
            print(f"#{search.id} {visible(search.email)} [{search.locale}, {search.mode}, "
                  f"{state}] {visible(query) or 'all stock'}")
        print(f"{len(searches)} saved search(es)")
        mails = session.exec(
            select(AlertMail.kind, AlertMail.status, func.count())
            .group_by(col(AlertMail.kind), col(AlertMail.status))).all()
        for kind, status, count in mails:
            print(f"mails {kind} {status}: {count}")
        last = session.exec(select(AlertMail).where(AlertMail.status == "sent")
                            .order_by(col(AlertMail.sent_at).desc()).limit(20)).all()
        for mail in last:
            print(f"sent {mail.sent_at:%Y-%m-%d %H:%M} {mail.kind} to {visible(mail.email)}")
    return 0


def main(argv: list[str] | None = None, engine: Engine | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer.alerts")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="saved searches, and the mails sent about them")
    commands.add_parser("process", help="queue the digests that are due and send the mails")
    args = parser.parse_args(argv)
    engine = engine or get_engine()
    if args.command == "list":
        return _list(engine)
    report = process(engine)
    print(f"sent {report.sent}, to retry {report.retried}, given up {report.failed}")
    return 1 if report.retried or report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
