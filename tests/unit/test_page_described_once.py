"""A page view is described once: analytics of the page takes the page the HTTP answer
described a moment before; what a visitor is served is always described anew."""

from __future__ import annotations

import asyncio

import pytest

from dealer.kept import KeptLately
from dealer.pageinfo import PageInfo
from dealer.routes import PageRequest
from dealer.web import describe as describe_module


@pytest.fixture
def described(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def describer(request: PageRequest) -> PageInfo:
        calls.append(request.path)
        return PageInfo(screen="stock", locale=request.locale, params=request.params,
                        path=request.path, title=f"{len(calls)}")

    monkeypatch.setattr(describe_module, "describer_for", lambda screen: describer)
    monkeypatch.setattr(describe_module, "_LATELY", KeptLately(30.0, 512))
    return calls


def test_analytics_takes_the_page_the_answer_described(described: list[str]) -> None:
    served = asyncio.run(describe_module.describe("/voorraad", {"fuel": "electric"}))
    assert asyncio.run(describe_module.described_lately(
        "/voorraad", {"fuel": "electric"})) is served
    assert described == ["/voorraad"]


def test_another_url_or_a_later_visit_is_described_again(
        described: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    first = asyncio.run(describe_module.describe("/voorraad", {"fuel": "electric"}))
    asyncio.run(describe_module.described_lately("/voorraad", {"fuel": "diesel"}))
    asyncio.run(describe_module.described_lately("/de/angebote", {"fuel": "electric"}))
    assert len(described) == 3
    # A page served reads its data as it is now, never a kept description.
    assert asyncio.run(describe_module.describe("/voorraad", {"fuel": "electric"})) != first
    monkeypatch.setattr(describe_module._LATELY, "seconds", 0.0)
    asyncio.run(describe_module.described_lately("/voorraad", {"fuel": "electric"}))
    assert len(described) == 5
