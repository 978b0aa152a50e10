"""A start skips compiling the pages only when nothing they are made of has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer import build_stamp
from dealer.settings import Settings


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for name, text in {"dealer/pages/home.py": "TITLE = 'Home'\n",
                       "assets/site.css": "body{}\n", "locales/nl/LC_MESSAGES/messages.po": "",
                       "rxconfig.py": "", "requirements.txt": "reflex==0.10.1\n",
                       "assets/external/dealer/chat.js": "export {}\n"}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / ".web").mkdir()
    return tmp_path


def test_a_build_is_current_until_a_source_changes(root: Path) -> None:
    settings = Settings()
    build_stamp.record(root, settings)
    assert build_stamp.is_current(root, settings)
    (root / "dealer" / "pages" / "home.py").write_text("TITLE = 'Start'\n")
    assert not build_stamp.is_current(root, settings)


@pytest.mark.parametrize("added", ["assets/new.svg", "locales/de/LC_MESSAGES/messages.po"])
def test_a_new_file_counts(root: Path, added: str) -> None:
    build_stamp.record(root, Settings())
    (root / added).parent.mkdir(parents=True, exist_ok=True)
    (root / added).write_text("")
    assert not build_stamp.is_current(root, Settings())


def test_every_setting_the_pages_may_read_counts(root: Path) -> None:
    build_stamp.record(root, Settings(site_name="Rijnland Autogroep"))
    assert not build_stamp.is_current(root, Settings(site_name="Autohaus Rhein"))
    assert not build_stamp.is_current(root, Settings(site_name="Rijnland Autogroep",
                                                     feature_trade_in=False))


def test_where_the_site_listens_and_keeps_its_data_does_not(root: Path) -> None:
    """Two sites of one release on other ports, databases and state stores share their
    compiled pages."""
    build_stamp.record(root, Settings())
    assert build_stamp.is_current(root, Settings(
        port=3001, base_url="http://127.0.0.1:3001", database_url="sqlite:///other.db",
        upload_dir=root / "other-uploads", redis_url="redis://127.0.0.1:6390/0", workers=2,
        state_idle_seconds=60))


def test_what_the_compile_writes_itself_does_not(root: Path) -> None:
    build_stamp.record(root, Settings())
    (root / "assets" / "external" / "dealer" / "chat.js").write_text("export const a = 1\n")
    cache = root / "dealer" / "pages" / "__pycache__" / "home.cpython-311.pyc"
    cache.parent.mkdir()
    cache.write_bytes(b"\0")
    assert build_stamp.is_current(root, Settings())


def test_a_start_that_compiles_forgets_the_stamp_first(root: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Should that compile stop halfway, the next start must not take its pages, nor serve
    the bundle of the pages before."""
    monkeypatch.setattr(build_stamp, "PROJECT_ROOT", root)
    build_stamp.record(root, Settings(site_name="Autohaus Rhein"))
    assert build_stamp.main([]) == 1
    assert not (root / build_stamp.STAMP).exists()
    assert not (root / build_stamp.BUNDLE_STAMP).exists()
    build_stamp.record(root, Settings())
    assert build_stamp.main([]) == 0


def test_without_a_build_nothing_is_current(root: Path) -> None:
    assert not build_stamp.is_current(root, Settings())


def test_the_key_a_copy_would_compile_under(root: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(build_stamp, "PROJECT_ROOT", root)
    assert build_stamp.main(["key"]) == 0
    assert capsys.readouterr().out.strip() == build_stamp.compile_key(root, Settings())


def test_a_bundle_is_kept_for_the_same_pages_and_address(root: Path) -> None:
    """The bundle's scripts connect to the public address: another address bundles again,
    another database or state store does not."""
    build_stamp.record(root, Settings(base_url="http://127.0.0.1:3001"))
    assert build_stamp.is_bundled(root, Settings(
        base_url="http://127.0.0.1:3001", database_url="sqlite:///other.db", workers=2))
    assert not build_stamp.is_bundled(root, Settings(base_url="http://127.0.0.1:3002"))
    (root / "dealer" / "pages" / "home.py").write_text("TITLE = 'Start'\n")
    assert not build_stamp.is_bundled(root, Settings(base_url="http://127.0.0.1:3001"))
