"""Where the framework writes its build, and what lies where in it: the compiled pages,
the bundle the browser loads, the HTML it prerendered.

Plain Python: Reflex is asked only for the build's folder, when ``web_dir`` is called.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

# The build's folder, relative to the project (the framework's default).
BUILD_FOLDER = Path(".web")
# The folder each bundling empties, then fills (the bundle is its client/ folder).
BUNDLING_FOLDER = BUILD_FOLDER / "build"
# The app shell the build writes for every route it does not prerender.
SPA_FALLBACK = "__spa-fallback.html"
# The prerendered not-found page (no page of ours: the HTTP layer answers every path).
NOT_FOUND_FILE = "404.html"
# The compiled pages and components (JSX, before bundling), under the build folder: one
# file per page module (``app_components`` mirrors the Python modules' names).
COMPILED_FOLDERS = ("app", "app_components", "components", "utils")
# The stylesheet the framework writes from the app's and its plugins' stylesheets,
# before bundling (under the build folder), and its bundled copies (under the bundle's
# assets, with a content hash in their name).
GLOBAL_STYLESHEET = Path("styles") / "__reflex_global_styles.css"
BUNDLED_STYLESHEETS = "__reflex_global_styles-*.css"
ASSETS = "assets"
# The framework's own switch: a start with it set bundles the pages compiled before
# instead of compiling them again (it sets it for its server processes).
SKIP_COMPILE_VARIABLE = "__REFLEX_SKIP_COMPILE"


def web_dir() -> Path:
    """The build folder of the app being run."""
    from reflex.utils.prerequisites import get_web_dir

    return Path(get_web_dir())


def bundle_dir(web: Path) -> Path:
    """The bundle the browser loads, in the build folder ``web``: the built HTML files and
    ``assets/``."""
    from reflex_base.constants import Dirs

    return web / Dirs.STATIC


def static_dir() -> Path:
    """The bundle of the app being run."""
    return bundle_dir(web_dir()).resolve()


def compiled_sources(web: Path) -> Iterator[str]:
    """The compiled pages and shared components in the build folder ``web``."""
    for folder in COMPILED_FOLDERS:
        for path in sorted((web / folder).rglob("*.js*")):
            yield path.read_text(errors="ignore")


def bundled_scripts(static: Path) -> list[str]:
    """Every script of the bundle ``static``."""
    return [script.read_text(errors="ignore") for script in (static / ASSETS).glob("*.js")]


def bundled_stylesheets(static: Path) -> list[Path]:
    """The bundled copies of the global stylesheet (not their compressed copies)."""
    return sorted((static / ASSETS).glob(BUNDLED_STYLESHEETS))


def prerendered_file(root: Path, path: str) -> Path | None:
    """The build's HTML for a static route, if it prerendered one."""
    relative = path.strip("/")
    candidates = [root / "index.html"] if not relative else [
        root / f"{relative}.html",
        root / relative / "index.html",
    ]
    for candidate in candidates:
        try:
            if candidate.is_file() and root in candidate.resolve().parents:
                return candidate
        except (OSError, ValueError):  # a name too long for the file system, a NUL byte
            return None
    return None


def prerendered_paths(root: Path) -> set[str]:
    """Paths the build wrote HTML for (static routes)."""
    paths = set()
    skipped = {Path(name).stem for name in (NOT_FOUND_FILE, SPA_FALLBACK)}
    for file in root.rglob("*.html"):
        relative = file.relative_to(root).as_posix().removesuffix(".html")
        if relative in skipped:
            continue
        paths.add("/" + relative.removesuffix("/index").removesuffix("index"))
    return paths


if __name__ == "__main__":
    # `python -m dealer.framework.build skip-compile`: the assignment a shell exports.
    if sys.argv[1:] != ["skip-compile"]:
        sys.exit("usage: python -m dealer.framework.build skip-compile")
    print(f"{SKIP_COMPILE_VARIABLE}=true")
