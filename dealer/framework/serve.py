"""Starts the production server, as `reflex run --env prod` does, without bundling the
pages again when the bundle in the build folder is built from these sources and settings for this
public address (dealer/build_stamp.py): a restart with nothing changed answers about
15 s sooner on two cores and leaves those cores to the visitors.

The framework's prod run compiles (unless told to skip it: scripts/run.sh), then calls
``reflex.utils.build.setup_frontend_prod`` (write env.json, bundle), then serves the
bundle; only that call is left out. tests/unit/test_framework_contract.py checks that the
framework still calls it so.
"""

from __future__ import annotations

import sys
from pathlib import Path

from reflex.reflex import cli
from reflex.utils import build

from dealer import build_stamp
from dealer.settings import PROJECT_ROOT, get_settings


def _keep_bundle(root: Path) -> None:
    print(build_stamp.BUNDLE_KEPT, flush=True)


def main() -> None:
    if build_stamp.is_current(PROJECT_ROOT, get_settings()) and build_stamp.is_bundled(
            PROJECT_ROOT, get_settings()):
        build.setup_frontend_prod = _keep_bundle
    sys.argv = ["reflex", "run", "--env", "prod"]
    cli()


if __name__ == "__main__":
    main()
