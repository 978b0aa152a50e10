"""What the stock overview says as served: brand names per language, price order."""

from __future__ import annotations

import html
import re

import httpx
import pytest

from tests.conftest import Site
from tests.stock_counts import served_count


@pytest.mark.parametrize(("path", "shown", "hidden"), [
    ("/de/angebote?brand=volkswagen-bedrijfswagens", "Volkswagen Nutzfahrzeuge",
     "Bedrijfswagens"),
    ("/voorraad?brand=volkswagen-bedrijfswagens", "Volkswagen Bedrijfswagens",
     "Nutzfahrzeuge"),
])
def test_brand_names_follow_the_language(site: Site, path: str, shown: str,
                                         hidden: str) -> None:
    html = httpx.get(site.url(path)).text
    # The page carries both languages' menus as data (a language switch in the app draws
    # the other one); what it shows is in one language.
    html = re.sub(r'<script type="application/json" id="site-frame">.*?</script>', "", html)
    assert shown in html and hidden not in html


@pytest.mark.parametrize(("path", "amount"), [
    ("/voorraad?display=private_lease&sort=price_asc", r"– € ([\d.]+) per maand"),
    ("/de/angebote?display=business_lease&sort=price_desc", r"– ([\d.]+) € pro Monat"),
])
def test_sorting_by_price_follows_the_price_on_the_cards(site: Site, path: str,
                                                         amount: str) -> None:
    html = httpx.get(site.url(path)).text
    amounts = [int(value.replace(".", "")) for value in re.findall(amount, html)]
    assert len(amounts) > 10
    assert amounts == sorted(amounts, reverse=path.endswith("desc"))


@pytest.mark.parametrize(("path", "choice", "monthly"), [
    ("/voorraad?display=private_lease", "Toon prijs", "per maand"),
    ("/de/angebote?display=private_lease", "Preisanzeige", "pro Monat"),
])
def test_with_multi_price_the_visitor_chooses_the_price_on_the_cards(
        site: Site, path: str, choice: str, monthly: str) -> None:
    served = httpx.get(site.url(path)).text
    cards = re.findall(r'data-testid="vehicle-card">(.*?)</article>', served)
    assert len(cards) > 10 and all(monthly in card for card in cards)
    # The choice, drawn before the app runs: links to the listing with each price.
    assert f'aria-label="{choice}: ' in served
    assert re.search(r'<a href="/[a-z/]+\?display=business_lease">', served)


@pytest.mark.parametrize(("listing", "pages"), [
    ("/voorraad", "Pagina&#x27;s"), ("/de/angebote", "Seiten"),
])
def test_the_served_listing_has_its_filters_order_and_pages_as_links(
        site: Site, listing: str, pages: str) -> None:
    served = httpx.get(site.url(f"{listing}?fuel=electric")).text
    aside = re.search(r'<aside\b[^>]*id="stock-filters"[^>]*>(.*?)</aside>', served,
                      re.DOTALL).group(1)
    options = re.findall(r'<a href="([^"]+)" role="(?:checkbox|switch)" aria-checked="(\w+)"'
                         r'[^>]*>[^<]+ <span class="filter-count">\(([\d.]+)\)</span></a>', aside)
    assert len(options) > 30
    # Each option leads to the search with it flipped: the ticked one to the listing.
    assert (listing, "true") in [(href, checked) for href, checked, _ in options]
    assert f"{listing}?fuel=diesel%2Celectric" in [href for href, _, _ in options]
    # The search and the ranges: a form that loads the listing, keeping the other filters.
    assert (f'<form method="get" action="{listing}" class="filter-form" '
            'data-adopt="name">') in aside
    assert '<input type="hidden" name="fuel" value="electric">' in aside
    assert '<select name="price_max"' in aside and 'name="q"' in aside
    # The quick entries, the order and the page numbers.
    assert f'href="{listing}?electric=1" aria-current="false"' in served
    assert f'<a href="{listing}?fuel=electric&amp;sort=price_desc">' in served
    nav = re.search(rf'<nav class="pagination" aria-label="{pages}">(.*?)</nav>', served).group(1)
    assert f'href="{listing}?fuel=electric&amp;page=2"' in nav
    assert re.search(r'aria-current="page">1</a>', nav)


@pytest.mark.parametrize("listing", ["/voorraad", "/de/angebote", "/voorraad/private-lease",
                                     "/de/angebote/privatleasing", "/audi/voorraad",
                                     "/de/audi/angebote"])
def test_every_served_filter_link_leads_to_the_page_it_counts(site: Site,
                                                              listing: str) -> None:
    served = httpx.get(site.url(listing)).text
    everything = served_count(served)
    options = re.findall(r'<a href="([^"]+)" role="checkbox" aria-checked="false">[^<]+ '
                         r'<span class="filter-count">\(([\d.]+)\)</span>', served)
    assert len(options) > 20
    for href, count in options[::7]:
        page = httpx.get(site.url(html.unescape(href))).text
        assert served_count(page) == int(count.replace(".", "")) <= everything, href
        assert page.count('data-testid="vehicle-card"') == min(int(count.replace(".", "")), 24)
    # The served form's search (a browser without the app sends every field): the same
    # listing at its address without the empty ones.
    sent = httpx.get(site.url(f"{listing}?q=&price_min=&price_max=30000&year_min="),
                     follow_redirects=True)
    assert sent.url.path == listing and sent.url.query == b"price_max=30000"
    found = sent.text
    assert 0 < served_count(found) < everything
    assert 'data-testid="filter-pill"' in found


@pytest.mark.parametrize(("path", "notice"), [
    ("/voorraad?near=47533&within=25&sort=distance_asc", "We konden"),
    ("/de/angebote?near=6511&within=25&sort=distance_asc", "haben wir nicht gefunden"),
])
def test_a_search_near_a_place_is_served_nearest_first(site: Site, path: str,
                                                        notice: str) -> None:
    response = httpx.get(site.url(path))
    cards = re.findall(r'data-testid="vehicle-card">(.*?)</article>', response.text)
    distances = [int(re.search(r">ca\. (\d+) km<", card).group(1)) for card in cards]
    assert len(cards) == 24 and distances == sorted(distances) and distances[-1] <= 25
    assert '<meta name="robots" content="noindex,follow"' in response.text
    # The served filters: the place box holding the place, the radii as links with counts.
    place = re.search(r"near=(\w+)", path).group(1)
    assert re.search(rf'<input type="text" name="near" value="{place}"', response.text)
    radii = re.findall(r'<a href="[^"]+" role="radio" aria-checked="(\w+)"', response.text)
    assert radii == ["true", "false", "false", "false"]
    # A place the site does not know is said on the page, with a plain listing under it.
    unknown = httpx.get(site.url(path.replace("47533", "Atlantis").replace("6511", "Atlantis")))
    assert unknown.status_code == 200 and notice in unknown.text
    assert len(re.findall(r'data-testid="vehicle-card"', unknown.text)) == 24
    assert ">ca. " not in unknown.text
