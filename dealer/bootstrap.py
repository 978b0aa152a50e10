"""Prepares the database before the site starts: migrate, then load demo data if empty.

    python -m dealer.bootstrap
"""

from __future__ import annotations

import logging

from dealer.db import get_engine
from dealer.migrate import upgrade
from dealer.stock.demo import seed_if_empty


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    upgrade()
    if seed_if_empty(get_engine()):
        logging.info("Loaded the demo stock into the empty database.")


if __name__ == "__main__":
    main()
