"""A branch's rating is in the raw HTML a crawler gets: AggregateRating and the reviews it
is made of, in the branch's schema.org AutoDealer, in both languages."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import Site
from tests.http.test_findable import Head


@pytest.mark.parametrize(("path", "label"), [("/vestigingen/utrecht", "Klantbeoordelingen"),
                                             ("/de/standorte/koeln", "Kundenbewertungen")])
def test_branch_html_carries_the_rating_of_the_reviews_shown(site: Site, path: str,
                                                            label: str) -> None:
    response = httpx.get(site.url(path))
    assert response.status_code == 200
    head = Head()
    head.feed(response.text)
    dealer = next(data for data in head.json_ld if data.get("@type") == "AutoDealer")
    rating, reviews = dealer["aggregateRating"], dealer["review"]
    assert rating["@type"] == "AggregateRating"
    assert rating["reviewCount"] == len(reviews) > 0
    stars = [review["reviewRating"]["ratingValue"] for review in reviews]
    assert rating["ratingValue"] == round(sum(stars) / len(stars), 1)
    assert (rating["bestRating"], rating["worstRating"]) == (5, 1)
    # Readers without JavaScript see the same rating.
    assert f"<dt>{label}</dt>" in response.text
