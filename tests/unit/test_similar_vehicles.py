"""Similar vehicles: which vehicles a vehicle page suggests, and in what order."""

from __future__ import annotations

import math

import numpy as np

from dealer.stock.similar import (
    PRICE_BAND,
    SIMILAR_MAX,
    Candidates,
    Reference,
    branch_ranks,
    similar_rows,
)

GOLF, POLO, OCTAVIA = 0, 1, 2  # model codes
HATCHBACK, ESTATE = 0, 1  # body style codes
PETROL, DIESEL = 0, 1  # fuel codes
NEAR, FAR, FURTHEST = 0, 1, 2  # branch codes, by distance from the reference's branch
RANKS = branch_ranks(np.array([0.0, 40.0, 120.0, math.inf]))  # the last: unknown branches


def stock(*vehicles: dict) -> Candidates:
    """Candidates from vehicles given as dicts; unnamed fields are a near petrol Golf
    hatchback of 20,000 euros."""
    rows = [{"model": GOLF, "body_style": HATCHBACK, "fuel": PETROL, "price": 20_000.0,
             "monthly": math.nan, "branch": NEAR, **vehicle} for vehicle in vehicles]
    return Candidates(
        ids=np.arange(1, len(rows) + 1),
        **{key: np.array([row[key] for row in rows])
           for key in ("model", "body_style", "fuel", "price", "monthly", "branch")},
    )


def golf(**changes: object) -> Reference:
    values = {"id": 999, "model": GOLF, "body_style": HATCHBACK, "fuel": PETROL,
              "price": 20_000.0, "monthly": None, "branch": NEAR, **changes}
    return Reference(**values)  # type: ignore[arg-type]


def similar_ids(candidates: Candidates, reference: Reference) -> list[int]:
    return candidates.ids[similar_rows(candidates, reference, RANKS)].tolist()


def test_same_model_or_same_body_style_and_fuel() -> None:
    candidates = stock(
        {"model": GOLF, "body_style": ESTATE, "fuel": DIESEL},  # same model
        {"model": POLO},  # same body style and fuel
        {"model": POLO, "fuel": DIESEL},  # same body style only
        {"model": OCTAVIA, "body_style": ESTATE},  # same fuel only
    )
    assert similar_ids(candidates, golf()) == [1, 2]


def test_the_price_lies_within_the_band() -> None:
    low, high = 20_000 * (1 - PRICE_BAND), 20_000 * (1 + PRICE_BAND)
    candidates = stock({"price": low}, {"price": high}, {"price": low - 1},
                       {"price": high + 1}, {"price": math.nan})
    assert similar_ids(candidates, golf()) == [1, 2]


def test_without_a_purchase_price_the_monthly_amount_counts() -> None:
    candidates = stock({"price": math.nan, "monthly": 400.0},
                       {"price": 20_000.0, "monthly": 600.0}, {"monthly": 330.0})
    assert similar_ids(candidates, golf(price=None, monthly=400.0)) == [1, 3]


def test_without_any_price_there_is_no_band() -> None:
    candidates = stock({"price": 5_000.0}, {"price": math.nan})
    assert similar_ids(candidates, golf(price=None)) == [1, 2]


def test_nearest_branch_first_then_same_model_then_closest_price() -> None:
    candidates = stock(
        {"branch": FURTHEST},
        {"branch": FAR, "price": 21_000.0},
        {"branch": FAR, "model": POLO, "price": 20_000.0},
        {"branch": FAR, "price": 20_500.0},
        {"branch": NEAR, "model": POLO},
        {"branch": 3},  # a branch the index does not know: last
    )
    assert similar_ids(candidates, golf()) == [5, 4, 2, 3, 1, 6]


def test_at_most_six_and_ties_by_vehicle_id() -> None:
    candidates = stock(*({} for _ in range(50)))
    assert similar_ids(candidates, golf()) == [1, 2, 3, 4, 5, 6]
    assert SIMILAR_MAX == 6


def test_never_the_vehicle_itself() -> None:
    candidates = stock({}, {}, {})
    assert similar_ids(candidates, golf(id=2)) == [1, 3]


def test_a_model_without_stock_finds_body_style_and_fuel() -> None:
    candidates = stock({"model": POLO}, {"model": POLO, "fuel": DIESEL})
    assert similar_ids(candidates, golf(model=99)) == [1]


def test_nothing_similar_is_an_empty_answer() -> None:
    candidates = stock({"model": OCTAVIA, "body_style": ESTATE, "fuel": DIESEL})
    assert similar_ids(candidates, golf()) == []
    assert similar_ids(stock(), golf()) == []


def test_equal_distances_share_a_rank() -> None:
    assert branch_ranks(np.array([0.0, 10.0, 10.0, 5.0])).tolist() == [0, 2, 2, 1]
