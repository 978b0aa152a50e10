"""Reviews as a visitor reads them: a branch's rating with its latest reviews, and the
group's rating on the home page, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Site


@pytest.mark.parametrize(("path", "heading", "rating", "count", "shown", "date"), [
    ("/vestigingen/utrecht", "Klantbeoordelingen", "4,2 van 5", "10 beoordelingen", 10,
     r"^\d{1,2} [a-z]+ 2026$"),
    ("/de/standorte/koeln", "Kundenbewertungen", "4,2 von 5", "9 Bewertungen", 9,
     r"^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ 2026$"),
])
def test_branch_page_shows_its_rating_and_latest_reviews(
    page: Page, site: Site, path: str, heading: str, rating: str, count: str, shown: int,
    date: str,
) -> None:
    page.goto(site.url(path))
    reviews = page.get_by_test_id("reviews")
    expect(reviews.get_by_role("heading", level=2)).to_have_text(heading)
    expect(reviews.get_by_role("img", name=rating)).to_be_visible()
    expect(reviews.get_by_test_id("review-count")).to_have_text(count)
    cards = reviews.get_by_test_id("review")
    expect(cards).to_have_count(shown)
    expect(cards.first.locator("time")).to_have_text(re.compile(date))
    expect(cards.first.get_by_role("img", name=re.compile(r"^\d (van|von) 5"))).to_be_visible()


@pytest.mark.parametrize(("path", "heading", "count"), [
    ("/", "Wat onze klanten zeggen", "82 beoordelingen"),
    ("/de", "Das sagen unsere Kunden", "82 Bewertungen"),
])
def test_home_page_shows_the_group_rating(page: Page, site: Site, path: str, heading: str,
                                          count: str) -> None:
    page.goto(site.url(path))
    reviews = page.get_by_test_id("reviews")
    expect(reviews.get_by_role("heading", level=2)).to_have_text(heading)
    expect(reviews.get_by_test_id("review-count")).to_have_text(count)
    cards = reviews.get_by_test_id("review")
    expect(cards).to_have_count(3)
    cards.first.get_by_role("link", name=re.compile("^Rijnland Autogroep")).click()
    expect(page).to_have_url(re.compile(r"/(vestigingen|de/standorte)/[a-z]+$"))
    expect(page.get_by_test_id("reviews").get_by_test_id("review").first).to_be_visible()
