"""The reservation addresses of the HTTP layer with the demo provider and a real SQLite
stock: the form leads to the checkout, paying there reserves the car (its page and the
webhook agree, however often it comes), and what a visitor or a forger sends is refused
without an error."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer.leads.models import Lead
from dealer.reservations.models import Reservation
from dealer.stock.models import Vehicle
from dealer.views.vehicle import vehicle_page
from dealer.web import reservations

pytestmark = pytest.mark.anyio


@pytest.fixture
def engine(fresh_stock_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Engine:
    monkeypatch.setattr(reservations, "get_engine", lambda: fresh_stock_engine)
    return fresh_stock_engine


@pytest.fixture
def slug(engine: Engine) -> str:
    with Session(engine) as session:
        return session.exec(select(Vehicle.slug).where(Vehicle.available)).first()


def http() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=reservations.reservation_app),
                             base_url="http://localhost:3000")


def form(slug: str, locale: str = "nl", **changes: str) -> dict[str, str]:
    return {"vehicle": slug, "locale": locale, "name": "Anna de Vries",
            "email": "anna@example.nl", "terms": "accepted", **changes}


@pytest.mark.parametrize("locale", ["nl", "de"])
async def test_paying_in_the_demo_checkout_reserves_the_car(engine: Engine, slug: str,
                                                            locale: str) -> None:
    async with http() as client:
        started = await client.post("/reservering", data=form(slug, locale))
        assert started.status_code == 303
        checkout = started.headers["location"]
        assert checkout.startswith("/reservering/demo/tr_")
        page = await client.get(checkout)
        assert page.status_code == 200
        assert "250,00" in page.text
        assert ("Betalen" if locale == "nl" else "Bezahlen") in page.text
        paid = await client.post(checkout, data={"decision": "pay"})
        assert paid.status_code == 303 and paid.headers["location"].startswith(
            "/reservering/terug/")
        back = await client.get(paid.headers["location"])
        assert back.headers["location"] == vehicle_page_path(slug, locale)
        payment_id = checkout.rsplit("/", 1)[-1]
        for _ in range(2):  # the provider's report, replayed
            assert (await client.post("/reservering/webhook", data={"id": payment_id})
                    ).status_code == 200
        again = await client.post("/reservering", data=form(slug, locale))
        assert again.status_code == 409
    with Session(engine) as session:
        assert [r.status for r in session.exec(select(Reservation))] == ["paid"]
        assert len(session.exec(select(Lead)).all()) == 1
    view = vehicle_page(vehicle_page_path(slug, locale), engine=engine).view
    assert view is not None and view.reservation.reserved
    assert view.reservation.status == ("Gereserveerd" if locale == "nl" else "Reserviert")


def vehicle_page_path(slug: str, locale: str) -> str:
    return reservations.vehicle_path(slug, locale)


async def test_a_canceled_payment_leaves_the_car_free(engine: Engine, slug: str) -> None:
    async with http() as client:
        checkout = (await client.post("/reservering", data=form(slug))).headers["location"]
        await client.post(checkout, data={"decision": "cancel"})
        assert (await client.post("/reservering", data=form(slug))).status_code == 303
    view = vehicle_page(vehicle_page_path(slug, "nl"), engine=engine).view
    assert view is not None and not view.reservation.reserved
    assert "250,00" in view.reservation.button


@pytest.mark.parametrize("body", [
    {}, {"id": ""}, {"id": "tr_" + "x" * 200}, {"id": "../../etc"}, {"id": "tr_unknown1"},
])
async def test_a_webhook_report_is_never_an_error(engine: Engine, body: dict) -> None:
    async with http() as client:
        response = await client.post("/reservering/webhook", data=body)
    assert response.status_code in (200, 400)


@pytest.mark.parametrize("changes", [
    {"terms": ""}, {"email": "no-address"}, {"name": "   "}, {"vehicle": "no-such-car"},
    {"locale": "xx", "terms": ""}, {"name": "x" * 5000},
])
async def test_a_bad_form_reserves_nothing(engine: Engine, slug: str,
                                           changes: dict[str, str]) -> None:
    async with http() as client:
        response = await client.post("/reservering", data=form(slug, **changes))
        other_site = await client.post("/reservering", data=form(slug),
                                       headers={"origin": "https://evil.example"})
        unknown = await client.get("/reservering/terug/abc")
        demo = await client.get("/reservering/demo/tr_unknown")
    assert response.status_code in (400, 404, 413) and other_site.status_code == 400
    assert unknown.status_code == 303 and demo.status_code == 404
    with Session(engine) as session:
        assert session.exec(select(Reservation)).all() == []
