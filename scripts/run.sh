#!/usr/bin/env bash
# Runs the site: production build on one port (DEALER_PORT, default 3000),
# embedded SQLite with the demo stock unless DATABASE_URL says otherwise.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash scripts/setup.sh
python -m dealer.bootstrap
port="${DEALER_PORT:-3000}"
# Only the configured reverse proxies may name the visitor's address (X-Forwarded-For);
# without any, the server trusts nobody's header (README: Configuration).
export FORWARDED_ALLOW_IPS="${DEALER_TRUSTED_PROXIES:-}"
# Several server processes share visitor state through Redis (one per core by default,
# DEALER_WORKERS); without Redis the state lives in one process. Own flags in
# GUNICORN_CMD_ARGS come last and win.
workers="$(python -c 'from dealer.settings import get_settings; print(get_settings().server_workers)')"
export GUNICORN_CMD_ARGS="--workers $workers ${GUNICORN_CMD_ARGS:-}"
echo "Starting the site on http://localhost:$port (Ctrl-C stops it)"
# Sources and settings unchanged since the last build: the pages need no compiling (and
# on the same address no bundling either: dealer/framework/serve.py).
# (The framework's own switch, as it sets it for its server processes.)
if python -m dealer.build_stamp; then export "$(python -m dealer.framework.build skip-compile)"; fi
# Own process group, so that Ctrl-C or a stop signal ends every server process.
set -m
python -m dealer.framework.serve &
server=$!
stop() {
  kill -TERM -- "-$server" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 -- "-$server" 2>/dev/null || exit 0; sleep 0.1; done
  kill -KILL -- "-$server" 2>/dev/null || true
}
trap stop INT TERM EXIT
wait "$server"
