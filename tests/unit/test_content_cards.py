"""Content cards as HTML: what a card shows, escaped, and how its links behave."""

from __future__ import annotations

import pytest

from dealer.stock import demo as stock_demo
from dealer.views import reviews as reviews_view
from dealer.views.content import Item, card_html, content_view, for_browser

pytestmark = pytest.mark.anyio


def test_a_card_links_its_picture_and_text() -> None:
    html = card_html(Item(title="Nieuwe showroom", text="Open vanaf maart", href="/nieuws/x",
                          image="/content/news/x.svg", image_alt="Showroom", meta="16 jan.",
                          label="Lees meer"), "article")
    assert html.startswith('<article class="cms-card cms-card--article" '
                           'data-testid="content-card"><a class="cms-card__link" '
                           'href="/nieuws/x">')
    assert '<img src="/content/news/x.svg" alt="Showroom" loading="lazy">' in html
    assert "<h3>Nieuwe showroom</h3>" in html
    for text in ("16 jan.", "Open vanaf maart", "Lees meer"):
        assert f">{text}</span>" in html
    assert html.count("<a ") == 1


def test_a_second_target_opens_another_site_in_a_new_tab() -> None:
    html = card_html(Item(title="Volkswagen ID.4", href="/volkswagen/modellen/id-4",
                          price="Vanaf € 39.990", label="Configureren",
                          extra_href="https://configurator.example/id4"), "model")
    assert ('<a class="cms-card__button" href="https://configurator.example/id4" '
            'target="_blank" rel="noopener" aria-label="Configureren: Volkswagen ID.4">'
            'Configureren<svg') in html
    assert '<strong class="cms-card__price">Vanaf € 39.990</strong>' in html
    assert 'class="cms-card__more"' not in html  # the label is the button's


def test_everything_an_editor_writes_is_escaped() -> None:
    html = card_html(Item(title='<script>alert(1)</script>', text='"quoted" & <b>',
                          href='/x" onclick="alert(1)', image='/a.svg" onerror="alert(1)',
                          image_alt="<i>", extra_href='https://x.example/"><script>',
                          label="<go>"), 'plain" onmouseover="x')
    assert "<script>" not in html and "<b>" not in html and "<i>" not in html
    assert 'onclick="' not in html and 'onerror="' not in html and 'onmouseover="' not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


async def test_the_home_pages_card_grids_carry_their_cards_as_html() -> None:
    view = await content_view("/")
    grids = [block for block in view.blocks if block.kind == "cards"]
    assert grids
    for grid in grids:
        assert grid.cards_html.count('data-testid="content-card"') == len(grid.parts)
        assert all(card_html(item, grid.style) in grid.cards_html for item in grid.parts)
    assert all(block.cards_html == "" for block in view.blocks if block.kind != "cards")


async def test_the_browser_gets_the_cards_and_reviews_once_as_html(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The group rating names the branches from the database: here the demo branches.
    monkeypatch.setattr(reviews_view, "_branch_names", lambda: {
        branch.slug: f"Rijnland Autogroep {branch.city}" for branch in stock_demo.BRANCHES})
    view = await content_view("/")
    drawn = for_browser(view).blocks
    assert [block.cards_html for block in drawn] == [block.cards_html for block in view.blocks]
    assert all(not block.parts for block in drawn if block.kind == "cards")
    reviews = next(block.reviews for block in drawn if block.kind == "reviews")
    assert reviews.cards == [] and reviews.cards_html.count('data-testid="review"') == 3
    carousel = next(block for block in drawn if block.kind == "carousel")
    assert carousel.parts  # slides are drawn from their records
    assert next(block for block in view.blocks if block.kind == "reviews").reviews.cards
