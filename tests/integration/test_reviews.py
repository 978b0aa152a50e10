"""Reviews on real pages: a branch page's info and markup, the home page's group rating and
the content block, from the demo database and the bundled demo feed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from dealer import db
from dealer import settings as settings_module
from dealer.reviews import repository as reviews_repository
from dealer.views import content as cms_view
from dealer.views.content import _Context, build_blocks
from dealer.web import describe as pageinfo

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def demo_database(stock_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DATABASE_URL", str(stock_engine.url))
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reviews_repository.get_reviews.cache_clear()
    yield
    settings_module.get_settings.cache_clear()
    db.get_engine.cache_clear()
    reviews_repository.get_reviews.cache_clear()


def business(info) -> dict:
    return next(data for data in info.json_ld if data["@type"] == "AutoDealer")


async def test_a_branch_page_rates_the_reviews_it_shows() -> None:
    info = await pageinfo.describe("/vestigingen/utrecht")
    dealer = business(info)
    # The demo feed holds 12 reviews of Utrecht; the page shows the latest 10.
    assert dealer["aggregateRating"]["reviewCount"] == 10 == len(dealer["review"])
    stars = [review["reviewRating"]["ratingValue"] for review in dealer["review"]]
    assert dealer["aggregateRating"]["ratingValue"] == round(sum(stars) / len(stars), 1)
    fact = next(fact for fact in info.facts if fact.label == "Klantbeoordelingen")
    assert fact.value.endswith("van 5 · 10 beoordelingen")

    german = await pageinfo.describe("/de/audi/standorte/duesseldorf")
    assert business(german)["aggregateRating"]["reviewCount"] == 10
    assert any(fact.label == "Kundenbewertungen" for fact in german.facts)


async def test_an_unknown_branch_gets_no_rating() -> None:
    info = await pageinfo.describe("/vestigingen/atlantis")
    assert info.status == 404 and not info.json_ld


async def test_the_home_page_shows_the_group_rating_in_both_languages() -> None:
    for path, heading, count in (("/", "Wat onze klanten zeggen", "82 beoordelingen"),
                                 ("/de", "Das sagen unsere Kunden", "82 Bewertungen")):
        view = await cms_view.content_view(path)
        block = next(block for block in view.blocks if block.kind == "reviews")
        assert block.reviews.heading == heading
        assert block.reviews.count_text == count  # the 10 branches' shown reviews (at most 10 each)
        assert len(block.reviews.cards) == 3
        assert all(card.branch.startswith("Rijnland Autogroep") and card.branch_href
                   for card in block.reviews.cards)


async def test_a_content_block_can_show_one_branch() -> None:
    ctx = _Context("de", "/de/ueber-uns", {}, cms_view.get_repository())
    blocks = await build_blocks([{"component": "review_summary", "_uid": "r",
                                  "location": "koeln"}], ctx)
    assert blocks[0].reviews.heading == "Kundenbewertungen"
    assert blocks[0].reviews.count_text == "9 Bewertungen"
    assert len(blocks[0].reviews.cards) == 9
