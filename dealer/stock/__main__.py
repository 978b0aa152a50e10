"""Stock commands: ``python -m dealer.stock seed [--vehicles N] | import FILE [--full] | artwork``."""

from __future__ import annotations

import argparse
import sys

from dealer.db import get_engine
from dealer.migrate import upgrade
from dealer.stock.artwork import ARTWORK_DIR, write_all
from dealer.stock.demo import DEFAULT_DEMO_VEHICLES, seed_if_empty


def _seed(args: argparse.Namespace) -> int:
    upgrade()
    if seed_if_empty(get_engine(), n_vehicles=args.vehicles, seed=args.seed):
        print(f"Loaded the demo stock ({args.vehicles} vehicles).")
    else:
        print("The database already holds stock; nothing loaded.")
    return 0


def _artwork(_args: argparse.Namespace) -> int:
    print(f"Wrote {write_all()} pictures to {ARTWORK_DIR}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer.stock")
    commands = parser.add_subparsers(dest="command", required=True)
    seed = commands.add_parser("seed", help="migrate and load the demo stock into an empty database")
    seed.add_argument("--vehicles", type=int, default=DEFAULT_DEMO_VEHICLES)
    seed.add_argument("--seed", type=int, default=7, help="random seed of the generator")
    seed.set_defaults(handler=_seed)
    artwork = commands.add_parser("artwork", help="draw the demo vehicle pictures (SVG)")
    artwork.set_defaults(handler=_artwork)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
