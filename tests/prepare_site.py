"""Builds the first test worker's site ahead of its tests: `make test` starts this beside
the unit tests, so that the site's pages are compiled and bundled by the time the first
browser test needs them (the worker then serves the kept build, and the other worker
takes the compiled pages instead of waiting, a core idle, for the compile).

The site is started exactly as the worker's ``site`` fixture starts it, then stopped:
one copy, one lock (``tests.conftest.separate_site``), so a worker that comes first
waits for it instead of building twice.
"""

from __future__ import annotations

import json
import signal
import sys

from tests.conftest import PREPARED_STARTS, SITE_STARTS, separate_site


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a stopped run stops the site
    with separate_site("tests-gw0", {}):
        pass
    PREPARED_STARTS.write_text(json.dumps(SITE_STARTS))  # for the run's summary


if __name__ == "__main__":
    main()
