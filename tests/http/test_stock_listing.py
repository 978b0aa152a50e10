"""What the stock overview says as served: brand names per language, price order."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import Site


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
    assert f'aria-label="{choice}"' in served  # the choice, drawn before the app runs


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
    # A place the site does not know is said on the page, with a plain listing under it.
    unknown = httpx.get(site.url(path.replace("47533", "Atlantis").replace("6511", "Atlantis")))
    assert unknown.status_code == 200 and notice in unknown.text
    assert len(re.findall(r'data-testid="vehicle-card"', unknown.text)) == 24
    assert ">ca. " not in unknown.text
