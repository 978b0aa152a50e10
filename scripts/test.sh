#!/usr/bin/env bash
# Runs every test: lint, catalogs, unit, integration and browser tests.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash scripts/setup.sh --test || exit 1
ruff check --quiet . || exit 1
python -m pytest "$@"
