#!/usr/bin/env bash
# Installs what the site needs into ignored folders of the checkout; safe to re-run.
#   scripts/setup.sh          Python packages and bun
#   scripts/setup.sh --test   also Chromium from Debian's packages, for browser tests
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

stamp_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

# Python: a venv from the pinned requirements, reinstalled when they change.
UV_VERSION=0.13.9
if [ ! -x .venv/bin/python ]; then
  python3.11 -m venv .venv 2>/dev/null || python3 -m venv .venv
fi
want="$(stamp_of requirements.txt)"
if [ "$(cat .venv/.requirements-stamp 2>/dev/null)" != "$want" ]; then
  echo "Installing Python packages..."
  # uv installs the same pinned packages in a quarter of pip's time (its modules
  # compiled on every core), so a fresh clone starts its tests sooner.
  .venv/bin/pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
  .venv/bin/uv pip install --quiet --python .venv/bin/python --compile-bytecode \
    -r requirements.txt
  echo "$want" > .venv/.requirements-stamp
fi

# bun from the npm registry (its binary ships as a registry package).
BUN_VERSION=1.4.4
if [ "$(.tools/node_modules/.bin/bun --version 2>/dev/null)" != "$BUN_VERSION" ]; then
  echo "Installing bun $BUN_VERSION..."
  mkdir -p .tools
  npm install --loglevel=error --no-audit --no-fund --prefix .tools "bun@$BUN_VERSION"
fi

# axe-core, the accessibility rules the browser tests run in each page.
AXE_VERSION=4.14.1
if [ "${1:-}" = "--test" ] && \
   [ "$(node -p "require('./.tools/node_modules/axe-core/package.json').version" 2>/dev/null)" \
     != "$AXE_VERSION" ]; then
  echo "Installing axe-core $AXE_VERSION..."
  npm install --loglevel=error --no-audit --no-fund --prefix .tools "axe-core@$AXE_VERSION"
fi

# The browser tests drive Chromium's headless shell (a third of the full browser's
# processor time per test); the benchmarks measure the full browser.
if [ "${1:-}" = "--test" ] && ! { command -v chromium && command -v chromium-headless-shell; } >/dev/null; then
  echo "Installing Chromium from Debian's packages..."
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null
fi
