"""Hashed assets come from memory: with the gzipped copy the build wrote beside them."""

from __future__ import annotations

import gzip
from pathlib import Path

from starlette.datastructures import Headers

from dealer.web.delivery import IMMUTABLE, AssetCache

SCRIPT = b"export const a = 1;\n" * 200


def test_the_builds_gzipped_copy_is_served_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "app-1a2b.js").write_bytes(SCRIPT)
    (tmp_path / "app-1a2b.js.gz").write_bytes(b"as the build wrote it")
    response = AssetCache().response(tmp_path, "/app-1a2b.js",
                                     Headers({"accept-encoding": "gzip, br"}))
    assert response is not None and response.body == b"as the build wrote it"
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["cache-control"] == IMMUTABLE


def test_without_a_copy_the_file_is_gzipped_once(tmp_path: Path) -> None:
    (tmp_path / "app-3c4d.js").write_bytes(SCRIPT)
    cache = AssetCache()
    asset = cache.get(tmp_path, "/app-3c4d.js")
    assert asset is not None and gzip.decompress(asset.gzipped or b"") == SCRIPT
    (tmp_path / "app-3c4d.js").unlink()
    assert cache.get(tmp_path, "/app-3c4d.js") is asset  # read once per process
    plain = cache.response(tmp_path, "/app-3c4d.js", Headers({}))
    assert plain is not None and plain.body == SCRIPT and "content-encoding" not in plain.headers


def test_a_small_file_is_sent_as_the_build_and_a_proxy_would_send_it(tmp_path: Path) -> None:
    (tmp_path / "icon-5e6f.js").write_bytes(b"export default 1;")
    (tmp_path / "icon-5e6f.js.gz").write_bytes(gzip.compress(b"export default 1;"))
    (tmp_path / "chunk-7a8b.js").write_bytes(b"export default 2;")
    cache, gzipped = AssetCache(), Headers({"accept-encoding": "gzip"})
    with_copy = cache.response(tmp_path, "/icon-5e6f.js", gzipped)
    assert with_copy is not None and with_copy.headers["content-encoding"] == "gzip"
    without = cache.response(tmp_path, "/chunk-7a8b.js", gzipped)  # too small to pay
    assert without is not None and "content-encoding" not in without.headers


def test_nothing_outside_the_folder(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("x")
    assets = tmp_path / "assets"
    assets.mkdir()
    assert AssetCache().get(assets, "/../secret.txt") is None
