"""Request forms sent by the browser itself, before the app has taken over or without
JavaScript: the served form, its POST to its own page, the stored lead and the answers."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import db
from dealer import settings as settings_module
from dealer.leads.models import Lead
from dealer.leads.store import RATE_LIMIT
from dealer.stock.index import reset_index
from dealer.stock.models import Vehicle
from dealer.web import server
from dealer.web.form_post import MAX_FORM_BYTES

SITE = "http://localhost:3000"  # the default DEALER_BASE_URL
SHELL = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
         '<meta name="viewport" content="width=device-width"></head>'
         '<body><div id="root"></div></body></html>')
NEXT_WEEK = (dt.date.today() + dt.timedelta(days=7)).isoformat()
FORM = "application/x-www-form-urlencoded"


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory,
           monkeypatch_module: pytest.MonkeyPatch) -> Iterator[Engine]:
    """A small demo stock of the module's own, which the site reads, and a built shell."""
    from dealer.stock.demo import seed_if_empty
    from tests.integration.conftest import migrated_engine

    folder = tmp_path_factory.mktemp("form-post")
    engine = migrated_engine(folder / "site.db")
    seed_if_empty(engine, n_vehicles=60)
    (folder / server.SPA_FALLBACK).write_text(SHELL)
    monkeypatch_module.setenv("DATABASE_URL", str(engine.url))
    monkeypatch_module.setattr(server, "static_dir", lambda: folder)
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reset_index()
    yield engine
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reset_index()
    engine.dispose()


@pytest.fixture
def site(engine: Engine) -> Iterator[httpx.AsyncClient]:
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM lead"))
    yield httpx.AsyncClient(transport=httpx.ASGITransport(app=server.SiteLayer(app=None)),
                            base_url=SITE)


@pytest.fixture(scope="module")
def vehicle(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available == True)  # noqa: E712
                            .order_by(Vehicle.id)).first()


def leads(engine: Engine) -> list[Lead]:
    with Session(engine) as session:
        return list(session.exec(select(Lead).order_by(Lead.id)))


def run(coroutine):
    return asyncio.run(coroutine)


async def served(site: httpx.AsyncClient, path: str) -> tuple[str, str]:
    """The served page's HTML and the request key of its form."""
    page = (await site.get(path)).text
    return page, re.search(r'name="request_key" value="([\w-]+)"', page).group(1)


def preset_branch(page: str) -> str:
    """The branch the served test drive form starts with (the vehicle's)."""
    return re.search(r'list="[\w-]+" autocomplete="off" value="([^"]+)"', page).group(1)


def drive_request(key: str, **changes: str) -> dict[str, str]:
    return {"request_key": key, "name": "Anna de Vries", "email": "anna@example.nl",
            "phone": "", "preferred_date": NEXT_WEEK, "time_of_day": "afternoon",
            "message": "", "privacy": "on", "website": "", **changes}


async def post(site: httpx.AsyncClient, path: str, data: dict[str, str],
               origin: str | None = SITE, **headers: str) -> httpx.Response:
    if origin is not None:
        headers["origin"] = origin
    return await site.post(path, data=data, headers=headers)


def test_the_served_page_holds_the_form_with_its_fields(site: httpx.AsyncClient,
                                                        vehicle: str) -> None:
    page, key = run(served(site, f"/voorraad/{vehicle}/proefrit"))
    form = re.search(r'<form method="post" id="served-form".*?</form>', page).group(0)
    assert 'action=' not in form  # to the page's own address
    assert re.search(r'<input type="text" autocomplete="name" value="" '
                     r'id="served-vehicle-test-drive-name" name="name" required', form)
    assert 'name="email" required' in form and 'type="email"' in form
    assert '<label for="served-vehicle-test-drive-preferred-date">Voorkeursdatum' in form
    assert 'type="radio" id="served-vehicle-test-drive-time-of-day-any" name="time_of_day" ' \
           'value="any" checked' in form
    branch = re.search(r'<input type="text" list="[\w-]+" autocomplete="off" value="([^"]+)"',
                       form).group(1)
    assert f'<option value="{branch}">' in form  # the vehicle's branch, among the choices
    # The plate is revealed by the toggle: not required in the browser, checked on the server.
    assert re.search(r'name="trade_in_plate"(?! required)', form)
    assert len(key) >= 16 and key != run(served(site, f"/voorraad/{vehicle}/proefrit"))[1]
    assert 'data-reveals' in form and "Aanvraag versturen</button>" in form


def test_errors_answer_the_page_with_every_value_kept(site: httpx.AsyncClient, engine: Engine,
                                                      vehicle: str) -> None:
    path = f"/de/angebote/{vehicle}/probefahrt"
    _, key = run(served(site, path))
    sent = drive_request(key, name="", email="anna@", message='Nur "heute" <b>nicht</b>',
                      trade_in="on", trade_in_plate="")
    response = run(post(site, path, sent))
    page = response.text
    assert response.status_code == 200 and leads(engine) == []
    assert "Bitte prüfen Sie die rot markierten Felder." in page
    assert 'value="anna@" id="served-vehicle-test-drive-email" name="email" required ' \
           'aria-invalid="true" aria-describedby="served-vehicle-test-drive-email-error"' in page
    assert re.search(r'id="served-vehicle-test-drive-email-error" class="served-error">[^<]+</p>',
                     page)
    assert 'id="served-vehicle-test-drive-name-error"' in page
    assert 'id="served-vehicle-test-drive-trade-in-plate-error"' in page
    assert "Nur &quot;heute&quot; &lt;b&gt;nicht&lt;/b&gt;</textarea>" in page
    assert f'name="request_key" value="{key}"' in page and "data-sent" in page


def test_a_request_is_stored_once_and_acknowledged(site: httpx.AsyncClient, engine: Engine,
                                                   vehicle: str) -> None:
    path = f"/voorraad/{vehicle}/proefrit"
    page, key = run(served(site, path))
    branch = preset_branch(page)
    sent = drive_request(key, branch=branch, trade_in="on", trade_in_plate="ab123c",
                      trade_in_mileage="98000")
    first, second = run(post(site, path, sent)), run(post(site, path, sent))
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == f"{path}?sent=1"
    (lead,) = leads(engine)
    assert (lead.form_id, lead.vehicle_slug, lead.locale, lead.source_page, lead.idempotency_key) \
        == ("vehicle_test_drive", vehicle, "nl", path, key)
    assert lead.payload["branch"] == branch and lead.payload["time_of_day"] == "afternoon"
    assert lead.payload["trade_in"] is True and lead.payload["trade_in_plate"] == "AB-123-C"
    assert lead.subject and lead.brand
    thanks = run(site.get(first.headers["location"])).text
    assert 'data-testid="form-success">Bedankt! We hebben uw aanvraag ontvangen.</p>' in thanks
    assert "served-form" not in thanks.split("</head>", 1)[1]


def test_other_sites_cannot_send_the_form(site: httpx.AsyncClient, engine: Engine,
                                          vehicle: str) -> None:
    path = f"/voorraad/{vehicle}/proefrit"
    page, key = run(served(site, path))
    sent = drive_request(key, name="Mallory Evil", branch=preset_branch(page))
    for origin, headers in (("https://evil.example", {}), ("null", {}),
                            (None, {"referer": "https://evil.example/voorraad"}), (None, {})):
        response = run(post(site, path, sent, origin, **headers))
        assert response.status_code == 403 and "Mallory" not in response.text
        assert "Het formulier kon niet worden gelezen" in response.text
    assert leads(engine) == []
    # A browser that sends the page it came from, and no origin, is one of ours.
    assert run(post(site, path, sent, None, referer=f"{SITE}{path}")).status_code == 303
    assert len(leads(engine)) == 1


def test_a_visitor_is_rate_limited_as_in_the_app(site: httpx.AsyncClient, engine: Engine) -> None:
    path = "/direct-contact"
    sent = {"topic": "sales", "name": "Kim Bakker", "email": "kim@example.nl",
            "contact_preference": "email", "message": "Wanneer is de showroom open?",
            "privacy": "on"}
    for _ in range(RATE_LIMIT):
        _, key = run(served(site, path))
        assert run(post(site, path, {**sent, "request_key": key})).status_code == 303
    _, key = run(served(site, path))
    refused = run(post(site, path, {**sent, "request_key": key}))
    assert refused.status_code == 429 and len(leads(engine)) == RATE_LIMIT
    assert "U heeft in korte tijd meerdere aanvragen verstuurd" in refused.text
    assert 'value="Kim Bakker"' in refused.text


def test_a_body_too_large_is_refused_unread(site: httpx.AsyncClient) -> None:
    response = run(site.post("/direct-contact", content=b"a" * (MAX_FORM_BYTES + 1),
                             headers={"origin": SITE, "content-type": FORM}))
    assert response.status_code == 413


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=st.one_of(
    st.binary(max_size=300),
    st.dictionaries(st.sampled_from(["name", "email", "privacy", "request_key", "topic",
                                     "website", "branch", "x" * 60, "\x00"]),
                    st.text(max_size=80)).map(lambda d: httpx.QueryParams(d).__str__().encode()),
    st.just(b"&" * 200), st.just(b"%ff%fe=%00&name=%uD800"),
), content_type=st.sampled_from([FORM, f"{FORM}; charset=latin-1", "multipart/form-data",
                                 "text/plain", ""]))
def test_garbage_bodies_never_give_a_server_error(site: httpx.AsyncClient, body: bytes,
                                                  content_type: str) -> None:
    response = run(site.post("/de/direktkontakt", content=body,
                             headers={"origin": SITE, "content-type": content_type}))
    assert response.status_code in (200, 303, 400, 429)
    assert "Traceback" not in response.text
