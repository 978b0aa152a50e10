#!/usr/bin/env bash
# Runs every test: lint, catalogs, unit, integration and browser tests.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash scripts/setup.sh --test || exit 1
ruff check --quiet . || exit 1
# Two workers (pytest-xdist), each taking whole test files (module fixtures restart the
# site) in collection order: on each worker the browser tests come after the async ones
# (testpaths). Arguments given here come later and win, e.g. -n 0 to run in one process.
# The run ends with its 30 slowest tests, how many times it compiled the pages, and
# pytest's summary line.
mkdir -p .cache
rm -f .cache/prepared-site-starts.json
if [ "$#" = 0 ]; then  # the whole suite: the first site builds beside the unit tests
  python -m tests.prepare_site > .cache/prepare-site.log 2>&1 &
  preparing=$!
  trap 'kill $preparing 2>/dev/null' EXIT
fi
python -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=30 "$@"
