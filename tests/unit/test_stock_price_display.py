"""Which price the stock overview's cards show, with and without the multi-price feature
(SPEC §1, DEALER_FEATURE_MULTI_PRICE): with it the visitor chooses the acquisition type;
without it every card shows the one price its vehicle page shows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dealer.settings import get_settings
from dealer.stock.query import StockQuery
from dealer.stock.results import StockResult, VehicleCard
from dealer.views import stock
from dealer.views.stock import Scope, card_values, headline_deal, stock_listing

GOLF = VehicleCard(
    id=12012, slug="volkswagen-golf-12012", brand_slug="volkswagen", brand_name="Volkswagen",
    model_slug="golf", model_name="Golf", version="1.5 TSI Life", year=2021, mileage=45000,
    fuel="petrol", transmission="manual", power_hp=130, power_kw=96, body_style="hatchback",
    condition="used", colour="grey", photo_url=None, price=23950.0, private_lease=459.0,
    business_lease=410.0, private_finance=None, business_finance=None, vat_reportable=False,
    branch_slug="utrecht", branch_name="Rijnland Utrecht", branch_city="Utrecht")
# Offered by lease and finance only: no purchase price.
ID3 = replace(GOLF, id=12013, slug="volkswagen-id-3-12013", model_name="ID.3", price=None,
              private_lease=529.0, business_lease=None, private_finance=None,
              business_finance=489.0)


class OneSearch:
    """An index whose every search answers these cards."""

    def __init__(self, cards: list[VehicleCard]) -> None:
        self.cards = cards
        self.queries: list = []

    def search(self, query) -> StockResult:
        self.queries.append(query)
        return StockResult(total=len(self.cards), cards=self.cards, facets={}, ranges={},
                           page=1, pages=2)

    def count(self, query) -> int:
        return len(self.cards)


@pytest.fixture
def index(monkeypatch: pytest.MonkeyPatch) -> OneSearch:
    searched = OneSearch([GOLF, ID3])
    monkeypatch.setattr(stock, "get_index", lambda: searched)
    return searched


def multi_price(monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    monkeypatch.setattr(get_settings(), "feature_multi_price", on)


def shown(listing: dict) -> list[tuple[str, str]]:
    return [(card.price, card.price_label) for card in listing["card_values"]]


def test_a_card_heads_with_the_purchase_price_else_the_lowest_monthly_one() -> None:
    assert headline_deal(GOLF) == "purchase"
    assert headline_deal(ID3) == "business_finance"
    assert headline_deal(replace(ID3, private_lease=None, business_finance=None)) == "purchase"


@pytest.mark.parametrize(("locale", "golf", "id3", "lease", "lease_label"), [
    ("nl", ("€ 23.950", "Kopen"), ("€ 489 per maand", "Zakelijke financiering"),
     ("€ 459 per maand", "Private lease"), "Prijs op aanvraag"),
    ("de", ("23.950 €", "Kaufen"), ("489 € pro Monat", "Gewerbefinanzierung"),
     ("459 € pro Monat", "Privatleasing"), "Preis auf Anfrage"),
])
def test_with_multi_price_the_visitor_chooses_the_price_without_it_the_page_does(
        monkeypatch: pytest.MonkeyPatch, index: OneSearch, locale: str,
        golf: tuple[str, str], id3: tuple[str, str], lease: tuple[str, str],
        lease_label: str) -> None:
    multi_price(monkeypatch, True)
    chosen = stock_listing({"display": "private_lease"}, locale)
    assert chosen["display"] == "private_lease"
    assert [choice.value for choice in chosen["displays"]] == [
        "purchase", "private_lease", "business_lease", "private_finance", "business_finance"]
    assert shown(chosen) == [lease, ("€ 529 per maand" if locale == "nl" else "529 € pro Monat",
                                     lease[1])]
    assert "display=private_lease" in chosen["pages"][-1].href
    # The purchase price: the leased-only car has none to show.
    assert shown(stock_listing({}, locale))[1][0] == lease_label

    multi_price(monkeypatch, False)
    for params in ({}, {"display": "private_lease"}):  # a chosen display is no choice now
        listing = stock_listing(params, locale)
        assert listing["displays"] == []
        assert shown(listing) == [golf, id3]
        assert all("display=" not in page.href for page in listing["pages"])


@pytest.mark.parametrize(("locale", "golf", "id3"), [
    ("nl", "€ 410 per maand", "Prijs op aanvraag"), ("de", "410 € pro Monat", "Preis auf Anfrage"),
])
def test_a_deal_listing_shows_its_own_price_with_or_without_multi_price(
        monkeypatch: pytest.MonkeyPatch, index: OneSearch, locale: str, golf: str,
        id3: str) -> None:
    for on in (True, False):
        multi_price(monkeypatch, on)
        listing = stock_listing({}, locale, Scope(deal="business_lease"))
        assert [card.price for card in listing["card_values"]] == [golf, id3]
        assert listing["display"] == "business_lease"


def test_without_multi_price_sorting_by_price_sorts_by_the_purchase_price(
        monkeypatch: pytest.MonkeyPatch, index: OneSearch) -> None:
    multi_price(monkeypatch, False)
    stock_listing({"display": "private_lease", "sort": "price_desc"}, "nl")
    assert index.queries[-1].sort == "price_desc"
    multi_price(monkeypatch, True)
    stock_listing({"display": "private_lease", "sort": "price_desc"}, "nl")
    assert index.queries[-1].sort == "private_lease_desc"


def test_the_cards_words_follow_the_display() -> None:
    assert card_values(ID3, "nl", "headline").price_label == "Zakelijke financiering"
    assert card_values(ID3, "nl", "purchase").price == "Prijs op aanvraag"


def test_a_recent_price_drop_is_a_badge_in_the_cards_language() -> None:
    assert card_values(GOLF, "nl", "purchase").price_drop == ""
    assert card_values(replace(GOLF, price_dropped=True), "nl", "purchase").price_drop == (
        "Prijs verlaagd")
    assert card_values(replace(GOLF, price_dropped=True), "de", "purchase").price_drop == (
        "Preis gesenkt")


@pytest.mark.parametrize(("locale", "lowered"), [("nl", "Prijs verlaagd"), ("de", "Preis gesenkt")])
def test_a_switched_on_filter_is_a_pill_named_as_its_switch(
        index: OneSearch, locale: str, lowered: str) -> None:
    query = StockQuery.from_params({"price_lowered": "1", "electric": "1"})
    pills = stock.pill_values(query, index.search(query), locale, "purchase")
    assert [pill.value for pill in pills] == ["electric", "price_lowered"]
    assert pills[1].label == lowered and "1" not in {pill.label for pill in pills}


@pytest.mark.parametrize(("locale", "word"), [("nl", "Gereserveerd"), ("de", "Reserviert")])
def test_the_card_of_a_reserved_vehicle_says_so(index: OneSearch, locale: str,
                                                word: str) -> None:
    listing = stock_listing({}, locale, reserved={GOLF.slug})
    golf, id3 = listing["cards"]
    assert f'<span class="list-card-badge list-card-reserved">{word}</span>' in golf.html
    assert word not in id3.html
    assert all(word not in card.html for card in stock_listing({}, locale)["cards"])
