"""Similar vehicles: which vehicles on offer a vehicle page suggests, and in what order.

A vehicle is similar when it is another vehicle of the same model, or of the same body
style and fuel; with a price, its price lies within ``PRICE_BAND`` of it (the purchase
price, else the lowest monthly amount; a vehicle without that price is left out). The
nearest branch comes first (the vehicle's own first); within a branch the same model,
then the closest price, then the vehicle id. At most ``SIMILAR_MAX``.

Plain numpy over the stock index's columns (``StockIndex.similar``): a few masks over
every vehicle and a partial sort of the matches, well under 2 ms at 100,000 vehicles
(``bench/similar.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SIMILAR_MAX = 6
PRICE_BAND = 0.2  # at most 20 % cheaper or dearer


@dataclass(frozen=True)
class Candidates:
    """The vehicles on offer as index columns, one entry per vehicle. Codes are positions
    in the index's vocabularies; prices are NaN where the vehicle has none."""

    ids: np.ndarray
    model: np.ndarray
    body_style: np.ndarray
    fuel: np.ndarray
    price: np.ndarray  # purchase price
    monthly: np.ndarray  # lowest monthly amount
    branch: np.ndarray


@dataclass(frozen=True)
class Reference:
    """The vehicle similar ones are sought for, in the same codes. It may be sold (then it
    is no longer among the candidates) and its model may have no stock left (a code no
    candidate has)."""

    id: int
    model: int
    body_style: int
    fuel: int
    price: float | None
    monthly: float | None
    branch: int


def similar_rows(candidates: Candidates, reference: Reference, branch_ranks: np.ndarray,
                 limit: int = SIMILAR_MAX) -> np.ndarray:
    """The candidates' rows of the vehicles similar to ``reference``, best first.

    ``branch_ranks[code]`` orders the branches by their distance from the reference's
    branch (0 for the nearest, its own); one entry per branch code.
    """
    same_model = candidates.model == reference.model
    match = same_model | ((candidates.body_style == reference.body_style)
                          & (candidates.fuel == reference.fuel))
    match &= candidates.ids != reference.id
    if reference.price:
        amount, values = reference.price, candidates.price
    elif reference.monthly:
        amount, values = reference.monthly, candidates.monthly
    else:
        amount, values = None, None
    if amount is not None and values is not None:
        # NaN (no such price) compares false: those vehicles drop out.
        match &= np.abs(values - amount) <= amount * PRICE_BAND
    rows = np.flatnonzero(match)
    if not rows.size or limit <= 0:
        return rows[:0]
    # One number orders branch, model and price: the price gap is below 1 (a share of the
    # price within the band), the model adds 1, the branch's rank counts in steps of 2.
    key = branch_ranks[candidates.branch[rows]] * 2.0 + (~same_model[rows])
    if amount is not None and values is not None:
        key = key + np.abs(values[rows] - amount) / amount
    if rows.size > limit:
        # Only the best ``limit`` keys (and any tied with the last of them) are sorted.
        last = np.partition(key, limit - 1)[limit - 1]
        best = key <= last
        rows, key = rows[best], key[best]
    order = np.lexsort((candidates.ids[rows], key))
    return rows[order][:limit]


def branch_ranks(distances: np.ndarray) -> np.ndarray:
    """Ranks of the branches by distance: equal distances share a rank."""
    return np.unique(distances, return_inverse=True)[1].astype(np.float64)
