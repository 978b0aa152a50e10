from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from dealer.stock import importer
from dealer.stock.__main__ import main
from dealer.stock.importer import FeedError, import_file, import_rows
from dealer.stock.index import get_index
from dealer.stock.models import Vehicle
from dealer.stock.query import StockQuery
from dealer.stock.repository import get_vehicle
from dealer.stock.version import current_version
from tests import stock_sql_reference as sql_search


def feed_row(vehicle_id: str = "A-100", **changes: object) -> dict:
    row = {
        "id": vehicle_id,
        "brand": "volkswagen",
        "model": "Golf",
        "version": "1.5 TSI Life",
        "branch": "utrecht",
        "condition": "used",
        "fuel": "petrol",
        "body_style": "hatchback",
        "transmission": "manual",
        "mileage": 42000,
        "year": 2021,
        "power_hp": 150,
        "exterior_colour": "blue",
        "emissions_class": "euro6d",
        "price": 23950,
        "features": ["abs", "tow_bar", "cruise_control"],
        "photos": ["/vehicles/hatchback-blue-side.svg"],
        "prices": {"private_lease": {"monthly_installment": 399, "contract_duration": 48,
                                     "annual_distance": 10000}},
        "consumption": {"fuel_combined": 5.6, "co2_emissions": 128, "co2_class": "C"},
    }
    row.update(changes)
    return row


def _vehicles(engine: Engine) -> int:
    with Session(engine) as session:
        return session.exec(select(func.count()).select_from(Vehicle)).one()


def test_creates_and_updates_by_id(fresh_stock_engine: Engine) -> None:
    before = _vehicles(fresh_stock_engine)
    with fresh_stock_engine.connect() as connection:
        version = current_version(connection)
    report = import_rows(fresh_stock_engine, [feed_row()])
    assert (report.created, report.updated, report.rejected) == (1, 0, [])
    slug = "volkswagen-golf-1-5-tsi-life-a-100"
    with Session(fresh_stock_engine) as session:
        detail = get_vehicle(session, slug)
    assert detail.price("private_lease").monthly_installment == 399
    assert detail.price("purchase").total_price == 23950
    assert detail.features == ("abs", "cruise_control", "tow_bar")  # catalogue order
    assert detail.power_kw == 110 and detail.location.slug == "utrecht"

    report = import_rows(fresh_stock_engine, [feed_row(price=21950, features=["abs"])])
    assert (report.created, report.updated) == (0, 1)
    with Session(fresh_stock_engine) as session:
        detail = get_vehicle(session, slug)
    assert detail.price("purchase").total_price == 21950 and detail.features == ("abs",)
    assert _vehicles(fresh_stock_engine) == before + 1
    with fresh_stock_engine.connect() as connection:
        assert current_version(connection) == version + 2
    # The search index of every process sees the import.
    index = get_index(fresh_stock_engine)
    result = index.search(StockQuery.from_params({"q": "golf 1.5 tsi life", "price_max": "22000"}))
    assert slug in {card.slug for card in result.cards}
    assert result == sql_search.search(fresh_stock_engine, StockQuery.from_params(
        {"q": "golf 1.5 tsi life", "price_max": "22000"}))


def test_bad_rows_are_reported_and_good_rows_kept(fresh_stock_engine: Engine) -> None:
    rows = [
        feed_row("GOOD-1"),
        feed_row("BAD-1", fuel="steam", mileage=-3),
        feed_row("BAD-2", brand="Trabant"),
        "not an object",
        feed_row("GOOD-2", model="Golf Estate Special"),  # a new model is created
        feed_row("GOOD-1"),
        feed_row("BAD-3", features=["abs", "jetpack"], prices={"private_lease": {}}),
        {k: v for k, v in feed_row("BAD-4").items() if k != "price"},
        feed_row("BAD-5", condition="new", mileage=25000),
    ]
    report = import_rows(fresh_stock_engine, rows)
    assert report.created == 2
    rejected = {row.row: row for row in report.rejected}
    assert set(rejected) == {2, 3, 4, 6, 7, 8, 9}
    assert any(reason.startswith("fuel:") for reason in rejected[2].reasons)
    assert any(reason.startswith("mileage:") for reason in rejected[2].reasons)
    assert rejected[3].reasons == ("brand: unknown brand 'Trabant'",)
    assert rejected[6].reasons == ("id: appears more than once in the feed",)
    assert any("features" in reason for reason in rejected[7].reasons)
    assert any("monthly_installment: required" in r for r in rejected[7].reasons)
    assert rejected[8].reasons == ("price: required",)
    assert "row 2 (id BAD-1)" in report.summary()


def test_full_feed_takes_missing_vehicles_offline(fresh_stock_engine: Engine) -> None:
    with Session(fresh_stock_engine) as session:
        kept = session.exec(select(Vehicle.external_id).order_by(Vehicle.id)).first()
        total = session.exec(select(func.count()).select_from(Vehicle)).one()
    report = import_rows(
        fresh_stock_engine, [feed_row(kept), feed_row("NEW-1"), feed_row("BAD", year="old")],
        full=True,
    )
    assert (report.updated, report.created, len(report.rejected)) == (1, 1, 1)
    assert report.made_unavailable == total - 1
    with Session(fresh_stock_engine) as session:
        available = session.exec(select(Vehicle.external_id).where(Vehicle.available)).all()
        assert sorted(available) == sorted([kept, "NEW-1"])
        assert session.exec(select(func.count()).select_from(Vehicle)).one() == total + 1
    assert get_index(fresh_stock_engine).size == 2


def test_failed_import_leaves_stock_intact(
    fresh_stock_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = sql_search.search(fresh_stock_engine, StockQuery())
    def explode(*_args: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(importer, "bump_stock_version", explode)
    with pytest.raises(RuntimeError):
        import_rows(fresh_stock_engine, [feed_row("X-1")], full=True)
    assert sql_search.search(fresh_stock_engine, StockQuery()) == before


def test_csv_and_json_files(fresh_stock_engine: Engine, tmp_path: Path) -> None:
    csv_file = tmp_path / "feed.csv"
    csv_file.write_text(
        "id,brand,model,version,branch,condition,fuel,body_style,transmission,mileage,year,"
        "power_hp,exterior_colour,emissions_class,price,features,prices.private_lease."
        "monthly_installment,consumption.co2_emissions\n"
        "C-1,Škoda,Octavia,1.5 TSI Selection,koeln,used,petrol,saloon,automatic,30500,2022,"
        "150,grey,euro6d,\"26950,00\",abs|tow_bar,359,131\n"
        "C-2,skoda,Octavia,,koeln,used,petrol,saloon,automatic,30500,2022,150,grey,euro6d,"
        "26950,,,\n",
        encoding="utf-8",
    )
    report = import_file(fresh_stock_engine, csv_file)
    assert report.created == 1 and [row.row for row in report.rejected] == [2]
    assert report.rejected[0].reasons == ("version: required",)
    json_file = tmp_path / "feed.json"
    json_file.write_text(json.dumps({"vehicles": [feed_row("J-1")]}), encoding="utf-8")
    assert import_file(fresh_stock_engine, json_file).created == 1
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(FeedError):
        import_file(fresh_stock_engine, broken)


def test_command_line(fresh_stock_engine: Engine, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr("dealer.stock.__main__.get_engine", lambda: fresh_stock_engine)
    monkeypatch.setattr("dealer.stock.__main__.upgrade", lambda: None)
    feed = tmp_path / "feed.json"
    feed.write_text(json.dumps([feed_row("CLI-1"), feed_row("CLI-2", year=1800)]), "utf-8")
    assert main(["import", str(feed)]) == 1
    output = capsys.readouterr().out
    assert "created 1" in output and "row 2 (id CLI-2): year: must be between" in output
    feed.write_text("nonsense", "utf-8")
    assert main(["import", str(feed)]) == 2
