"""Several server workers on PostgreSQL and Redis: the set-up for more traffic.

The site runs from its own copy of the checkout (its own build), with two
workers sharing visitor state through Redis and stock in PostgreSQL.
"""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from playwright.sync_api import Browser, expect
from sqlmodel import Session

from dealer.db import make_engine
from dealer.stock.index import reset_index
from dealer.stock.repository import set_vehicle_available, sitemap_entries
from tests.conftest import Site, copy_checkout, free_port, stop_site

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"
# Shared with any other test run: each site gets a database of its own, and its keys in
# Redis are those of its own visitors (one per random token), so nothing is flushed.
REDIS = "redis://127.0.0.1:6379/7"


@pytest.fixture(scope="module")
def scaled_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    database = f"dealer_{uuid.uuid4().hex[:8]}"
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres", autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{database}"')
    checkout = tmp_path_factory.mktemp("scaled")
    copy_checkout(checkout)
    site = Site(free_port(), f"{POSTGRES}/{database}", checkout=checkout,
                env={"REDIS_URL": REDIS, "DEALER_WORKERS": "2"})
    try:
        yield site
    finally:
        stop_site(site.process)
        with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres",
                             autocommit=True) as db:
            db.execute(f'DROP DATABASE "{database}" WITH (FORCE)')


def total(site: Site, client: httpx.Client) -> int:
    payload = client.get(site.url("/voorraad/_payload.json")).json()
    return int(re.sub(r"\D", "", payload["facts"][0][1]))


def test_health_reports_postgresql(scaled_site: Site) -> None:
    response = httpx.get(scaled_site.url("/health"))
    assert response.json()["status"] == response.json()["database"] == "ok"


def test_visitors_use_the_site_across_workers(browser: Browser, scaled_site: Site) -> None:
    pages = [browser.new_context().new_page() for _ in range(3)]
    for page in pages:
        page.goto(scaled_site.url("/de/angebote"))
        expect(page.get_by_test_id("vehicle-card")).to_have_count(24)
    for page in pages:
        page.get_by_role("checkbox", name=re.compile("^Diesel")).click()
        expect(page).to_have_url(re.compile(r"fuel=diesel"))
        expect(page.get_by_test_id("filter-pill")).to_have_count(1)
    for page in pages:
        page.context.close()


def test_stock_change_reaches_every_worker(scaled_site: Site) -> None:
    engine = make_engine(scaled_site.database_url)
    with httpx.Client(headers={"connection": "close"}, timeout=30) as client:
        before = {total(scaled_site, client) for _ in range(10)}
        assert len(before) == 1
        with Session(engine) as session:
            slug = sitemap_entries(session)[0].slug
            assert set_vehicle_available(session, slug, False)
            session.commit()
        # Workers look at the stock version at most every 0.5 s and then build the new
        # index beside the requests: within seconds every worker answers the new total.
        deadline = time.monotonic() + 15
        while True:
            time.sleep(0.5)
            after = {total(scaled_site, client) for _ in range(20)}
            if (len(after) == 1 and after != before) or time.monotonic() > deadline:
                break
    engine.dispose()
    reset_index()
    assert after == {before.pop() - 1}
