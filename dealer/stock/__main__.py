"""Stock commands: ``python -m dealer.stock seed|import|artwork`` (``--help`` for details)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer.alerts.store import after_import
from dealer.db import get_engine
from dealer.migrate import upgrade
from dealer.stock.artwork import ARTWORK_DIR, write_all
from dealer.stock.demo import DEFAULT_DEMO_VEHICLES, seed_if_empty
from dealer.stock.importer import FeedError, import_file


def _seed(args: argparse.Namespace) -> int:
    upgrade()
    if seed_if_empty(get_engine(), n_vehicles=args.vehicles, seed=args.seed):
        print(f"Loaded the demo stock ({args.vehicles} vehicles).")
    else:
        print("The database already holds stock; nothing loaded.")
    return 0


def _import(args: argparse.Namespace) -> int:
    upgrade()
    try:
        report = import_file(get_engine(), Path(args.file), full=args.full)
    except FeedError as error:
        print(f"Import failed, stock unchanged: {error}", file=sys.stderr)
        return 2
    print(report.summary())
    print(f"alert mails queued: {after_import(get_engine(), report.new_or_cheaper)}")
    return 1 if report.rejected else 0


def _artwork(_args: argparse.Namespace) -> int:
    print(f"Wrote {write_all()} pictures to {ARTWORK_DIR}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer.stock")
    commands = parser.add_subparsers(dest="command", required=True)
    seed = commands.add_parser("seed", help="migrate, then load the demo stock if empty")
    seed.add_argument("--vehicles", type=int, default=DEFAULT_DEMO_VEHICLES)
    seed.add_argument("--seed", type=int, default=7, help="random seed of the generator")
    seed.set_defaults(handler=_seed)
    feed = commands.add_parser("import", help="import a dealer feed (JSON or CSV)")
    feed.add_argument("file", help="the feed file, see docs/stock-feed.md")
    feed.add_argument("--full", action="store_true",
                      help="the feed is the whole stock: vehicles missing from it go offline")
    feed.set_defaults(handler=_import)
    artwork = commands.add_parser("artwork", help="draw the demo vehicle pictures (SVG)")
    artwork.set_defaults(handler=_artwork)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
