"""Settings that decide who may talk to the site, and for how long it remembers them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from dealer.settings import Settings


def test_only_the_sites_own_origin_is_allowed() -> None:
    assert Settings(base_url="https://www.rijnland-autogroep.nl/").own_origins == [
        "https://www.rijnland-autogroep.nl"]


def test_on_a_developers_machine_both_loopback_names_are_the_site() -> None:
    assert Settings(base_url="http://localhost:3000").own_origins == [
        "http://localhost:3000", "http://127.0.0.1:3000"]


def test_idle_state_expiry_and_hsts_have_sane_bounds() -> None:
    assert Settings().state_idle_seconds == 1200 and Settings().hsts_seconds == 0
    with pytest.raises(ValidationError):
        Settings(state_idle_seconds=5)


def test_several_server_processes_only_with_shared_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 4)
    assert Settings(workers=3).server_workers == 1  # state in one process's memory
    assert Settings(redis_url="redis://127.0.0.1:6379/0").server_workers == 4  # one per core
    assert Settings(redis_url="redis://127.0.0.1:6379/0", workers=2).server_workers == 2
    with pytest.raises(ValidationError):
        Settings(workers=0)


def test_the_public_address_follows_the_port_unless_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A site started on another port (`DEALER_PORT=3917 make run`) answers its pages'
    websocket there, not on 3000; a configured public address wins."""
    monkeypatch.delenv("DEALER_BASE_URL", raising=False)
    monkeypatch.setenv("DEALER_PORT", "3917")
    assert Settings().base_url == "http://localhost:3917"
    monkeypatch.setenv("DEALER_BASE_URL", "https://www.example.nl")
    assert Settings().base_url == "https://www.example.nl"
