"""Free disk space where the site writes: the database and the files visitors send.

When that disk is full, SQLite cannot store leads; ``/health`` warns below
``DEALER_MIN_FREE_DISK_MB`` and uploads are refused before they would take the space.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from sqlalchemy.engine import make_url

from dealer.settings import Settings

MB = 1024 * 1024

FreeSpace = Callable[[Path], int]


def disk_free(path: Path) -> int:
    """Free bytes on the disk that holds ``path`` (its nearest existing folder)."""
    existing = next((p for p in (path, *path.parents) if p.exists()), Path("/"))
    return shutil.disk_usage(existing).free


def data_folders(settings: Settings) -> list[Path]:
    """The folders the site writes to: the uploads, and a SQLite database's folder."""
    folders = [Path(settings.upload_dir)]
    url = make_url(settings.database_url)
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        folders.append(Path(str(url.database)).parent)
    return folders


def free_bytes(settings: Settings, free: FreeSpace = disk_free) -> int:
    """The least free space of the data folders' disks."""
    return min(free(folder) for folder in data_folders(settings))


def disk_state(settings: Settings, free: FreeSpace = disk_free) -> dict[str, object]:
    """What ``/health`` says of the disk: "ok", or "low" below the configured minimum."""
    free_mb = free_bytes(settings, free) // MB
    return {"status": "low" if free_mb < settings.min_free_disk_mb else "ok",
            "free_mb": free_mb, "minimum_free_mb": settings.min_free_disk_mb}
