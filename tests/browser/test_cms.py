"""Content pages as a visitor meets them: pages, news, brands and models, in both languages."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Site


def h1(page: Page):
    return page.locator("#main-content").get_by_role("heading", level=1)


@pytest.mark.parametrize(("path", "heading", "section"), [
    ("/over-ons", "Over Rijnland Autogroep", "Maak kennis"),
    ("/de/ueber-uns", "Über Rijnland Autogroep", "Lernen Sie uns kennen"),
])
def test_content_page(page: Page, site: Site, path: str, heading: str, section: str) -> None:
    response = page.goto(site.url(path))
    assert response is not None and response.status == 200
    expect(h1(page)).to_have_text(heading)
    expect(page).to_have_title(f"{heading} | Rijnland Autogroep")
    expect(page.get_by_role("heading", level=2, name=section)).to_be_visible()
    expect(page.locator("#main-content h1")).to_have_count(1)


def test_home_page_blocks_and_latest_news(page: Page, site: Site) -> None:
    page.goto(site.url("/"))
    expect(h1(page)).to_have_text("Rijnland Autogroep")
    latest = page.locator("section", has=page.get_by_role("heading", name="Laatste nieuws"))
    expect(latest.get_by_test_id("content-card")).to_have_count(3)
    page.get_by_role("link", name="Al het nieuws").click()
    expect(page).to_have_url(site.url("/nieuws"))
    expect(h1(page)).to_have_text("Nieuws")


def test_language_switch_lands_on_the_translated_slug(page: Page, site: Site) -> None:
    page.goto(site.url("/over-ons/team"))
    expect(h1(page)).to_have_text("Ons team")
    page.get_by_role("link", name="Deutsch").click()
    expect(page).to_have_url(site.url("/de/ueber-uns/team"))
    expect(h1(page)).to_have_text("Unser Team")
    page.get_by_role("link", name="Nederlands").click()
    expect(page).to_have_url(site.url("/over-ons/team"))


@pytest.mark.parametrize(("path", "heading", "article_path", "dates"), [
    ("/nieuws", "Nieuws", "/nieuws/nieuwe-showroom-in-nijmegen",
     "Gepubliceerd op 16 januari 2025 · Bijgewerkt op 20 januari 2025"),
    ("/de/aktuelles", "Aktuelles", "/de/aktuelles/neuer-showroom-in-nijmegen",
     "Veröffentlicht am 16. Januar 2025 · Aktualisiert am 20. Januar 2025"),
])
def test_news_list_and_article(page: Page, site: Site, path: str, heading: str,
                               article_path: str, dates: str) -> None:
    page.goto(site.url(path))
    expect(h1(page)).to_have_text(heading)
    cards = page.get_by_test_id("content-card")
    expect(cards).to_have_count(6)
    cards.filter(has_text="Nijmegen").get_by_role("link").click()
    expect(page).to_have_url(site.url(article_path))
    expect(h1(page)).to_contain_text("Nijmegen")
    expect(page.get_by_test_id("article-dates")).to_have_text(dates)
    # The article's own links keep their anchor; the language switch follows the slug.
    switch = page.get_by_test_id("language-switch")
    expect(switch).to_have_attribute(
        "href", re.compile(
            r"/(de/aktuelles/neuer-showroom|nieuws/nieuwe-showroom)-in-nijmegen\?locale=(de|nl)$"))


@pytest.mark.parametrize(("path", "heading"), [
    ("/merken", "Merken"),
    ("/de/marken", "Marken"),
])
def test_brand_overview_with_logos(page: Page, site: Site, path: str, heading: str) -> None:
    page.goto(site.url(path))
    expect(h1(page)).to_have_text(heading)
    expect(page.get_by_test_id("content-card")).to_have_count(6)
    logo = page.get_by_role("img", name=re.compile("Audi$"))
    expect(logo).to_be_visible()
    page.get_by_test_id("content-card").filter(has_text="CUPRA").get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/cupra/modell(en|e)$"))


def test_models_filter_sort_and_model_page(page: Page, site: Site) -> None:
    page.goto(site.url("/volkswagen/modellen"))
    expect(h1(page)).to_have_text("Volkswagen modellen")
    cards = page.get_by_test_id("content-card")
    expect(cards).to_have_count(3)
    page.get_by_role("navigation", name="Brandstof").get_by_role("link", name="Elektrisch").click()
    expect(page).to_have_url(site.url("/volkswagen/modellen?fuel=electric"))
    expect(cards).to_have_count(1)
    expect(cards.first).to_contain_text("ID.4")
    page.get_by_role("navigation", name="Brandstof").get_by_role("link", name="Alle").click()
    page.get_by_role("link", name="Prijs, hoog naar laag").click()
    expect(page).to_have_url(site.url("/volkswagen/modellen?sort=price_desc"))
    expect(cards.last).to_contain_text("Polo")
    expect(cards.last).to_contain_text("Vanaf € 24.990")
    expect(cards.last.get_by_role("link", name=re.compile("^Samenstellen"))).to_have_attribute(
        "href", re.compile(r"^https://configurator\.example\.com/"))

    cards.last.get_by_role("link").first.click()
    expect(page).to_have_url(site.url("/volkswagen/modellen/polo"))
    expect(h1(page)).to_have_text("Volkswagen Polo")
    expect(page.get_by_test_id("gallery").get_by_role("img")).to_have_count(3)
    expect(page.get_by_role("link", name=re.compile("Prijslijst Polo"))).to_have_attribute(
        "href", "/content/downloads/volkswagen-polo-prijslijst.pdf")
    expect(page.get_by_role("link", name="Plan een proefrit")).to_have_attribute(
        "href", "/volkswagen/modellen/polo/proefrit")
    page.get_by_role("link", name="Stel een vraag over dit model").click()
    expect(page).to_have_url(site.url("/volkswagen/modellen/polo/contact"))


def test_german_model_page(page: Page, site: Site) -> None:
    response = page.goto(site.url("/de/audi/modelle/q4-e-tron"))
    assert response is not None and response.status == 200
    expect(h1(page)).to_have_text("Audi Q4 e-tron")
    expect(page.get_by_role("heading", name="Preise")).to_be_visible()
    expect(page.get_by_text("Kaufpreis")).to_be_visible()
    expect(page.get_by_role("link", name="Probefahrt vereinbaren")).to_have_attribute(
        "href", "/de/audi/modelle/q4-e-tron/test-drive")


@pytest.mark.parametrize(("path", "heading", "back"), [
    ("/nieuws/bestaat-niet", "Dit nieuwsbericht bestaat niet", "Al het nieuws"),
    ("/de/aktuelles/gibt-es-nicht", "Diesen Artikel gibt es nicht", "Alle Neuigkeiten"),
    ("/trabant/modellen", "Dit merk hebben we niet gevonden", "Alle merken"),
    ("/de/volkswagen/modelle/kaefer", "Dieses Modell haben wir nicht gefunden",
     "Alle Modelle von Volkswagen"),
    ("/de/gibt-es-nicht", "Hoppla, diese Seite existiert nicht", "Zur Startseite"),
])
def test_unknown_article_brand_or_page_is_404(page: Page, site: Site, path: str, heading: str,
                                              back: str) -> None:
    assert httpx.get(site.url(path)).status_code == 404
    response = page.goto(site.url(path))
    assert response is not None and response.status == 404
    expect(h1(page)).to_have_text(heading)
    expect(page).to_have_title(re.compile(r"^404 - "))
    expect(page.get_by_role("link", name=back)).to_be_visible()
