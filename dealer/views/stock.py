"""The stock overview as the page shows it: one search turned into render-ready values.

Plain data in, plain dicts out (strings and numbers only), so the page state
sends the browser exactly what it renders: one page of cards, the filter
options with their counts and links, the active-filter pills.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qsl, urlencode

from dealer.analytics import click, vehicle_id
from dealer.brands import PLATFORM_BRANDS, brand_name
from dealer.db import get_engine
from dealer.framework import radix
from dealer.i18n import N_, format_distance, format_number, format_price, gettext, ngettext
from dealer.kept import Kept
from dealer.locations.lookup import MAX_PLACE_LENGTH
from dealer.pageinfo import Choice, Fact, Link, PageInfo, error_page, home_link
from dealer.reservations.service import held_vehicles
from dealer.routes import PageRequest, path_for
from dealer.settings import get_settings
from dealer.stock import catalog
from dealer.stock.index import StockIndex, get_index
from dealer.stock.labels import label
from dealer.stock.price_history import today
from dealer.stock.query import (
    DEFAULT_SORT,
    DISTANCE_SORT,
    FILTERS_BY_KEY,
    MAX_SEARCH_LENGTH,
    QUICK_ENTRIES,
    SORT_OPTIONS,
    StockQuery,
)
from dealer.stock.results import FacetOption, StockResult, VehicleCard
from dealer.views.markup import EMPTY, Element, Html, Node, element
from dealer.web.seo import absolute_url, page_title

# Checkbox filters shown in the sidebar, in this order, with their headings.
SIDEBAR_FILTERS = (
    ("brand", N_("Brand")),
    ("model", N_("Model")),
    ("vehicle_type", N_("Vehicle type")),
    ("condition", N_("Condition")),
    ("fuel", N_("Fuel")),
    ("body_style", N_("Body style")),
    ("transmission", N_("Transmission")),
    ("drive", N_("Drive")),
    ("colour", N_("Colour")),
    ("equipment", N_("Equipment")),
    ("branch", N_("Location")),
)
# Which price the cards show (the price-display setting), query parameter "display".
PRICE_DISPLAYS = ("purchase", *catalog.MONTHLY_DEAL_TYPES)
DISPLAY_PARAM = "display"
# Without the multi-price feature: each card shows the one price its vehicle page shows.
HEADLINE_DISPLAY = "headline"


@dataclass(frozen=True)
class Card:
    slug: str = ""
    href: str = ""
    title: str = ""
    version: str = ""
    specs: str = ""
    price: str = ""
    price_label: str = ""
    photo: str = ""
    photo_alt: str = ""
    branch: str = ""
    condition: str = ""
    distance: str = ""  # from the searched place: "ca. 34 km"
    price_drop: str = ""  # the 'price lowered' badge; "" without a recent drop
    reserved: str = ""  # "Reserved" while a paid reservation holds the vehicle


@dataclass
class ListCard:
    """A vehicle card as a list page gets it: its link drawn as HTML, the same in the
    served page and in the app (``card_html``), and what its controls need."""

    slug: str = ""
    name: str = ""  # make, model and version: the controls' labels
    html: str = ""
    key: str = ""  # tells this card from another, or from itself drawn otherwise (keyed_card)


def keyed_card(slug: str, name: str, html: str) -> ListCard:
    """A card with its key, a hash of its HTML (``ListCard.key``, the article's
    ``data-card``): the app keeps the served cards while the list's cards have their
    keys, in their order (``components.html_parts.served_cards``)."""
    return ListCard(slug, name, html, hashlib.blake2s(html.encode(), digest_size=6).hexdigest())


@dataclass
class FilterOption:
    value: str = ""
    label: str = ""
    count: int = 0
    checked: bool = False
    disabled: bool = False
    href: str = ""


@dataclass
class BoundLink:
    """Where the choices of one bound of a range lead, on page 1: the open bound to
    ``open``, a number to ``before + number + after`` (the URL ``listing_path`` writes for
    it). The app goes there itself, without asking the server for the URL."""

    open: str = ""
    before: str = ""
    after: str = ""


@dataclass
class FilterGroup:
    """One block of filters. ``kind``: checkbox | range | toggle | search | quick | distance.

    A range group lists the choices of its lower and upper bound (``lower``, ``upper``;
    the first one leaves the bound open) and where each choice leads (``lower_link``,
    ``upper_link``); a search group holds the current text as its one option's value.
    The distance group holds the place as written (``text``) and, once it is found, one
    option per radius, drawn as ``links`` (HTML, ``options_html``: what the app is sent of
    them). The search and the distance group's ``action`` is the search without their
    text, where the box's form goes with the text added (``search_action``).
    """

    key: str = ""
    heading: str = ""
    options: list[FilterOption] = field(default_factory=list)
    kind: str = "checkbox"
    # Range groups: the choices of each bound and the value of the current ones.
    lower: list[Choice] = field(default_factory=list)
    upper: list[Choice] = field(default_factory=list)
    lower_current: str = ""
    upper_current: str = ""
    lower_link: BoundLink = field(default_factory=BoundLink)
    upper_link: BoundLink = field(default_factory=BoundLink)
    text: str = ""
    links: str = ""
    action: str = ""


# The deal listings (/voorraad/private-lease, ...): the stock offered with one monthly
# acquisition type, its price on the cards. Screen id -> deal type.
DEAL_SCREENS = {f"{deal}_stock": deal for deal in catalog.MONTHLY_DEAL_TYPES}
DEAL_HEADINGS = {
    "private_lease": N_("Private lease cars"),
    "business_lease": N_("Business lease cars"),
    "private_finance": N_("Cars with private finance"),
    "business_finance": N_("Cars with business finance"),
}


@dataclass(frozen=True)
class Scope:
    """What a listing's URL path fixes: a brand's own stock, or one deal type's."""

    brand: str | None = None
    deal: str | None = None

    @classmethod
    def of(cls, screen: str, params: Mapping[str, str]) -> Scope:
        return cls(params.get("brand"), DEAL_SCREENS.get(screen))

    def query(self, params: Mapping[str, str | list[str]]) -> StockQuery:
        return StockQuery.from_params(params, brand=self.brand, deal=self.deal)


def stock_path(locale: str, brand: str | None = None, deal: str | None = None) -> str:
    """The stock overview, a brand's own or a deal type's."""
    if deal:
        return path_for(f"{deal}_stock", locale)
    return path_for("brand_stock", locale, brand=brand) if brand else path_for("stock", locale)


def listing_heading(locale: str, brand: str | None, deal: str | None = None) -> str:
    if deal in DEAL_HEADINGS:
        return gettext(locale, DEAL_HEADINGS[deal])
    if brand in PLATFORM_BRANDS:
        return gettext(locale, "{brand} stock", brand=brand_name(brand, locale))
    return gettext(locale, "Stock")


def multi_price() -> bool:
    """Whether visitors choose which acquisition type's price the cards show (SPEC §1's
    multi-price feature, ``DEALER_FEATURE_MULTI_PRICE``)."""
    return get_settings().feature_multi_price


def price_display(params: Mapping[str, str], default: str | None = None) -> str:
    """The price the cards show: the URL's choice, else the deal listing's own. Without
    the multi-price feature there is no choice: a deal listing's cards show its deal's
    price, every other card the price its vehicle page shows (``HEADLINE_DISPLAY``)."""
    if not multi_price():
        return default or HEADLINE_DISPLAY
    value = params.get(DISPLAY_PARAM, "")
    return value if value in PRICE_DISPLAYS else default or "purchase"


def listing_params(query: StockQuery, display: str = "purchase") -> dict[str, str]:
    """The query parameters of a search showing ``display``'s price (left out when it is
    the listing's own)."""
    params = dict(query.to_params())
    if display != price_display({}, query.scope_deal):
        params[DISPLAY_PARAM] = display
    return params


def listing_path(locale: str, query: StockQuery, display: str = "purchase", **overrides) -> str:
    params = listing_params(query, display)
    params.update({key: value for key, value in overrides.items() if value is not None})
    base = stock_path(locale, query.scope_brand, query.scope_deal)
    return f"{base}?{urlencode(sorted(params.items()))}" if params else base


def search_action(locale: str, query: StockQuery, key: str, display: str) -> str:
    """Where the search box (``key`` "q") or the place box ("near") sends its text: the
    search without it, on page 1, every other filter kept (the radius and the order too,
    for the place that is typed instead). The form adds its text (``SUBMIT_IN_APP``), and
    the page parses the URL as it parses any."""
    params = listing_params(query.replace(), display)
    params.pop(key, None)
    base = stock_path(locale, query.scope_brand, query.scope_deal)
    return f"{base}?{urlencode(sorted(params.items()))}" if params else base


def bound_link(locale: str, query: StockQuery, key: str, bound: int, display: str
               ) -> BoundLink:
    """Where the choices of a range's bound (0 lower, 1 upper) lead: ``listing_path`` of
    the search with that bound, split around the bound's value."""
    limits = list(getattr(query, key))
    limits[bound] = None
    without = query.replace(**{key: tuple(limits)})
    params = sorted(listing_params(without, display).items())
    name = f"{key}_{('min', 'max')[bound]}"
    before = urlencode([item for item in params if item[0] < name])
    after = urlencode([item for item in params if item[0] > name])
    base = stock_path(locale, query.scope_brand, query.scope_deal)
    return BoundLink(
        open=listing_path(locale, without, display),
        before=f"{base}?{before}{'&' if before else ''}{name}=",
        after=f"&{after}" if after else "",
    )


# A card's words depend only on the vehicle's values and how they are shown, and the same
# cards come up on request after request (the first page of the stock, every visitor).
@lru_cache(maxsize=8192)
def card_values(
    card: VehicleCard, locale: str, display: str, brand: str | None = None
) -> Card:
    """A card; on a brand's listing (``brand``) it links to the brand's vehicle page."""
    vehicle_path = (path_for("brand_vehicle", locale, brand=brand, vehicle=card.slug) if brand
                    else path_for("vehicle", locale, vehicle=card.slug))
    if display == HEADLINE_DISPLAY:
        display = headline_deal(card)
    monthly = None if display == "purchase" else getattr(card, display)
    if monthly is not None:
        price = gettext(locale, "{amount} per month", amount=format_price(monthly, locale))
        price_label = label("deal_type", display, locale)
    elif card.price is not None:
        price = format_price(card.price, locale)
        price_label = label("deal_type", "purchase", locale)
    else:
        price, price_label = gettext(locale, "Price on request"), ""
    specs = [
        str(card.year),
        f"{format_number(card.mileage, locale)} km",
        label("fuel", card.fuel, locale),
        label("transmission", card.transmission, locale),
        gettext(locale, "{hp} hp", hp=card.power_hp),
    ]
    return Card(
        slug=card.slug,
        href=vehicle_path,
        title=f"{brand_name(card.brand_slug, locale, card.brand_name)} {card.model_name}",
        version=card.version,
        specs=" · ".join(specs),
        price=price,
        price_label=price_label,
        photo=card.photo_url or "",
        photo_alt=f"{brand_name(card.brand_slug, locale, card.brand_name)} {card.model_name} "
                  f"{card.version}",
        branch=f"{card.branch_name}, {card.branch_city}",
        condition=label("condition", card.condition, locale),
        distance="" if card.distance_km is None else gettext(
            locale, "about {distance}", distance=format_distance(card.distance_km, locale)),
        price_drop=label("filter", "price_lowered", locale) if card.price_dropped else "",
    )


def marked_reserved(cards: list[Card], reserved: Collection[str], locale: str) -> list[Card]:
    """The cards, those of the ``reserved`` vehicles (``reservations.service.
    held_vehicles``) with the 'Reserved' badge."""
    status = gettext(locale, "Reserved")
    return [replace(card, reserved=status) if card.slug in reserved else card
            for card in cards]


def headline_deal(card: VehicleCard) -> str:
    """The acquisition type whose price a vehicle page heads with (``views.vehicle.
    headline_price``): purchase, else the lowest monthly instalment."""
    offered = {deal: getattr(card, deal) for deal in catalog.MONTHLY_DEAL_TYPES}
    monthly = {deal: amount for deal, amount in offered.items() if amount}
    if card.price is not None or not monthly:
        return "purchase"
    return min(monthly, key=monthly.__getitem__)


# The first row of a list is on the first screen: its photos load at once, the first of
# them before anything else of the page.
EAGER_CARDS = 3


def photo_html(src: str, alt: str, position: int) -> str:
    """The photo of the ``position``-th card of a list, in its 4:3 box."""
    loading = ('loading="eager" fetchpriority="high"' if position == 0 else
               'loading="eager"' if position < EAGER_CARDS else 'loading="lazy"')
    return str(Html('<span class="list-card-photo"><img src="{}" alt="{}" '
                    'width="640" height="480" {}></span>').format(src, alt, Html(loading)))


def card_html(card: Card, position: int) -> str:
    """A card's link, photo and text as HTML (styled by ``.list-card`` in site.css); the
    ``position``-th card of its list."""
    price_label = Html('<span class="list-card-note">{}</span>').format(card.price_label) \
        if card.price_label else EMPTY
    distance = Html(' · <span class="list-card-distance">{}</span>').format(card.distance) \
        if card.distance else EMPTY
    price_drop = Html('<span class="list-card-badge list-card-drop">{}</span>').format(
        card.price_drop) if card.price_drop else EMPTY
    reserved = Html('<span class="list-card-badge list-card-reserved">{}</span>').format(
        card.reserved) if card.reserved else EMPTY
    return str(Html(
        '<a class="list-card-link" href="{href}">{photo}<span class="list-card-text">'
        '<span class="list-card-badges"><span class="list-card-badge">'
        '{condition}</span>{price_drop}{reserved}</span>'
        '<h2>{title}</h2>'
        '<span class="list-card-muted">{version}</span>'
        '<span>{specs}</span>{price_label}'
        '<strong>{price}</strong>'
        '<span class="list-card-note">{branch}{distance}</span></span></a>'
    ).format(href=card.href, photo=Html(photo_html(card.photo, card.photo_alt, position)),
             condition=card.condition, price_drop=price_drop, reserved=reserved,
             title=card.title, version=card.version, specs=card.specs,
             price_label=price_label, price=card.price, branch=card.branch,
             distance=distance))


def list_cards(cards: list[Card], *, below_the_fold: bool = False) -> list[ListCard]:
    """The cards of a list; ``below_the_fold``: a list under a page's main content, whose
    photos all wait until they are scrolled near."""
    start = EAGER_CARDS if below_the_fold else 0
    return [keyed_card(card.slug, card.photo_alt, card_html(card, start + position))
            for position, card in enumerate(cards)]


def vehicle_card_markup(make: Element[Node], html: Any, key: Any, tracking: Mapping[str, Any],
                        *actions: Node) -> Node:
    """A vehicle of a list as the served page writes it (``cards_part``) and the app draws
    it (``components.stock.vehicle_card``): the card's HTML (``card_html``) with its key
    and the attributes that report its click, and below it, not inside its link, the
    compare and favourite checkboxes (``actions``: none in the served page; the app puts
    its own there)."""
    return make("article", {"class": "list-card", "data-card": key,
                            "data-testid": "vehicle-card"},
                make("div", tracking, html=html),
                make("div", {"class": "list-card-actions"}, *actions))


def cards_part(cards: list[ListCard]) -> str:
    """The cards of a list as the served page holds them until the app draws its own."""
    return str(EMPTY.join(
        vehicle_card_markup(element, Html(card.html), card.key, {
            "data-track": click("more_details_click", vehicle_id=vehicle_id(card.slug))})
        for card in cards
    ))


def _option_label(key: str, option: FacetOption, locale: str) -> str:
    if key == "brand":
        return brand_name(option.value, locale, option.label)
    if option.label:
        return option.label
    kind = FILTERS_BY_KEY[key].label_kind or key
    return label(kind, option.value, locale)


def filter_groups(
    result: StockResult, query: StockQuery, locale: str, display: str
) -> list[FilterGroup]:
    groups = []
    for key, heading in SIDEBAR_FILTERS:
        if key == "brand" and query.scope_brand:
            continue
        options = result.facets.get(key, [])
        if key == "model" and not query.brands:
            continue  # models appear once a brand is chosen
        chosen = set(getattr(query, key))
        groups.append(FilterGroup(
            key=key,
            heading=gettext(locale, heading),
            options=[
                FilterOption(
                    value=option.value,
                    label=_option_label(key, option, locale),
                    count=option.count,
                    checked=option.value in chosen,
                    disabled=option.count == 0 and option.value not in chosen,
                    href=listing_path(locale, query.toggle(key, option.value), display),
                )
                for option in options
            ],
        ))
    return groups


RANGE_PILLS = {"min": N_("from {value}"), "max": N_("up to {value}")}


# Choices offered for the bounds of the range filters, shown where the matching
# vehicles reach; the headings are the "filter" labels.
RANGE_STEPS: dict[str, tuple[int, ...]] = {
    "price": (5_000, 7_500, 10_000, 12_500, 15_000, 17_500, 20_000, 25_000, 30_000, 35_000,
              40_000, 45_000, 50_000, 60_000, 70_000, 80_000, 100_000, 125_000, 150_000),
    "monthly": (150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1_000, 1_250, 1_500),
    "mileage": (10, 5_000, 10_000, 25_000, 50_000, 75_000, 100_000, 125_000, 150_000, 200_000),
    "year": tuple(range(2005, 2031)),
    "power": (60, 75, 90, 110, 130, 150, 175, 200, 250, 300, 400, 500),
}
TOGGLE_FILTERS = ("electric", "vat_reportable", "price_lowered")
OPEN_BOUNDS = (N_("No minimum"), N_("No maximum"))  # the choice that leaves a bound open
OPEN_BOUND = "any"


@lru_cache(maxsize=2048)
def _step_label(key: str, value: int, locale: str) -> str:
    """A range choice's label; the same few values on every request."""
    return _range_value(key, str(value), locale)


def _bound_choices(
    query: StockQuery, key: str, bound: int, bounds: tuple[int, int] | None, locale: str,
) -> tuple[list[Choice], str]:
    """The choices of one bound (0 lower, 1 upper) of a range filter, open first, within
    the values the matching vehicles reach and on the right side of the other bound;
    and the current choice. A choice's value is the number (``bound_link`` says where it
    leads), which keeps the state sent to the browser small."""
    current: tuple[int | None, int | None] = getattr(query, key)
    chosen, other = current[bound], current[1 - bound]
    steps = {
        value for value in RANGE_STEPS[key]
        if bounds and bounds[0] <= value <= bounds[1]
        and (other is None or (value <= other if bound == 0 else value >= other))
    }
    if chosen is not None:
        steps.add(chosen)
    choices = [Choice(value=OPEN_BOUND, label=gettext(locale, OPEN_BOUNDS[bound]))]
    choices += [Choice(value=str(value), label=_step_label(key, value, locale))
                for value in sorted(steps)]
    return choices, OPEN_BOUND if chosen is None else str(chosen)


def control_groups(
    result: StockResult, query: StockQuery, locale: str, display: str
) -> list[FilterGroup]:
    """Search, quick entries, toggles and ranges: the filters that are not checkbox lists."""
    search = FilterGroup(
        key="q", kind="search", heading=label("filter", "q", locale),
        options=[FilterOption(value=query.q)],
        action=search_action(locale, query, "q", display),
    )
    entries = {kind: StockQuery.quick_entry(kind, query.scope_brand, query.scope_deal)
               for kind in QUICK_ENTRIES}
    quick = FilterGroup(
        key="quick", kind="quick", heading=gettext(locale, "Quick search"),
        options=[
            FilterOption(
                value=kind,
                label=label("quick_entry", kind, locale),
                checked=entry.to_params() == query.replace(sort=DEFAULT_SORT).to_params(),
                href=listing_path(locale, entry.replace(sort=query.sort), display),
            )
            for kind, entry in entries.items()
        ],
    )
    index = get_index()
    toggles = FilterGroup(
        key="toggles", kind="toggle", heading=gettext(locale, "Show only"),
        options=[
            FilterOption(
                value=key,
                label=label("filter", key, locale),
                count=index.count(query.replace(**{key: True})),
                checked=getattr(query, key),
                href=listing_path(locale, query.replace(**{key: not getattr(query, key)}),
                                  display),
            )
            for key in TOGGLE_FILTERS
        ],
    )
    ranges = []
    for key in RANGE_STEPS:
        lower, lower_current = _bound_choices(query, key, 0, result.ranges.get(key), locale)
        upper, upper_current = _bound_choices(query, key, 1, result.ranges.get(key), locale)
        ranges.append(FilterGroup(key=key, kind="range", heading=label("filter", key, locale),
                                  lower=lower, upper=upper, lower_current=lower_current,
                                  upper_current=upper_current,
                                  lower_link=bound_link(locale, query, key, 0, display),
                                  upper_link=bound_link(locale, query, key, 1, display)))
    return [search, distance_group(result, query, locale, display), quick, toggles, *ranges]


WITHIN = N_("Within {km} km")


def distance_group(result: StockResult, query: StockQuery, locale: str, display: str
                   ) -> FilterGroup:
    """The place to measure from and, once it is found, the radii with their counts (a
    chosen radius links to the search without it)."""
    options = []
    for option in result.facets.get("within", []):
        radius = int(option.value)
        checked = query.within == radius
        options.append(FilterOption(
            value=option.value,
            label=gettext(locale, WITHIN, km=format_number(radius, locale)),
            count=option.count,
            checked=checked,
            disabled=option.count == 0 and not checked,
            href=listing_path(locale, query.replace(within=None if checked else radius),
                              display),
        ))
    return FilterGroup(key="near", kind="distance", heading=label("filter", "within", locale),
                       options=options, text=query.near,
                       links=options_html(options, "radio", locale) if options else "",
                       action=search_action(locale, query, "near", display))


def place_notice(query: StockQuery, locale: str) -> str:
    """What the page says about a place that is not found; empty otherwise."""
    if not query.near or query.origin is not None:
        return ""
    return gettext(locale, "We could not find “{place}”. Try a Dutch or German postcode or "
                           "town.", place=query.near)


def sort_options(query: StockQuery) -> tuple[str, ...]:
    """The orders offered: nearest first too when the search has a place that is found."""
    return (DISTANCE_SORT, *SORT_OPTIONS) if query.origin is not None else SORT_OPTIONS


def _range_value(key: str, value: str, locale: str) -> str:
    if key in ("price", "monthly"):
        return format_price(value, locale)
    if key == "mileage":
        return f"{format_number(value, locale)} km"
    if key == "power":
        return gettext(locale, "{hp} hp", hp=value)
    return value


def pill_values(
    query: StockQuery, result: StockResult, locale: str, display: str
) -> list[Link]:
    """Active filters as links that remove them, labelled as the filter options are."""
    names = {
        (key, option.value): _option_label(key, option, locale)
        for key, options in result.facets.items()
        for option in options
    }
    pills = []
    for pill in query.pills():
        if pill.bound:
            value = _range_value(pill.key, pill.value, locale)
            text = gettext(locale, RANGE_PILLS[pill.bound], value=value)
        elif pill.key == "q":
            text = f"“{pill.value}”"
        elif pill.key == "near":
            origin = query.origin
            text = gettext(locale, "Distance from {place}",
                           place=origin.name if origin else pill.value)
        elif pill.key == "within":
            text = gettext(locale, WITHIN, km=format_number(pill.value, locale))
        elif pill.key in TOGGLE_FILTERS:
            text = label("filter", pill.key, locale)
        else:
            text = names.get((pill.key, pill.value), pill.value)
        without = StockQuery.from_params(dict(parse_qsl(pill.query)), brand=query.scope_brand,
                                         deal=query.scope_deal)
        pills.append(Link(value=pill.key, label=text, href=listing_path(locale, without, display)))
    return pills


# lucide's "x", drawn in each pill.
_PILL_CROSS = Html('<svg width="12" height="12" viewBox="0 0 24 24" fill="none" '
                   'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                   'stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"/>'
                   '<path d="m6 6 12 12"/></svg>')


def pills_html(pills: list[Link], reset_href: str, locale: str, notice: str = "") -> str:
    """The active filters as links that remove them, and one that removes all, as HTML
    (``.pills`` in site.css): the same in the served page and in the app, with the
    ``notice`` about the search above them. Empty without filters."""
    if not pills:
        return ""
    remove = gettext(locale, "Remove filter")
    links = EMPTY.join(
        Html('<a class="{}" href="{}" aria-label="{}: {}" data-testid="filter-pill">'
             '<span data-radius="full" class="{}">{}{}</span></a>').format(
            radix.link("hover"), pill.href, remove, pill.label, radix.badge("2", "surface"),
            pill.label, _PILL_CROSS)
        for pill in pills
    )
    reset_label = gettext(locale, "Reset all filters")
    reset = Html('<a class="{}" href="{}">{}</a>').format(
        radix.link("auto", "2"), reset_href, reset_label)
    said = Html('<p class="pills-notice" role="status">{}</p>').format(notice) if notice \
        else EMPTY
    return str(Html('<div class="pills">{}{}{}</div>').format(said, links, reset))


@lru_cache(maxsize=4096)
def _count(count: int, locale: str) -> str:
    """An option's count as Babel writes it; the same few numbers on every request."""
    return format_number(count, locale)


def _filter_link(option: FilterOption, role: str, locale: str) -> Html:
    return Html('<a href="{}" role="{}" aria-checked="{}"{}>{} <span class="filter-count">'
                '({})</span></a>').format(
        option.href, role, "true" if option.checked else "false",
        Html(' aria-disabled="true"') if option.disabled else EMPTY, option.label,
        _count(option.count, locale))


def _fieldset(heading: str, content: str) -> Html:
    """A filter group: ``content`` is HTML."""
    return Html('<fieldset class="filter-group"><legend><h2 class="{}">{}</h2></legend>{}'
                '</fieldset>').format(radix.heading("3"), heading, Html(content))


def options_html(options: list[FilterOption], role: str, locale: str) -> str:
    """Filter options as links to the search with each flipped, marked as the checkboxes,
    switches or radio buttons they act as (``.filter-options`` in site.css)."""
    return str(Html('<div class="filter-options">{}</div>').format(
        EMPTY.join(_filter_link(option, role, locale) for option in options)))


def filter_links_html(groups: list[FilterGroup], locale: str) -> str:
    """The toggles and checkbox filters as their links (``options_html``, ``.filter-group``
    in site.css): the same in the served page and in the app, so they work before the app
    has taken over."""
    roles = {"toggle": "switch", "checkbox": "checkbox"}
    return str(EMPTY.join(
        _fieldset(group.heading, options_html(group.options, roles[group.kind], locale))
        for group in groups if group.kind in roles))


def quick_entries_html(group: FilterGroup) -> str:
    """The quick-entry types as one row of chips above the results, links to their
    searches (``.quick-entries``: it scrolls sideways on a phone, so its height is known
    before the stock has loaded); the same in the served page and in the app."""
    chips = EMPTY.join(
        Html('<a class="{}" href="{}" aria-current="{}"><span data-radius="full" '
             'class="{}">{}</span></a>').format(
            radix.link("auto"), option.href, "page" if option.checked else "false",
            radix.badge("2", "solid" if option.checked else "outline"), option.label)
        for option in group.options
    )
    return str(Html('<nav aria-label="{}" data-testid="quick-entries">'
                    '<div class="quick-entries">{}</div></nav>').format(group.heading, chips))


# lucide's "chevron-down", "search" and "map-pin", drawn in the choice menus and the served search.
_CHEVRON = Html('<svg width="15" height="15" viewBox="0 0 24 24" fill="none" '
                'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                'stroke-linejoin="round" aria-hidden="true"><path d="m6 9 6 6 6-6"/></svg>')
_SEARCH_ICON = Html('<svg width="18" height="18" viewBox="0 0 24 24" fill="none" '
                    'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                    'stroke-linejoin="round" aria-hidden="true"><path d="m21 21-4.34-4.34"/>'
                    '<circle cx="11" cy="11" r="8"/></svg>')
_PIN_ICON = Html('<svg width="18" height="18" viewBox="0 0 24 24" fill="none" '
                 'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                 'stroke-linejoin="round" aria-hidden="true">'
                 '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 '
                 '20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/></svg>')
_ICON_BUTTON = Html('class="{}"').format(radix.icon_button("2", "solid"))


_CURRENT = Html(' aria-current="true"')
_CURRENT_PAGE = Html(' aria-current="page"')


def choice_menu_html(heading: str, links: list[Link]) -> str:
    """A choice among links (the order, the price shown) as a disclosure: closed it shows
    the current choice, open it lists every choice as a link (``.choice-menu``). The same
    in the served page and in the app; empty without choices."""
    if not links:
        return ""
    current = next((link for link in links if link.current), links[0])
    items = EMPTY.join(
        Html('<li><a href="{}"{}>{}</a></li>').format(
            link.href, _CURRENT if link.current else EMPTY, link.label)
        for link in links
    )
    return str(Html(
        '<div class="choice-menu"><span class="{text}">{heading}</span><details>'
        '<summary class="{trigger}" aria-label="{heading}: {current}">'
        '<span>{current}</span>{chevron}</summary>'
        '<ul aria-label="{heading}">{items}</ul></details></div>'
    ).format(text=radix.text("2"), trigger=radix.select_trigger("2", "surface"),
             heading=heading, current=current.label, chevron=_CHEVRON, items=items))


def pagination_html(pages: list[Link], heading: str) -> str:
    """The page numbers as links (``.pagination``), the current one marked; the same in
    the served page and in the app."""
    if not pages:
        return ""
    links = EMPTY.join(
        Html('<a class="{}" href="{}"{}>{}</a>').format(
            radix.button("2", "solid" if page.current else "soft"), page.href,
            _CURRENT_PAGE if page.current else EMPTY, page.label)
        for page in pages
    )
    return str(Html('<nav class="pagination" aria-label="{}">{}</nav>').format(heading, links))


# The element the served filters sit in (the sidebar; a sheet on a phone until the app has
# taken over) and the link that opens that sheet.
FILTERS_ID = "stock-filters"
FILTERS_LINK_ID = "stock-filters-link"
# The served sheet's close link (web/scripts/served_sheet.js finds the open sheet by it).
SHEET_CLOSE_CLASS = "filter-sheet-close"


_SLIDERS_ICON = Html('<svg width="18" height="18" viewBox="0 0 24 24" fill="none" '
                     'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                     'stroke-linejoin="round" aria-hidden="true"><path d="M10 5H3"/>'
                     '<path d="M12 19H3"/><path d="M14 3v4"/><path d="M16 17v4"/>'
                     '<path d="M21 12h-9"/><path d="M21 19h-5"/><path d="M21 5h-7"/>'
                     '<path d="M8 10v4"/><path d="M8 12H3"/></svg>')


def sheet_link_html(label_text: str) -> str:
    """The Filters button of a phone as the served page has it: a link to the served
    filters, which site.css shows as a sheet (``:target``) until the app has its own."""
    return str(Html('<a id="{}" class="{}" href="#{}">{}{}</a>').format(
        FILTERS_LINK_ID, radix.button("3", "outline"), FILTERS_ID, _SLIDERS_ICON, label_text))


def sheet_close_html(locale: str) -> Html:
    """The close link of the served filters' sheet (``SHEET_CLOSE_CLASS``: shown on a
    phone only, while the sheet is open)."""
    return Html('<a class="{}" href="#{}" aria-label="{}">×</a>').format(
        SHEET_CLOSE_CLASS, FILTERS_LINK_ID, gettext(locale, "Close filters"))


def served_filter_links_html(links: str, locale: str) -> str:
    """Filters that are links only (``filter_links_html``) as the served page holds them
    until the app draws its own: with the sheet's close link."""
    return str(sheet_close_html(locale) + Html(links))


def count_html(text: str) -> str:
    """A list's result count as the served page and the app draw it."""
    return str(Html('<span class="{}">{}</span>').format(radix.text("4", "bold"), text))


def _bound_select(name: str, label_text: str, choices: list[Choice], current: str) -> Html:
    options = EMPTY.join(
        Html('<option value="{}"{}>{}</option>').format(
            "" if choice.value == OPEN_BOUND else choice.value,
            Html(" selected") if choice.value == current else EMPTY, choice.label)
        for choice in choices
    )
    return Html('<select name="{}" aria-label="{}">{}</select>').format(name, label_text, options)


def served_filters_html(query: StockQuery, display: str, groups: list[FilterGroup],
                        links: str, locale: str) -> str:
    """The filters as the served page holds them until the app draws its own, in the same
    places: the search, the place and the ranges as one form that loads the listing (GET),
    the radii, toggles and checkbox lists as the links the app draws too (``links``, from
    ``filter_links_html``), and below them the button that applies the form, for a browser
    without the app. The form keeps the other filters (the radius too, as the app's place
    box does) as hidden fields."""
    kept = listing_params(query.replace(q="", **dict.fromkeys(RANGE_STEPS, (None, None))),
                          display)
    kept.pop("near", None)
    hidden = EMPTY.join(Html('<input type="hidden" name="{}" value="{}">').format(key, value)
                        for key, value in kept.items())
    action = stock_path(locale, query.scope_brand, query.scope_deal)
    parts = [
        Html('<form method="get" action="{}" class="filter-form" data-adopt="name">{}{}').format(
            action, hidden, sheet_close_html(locale))
    ]
    for group in groups:
        if group.kind == "search":
            parts.append(Html(
                '<div class="filter-search" role="search"><input type="search" name="q" '
                'value="{}" aria-label="{}" placeholder="{}" maxlength="{}">'
                '<button type="submit" {} aria-label="{}">{}</button></div>'
            ).format(group.options[0].value, group.heading,
                     gettext(locale, "Brand, model or version"), MAX_SEARCH_LENGTH,
                     _ICON_BUTTON, gettext(locale, "Search"), _SEARCH_ICON))
        elif group.kind == "distance":
            parts.append(_fieldset(group.heading, Html(
                '<div class="filter-place"><input type="text" name="near" value="{}" '
                'aria-label="{}" placeholder="{}" maxlength="{}">'
                '<button type="submit" {} aria-label="{}">{}</button></div>{}'
            ).format(group.text, label("filter", "near", locale),
                     gettext(locale, "e.g. 3511 AB or Kleve"), MAX_PLACE_LENGTH, _ICON_BUTTON,
                     gettext(locale, "Show distances"), _PIN_ICON, Html(group.links))))
        elif group.kind == "range":
            lower, upper = gettext(locale, "from"), gettext(locale, "to")
            parts.append(_fieldset(group.heading, Html(
                '<div class="filter-bounds">{}{}</div>'
            ).format(_bound_select(f"{group.key}_min", f"{group.heading} {lower}", group.lower,
                                   group.lower_current),
                     _bound_select(f"{group.key}_max", f"{group.heading} {upper}", group.upper,
                                   group.upper_current))))
    parts.append(Html(links))
    parts.append(Html('<button type="submit" class="{}">{}</button></form>').format(
        radix.button("2", "solid"), gettext(locale, "Show results")))
    return str(EMPTY.join(parts))


def choice_links(kind: str, values: tuple[str, ...], current: str, locale: str,
                 href: Callable[[str], str]) -> list[Link]:
    """The choices of a menu (sorting, price display) as links to the search with each."""
    return [Link(label=label(kind, value, locale), href=href(value), value=value,
                 current=value == current) for value in values]


def sorted_by_shown_price(query: StockQuery, display: str) -> StockQuery:
    """Sorting 'by price' sorts by the price the cards show: a lease or finance display
    orders by that monthly amount, not by the purchase price nobody sees. Each card's own
    headline price (no multi-price) orders by the purchase price, as most cards show it."""
    field, direction = query.sort.rsplit("_", 1)
    if field != "price" or display in ("purchase", HEADLINE_DISPLAY):
        return query
    return query.replace(sort=f"{display}_{direction}", page=query.page)


class _KeptListings:
    """The listings built last from the current index, by everything else they are built
    from: one page view builds its listing once for the served HTML, the app's load and
    analytics. A new index (the stock changed) lets the old ones go."""

    SIZE = 64

    def __init__(self) -> None:
        self._index: StockIndex | None = None
        self._built: Kept[dict] = Kept(self.SIZE)

    def get(self, index: StockIndex, key: tuple) -> dict | None:
        return self._built.get(key) if index is self._index else None

    def keep(self, index: StockIndex, key: tuple, listing: dict) -> None:
        if index is not self._index:
            self._index, self._built = index, Kept(self.SIZE)
        self._built.keep(key, listing)


_KEPT = _KeptListings()


def stock_listing(params: Mapping[str, str], locale: str, scope: Scope = Scope(), *,
                  reserved: Collection[str] = ()) -> dict:
    """Everything the stock overview shows for a URL's query parameters: the records
    (``card_values``, ``filters``, ``sorts``, ``pages``...) and what the page draws of
    them: ``cards``, ``controls`` (the search, the place and the ranges, drawn by the app)
    and the HTML of the filter links, the menus and the page numbers (the same in the
    served page). The cards of the ``reserved`` vehicles
    (``reservations.service.held_vehicles``) say so. Built once per index, day, URL and
    price setting (and kept: the caller must not change it)."""
    index = get_index()
    key = (today(), multi_price(), locale, scope, frozenset(reserved),
           tuple(sorted((name, repr(value)) for name, value in params.items())))
    if (kept := _KEPT.get(index, key)) is not None:
        return kept
    listing = _built_listing(index, params, locale, scope, reserved)
    _KEPT.keep(index, key, listing)
    return listing


def _built_listing(index: StockIndex, params: Mapping[str, str], locale: str, scope: Scope,
                   reserved: Collection[str]) -> dict:
    query = scope.query(params)
    display = price_display(params, scope.deal)
    result = index.search(sorted_by_shown_price(query, display))
    pages = [
        Link(value=str(number), label=str(number),
             href=listing_path(locale, query.replace(page=number), display),
             current=number == result.page)
        for number in _page_window(result.page, result.pages)
    ]
    values = marked_reserved([card_values(card, locale, display, query.scope_brand)
                              for card in result.cards], reserved, locale)
    reset_href = listing_path(locale, query.cleared().replace(sort=DEFAULT_SORT),
                              price_display({}, query.scope_deal))
    filters = [*control_groups(result, query, locale, display),
               *filter_groups(result, query, locale, display)]
    # Another order starts on page 1; another price shown keeps the page.
    sorts = choice_links("sort", sort_options(query), query.sort, locale,
                         lambda sort: listing_path(locale, query.replace(sort=sort), display))
    displays = choice_links("deal_type", PRICE_DISPLAYS, display, locale,
                            lambda shown: listing_path(locale, query, shown)
                            ) if multi_price() else []
    count_text = ngettext(locale, "{n} vehicle", "{n} vehicles", result.total,
                          n=format_number(result.total, locale))
    return {
        "query": query.to_query_string(),
        "total": result.total,
        "count_text": count_text,
        "count_html": count_html(count_text),
        "card_values": values,
        "cards": list_cards(values),
        "filters": filters,
        # The app's own controls; of the radii it is sent their links only.
        "controls": [replace(group, options=[]) if group.kind == "distance"
                     else group for group in filters
                     if group.kind in ("search", "distance", "range")],
        "quick": next((quick_entries_html(group) for group in filters if group.kind == "quick"),
                      ""),
        "filter_links": filter_links_html(filters, locale),
        "pills": pills_html(pill_values(query, result, locale, display), reset_href, locale,
                            place_notice(query, locale)),
        "sort": query.sort,
        "sorts": sorts,
        "sort_menu": choice_menu_html(gettext(locale, "Sort by"), sorts),
        "display": display,
        "displays": displays,
        "display_menu": choice_menu_html(gettext(locale, "Price shown"), displays),
        "page": result.page,
        "pages": pages,
        "pagination": pagination_html(pages, gettext(locale, "Pages")),
    }


def _page_window(current: int, pages: int, width: int = 2) -> list[int]:
    """Page numbers around the current one, plus the first and last."""
    numbers = {1, pages, *range(max(1, current - width), min(pages, current + width) + 1)}
    return sorted(numbers)


def describe_listing(request: PageRequest) -> PageInfo:
    """The stock overview as served: heading, count, cards as links, and the page's parts
    (cards, filters, menus, page numbers) that work before and without the app.

    A search narrowed by more than one filter value is a page for visitors, not for
    search engines: noindex,follow with the canonical on the unfiltered listing. A
    single filter value (``?fuel=electric``) is an indexable landing page.
    """
    path, locale, params, query = request.path, request.locale, request.params, request.query
    screen = request.screen
    scope = Scope.of(screen, params)
    brand = scope.brand
    if brand is not None and brand not in PLATFORM_BRANDS:  # /anything/voorraad
        return error_page("brand_not_found", path, locale, screen, params=dict(params))
    stock_query = scope.query(query)
    listing = stock_listing(query, locale, scope, reserved=held_vehicles(get_engine()))
    heading = listing_heading(locale, brand, scope.deal)
    filters = stock_query.to_params()
    filters.pop("sort", None)
    filters.pop("page", None)
    # A place is whatever a visitor typed: never a landing page of its own.
    single_filter = (len(filters) == 1 and "," not in next(iter(filters.values()))
                     and "near" not in filters)
    canonical = dict(filters) if single_filter else {}
    if listing["page"] > 1:
        canonical["page"] = str(listing["page"])
    cards: list[Card] = listing["card_values"]
    home = home_link(locale)
    return PageInfo(
        screen=screen,
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(heading),
        heading=heading,
        description=gettext(
            locale, "{count} available at our locations in the Netherlands and Germany.",
            count=listing["count_text"],
        ),
        facts=[Fact(gettext(locale, "Results"), listing["count_text"])],
        links=[Link(f"{card.title} {card.version} – {card.price}", card.href)
               for card in cards],
        breadcrumbs=[home, Link(heading, path)],
        image=cards[0].photo if cards else None,
        json_ld=[{
            "@context": "https://schema.org",
            "@type": "ItemList",
            "name": heading,
            "numberOfItems": listing["total"],
            "itemListElement": [
                {"@type": "ListItem", "position": position, "url": absolute_url(card.href),
                 "name": f"{card.title} {card.version}"}
                for position, card in enumerate(cards, start=1)
            ],
        }],
        canonical_params=canonical,
        noindex=bool(filters) and not single_filter,
        parts={
            "cards": cards_part(listing["cards"]),
            "pills": listing["pills"],
            "count": listing["count_html"],
            "quick": listing["quick"],
            "filters": served_filters_html(stock_query, listing["display"], listing["filters"],
                                           listing["filter_links"], locale),
            "sort": listing["sort_menu"],
            "display": listing["display_menu"],
            "pages": listing["pagination"],
        },
    )
