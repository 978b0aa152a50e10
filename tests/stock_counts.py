"""The stock as the site counts it: on a page, in the served HTML, and for the tests that
change the site's stock (a sale, an import) and must leave it as the next test expects."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from playwright.sync_api import Page, expect
from sqlalchemy import Engine
from sqlmodel import Session

from dealer.db import make_engine
from dealer.stock.repository import set_vehicle_available
from tests.conftest import Site, wait_until

STOCK = "/voorraad"
_SERVED_COUNT = re.compile(r'data-testid="result-count"[^>]*><span[^>]*>([^<]+)</span>')


def count_of(page: Page) -> int:
    """The result count the page shows, once it shows one."""
    count = page.get_by_test_id("result-count")
    expect(count).to_have_text(re.compile(r"\d"))
    return int(re.sub(r"\D", "", count.inner_text()))


def served_count(html: str) -> int:
    """The result count in a served stock listing."""
    match = _SERVED_COUNT.search(html)
    assert match, "the served page has no result count"
    return int(re.sub(r"\D", "", match.group(1)))


def site_stock_count(site: Site) -> int:
    """The vehicles the site's stock listing counts now."""
    return served_count(httpx.get(site.url(STOCK), timeout=60).text)


def wait_for_stock_count(site: Site, expected: int) -> None:
    """Until the site's index has followed a change of its stock: the server reads the
    stock version every half second."""
    wait_until(lambda: site_stock_count(site) == expected, f"{expected} vehicles in stock")


@contextmanager
def stock_put_back(site: Site) -> Iterator[Engine]:
    """An engine on the site's database for a test that changes its stock and puts it back
    (in its own ``finally``); on the way out the site counts the stock it counted before,
    so the next test on the site does not see the change arrive half-way."""
    before = site_stock_count(site)
    engine = make_engine(site.database_url)
    try:
        yield engine
    finally:
        engine.dispose()
        wait_for_stock_count(site, before)


@contextmanager
def sold_for_a_while(site: Site, slug: str) -> Iterator[None]:
    """The vehicle sold (no longer available) while the block runs, once the site's index
    has followed; then on sale again, and the site counts the stock it counted before."""
    with stock_put_back(site) as engine:
        before = site_stock_count(site)
        _set_available(engine, slug, False)
        try:
            wait_for_stock_count(site, before - 1)
            yield
        finally:
            _set_available(engine, slug, True)


def _set_available(engine: Engine, slug: str, available: bool) -> None:
    with Session(engine) as session:
        assert set_vehicle_available(session, slug, available)
        session.commit()
