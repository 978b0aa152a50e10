"""List cards as HTML: what the served page and the app both show for a vehicle or a
lease offer; every value escaped, the first row's photos loaded at once."""

from __future__ import annotations

import dataclasses
import re

from hypothesis import given
from hypothesis import strategies as st

from dealer.pageinfo import Link
from dealer.views.lease_offers import OfferCard, offer_card_html, offers_part
from dealer.views.stock import EAGER_CARDS, Card, cards_part, keyed_card, list_cards, pills_html

GOLF = Card(slug="volkswagen-golf-1-5-tsi-12012", href="/voorraad/volkswagen-golf-1-5-tsi-12012",
            title="Volkswagen Golf", version="1.5 TSI Life", specs="2021 · 45.000 km",
            price="€ 23.950", price_label="Koop", photo="/stock-photos/golf.webp",
            photo_alt="Volkswagen Golf 1.5 TSI Life", branch="Utrecht", condition="Occasion")


def test_a_card_is_a_link_with_its_photo_heading_and_price() -> None:
    [card] = list_cards([GOLF])
    assert card.slug == GOLF.slug and card.name == "Volkswagen Golf 1.5 TSI Life"
    assert card.html.startswith(f'<a class="list-card-link" href="{GOLF.href}">')
    assert '<img src="/stock-photos/golf.webp" alt="Volkswagen Golf 1.5 TSI Life"' in card.html
    assert "<h2>Volkswagen Golf</h2>" in card.html and "<strong>€ 23.950</strong>" in card.html


def test_a_lowered_price_is_a_badge_beside_the_condition() -> None:
    [plain, lowered] = list_cards([GOLF, dataclasses.replace(GOLF, price_drop="Prijs verlaagd")])
    assert '<span class="list-card-badge">Occasion</span></span>' in plain.html
    assert ('<span class="list-card-badge">Occasion</span><span class="list-card-badge '
            'list-card-drop">Prijs verlaagd</span></span>') in lowered.html


def test_the_first_row_loads_at_once_and_the_first_photo_first() -> None:
    cards = list_cards([GOLF] * (EAGER_CARDS + 2))
    loading = [re.search(r'loading="(\w+)"( fetchpriority="high")?', card.html).groups()
               for card in cards]
    assert loading[0] == ("eager", ' fetchpriority="high"')
    assert all(entry == ("eager", None) for entry in loading[1:EAGER_CARDS])
    assert all(entry == ("lazy", None) for entry in loading[EAGER_CARDS:])


def test_the_served_cards_report_their_click_as_the_apps_do() -> None:
    [card] = list_cards([GOLF])
    part = cards_part([card])
    assert part.startswith(f'<article class="list-card" data-card="{card.key}" '
                           'data-testid="vehicle-card"><div data-track="')
    assert "&quot;vehicle_id&quot;:&quot;12012&quot;" in part
    assert part.endswith('<div class="list-card-actions"></div></article>')


def test_a_card_is_known_by_what_it_shows() -> None:
    """The app keeps the served cards while the list's keys are theirs: a card drawn alike
    has its key, one that shows something else (a new price) another."""
    first, again = list_cards([GOLF]), list_cards([GOLF])
    cheaper = list_cards([dataclasses.replace(GOLF, price="€ 19.950")])
    assert first[0].key == again[0].key
    assert cheaper[0].key != first[0].key
    assert list_cards([GOLF, GOLF])[1].key != first[0].key  # second: not fetched first


def test_an_offer_card_links_to_the_offer_by_name() -> None:
    offer = OfferCard(slug="polo", href="/lease-aanbod/polo", title="Volkswagen Polo",
                      version="1.0 TSI", price="€ 329 per maand", price_note="incl. btw",
                      terms="48 maanden", customer="Private lease", photo="/p.webp",
                      photo_alt="Volkswagen Polo 1.0 TSI", more="Meer info",
                      more_label="Meer info over de Volkswagen Polo")
    html = offer_card_html(offer, 0)
    assert ('href="/lease-aanbod/polo" aria-label="Meer info over de Volkswagen Polo">'
            "Meer info</a>") in html
    card = keyed_card("polo", "Volkswagen Polo", html)
    assert offers_part([card]) == (f'<article class="list-card" data-card="{card.key}" '
                                   f'data-testid="lease-offer-card"><div>{html}</div></article>')


@given(st.text(max_size=80))
def test_no_value_can_add_markup(text: str) -> None:
    def card(value: str) -> str:
        return list_cards([Card(**{name: value for name in Card.__dataclass_fields__})])[0].html
    # Every tag and attribute is the card's own: the text adds none.
    html, plain = card("x" + text), card("x")
    assert html.count("<") == plain.count("<") and html.count('"') == plain.count('"')


def test_the_active_filters_are_links_that_remove_them() -> None:
    html = pills_html([Link("Diesel", "/voorraad", "fuel"), Link("“golf”", "/voorraad?fuel=diesel",
                                                                  "q")], "/voorraad", "de")
    assert html.count('data-testid="filter-pill"') == 2
    assert 'href="/voorraad" aria-label="Filter entfernen: Diesel"' in html
    assert html.endswith('href="/voorraad">Alle Filter zurücksetzen</a></div>')
    assert pills_html([], "/voorraad", "nl") == ""
