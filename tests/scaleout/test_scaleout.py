"""Several server workers on PostgreSQL and Redis: the set-up for more traffic.

The site runs from its own copy of the checkout (tests/conftest.separate_site), with two
workers sharing visitor state through a Redis server of its own (the tests stop and
start it) and stock in PostgreSQL. Visitor state expires after a minute without events
(the test of it lets that minute run out at once).
"""

from __future__ import annotations

import re
import subprocess
import time
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from sqlmodel import Session, func, select

from dealer.db import make_engine
from dealer.leads.models import Lead
from dealer.stock.index import reset_index
from dealer.stock.repository import set_vehicle_available, sitemap_entries
from tests.browser.page_types import connected, tick
from tests.browser.test_appointment import (
    APPOINTMENT_PAGES,
    TEXTS,
    fill_appointment,
    next_weekday,
    shows_appointment,
)
from tests.conftest import (
    RedisServer,
    Site,
    consent_cookie,
    redis_server,
    separate_site,
    wait_until,
)

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"
IDLE_SECONDS = 60  # the shortest DEALER_STATE_IDLE_SECONDS allowed
SLOW = 30_000  # ms: a wait on a busy machine


@pytest.fixture(scope="module")
def redis() -> Iterator[RedisServer]:
    with redis_server() as server:
        yield server


@pytest.fixture(scope="module")
def scaled_site(redis: RedisServer) -> Iterator[Site]:
    database = f"dealer_{uuid.uuid4().hex[:8]}"
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres", autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{database}"')
    try:
        with separate_site("scaled", {"DATABASE_URL": f"{POSTGRES}/{database}",
                                      "REDIS_URL": redis.url, "DEALER_WORKERS": "2",
                                      "DEALER_STATE_IDLE_SECONDS": str(IDLE_SECONDS)}) as site:
            yield site
    finally:
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


# The direct contact form in both languages: its address, its send button, the consent
# box, and the notice it shows when it cannot load.
CONTACT = {
    "nl": ("/direct-contact", "Aanvraag versturen", "^Ik ga ermee akkoord",
           "Dit formulier is tijdelijk niet beschikbaar. Bel ons op 026 204 1000: we helpen "
           "u graag verder.", "tel:+31262041000"),
    "de": ("/de/direktkontakt", "Anfrage senden", "^Ich bin damit einverstanden",
           "Dieses Formular ist vorübergehend nicht verfügbar. Rufen Sie uns unter 02821 899400 "
           "an: Wir helfen Ihnen gern weiter.", "tel:+492821899400"),
}
TYPED = {"name": "Kim Bakker", "email": "kim@example.nl", "message": "Remmen piepen"}


def open_form(browser: Browser, site: Site, locale: str) -> Page:
    page = browser.new_context().new_page()
    path, send, *_ = CONTACT[locale]
    page.goto(site.url(path))
    connected(page)
    expect(page.get_by_role("button", name=send)).to_be_visible(timeout=SLOW)
    return page


def keeps(page: Page, values: dict[str, str]) -> None:
    """Every field shows its text, and the browser's draft has it."""
    for name, value in values.items():
        expect(page.locator(f"[name={name}]")).to_have_value(value, timeout=SLOW)
    for value in values.values():
        page.wait_for_function(
            f"(localStorage.getItem('form_drafts') || '').includes({value!r})", timeout=SLOW)


def redis_cli(redis: RedisServer, *command: str) -> str:
    return subprocess.run(["redis-cli", "-p", str(redis.port), *command],
                          capture_output=True, text=True, check=True).stdout


def ttl(redis: RedisServer, key: str) -> int:
    """Seconds the key has left; -1 without an end, -2 gone."""
    return int(redis_cli(redis, "TTL", key))


def state_keys(redis: RedisServer) -> list[str]:
    """The visitors' form states in Redis (the framework keeps one key per state)."""
    out = redis_cli(redis, "--scan", "--pattern", "*").split()
    return [key for key in out if "forms_state" in key or "appointment_state" in key]


# The appointment request filled in on its page (nl) and in two Buttons' dialogs (de): one
# to type into after the expiry, one (with its e-mail address) to send.
APPOINTMENTS = (("nl", "Anna de Vries", None), ("de", "Bram Smit", "Termin vereinbaren"),
                ("de", "Carla Weber", "Reifenwechsel planen"))


def typed_into_appointments(browser: Browser, site: Site) -> list[tuple[Page, Locator]]:
    """Each of APPOINTMENTS filled in: (page, form)."""
    day, forms = next_weekday(), []
    for locale, name, button in APPOINTMENTS:
        t = TEXTS[locale]
        page = browser.new_context(storage_state={"cookies": [consent_cookie([])],
                                                  "origins": []}).new_page()
        if button is None:
            page.goto(site.url(APPOINTMENT_PAGES[locale]))
            form = page.locator("#main-content")
        else:
            page.goto(site.url(t["path"]))
            connected(page)
            page.get_by_role("link", name=button).first.click()
            form = page.get_by_role("dialog", name=t["dialog"])
        expect(form.get_by_role("button", name=t["send"])).to_be_visible(timeout=SLOW)
        form.get_by_role("textbox", name=t["email"]).fill("anna@example.nl")
        fill_appointment(form, t, day, name)  # the consent box last: no field to leave
        page.wait_for_function(
            f"(localStorage.getItem('form_drafts') || '').includes({name!r})", timeout=SLOW)
        forms.append((page, form))
    return forms


def test_an_idle_expiry_keeps_what_the_browser_holds(
        browser: Browser, scaled_site: Site, redis: RedisServer) -> None:
    pages = {locale: open_form(browser, scaled_site, locale) for locale in CONTACT}
    for page in pages.values():
        for name, value in TYPED.items():
            page.locator(f"[name={name}]").fill(value)
        keeps(page, TYPED)
    appointments = typed_into_appointments(browser, scaled_site)
    # The site keeps each part of a visitor's state for the idle time after their last
    # event; rather than waiting that minute out, the test lets it run out at once.
    forms = state_keys(redis)
    assert forms and all(0 < ttl(redis, key) <= IDLE_SECONDS for key in forms)
    for key in redis_cli(redis, "--scan", "--pattern", "*").split():
        if ttl(redis, key) > 0:  # what the idle time ends (a lock of a moment may be gone)
            redis_cli(redis, "PEXPIRE", key, "1")
    wait_until(lambda: state_keys(redis) == [], "the server to forget the forms")
    for locale, page in pages.items():
        page.locator("[name=message]").press("End")
        page.locator("[name=message]").press_sequentially("!")
        after = {**TYPED, "message": TYPED["message"] + "!"}
        keeps(page, after)
        page.reload()
        expect(page.get_by_role("button", name=CONTACT[locale][1])).to_be_visible(timeout=SLOW)
        keeps(page, after)
        page.context.close()
    # The appointment request too; a dialog the server forgot opens again with its draft,
    # after a key as after a click on its send button (then it is sent once it is ready).
    day = next_weekday()
    for (locale, name, button), (page, form) in zip(APPOINTMENTS, appointments, strict=True):
        t = TEXTS[locale]
        if button == "Reifenwechsel planen":
            form.get_by_role("button", name=t["send"]).click()
            expect(form.get_by_test_id("appointment-success")).to_be_visible(timeout=SLOW)
            assert leads(scaled_site, "appointment") == 1
            page.context.close()
            continue
        field = form.get_by_role("textbox", name=t["name"], exact=True)
        field.press("End")
        field.press_sequentially("!")
        # Only the state the server made afresh, loaded from the draft, writes this one.
        page.wait_for_function(
            f"(localStorage.getItem('form_drafts') || '').includes({name + '!'!r})",
            timeout=SLOW)
        shows_appointment(form, t, day, name + "!")
        page.reload()
        shows_appointment(form, t, day, name + "!")
        page.context.close()


def leads(site: Site, form_id: str = "direct_contact") -> int:
    engine = make_engine(site.database_url)
    with Session(engine) as session:
        count = session.exec(select(func.count()).select_from(Lead)
                             .where(Lead.form_id == form_id)).one()
    engine.dispose()
    return count


def test_a_redis_outage_is_reported_and_no_lead_is_stored_twice(
        browser: Browser, scaled_site: Site, redis: RedisServer) -> None:
    """Runs last: it stops the module's Redis, and every visitor's state with it."""
    # Four requests ready to send (the rate limit allows five per visitor address).
    forms = [(locale, open_form(browser, scaled_site, locale)) for locale in ("nl", "de") * 2]
    for number, (locale, page) in enumerate(forms):
        page.locator("[name=name]").fill(f"Visitor {number}")
        page.locator("[name=email]").fill(f"visitor{number}@example.nl")
        page.locator("[name=message]").fill("Graag een offerte")
        page.get_by_role("radio").first.click()
        tick(page.get_by_role("checkbox", name=re.compile(CONTACT[locale][2])))
        keeps(page, {"name": f"Visitor {number}"})
    # The four are sent while the lead table is locked, so that they are all on their way
    # (storing) when Redis stops: they are stored after it stopped, and nobody is told.
    database = scaled_site.database_url.rsplit("/", 1)[1]
    with psycopg.connect(f"host=127.0.0.1 user=postgres dbname={database}") as db:
        db.execute("LOCK TABLE lead IN EXCLUSIVE MODE")
        for locale, page in forms:
            page.get_by_role("button", name=CONTACT[locale][1]).click()
        deadline = time.monotonic() + 30
        while (waiting := waiting_for_the_lock(database)) < len(forms):
            assert time.monotonic() < deadline, f"{waiting} requests reached the store"
            time.sleep(0.2)
        redis.stop()
    health = httpx.get(scaled_site.url("/health"), timeout=10)
    assert (health.status_code, health.json()["state_store"]) == (503, "unavailable")
    deadline = time.monotonic() + 30
    while leads(scaled_site) < len(forms) and time.monotonic() < deadline:
        time.sleep(0.5)
    acknowledged = sum(page.get_by_test_id("form-success").count() for _, page in forms)
    print(f"\nRedis stopped under 4 requests being stored: {acknowledged} acknowledged, "
          f"{leads(scaled_site)} stored")
    assert (acknowledged, leads(scaled_site)) == (0, 4)

    # New visitors meet the notice with the phone number instead of a form loading forever,
    # on the request forms and the appointment page (all four pages open at once: each
    # waits for the app for a while before it says so).
    waiting = []
    for locale in CONTACT:
        for path, send in ((CONTACT[locale][0], CONTACT[locale][1]),
                           (APPOINTMENT_PAGES[locale], TEXTS[locale]["send"])):
            page = browser.new_context().new_page()
            page.goto(scaled_site.url(path))
            waiting.append((page, send, locale))
    for page, _, locale in waiting:
        notice = page.get_by_test_id("form-unavailable")
        expect(notice).to_have_text(CONTACT[locale][3], timeout=SLOW)
        expect(notice.get_by_role("link")).to_have_attribute("href", CONTACT[locale][4])

    redis.start()
    deadline = time.monotonic() + 30
    while httpx.get(scaled_site.url("/health"), timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "/health did not recover"
        time.sleep(1)
    assert httpx.get(scaled_site.url("/health")).json()["state_store"] == "ok"
    # The site recovers by itself: the waiting visitors get their forms.
    for page, send, _ in waiting:
        expect(page.locator("#served-form")).to_have_count(0, timeout=60_000)  # the app's form
        expect(page.get_by_role("button", name=send)).to_be_visible(timeout=60_000)
    # Nobody was told of success, so everybody sends again (their state went with Redis;
    # the browser still has the draft and its key): each request is stored once.
    for locale, page in forms[:4]:
        page.reload()
        expect(page.get_by_role("button", name=CONTACT[locale][1])).to_be_visible(timeout=SLOW)
        expect(page.get_by_role("checkbox", name=re.compile(CONTACT[locale][2]))).to_be_checked()
        page.get_by_role("button", name=CONTACT[locale][1]).click()
        expect(page.get_by_test_id("form-success")).to_be_visible(timeout=SLOW)
    print(f"after sending again: 4 acknowledged, {leads(scaled_site)} stored")
    assert leads(scaled_site) == 4
    for page in [page for _, page in forms] + [page for page, _, _ in waiting]:
        page.context.close()


def waiting_for_the_lock(database: str) -> int:
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres") as db:
        return db.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                          "AND wait_event_type = 'Lock'", (database,)).fetchone()[0]
