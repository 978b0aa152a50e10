"""What visitors and search engines are told: the error kinds' words, the route check, the
home page's structured data and the brand pages' icon."""

from __future__ import annotations

import json

import pytest

from dealer.brands import BRANDS_WITH_FAVICON
from dealer.content.repository import DEMO_DIR, ContentRepository
from dealer.pageinfo import ERRORS, error_page, error_texts
from dealer.settings import PROJECT_ROOT, Settings
from dealer.views.content import content_view
from dealer.web.server import with_page

pytestmark = pytest.mark.anyio

# SPEC §8's kinds, as the pages name them.
SPEC_KINDS = ("something_went_wrong", "page_not_found", "vehicle_not_found",
              "location_not_found", "vehicle_form_not_found", "brand_not_found",
              "news_article_not_found", "lease_vehicle_not_found", "broken_link")


def demo_repo() -> ContentRepository:
    return ContentRepository(Settings(public_mocks=True), demo_dir=DEMO_DIR)


def test_every_error_kind_of_the_specification_exists() -> None:
    assert set(SPEC_KINDS) <= set(ERRORS)


@pytest.mark.parametrize(("kind", "locale", "heading", "button"), [
    ("page_not_found", "de", "Hoppla, diese Seite existiert nicht", "Zur Startseite"),
    ("something_went_wrong", "de", "Ups, etwas ist schief gelaufen", "Zur Startseite"),
    ("form_load_failed", "de", "Es ist etwas schiefgelaufen...", "Zur Startseite"),
    ("broken_link", "nl", "Deze link werkt niet meer", "Naar de homepage"),
    ("broken_link", "de", "Dieser Link funktioniert nicht mehr", "Zur Startseite"),
    ("content_unavailable", "nl", "Deze pagina is tijdelijk niet beschikbaar",
     "Opnieuw proberen"),
    ("content_unavailable", "de", "Diese Seite ist vorübergehend nicht verfügbar",
     "Erneut versuchen"),
])
def test_error_kinds_in_their_words(kind: str, locale: str, heading: str, button: str) -> None:
    texts = error_texts(kind, locale)
    assert (texts.heading, texts.button) == (heading, button)
    assert error_page(kind, "/x", locale, "content").title.endswith(f" - {heading}")


@pytest.mark.parametrize(("path", "title"), [
    ("/Over_Ons!", "404 - Pagina niet gevonden: /Over_Ons!"),
    ("/de/gibt es nicht", "404 - Seite nicht gefunden: /de/gibt es nicht"),
])
async def test_a_path_no_story_can_have_fails_the_route_check(path: str, title: str) -> None:
    view = await content_view(path, repo=demo_repo())
    assert view.info.status == 404 and view.info.title == title
    assert view.info.heading in ("Oeps, deze pagina bestaat niet",
                                 "Hoppla, diese Seite existiert nicht")


@pytest.mark.parametrize(("path", "language", "home"), [
    ("/", "nl-NL", "/"), ("/de", "de-DE", "/de")])
async def test_the_home_page_names_the_group_and_the_website(path: str, language: str,
                                                           home: str) -> None:
    data = json.loads(json.dumps((await content_view(path, repo=demo_repo())).info.json_ld))
    group = next(item for item in data if "Organization" in item["@type"])
    assert set(group["@type"]) == {"Organization", "AutoDealer"}
    assert group["name"] == "Rijnland Autogroep" and group["logo"].endswith("/logo.svg")
    assert group["url"].endswith(home)
    assert group["address"] == {"@type": "PostalAddress", "streetAddress": "Velperweg 120",
                                "postalCode": "6824 HM", "addressLocality": "Arnhem",
                                "addressCountry": "NL"}
    assert group["sameAs"] == ["https://www.facebook.com/rijnlandautogroep",
                               "https://www.instagram.com/rijnlandautogroep",
                               "https://www.linkedin.com/company/rijnland-autogroep",
                               "https://www.youtube.com/@rijnlandautogroep"]
    website = next(item for item in data if item["@type"] == "WebSite")
    assert website["inLanguage"] == language and website["publisher"]["@id"] == group["@id"]
    # Other pages do not repeat it.
    about = (await content_view("/over-ons", repo=demo_repo())).info.json_ld
    assert not any(item.get("@type") == "WebSite" for item in about)


SHELL = ('<html><head><meta name="viewport" content="width=device-width"/>'
         '<link href="/favicon.svg" rel="icon" type="image/svg+xml"/></head><body></body></html>')


@pytest.mark.parametrize(("params", "icon"), [
    ({"brand": "audi"}, "/brands/audi.svg"), ({"brand": "volkswagen"}, "/brands/volkswagen.svg"),
    ({"brand": "cupra"}, "/favicon.svg"), ({}, "/favicon.svg")])
def test_a_brand_page_shows_its_brands_icon(params: dict[str, str], icon: str) -> None:
    info = error_page("page_not_found", "/x", "nl", "brand_stock")
    info.status, info.params = 200, params
    document = with_page(SHELL, info, crawler_body=False)
    assert f'<link href="{icon}" rel="icon"' in document


def test_the_brand_icons_exist() -> None:
    assert len(BRANDS_WITH_FAVICON) == 2  # SPEC §9
    for brand in BRANDS_WITH_FAVICON:
        assert (PROJECT_ROOT / "assets" / "brands" / f"{brand}.svg").read_text().startswith("<svg")
