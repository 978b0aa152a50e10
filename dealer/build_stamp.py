"""Whether the pages compiled into the build folder, and the bundle built from them, still
match the sources and settings they were made from. Compiling takes about a minute on two
cores and bundling about 15 s; a start with nothing changed (a crash, a restart of the
same release, a test restarting the server) skips both (scripts/run.sh,
dealer/framework/serve.py).
Every setting counts for the pages, as they read some of them when they are compiled
(the site's name, the feature flags), except those only the server and the bundle read
(``RUNTIME_SETTINGS``). The bundle also holds the site's public address (the page
scripts' websocket and upload URLs: the framework's env.json), so a start on another
address compiles nothing but bundles again.

`python -m dealer.build_stamp` exits 0 when the compiled pages are current; otherwise
it forgets the stamps (a compile about to start may stop halfway) and exits 1.
`python -m dealer.build_stamp key` prints the key the pages would be compiled under.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

from dealer.framework.build import BUILD_FOLDER, BUNDLING_FOLDER
from dealer.settings import PROJECT_ROOT, Settings, get_settings

SOURCES = ("dealer", "assets", "locales", "rxconfig.py", "requirements.txt")
# Written by the compile itself, from the sources above.
COMPILE_OUTPUT = ("assets/external",)
STAMP = BUILD_FOLDER / "compiled-from.txt"
# Inside the folder each bundling empties first: a bundle that stops halfway leaves no
# stamp.
BUNDLE_STAMP = BUNDLING_FOLDER / "bundled-from.txt"
BUNDLE_KEPT = "The bundle is built from these pages for this address already: serving it"
# Where the site listens and keeps its data, and how many processes share its visitors'
# state for how long: not in the compiled pages (compared on builds that differ in them:
# the same pages).
RUNTIME_SETTINGS = frozenset({"port", "base_url", "database_url", "upload_dir", "redis_url",
                              "workers", "state_idle_seconds"})


def _source_files(root: Path) -> Iterator[Path]:
    skipped = [root / part for part in COMPILE_OUTPUT]
    for name in SOURCES:
        source = root / name
        files = [source] if source.is_file() else sorted(source.rglob("*"))
        for path in files:
            if (path.is_file() and "__pycache__" not in path.parts
                    and not any(path.is_relative_to(skip) for skip in skipped)):
                yield path


def compile_key(root: Path, settings: Settings) -> str:
    """A digest of every source file (name and content) and every setting the pages may
    read."""
    digest = hashlib.sha256()
    for path in _source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    digest.update(settings.model_dump_json(exclude=set(RUNTIME_SETTINGS)).encode())
    return digest.hexdigest()


def bundle_key(root: Path, settings: Settings) -> str:
    """The compile key and the public address the bundle's scripts connect to."""
    address = str(settings.base_url).encode()
    return hashlib.sha256(compile_key(root, settings).encode() + b"\0" + address).hexdigest()


def record(root: Path, settings: Settings) -> None:
    """After a build: its pages were compiled, and its bundle built, from these sources
    and settings."""
    (root / STAMP).write_text(compile_key(root, settings) + "\n")
    (root / BUNDLE_STAMP).parent.mkdir(exist_ok=True)
    (root / BUNDLE_STAMP).write_text(bundle_key(root, settings) + "\n")


def _holds(stamp: Path, key: str) -> bool:
    return stamp.is_file() and stamp.read_text().strip() == key


def is_current(root: Path, settings: Settings) -> bool:
    return _holds(root / STAMP, compile_key(root, settings))


def is_bundled(root: Path, settings: Settings) -> bool:
    """Whether the bundle is built from the current pages for this public address."""
    return _holds(root / BUNDLE_STAMP, bundle_key(root, settings))


def forget(root: Path) -> None:
    (root / STAMP).unlink(missing_ok=True)
    (root / BUNDLE_STAMP).unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    if argv == ["key"]:
        print(compile_key(PROJECT_ROOT, get_settings()))
        return 0
    if is_current(PROJECT_ROOT, get_settings()):
        print("The pages are compiled from these sources and settings already: "
              "bundling only")
        return 0
    forget(PROJECT_ROOT)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
