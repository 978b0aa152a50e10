# Environment shared by the project's commands: every tool and cache lives in
# ignored folders of the checkout, and nothing is fetched but registry packages.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
export PATH="$ROOT/.tools/node_modules/.bin:$ROOT/.venv/bin:$PATH"
# Python keeps compiled modules (pytest's rewritten tests among them: half of collecting
# the tests) between processes, whatever the calling shell says.
unset PYTHONDONTWRITEBYTECODE
export REFLEX_DIR="$ROOT/.tools/reflex"
export REFLEX_USE_SYSTEM_BUN=1
export REFLEX_CHECK_LATEST_VERSION=false
export REFLEX_TELEMETRY_ENABLED=false
export REFLEX_USE_GRANIAN=false
export BUN_INSTALL_CACHE_DIR="$ROOT/.cache/bun"
export npm_config_cache="$ROOT/.cache/npm"
export XDG_CONFIG_HOME="$ROOT/.cache/xdg-config"
export XDG_CACHE_HOME="$ROOT/.cache/xdg-cache"
if [ -z "${NPM_CONFIG_REGISTRY:-}" ]; then
  NPM_CONFIG_REGISTRY="$(npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)"
  export NPM_CONFIG_REGISTRY
fi
