"""The lease offers' filters from a query string: any visitor input gives filters, and
each filter link's address gives back the filters it was made from."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dealer.stock import catalog
from dealer.views.lease_offers import CO2_LIMITS, PRICE_LIMITS, OfferFilters

KEYS = st.sampled_from(["brand", "model", "fuel", "price_max", "co2_max", "page", "sort"])
VALUES = st.one_of(
    st.text(max_size=90),
    st.sampled_from([*catalog.LEASE_FUELS, *map(str, PRICE_LIMITS), *map(str, CO2_LIMITS),
                     "volkswagen", "id-3", "-", "500.0", " 500", "0x1f4", "٥٠٠"]),
)


@given(st.dictionaries(KEYS, VALUES))
def test_any_query_gives_filters_that_its_address_gives_back(params: dict[str, str]) -> None:
    filters = OfferFilters.from_params(params)
    assert filters.fuel in ("", *catalog.LEASE_FUELS)
    assert filters.price_max in (None, *PRICE_LIMITS)
    assert filters.co2_max in (None, *CO2_LIMITS)
    assert not filters.model or filters.brand  # a model belongs to a brand
    assert OfferFilters.from_params(filters.to_params()) == filters


@given(st.dictionaries(KEYS, VALUES),
       st.sampled_from([("fuel", fuel) for fuel in catalog.LEASE_FUELS]
                       + [("price_max", limit) for limit in PRICE_LIMITS]
                       + [("co2_max", limit) for limit in CO2_LIMITS]
                       + [("brand", "audi"), ("model", "a3")]))
def test_a_filter_link_flips_one_filter_and_twice_puts_it_back(
        params: dict[str, str], choice: tuple[str, str | int]) -> None:
    key, value = choice
    filters = OfferFilters.from_params({**params, "brand": "audi"} if key == "model" else params)
    flipped = filters.toggle(key, value)
    assert OfferFilters.from_params(flipped.to_params()) == flipped
    assert (getattr(flipped, key) == value) != (getattr(filters, key) == value)
    # Twice: back where it was, unless it replaced another value (or a brand its model).
    if getattr(filters, key) in ("", None, value) and not (key == "brand" and filters.model):
        assert flipped.toggle(key, value) == filters
