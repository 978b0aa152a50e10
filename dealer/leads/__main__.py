"""Lead commands for the dealer: ``python -m dealer.leads list|export|process``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer.leads.outbox import process_outbox
from dealer.leads.report import lead_rows, listed, write_csv


def _list(args: argparse.Namespace) -> int:
    rows = lead_rows(limit=args.limit)
    for row in rows:
        print("\n".join(listed(row)))
    print(f"{len(rows)} lead(s)")
    return 0


def _export(args: argparse.Namespace) -> int:
    path = Path(args.csv)
    with path.open("w", newline="", encoding="utf-8") as out:
        count = write_csv(out)
    print(f"Wrote {count} lead(s) to {path}.")
    return 0


def _process(_args: argparse.Namespace) -> int:
    report = process_outbox()
    print(f"sent {report.sent}, to retry {report.retried}, given up {report.failed}")
    return 1 if report.retried or report.failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer.leads")
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="show leads, newest first, with delivery state")
    listing.add_argument("--limit", type=int, default=50)
    listing.set_defaults(handler=_list)
    export = commands.add_parser("export", help="write every lead to a CSV file")
    export.add_argument("--csv", required=True, metavar="FILE")
    export.set_defaults(handler=_export)
    process = commands.add_parser("process", help="deliver the leads that are due now")
    process.set_defaults(handler=_process)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
