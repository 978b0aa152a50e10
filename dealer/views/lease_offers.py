"""The lease offer overview and detail as the pages show them, in plain Python.

Filters live in the URL (``/lease-aanbod?fuel=electric&price_max=500``), one value per
filter, so every filtered overview is a link. The offers come from the stock database
(``list_lease_offers``); with a few dozen offers, filtering and the option counts are
done here on the whole list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from dealer.brands import brand_name
from dealer.db import session_scope
from dealer.forms.origins import question_href
from dealer.framework import radix
from dealer.i18n import N_, format_number, format_price, gettext, ngettext
from dealer.pageinfo import Fact, Link, PageInfo, error_page, home_link
from dealer.params import integer
from dealer.pricing import business_disclaimer, km_text, money, months_text
from dealer.routes import PageRequest, path_for
from dealer.stock import catalog
from dealer.stock.labels import label
from dealer.stock.repository import LeaseOfferView, get_lease_offer, list_lease_offers
from dealer.views.markup import EMPTY, Element, Html, Node, element
from dealer.views.stock import (
    FilterGroup,
    FilterOption,
    ListCard,
    count_html,
    filter_links_html,
    keyed_card,
    photo_html,
    pills_html,
    served_filter_links_html,
)
from dealer.web.seo import page_title

OVERVIEW_TITLE = N_("Lease offers")
# Upper bounds offered by the price (monthly, incl. VAT) and CO2 (g/km) filters.
PRICE_LIMITS = (300, 400, 500, 600, 800)
CO2_LIMITS = (0, 50, 100, 150)
# The country whose VAT the lease company's prices include.
LEASE_VAT_COUNTRY = "NL"


@dataclass(frozen=True)
class OfferFilters:
    brand: str = ""
    model: str = ""
    fuel: str = ""
    price_max: int | None = None
    co2_max: int | None = None

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> OfferFilters:
        """The filters of a query string; unknown values are ignored, never an error."""

        def limit(key: str, allowed: tuple[int, ...]) -> int | None:
            number = integer(params.get(key))
            return number if number in allowed else None

        def slug(key: str) -> str:
            raw = params.get(key, "")
            return raw if raw and len(raw) <= 80 and raw.replace("-", "").isalnum() else ""

        fuel = params.get("fuel", "")
        return cls(
            brand=slug("brand"),
            model=slug("model") if slug("brand") else "",
            fuel=fuel if fuel in catalog.LEASE_FUELS else "",
            price_max=limit("price_max", PRICE_LIMITS),
            co2_max=limit("co2_max", CO2_LIMITS),
        )

    def to_params(self) -> dict[str, str]:
        values = {"brand": self.brand, "model": self.model, "fuel": self.fuel,
                  "price_max": self.price_max, "co2_max": self.co2_max}
        return {key: str(value) for key, value in values.items() if value not in ("", None)}

    def toggle(self, key: str, value: str | int) -> OfferFilters:
        """These filters with ``key`` set to ``value``, or cleared when it already is."""
        current = getattr(self, key)
        cleared: str | None = "" if key in ("brand", "model", "fuel") else None
        updated = replace(self, **{key: cleared if current == value else value})
        if key == "brand":
            updated = replace(updated, model="")  # a model belongs to one brand
        return updated


_TESTS: dict[str, Callable[[LeaseOfferView, OfferFilters], bool]] = {
    "brand": lambda offer, f: not f.brand or offer.brand_slug == f.brand,
    "model": lambda offer, f: not f.model or offer.model_slug == f.model,
    "fuel": lambda offer, f: not f.fuel or offer.fuel == f.fuel,
    "price_max": lambda offer, f: (
        f.price_max is None or offer.monthly_price_incl_vat <= Decimal(f.price_max)
    ),
    "co2_max": lambda offer, f: (
        f.co2_max is None or (offer.co2_emissions is not None and offer.co2_emissions <= f.co2_max)
    ),
}


def matches(offer: LeaseOfferView, filters: OfferFilters) -> bool:
    """Whether an offer passes every filter."""
    return all(test(offer, filters) for test in _TESTS.values())


@dataclass
class OfferCard:
    slug: str = ""
    href: str = ""
    title: str = ""
    version: str = ""
    price: str = ""
    price_note: str = ""
    terms: str = ""
    customer: str = ""
    photo: str = ""
    photo_alt: str = ""
    more: str = ""  # the link to the offer: "More info"
    more_label: str = ""  # ... and its name: "More info about the Volkswagen Polo"


@dataclass
class OfferDetail:
    slug: str = ""
    title: str = ""
    version: str = ""
    customer: str = ""
    photo: str = ""
    headline: str = ""
    headline_note: str = ""
    facts: list[Fact] = field(default_factory=list)
    included: list[str] = field(default_factory=list)
    not_included: list[str] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    disclaimers: list[str] = field(default_factory=list)
    request_href: str = ""


def overview_path(locale: str, filters: OfferFilters | None = None) -> str:
    params = filters.to_params() if filters else {}
    base = path_for("lease_offers", locale)
    return f"{base}?{urlencode(sorted(params.items()))}" if params else base


def _is_business(offer: LeaseOfferView) -> bool:
    return offer.customer_type == "business"


def _monthly(offer: LeaseOfferView, locale: str) -> tuple[str, str]:
    """The headline price and its VAT note: business offers are quoted without VAT."""
    if _is_business(offer):
        return (gettext(locale, "{amount} per month", amount=money(offer.monthly_price_excl_vat,
                                                                    locale)),
                gettext(locale, "excl. VAT"))
    return (gettext(locale, "{amount} per month", amount=money(offer.monthly_price_incl_vat,
                                                                locale)),
            gettext(locale, "incl. VAT"))


def _lease_type(offer: LeaseOfferView, locale: str) -> str:
    """"Private lease" or "Business lease"."""
    return label("deal_type", f"{offer.customer_type}_lease", locale)


def _title(offer: LeaseOfferView, locale: str) -> str:
    return f"{brand_name(offer.brand_slug, locale, offer.brand_name)} {offer.model_name}"


def card(offer: LeaseOfferView, locale: str) -> OfferCard:
    price, note = _monthly(offer, locale)
    terms = [months_text(offer.duration_months, locale),
             gettext(locale, "{distance} a year", distance=km_text(offer.annual_mileage, locale)),
             label("lease_fuel", offer.fuel, locale)]
    return OfferCard(
        slug=offer.slug,
        href=path_for("lease_offer", locale, offer=offer.slug),
        title=_title(offer, locale),
        version=offer.version,
        price=price,
        price_note=note,
        terms=" · ".join(terms),
        customer=_lease_type(offer, locale),
        photo=offer.photo_url,
        photo_alt=f"{_title(offer, locale)} {offer.version}",
        more=gettext(locale, "More info"),
        more_label=gettext(locale, "More info about the {offer}", offer=_title(offer, locale)),
    )


def offer_card_html(card: OfferCard, position: int) -> str:
    """An offer's card as HTML (``.list-card`` in site.css), the same in the served page
    and in the app; the ``position``-th card of the list."""
    return str(Html(
        '{photo}<span class="list-card-text">'
        '<span class="list-card-badge">{customer}</span>'
        "<h2>{title}</h2>"
        '<span class="list-card-muted">{version}</span>'
        "<span>{terms}</span><strong>{price}</strong>"
        '<span class="list-card-note">{price_note}</span>'
        '<a class="{button} site-button" href="{href}" aria-label="{more_label}">{more}</a>'
        '</span>'
    ).format(photo=Html(photo_html(card.photo, card.photo_alt, position)),
             customer=card.customer, title=card.title, version=card.version, terms=card.terms,
             price=card.price, price_note=card.price_note, href=card.href,
             more_label=card.more_label, more=card.more, button=radix.button("2", "soft")))


def offer_card_markup(make: Element[Node], html: Any, key: Any) -> Node:
    """An offer of the list as the served page writes it (``offers_part``) and the app
    draws it (``pages.lease_offers.offer_card``): around the card's HTML
    (``offer_card_html``), with its key (``ListCard.key``)."""
    return make("article", {"class": "list-card", "data-card": key,
                            "data-testid": "lease-offer-card"},
                make("div", {}, html=html))


def offers_part(cards: list[ListCard]) -> str:
    """The offers' cards as the served page holds them, and the app keeps them."""
    return str(EMPTY.join(offer_card_markup(element, Html(card.html), card.key)
                          for card in cards))


def _option_groups(
    offers: list[LeaseOfferView], filters: OfferFilters, locale: str
) -> list[FilterGroup]:
    def group(key: str, heading: str, options: list[tuple[str | int, str]]) -> FilterGroup:
        entries = []
        for value, text in options:
            # What the option's link shows (a chosen one: what is shown now).
            chosen = getattr(filters, key) == value
            leads_to = filters if chosen else filters.toggle(key, value)
            count = sum(matches(offer, leads_to) for offer in offers)
            entries.append(FilterOption(
                value=str(value), label=text, count=count, checked=chosen,
                disabled=count == 0 and not chosen,
                href=overview_path(locale, filters.toggle(key, value)),
            ))
        return FilterGroup(key=key, heading=gettext(locale, heading), options=entries)

    brands = sorted({(o.brand_slug, brand_name(o.brand_slug, locale, o.brand_name))
                     for o in offers}, key=lambda b: b[1].lower())
    groups = [group("brand", N_("Brand"), list(brands))]
    if filters.brand:
        models = sorted({(o.model_slug, o.model_name) for o in offers
                         if o.brand_slug == filters.brand}, key=lambda m: m[1].lower())
        groups.append(group("model", N_("Model"), list(models)))
    groups += [
        group("fuel", N_("Fuel"), [(fuel, label("lease_fuel", fuel, locale))
                                   for fuel in catalog.LEASE_FUELS]),
        group("price_max", N_("Price per month"), [
            (limit, gettext(locale, "up to {amount}", amount=format_price(limit, locale)))
            for limit in PRICE_LIMITS]),
        group("co2_max", N_("CO₂ emissions"), [
            (limit, _co2_label(limit, locale)) for limit in CO2_LIMITS]),
    ]
    return groups


def _co2_label(limit: int, locale: str) -> str:
    if limit == 0:
        return gettext(locale, "Emission-free")
    return gettext(locale, "up to {amount} g/km", amount=format_number(limit, locale))


def _pills(groups: list[FilterGroup], filters: OfferFilters, locale: str) -> list[Link]:
    return [
        Link(value=group.key, label=option.label,
             href=overview_path(locale, filters.toggle(group.key, _typed(group.key,
                                                                          option.value))))
        for group in groups for option in group.options if option.checked
    ]


def _typed(key: str, value: str) -> str | int:
    return integer(value) if key in ("price_max", "co2_max") else value


def _all_offers() -> list[LeaseOfferView]:
    with session_scope() as session:
        return list_lease_offers(session).offers


@dataclass
class OfferListing:
    """The overview of a URL as the page shows it: each offer's card, the filter links and
    the active filters' links as HTML (the served page's parts), and the count."""

    cards: list[ListCard] = field(default_factory=list)
    filter_links: str = ""
    pills: str = ""
    shown: int = 0
    total: int = 0
    count_html: str = ""


@dataclass(frozen=True)
class OffersPage:
    """A URL's overview: ``view`` for the page (the app's state, the served parts), the
    rest for the server's answer."""

    view: OfferListing
    filters: OfferFilters
    cards: list[OfferCard]
    count_text: str


def offer_listing(params: Mapping[str, str], locale: str) -> OffersPage:
    """Everything the overview shows for a URL's query parameters."""
    offers = _all_offers()
    filters = OfferFilters.from_params(params)
    shown = [offer for offer in offers if matches(offer, filters)]
    groups = _option_groups(offers, filters, locale)
    values = [card(offer, locale) for offer in shown]
    count_text = ngettext(locale, "{shown} of {n} lease offer", "{shown} of {n} lease offers",
                          len(offers), shown=format_number(len(shown), locale),
                          n=format_number(len(offers), locale))
    view = OfferListing(
        cards=[keyed_card(value.slug, value.title, offer_card_html(value, position))
               for position, value in enumerate(values)],
        filter_links=filter_links_html(groups, locale),
        pills=pills_html(_pills(groups, filters, locale), overview_path(locale), locale),
        shown=len(shown),
        total=len(offers),
        count_html=count_html(count_text),
    )
    return OffersPage(view=view, filters=filters, cards=values, count_text=count_text)


def describe_offers(request: PageRequest) -> PageInfo:
    """The overview for clients without JavaScript; a narrowed list is for visitors only."""
    path, locale, query = request.path, request.locale, request.query
    listing = offer_listing(query, locale)
    view, params = listing.view, listing.filters.to_params()
    heading = gettext(locale, OVERVIEW_TITLE)
    cards = listing.cards
    return PageInfo(
        screen="lease_offers", locale=locale, params={}, path=path,
        title=page_title(heading), heading=heading,
        description=gettext(locale, "Private and business lease offers with a fixed monthly "
                                    "price: {count}.", count=listing.count_text),
        facts=[Fact(gettext(locale, "Results"), listing.count_text)],
        links=[Link(f"{c.title} {c.version} – {c.price}", c.href) for c in cards],
        breadcrumbs=[home_link(locale),
                     Link(heading, path)],
        image=cards[0].photo if cards else None,
        canonical_params=params if len(params) == 1 else {},
        noindex=len(params) > 1,
        # What the app draws in the same places: the filter links work before it has.
        parts={"cards": offers_part(view.cards), "pills": view.pills, "count": view.count_html,
               "filters": served_filter_links_html(view.filter_links, locale)},
    )


def offer_detail(slug: str, locale: str) -> OfferDetail | None:
    with session_scope() as session:
        offer = get_lease_offer(session, slug)
    if offer is None:
        return None
    headline, note = _monthly(offer, locale)
    vat = gettext(locale, "excl. VAT") if _is_business(offer) else gettext(locale, "incl. VAT")
    facts = [
        (N_("Colour"), label("colour", offer.colour, locale)),
        (N_("Monthly price incl. VAT"), money(offer.monthly_price_incl_vat, locale)),
        (N_("Monthly price excl. VAT"), money(offer.monthly_price_excl_vat, locale)),
        (N_("Contract duration"), months_text(offer.duration_months, locale)),
        (N_("Kilometres a year"), km_text(offer.annual_mileage, locale)),
        (N_("Kilometres a month"), km_text(offer.monthly_mileage, locale)),
        (N_("Deposit"), money(offer.deposit, locale)),
        (N_("Establishment fee"), money(offer.establishment_fee, locale)),
        (N_("Complete price"), f"{money(offer.complete_price, locale)} {vat}"),
        (N_("Fuel"), label("lease_fuel", offer.fuel, locale)),
        (N_("Transmission"), label("transmission", offer.transmission, locale)),
        (N_("Power"), gettext(locale, "{hp} hp", hp=offer.power_hp)),
    ]
    if offer.co2_emissions is not None:
        facts.append((N_("CO₂ emissions"), f"{format_number(offer.co2_emissions, locale)} g/km"))
    disclaimers = [gettext(locale, "The complete price is every monthly payment over the "
                                   "contract plus the deposit and the establishment fee. "
                                   "Subject to approval by the lease company.")]
    if _is_business(offer):
        disclaimers.append(business_disclaimer(LEASE_VAT_COUNTRY, locale))
    return OfferDetail(
        slug=offer.slug, title=_title(offer, locale), version=offer.version,
        customer=_lease_type(offer, locale),
        photo=offer.photo_url, headline=headline, headline_note=note,
        facts=[Fact(gettext(locale, name), value) for name, value in facts],
        included=[label("contract_term", term, locale) for term in offer.included],
        not_included=[label("contract_term", term, locale) for term in offer.not_included],
        equipment=[label("feature", key, locale) for key in offer.standard_equipment],
        disclaimers=disclaimers,
        request_href=question_href(locale, "lease_offer", slug),
    )


def describe_offer(request: PageRequest) -> PageInfo:
    path, locale, params = request.path, request.locale, request.params
    detail = offer_detail(params.get("offer", ""), locale)
    if detail is None:
        return error_page("lease_vehicle_not_found", path, locale, "lease_offer",
                          params=dict(params))
    overview = gettext(locale, OVERVIEW_TITLE)
    heading = f"{detail.title} {detail.version}"
    return PageInfo(
        screen="lease_offer", locale=locale, params=dict(params), path=path,
        title=page_title(heading), heading=heading,
        description=gettext(locale, "{offer}: {lease_type} for {price} ({note}).",
                            offer=heading, lease_type=detail.customer, price=detail.headline,
                            note=detail.headline_note),
        facts=detail.facts,
        breadcrumbs=[home_link(locale),
                     Link(overview, path_for("lease_offers", locale)),
                     Link(heading, path)],
        image=detail.photo or None,
    )
