"""Every page's HTML as a client without JavaScript gets it: status, head, data, body."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import httpx
import pytest

from tests.conftest import Site
from tests.stock_counts import sold_for_a_while


class Head(HTMLParser):
    """The parts of a page search engines read."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.titles: list[str] = []
        self.meta: dict[str, str] = {}
        self.links: list[dict[str, str]] = []
        self.json_ld: list[dict] = []
        self.h1: list[str] = []
        self._in: str | None = None
        self._buffer = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = {key: value or "" for key, value in attrs}
        if tag == "html":
            self.lang = values.get("lang", "")
        elif tag == "meta" and ("name" in values or "property" in values):
            self.meta[values.get("name") or values["property"]] = values.get("content", "")
        elif tag == "link":
            self.links.append(values)
        elif tag in ("title", "h1") or (
            tag == "script" and values.get("type") == "application/ld+json"
        ):
            self._in, self._buffer = tag, ""

    def handle_data(self, data: str) -> None:
        if self._in:
            self._buffer += data

    def handle_endtag(self, tag: str) -> None:
        if self._in == tag or (self._in == "script" and tag == "script"):
            if self._in == "title":
                self.titles.append(self._buffer)
            elif self._in == "h1":
                self.h1.append(self._buffer)
            else:
                self.json_ld.append(json.loads(self._buffer))
            self._in = None

    def link(self, rel: str, hreflang: str | None = None) -> str | None:
        for link in self.links:
            if link.get("rel") == rel and (hreflang is None or link.get("hreflang") == hreflang):
                return link.get("href")
        return None


def fetch(site: Site, path: str, **headers: str) -> tuple[httpx.Response, Head]:
    response = httpx.get(site.url(path), headers=headers, follow_redirects=False, timeout=30)
    head = Head()
    head.feed(response.text)
    return response, head


def assert_alternates(site: Site, head: Head, nl_path: str, de_path: str) -> None:
    assert head.link("alternate", "nl-NL") == site.url(nl_path)
    assert head.link("alternate", "de-DE") == site.url(de_path)
    assert head.link("alternate", "x-default") == site.url(nl_path)


@pytest.mark.parametrize(("nl_path", "de_path", "title_nl", "title_de"), [
    ("/voorraad", "/de/angebote", "Voorraad | Rijnland Autogroep",
     "Fahrzeugangebot | Rijnland Autogroep"),
    ("/audi/voorraad", "/de/audi/angebote", "Audi voorraad | Rijnland Autogroep",
     "Audi Fahrzeugangebot | Rijnland Autogroep"),
])
def test_stock_listing_head_and_body(site: Site, nl_path, de_path, title_nl, title_de) -> None:
    for path, locale, title in ((nl_path, "nl-NL", title_nl), (de_path, "de-DE", title_de)):
        response, head = fetch(site, path)
        assert response.status_code == 200
        assert head.lang == locale
        assert head.titles == [title]
        assert head.meta["description"]
        assert head.link("canonical") == site.url(path)
        assert_alternates(site, head, nl_path, de_path)
        assert head.meta["og:title"] == title and head.meta["og:image"].startswith("http")
        assert "robots" not in head.meta
        item_list = next(data for data in head.json_ld if data["@type"] == "ItemList")
        assert len(item_list["itemListElement"]) == 24
        breadcrumbs = next(data for data in head.json_ld if data["@type"] == "BreadcrumbList")
        assert breadcrumbs["itemListElement"][-1]["item"] == site.url(path)
        # The cards are links in the HTML itself.
        assert response.text.count('href="/' + ("de/" if locale == "de-DE" else "")) > 24


def test_single_filter_is_indexable_and_multi_filter_is_not(site: Site) -> None:
    _, single = fetch(site, "/voorraad?fuel=electric&sort=price_desc")
    assert "robots" not in single.meta
    assert single.link("canonical") == site.url("/voorraad?fuel=electric")
    _, multi = fetch(site, "/voorraad?fuel=electric,diesel&transmission=automatic")
    assert multi.meta["robots"] == "noindex,follow"
    assert multi.link("canonical") == site.url("/voorraad")


def test_pagination_keeps_page_in_canonical(site: Site) -> None:
    _, head = fetch(site, "/de/angebote?page=3&utm_source=newsletter")
    assert head.link("canonical") == site.url("/de/angebote?page=3")
    assert head.link("alternate", "nl-NL") == site.url("/voorraad?page=3")


@pytest.mark.parametrize(("path", "heading", "title"), [
    ("/geen-pagina", "Oeps, deze pagina bestaat niet", "404 - Pagina niet gevonden: /geen-pagina"),
    ("/de/keine-seite", "Hoppla, diese Seite existiert nicht",
     "404 - Seite nicht gefunden: /de/keine-seite"),
])
def test_unknown_path_is_404_with_localized_page(site: Site, path, heading, title) -> None:
    response, head = fetch(site, path)
    assert response.status_code == 404
    assert head.titles == [title]
    assert head.meta["robots"] == "noindex"
    assert head.h1 == [heading]
    assert head.link("canonical") is None


def test_bots_get_a_minimal_error(site: Site) -> None:
    response, head = fetch(site, "/de/keine-seite", **{"User-Agent": "Googlebot/2.1"})
    assert response.status_code == 404
    assert head.h1 == ["Hoppla, diese Seite existiert nicht"]
    assert "<script" not in response.text


def test_trailing_slash_and_root_language(site: Site) -> None:
    response, _ = fetch(site, "/de/angebote/?page=2")
    assert response.status_code == 301
    assert response.headers["location"] == "/de/angebote?page=2"
    response, _ = fetch(site, "/", **{"Accept-Language": "de-CH,de;q=0.9"})
    assert response.status_code == 302 and response.headers["location"] == "/de"
    response, head = fetch(site, "/", **{"Accept-Language": "nl"})
    assert response.status_code == 200 and head.lang == "nl-NL"


def test_sitemap_index_and_every_listed_url_answers(site: Site) -> None:
    for index_path in ("/sitemap.xml", "/de/sitemap.xml"):
        response = httpx.get(site.url(index_path))
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/xml")
    sitemaps = re.findall(r"<loc>([^<]+)</loc>", httpx.get(site.url("/sitemap.xml")).text)
    assert any("vehicles-1" in url for url in sitemaps)
    urls: list[str] = []
    for sitemap in sitemaps:
        body = httpx.get(sitemap).text
        assert 'hreflang="de-DE"' in body and 'hreflang="x-default"' in body
        urls += re.findall(r"<loc>([^<]+)</loc>", body)
    assert len(urls) > 4000
    # Every fixed and content page, and a sample of the vehicles, answers 200.
    sample = [url for url in urls if "/voorraad/" not in url and "/angebote/" not in url]
    sample += [url for url in urls if "/voorraad/" in url][:: max(1, len(urls) // 40)]
    with httpx.Client(timeout=30) as client:
        failing = [url for url in sample if client.get(url).status_code != 200]
    assert failing == []


def test_robots_txt_points_at_the_sitemap(site: Site) -> None:
    response = httpx.get(site.url("/robots.txt"))
    assert response.status_code == 200
    assert f"Sitemap: {site.url('/sitemap.xml')}" in response.text


def test_page_payload_and_build_metadata(site: Site) -> None:
    payload = httpx.get(site.url("/de/angebote/_payload.json")).json()
    assert payload["status"] == 200 and payload["heading"] == "Fahrzeugangebot"
    assert len(payload["links"]) == 24
    missing = httpx.get(site.url("/bestaat-niet/_payload.json"))
    assert missing.status_code == 404
    build = httpx.get(site.url("/builds/latest.json?t=1")).json()
    meta = httpx.get(site.url(f"/builds/meta/{build['id']}.json")).json()
    assert "/voorraad" in meta["prerendered"] and "/de/angebote" in meta["prerendered"]
    assert httpx.get(site.url("/builds/meta/old.json")).status_code == 404


def sample_params(site: Site) -> dict[str, str]:
    """Real URL parameters from the site's own data."""
    from sqlmodel import Session

    from dealer.db import make_engine
    from dealer.locations.repository import list_locations
    from dealer.stock.repository import list_lease_offers, sitemap_entries

    engine = make_engine(site.database_url)
    with Session(engine) as session:
        vehicle = next(entry.slug for entry in sitemap_entries(session)
                       if entry.slug.startswith("volkswagen-"))
        location = list_locations(session, brand="volkswagen")[0].slug
        offer = list_lease_offers(session).offers[0].slug
    engine.dispose()
    return {"vehicle": vehicle, "brand": "volkswagen", "location": location, "offer": offer,
            "model": "polo", "article": "nieuwe-showroom-in-nijmegen", "slug": "over-ons",
            "vacancy": "autotechnicus-utrecht"}


GERMAN_ARTICLE = "neuer-showroom-in-nijmegen"
PERSONAL = {"vehicle_interest", "vehicle_test_drive",
            "brand_vehicle_interest", "brand_vehicle_test_drive", "model_contact",
            "model_test_drive", "vacancy_apply", "appointment", "trade_in"}


def test_every_screen_in_both_languages(site: Site) -> None:
    from dealer.routes import SCREENS, path_for, route_for

    values = sample_params(site)
    problems: list[str] = []
    for screen in SCREENS:
        if screen == "sitemap":
            continue
        params = {name: values[name] for name in route_for(screen, "nl").params}
        paths = {locale: path_for(screen, locale, **params) for locale in ("nl", "de")}
        if screen == "news_article":
            paths["de"] = path_for(screen, "de", article=GERMAN_ARTICLE)
        if screen == "content":
            paths["de"] = "/de/ueber-uns"
        for locale, path in paths.items():
            response, head = fetch(site, path)
            where = f"{screen} {path}"
            if response.status_code != 200:
                problems.append(f"{where}: status {response.status_code}")
                continue
            if len(head.titles) != 1 or not head.titles[0].endswith("Rijnland Autogroep"):
                problems.append(f"{where}: title {head.titles}")
            if not head.meta.get("description"):
                problems.append(f"{where}: no description")
            if head.lang != {"nl": "nl-NL", "de": "de-DE"}[locale]:
                problems.append(f"{where}: lang {head.lang}")
            if head.link("canonical") != site.url(path):
                problems.append(f"{where}: canonical {head.link('canonical')}")
            for other, other_path in paths.items():
                tag = {"nl": "nl-NL", "de": "de-DE"}[other]
                if head.link("alternate", tag) != site.url(other_path):
                    problems.append(f"{where}: hreflang {tag} {head.link('alternate', tag)}")
            robots = head.meta.get("robots", "")
            if (screen in PERSONAL) != robots.startswith("noindex"):
                problems.append(f"{where}: robots {robots!r}")
    assert problems == []


@pytest.mark.parametrize(("screen", "schema_type"), [
    ("vehicle", "Car"),
    ("location", "AutoDealer"),
    ("news_article", "NewsArticle"),
    ("vacancy", "JobPosting"),
])
def test_structured_data_per_page_type(site: Site, screen: str, schema_type: str) -> None:
    from dealer.routes import path_for, route_for

    values = sample_params(site)
    params = {name: values[name] for name in route_for(screen, "nl").params}
    response, head = fetch(site, path_for(screen, "nl", **params))
    assert response.status_code == 200
    types = [data["@type"] for data in head.json_ld]
    assert schema_type in types and "BreadcrumbList" in types
    assert all(data["@context"] == "https://schema.org" for data in head.json_ld)
    assert head.h1  # the main heading is in the HTML itself


@pytest.mark.parametrize("path", [
    "/voorraad/bestaat-niet-123",
    "/de/angebote/gibt-es-nicht-123",
    "/vestigingen/nergens",
    "/nieuws/geen-artikel",
    "/de/skoda/modelle/gibt-es-nicht",
    "/lease-aanbod/geen-aanbod",
    "/voorraad/bestaat-niet-123/proefrit",
])
def test_unknown_things_answer_404(site: Site, path: str) -> None:
    response, head = fetch(site, path)
    assert response.status_code == 404
    assert head.meta.get("robots") == "noindex"
    assert head.h1


def test_sold_vehicle_is_gone(site: Site) -> None:
    slug = sample_params(site)["vehicle"]
    with sold_for_a_while(site, slug):
        response, head = fetch(site, f"/de/angebote/{slug}")
        assert response.status_code == 410
        assert head.titles == ["410 - Fahrzeug nicht gefunden"]
        assert head.meta["robots"] == "noindex"
