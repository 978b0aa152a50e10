"""A request form starts from where the visitor came: the subject, branch and topic a
contact link or a model's form gives it, read from the demo stock in a real database."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from dealer import db, settings
from dealer.locations.repository import branch_names, get_location
from dealer.pageinfo import PageInfo
from dealer.routes import path_for, request_for
from dealer.stock.models import Vehicle
from dealer.stock.repository import get_vehicle
from dealer.views.forms import FormSubject, form_page


@pytest.fixture(autouse=True)
def demo_stock(stock_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DATABASE_URL", str(stock_engine.url))
    settings.get_settings.cache_clear()
    db.get_engine.cache_clear()
    yield
    settings.get_settings.cache_clear()
    db.get_engine.cache_clear()


def contact(locale: str, query: Mapping[str, object]) -> tuple[PageInfo, FormSubject]:
    info, subject = asyncio.run(form_page(request_for(path_for("direct_contact", locale),
                                                      query)))  # type: ignore[arg-type]
    assert info.status == 200 and subject is not None
    return info, subject


def every_branch(engine: Engine) -> set[str]:
    with Session(engine) as session:
        return set(branch_names(session).values())


def test_a_question_about_a_vehicle_shows_it_with_its_branch_and_the_sales_topic(
    stock_engine: Engine,
) -> None:
    with Session(stock_engine) as session:
        slug = session.exec(select(Vehicle.slug).where(Vehicle.available)
                            .order_by(Vehicle.id)).first()
        vehicle = get_vehicle(session, slug)
    for locale, heading in (("nl", "Direct contact"), ("de", "Direktkontakt")):
        info, subject = contact(locale, {"vehicle": slug})
        assert (subject.kind, subject.vehicle_slug, subject.title) == (
            "vehicle", slug, vehicle.title)
        assert subject.href == path_for("vehicle", locale, vehicle=slug)
        assert subject.presets == {"branch": vehicle.location.name, "topic": "sales"}
        assert set(subject.branches) == every_branch(stock_engine)  # any branch may be asked
        assert info.title.startswith(f"{heading}: {vehicle.title}")


def test_a_question_for_a_branch_chooses_it_and_the_topic_of_what_it_does(
    stock_engine: Engine,
) -> None:
    with Session(stock_engine) as session:
        koeln = get_location(session, "koeln")
    assert koeln is not None and "sales" in koeln.services
    info, subject = contact("de", {"branch": "koeln"})
    assert subject.presets == {"branch": koeln.name, "topic": "sales"}
    assert subject.title == "" and subject.kind == ""  # the branch field shows it
    assert koeln.name in subject.branches
    assert info.title.startswith("Direktkontakt |")


@pytest.mark.parametrize("query", [
    {"vehicle": "no-such-vehicle-1"},
    {"branch": "atlantis"},
    {"lease_offer": "gone-lease-1"},
    {"vehicle": "'; DROP TABLE vehicle; --"},
    {"branch": ["utrecht", "koeln"]},
    {"vehicle": "x" * 5000},
    {},
])
def test_an_unknown_or_garbled_origin_leaves_a_working_plain_form(
    stock_engine: Engine, query: Mapping[str, object],
) -> None:
    info, subject = contact("nl", query)
    assert subject == FormSubject(branches=subject.branches)  # no subject, nothing preset
    assert set(subject.branches) == every_branch(stock_engine)
    assert info.title.startswith("Direct contact |")


def test_a_model_contact_form_starts_with_the_sales_topic() -> None:
    path = path_for("model_contact", "nl", brand="volkswagen", model="polo")
    info, subject = asyncio.run(form_page(request_for(path)))
    assert info.title.startswith("Contact over dit model: Volkswagen Polo")
    assert subject is not None and subject.title == "Volkswagen Polo"
    assert subject.presets == {"topic": "sales"}
