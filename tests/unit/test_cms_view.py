"""Content screens as records: pages, blocks, news, brands, models, 404s, language switch."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from dealer.content.repository import DEMO_DIR, ContentRepository
from dealer.routes import request_for
from dealer.settings import Settings
from dealer.stock import demo as stock_demo
from dealer.views import reviews as reviews_view
from dealer.views.content import content_view, translated_path
from dealer.web.describe import describe

pytestmark = pytest.mark.anyio


def demo_repo(directory: Path | None = None) -> ContentRepository:
    settings = Settings(content_token=None, public_mocks=False)
    return ContentRepository(settings) if directory is None else ContentRepository(
        settings, demo_dir=directory)


def asset(filename: str, alt: str = "") -> dict:
    return {"filename": filename, "alt": alt, "fieldtype": "asset"}


def page_story(body: list[dict], slug: str = "proef", layout: str = "default") -> dict:
    return {
        "name": "Proef", "slug": slug, "full_slug": slug, "lang": "nl", "id": 1, "uuid": "u1",
        "content": {"component": "page", "title": "Proefpagina", "layout": layout, "body": body},
    }


def repo_with(tmp_path: Path, *stories: dict) -> ContentRepository:
    (tmp_path / "nl").mkdir()
    (tmp_path / "nl" / "pages.json").write_text(json.dumps({"stories": list(stories)}))
    return demo_repo(tmp_path)


async def test_home_pages_are_built_from_their_stories(monkeypatch: pytest.MonkeyPatch) -> None:
    # The group rating reads the branches from the database; here the demo branches, so
    # that the page does not depend on what a local database holds.
    monkeypatch.setattr(reviews_view, "_branch_names", lambda: {
        branch.slug: f"Rijnland Autogroep {branch.city}" for branch in stock_demo.BRANCHES})
    repo = demo_repo()
    nl = await content_view("/", repo=repo)
    de = await content_view("/de", repo=repo)
    assert nl.found and de.found
    assert nl.info.title == "Rijnland Autogroep"  # the home page carries the site name only
    kinds = [(block.kind, block.style) for block in nl.blocks]
    assert kinds == [("carousel", ""), ("cards", "icon"), ("cards", "plain"), ("text", ""),
                     ("plate", ""), ("reviews", ""), ("cards", "logo"), ("cards", "article")]
    assert nl.blocks[5].reviews.cards  # the group's newest reviews
    plate = nl.blocks[4]
    assert (plate.title, plate.button_label) == ("Wat is mijn auto waard?",
                                                 "Bereken de inruilwaarde")
    # Without a valuation service of the dealer's: the site's own trade-in request.
    assert plate.button_href == "/inruilen"
    assert de.blocks[4].button_href == "/de/inzahlungnahme"
    assert [block.kind for block in de.blocks] == [block.kind for block in nl.blocks]
    slides = nl.blocks[0].parts
    assert len(slides) == 3 and slides[1].href == "/merken"
    quick = nl.blocks[1].parts
    assert quick[0].href == "/voorraad?electric=1"
    latest = nl.blocks[-1]
    assert len(latest.parts) == 3 and latest.button_href == "/nieuws"
    assert all(card.href.startswith("/nieuws/") and card.label == "Lees meer"
               for card in latest.parts)
    assert de.blocks[-1].parts[0].href.startswith("/de/aktuelles/")


async def test_content_page_in_both_languages() -> None:
    repo = demo_repo()
    about = await content_view("/over-ons", repo=repo)
    ueber = await content_view("/de/ueber-uns", repo=repo)
    assert about.info.heading == "Over Rijnland Autogroep"
    assert about.info.title == "Over Rijnland Autogroep | Rijnland Autogroep"
    assert ueber.info.heading == "Über Rijnland Autogroep"
    assert [crumb.label for crumb in ueber.info.breadcrumbs] == ["Startseite",
                                                                   "Über Rijnland Autogroep"]
    text = next(block for block in about.blocks if block.kind == "text" and block.html)
    assert "<h2>Onze geschiedenis</h2>" in text.html
    assert 'href="mailto:info@rijnland-autogroep.nl"' in text.html


async def test_unknown_blocks_are_skipped_and_bad_blocks_dropped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = repo_with(tmp_path, page_story([
        {"component": "mystery_widget", "_uid": "m"},
        {"component": "card_grid", "_uid": "broken", "cards": "not a list of cards"},
        {"component": "rich_text", "_uid": "t", "text": {"type": "doc", "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": "<script>x</script>"}]},
        ]}},
    ]))
    with caplog.at_level(logging.WARNING):
        view = await content_view("/proef", repo=repo)
    assert view.found
    assert [block.uid for block in view.blocks] == ["t"]
    assert "&lt;script&gt;" in view.blocks[0].html and "<script>" not in view.blocks[0].html
    assert "skipping unknown content block mystery_widget" in caplog.text
    assert "content block card_grid on /proef failed to build" in caplog.text


async def test_layout_by_name_falls_back_to_default(tmp_path: Path) -> None:
    repo = repo_with(tmp_path, page_story([], "smal", "narrow"), page_story([], "raar", "zigzag"))
    assert (await content_view("/smal", repo=repo)).layout == "narrow"
    assert (await content_view("/raar", repo=repo)).layout == "default"


async def test_media_blocks_never_load_other_hosts_by_themselves(tmp_path: Path) -> None:
    repo = repo_with(tmp_path, page_story([
        {"component": "video", "_uid": "own", "title": "Rondleiding",
         "video": asset("/content/video/rondleiding.mp4")},
        {"component": "video", "_uid": "yt", "title": "Proefrit",
         "url": {"linktype": "url", "url": "https://www.youtube.com/watch?v=abc_DEF-123"}},
        {"component": "video", "_uid": "evil", "url": {"linktype": "url",
                                                        "url": "javascript:alert(1)"}},
        {"component": "iframe", "_uid": "map", "title": "Kaart",
         "url": {"linktype": "url", "url": "https://forms.example.com/x"}, "height": 400},
        {"component": "iframe", "_uid": "plain", "url": "http://insecure.example.com"},
        {"component": "image_slider", "_uid": "s", "images": [asset("/content/a.svg", "A"),
                                                              asset("javascript:x")]},
        {"component": "opening_hours", "_uid": "h", "rows": [
            {"day": "maandag", "hours": "9:00 – 18:00"}, {"day": "zondag", "closed": True}]},
        {"component": "toast", "_uid": "n", "text": "Zaterdag open tot 17 uur"},
    ]))
    view = await content_view("/proef", repo=repo)
    blocks = {block.uid: block for block in view.blocks}
    assert set(blocks) == {"own", "yt", "map", "s", "h"}
    assert blocks["own"].src == "/content/video/rondleiding.mp4" and blocks["own"].provider == ""
    assert blocks["yt"].provider == "YouTube"
    assert blocks["yt"].src == "https://www.youtube-nocookie.com/embed/abc_DEF-123"
    assert "YouTube" in blocks["yt"].button_label
    assert blocks["map"].kind == "embed" and blocks["map"].height == "400px"
    assert [image.image for image in blocks["s"].parts] == ["/content/a.svg"]
    assert [(row.label, row.text) for row in blocks["h"].parts] == [
        ("maandag", "9:00 – 18:00"), ("zondag", "Gesloten")]
    assert view.toasts == ["Zaterdag open tot 17 uur"]


async def test_news_list_pages_through_articles(tmp_path: Path) -> None:
    articles = [
        {"name": f"Bericht {n}", "slug": f"bericht-{n}", "full_slug": f"nieuws/bericht-{n}",
         "first_published_at": f"2025-01-{n:02d}T09:00:00.000Z", "lang": "nl",
         "content": {"component": "article", "title": f"Bericht {n}"}}
        for n in range(1, 6)
    ]
    news_page = page_story([{"component": "news_list", "_uid": "l", "per_page": 2}], "nieuws")
    repo = repo_with(tmp_path, news_page, *articles)
    first = await content_view("/nieuws", repo=repo)
    listing = first.blocks[0]
    assert [card.title for card in listing.parts] == ["Bericht 5", "Bericht 4"]
    assert [(page.label, page.href, page.current) for page in listing.pages] == [
        ("1", "/nieuws", True), ("2", "/nieuws?page=2", False), ("3", "/nieuws?page=3", False)]
    third = await content_view("/nieuws", {"page": "3"}, repo=repo)
    assert [card.title for card in third.blocks[0].parts] == ["Bericht 1"]
    assert third.info.canonical_params == {"page": "3"}
    beyond = await content_view("/nieuws", {"page": "99"}, repo=repo)
    assert [card.title for card in beyond.blocks[0].parts] == ["Bericht 1"]


async def test_article_with_dates_and_missing_article() -> None:
    repo = demo_repo()
    article = await content_view("/nieuws/nieuwe-showroom-in-nijmegen", repo=repo)
    assert article.info.heading == "Nieuwe showroom in Nijmegen geopend"
    assert article.meta == "Gepubliceerd op 16 januari 2025 · Bijgewerkt op 20 januari 2025"
    assert article.layout == "narrow" and article.info.og_type == "article"
    assert article.blocks[-1].button_href == "/nieuws"
    german = await content_view("/de/aktuelles/neuer-showroom-in-nijmegen", repo=repo)
    assert german.meta.startswith("Veröffentlicht am 16. Januar 2025")
    missing = await content_view("/de/aktuelles/gibt-es-nicht", repo=repo)
    assert missing.info.status == 404
    assert missing.info.heading == "Diesen Artikel gibt es nicht"
    assert missing.info.title == "404 - Seite nicht gefunden: /de/aktuelles/gibt-es-nicht"
    assert missing.back_href == "/de/aktuelles"


async def test_brand_overview_and_models_with_filters_and_sorting() -> None:
    repo = demo_repo()
    brands = await content_view("/de/marken", repo=repo)
    logos = brands.blocks[0]
    assert logos.style == "logo" and len(logos.parts) == 6
    assert logos.parts[0].href == "/de/volkswagen/modelle"
    assert logos.parts[0].image == "/content/brands/volkswagen.svg"

    models = await content_view("/volkswagen/modellen", repo=repo)
    assert models.info.heading == "Volkswagen modellen"
    cards = models.blocks[0].parts
    assert [card.title for card in cards] == ["Volkswagen Golf", "Volkswagen ID.4",
                                              "Volkswagen Polo"]
    polo = cards[-1]
    assert polo.price == "Vanaf € 24.990" and "€ 369" in polo.lease
    assert polo.extra_href.startswith("https://configurator.example.com/")
    fuel = next(group for group in models.filters if group.uid == "fuel")
    electric = next(option for option in fuel.parts if option.label == "Elektrisch")
    assert electric.href == "/volkswagen/modellen?fuel=electric"

    filtered = await content_view("/volkswagen/modellen", {"fuel": "electric"}, repo=repo)
    assert [card.title for card in filtered.blocks[0].parts] == ["Volkswagen ID.4"]
    assert filtered.info.noindex
    by_price = await content_view("/volkswagen/modellen", {"sort": "price_desc", "fuel": "x"},
                                  repo=repo)
    prices = [card.price for card in by_price.blocks[0].parts]
    assert prices[-1] == "Vanaf € 24.990" and len(prices) == 3  # unknown fuel is ignored


async def test_model_detail_and_missing_brand_or_model() -> None:
    repo = demo_repo()
    polo = await content_view("/de/volkswagen/modelle/polo", repo=repo)
    assert polo.info.heading == "Volkswagen Polo"
    assert polo.blocks[0].kind == "gallery" and len(polo.blocks[0].parts) == 3
    assert [action.href for action in polo.actions][:2] == [
        "/de/volkswagen/modelle/polo/kontakt", "/de/volkswagen/modelle/polo/test-drive"]
    assert [price.label for price in polo.prices] == ["Kaufpreis", "Privatleasing"]
    assert {item.label for item in polo.downloads} == {"Preisliste", "Broschüre"}
    assert any(fact.text == "95 PS" for fact in polo.facts)

    no_model = await content_view("/volkswagen/modellen/kever", repo=repo)
    assert no_model.info.status == 404 and no_model.back_href == "/volkswagen/modellen"
    no_brand = await content_view("/de/trabant/modelle", repo=repo)
    assert no_brand.info.status == 404
    assert no_brand.info.heading == "Diese Marke haben wir nicht gefunden"


async def test_http_layer_and_page_agree_on_status() -> None:
    for path, status in [("/over-ons", 200), ("/nieuws", 200), ("/merken", 200),
                         ("/nieuws/bestaat-niet", 404), ("/trabant/modellen", 404),
                         ("/audi/modellen/a3-sportback", 200), ("/bestaat-niet", 404)]:
        info = await describe(path)
        assert info.status == status, path
        assert (await content_view(path)).info.status == status


async def test_language_switch_uses_translated_slugs() -> None:
    repo = demo_repo()

    async def other_language(path: str, target: str) -> str:
        return await translated_path(request_for(path), target, repo=repo)

    assert await other_language("/over-ons/team", "de") == "/de/ueber-uns/team"
    assert await other_language("/de/datenschutz", "nl") == "/privacy"
    assert await other_language("/nieuws/gratis-wintercheck", "de") == (
        "/de/aktuelles/kostenloser-wintercheck")
    assert await other_language("/", "de") == "/de"
    # Screens of the route table keep their counterpart; an untranslated page goes there too.
    assert await other_language("/voorraad", "de") == "/de/angebote"
    assert await other_language("/bestaat-niet", "de") == "/de/bestaat-niet"


def manufacturer_pages(tmp_path: Path) -> ContentRepository:
    """A Dutch and a German page with brand manufacturer blocks, beside the demo brands."""
    blocks = [{"component": "brand_manufacturer", "_uid": tag, "tag_id": tag}
              for tag in (101, "102", 999, "")]
    for locale, slug in (("nl", "merkinfo"), ("de", "de/markeninfo")):
        (tmp_path / locale).mkdir()
        story = page_story(blocks, slug)
        story["lang"] = locale
        (tmp_path / locale / "pages.json").write_text(json.dumps({"stories": [story]}))
        (tmp_path / locale / "brands.json").write_text(
            (DEMO_DIR / locale / "brands.json").read_text(encoding="utf-8"))
    return demo_repo(tmp_path)


@pytest.mark.parametrize(("path", "models", "missing"), [
    ("/merkinfo", "Volkswagen modellen", "Geen merkfabrikant voor tag-id {}"),
    ("/de/markeninfo", "Volkswagen Modelle", "Kein Markenhersteller für Tag-ID {}"),
])
async def test_brand_manufacturer_by_tag_id(tmp_path: Path, path: str, models: str,
                                            missing: str) -> None:
    view = await content_view(path, repo=manufacturer_pages(tmp_path))
    volkswagen, audi, unknown, empty = view.blocks
    assert (volkswagen.kind, volkswagen.title, volkswagen.image) == (
        "text", "Volkswagen", "/content/brands/volkswagen.svg")
    assert volkswagen.button_label == models
    assert volkswagen.button_href.endswith("/volkswagen/modellen" if path == "/merkinfo"
                                           else "/volkswagen/modelle")
    assert volkswagen.html.startswith("<p>") and "ID.4" in volkswagen.html
    assert audi.title == "Audi"
    assert (unknown.kind, unknown.text) == ("notice", missing.format(999))
    assert (empty.kind, empty.text) == ("notice", missing.format("").strip())


@pytest.mark.parametrize(("path", "message"), [
    ("/merkinfo", "Informatie over de merkfabrikant kon niet worden geladen"),
    ("/de/markeninfo", "Informationen zum Markenhersteller konnten nicht geladen werden"),
])
async def test_brand_manufacturer_that_cannot_be_read(tmp_path: Path, path: str,
                                                      message: str) -> None:
    repo = manufacturer_pages(tmp_path)

    async def unreachable(**query: object) -> tuple[list[dict], int]:
        raise ConnectionError("content service unreachable")

    repo._source.stories = unreachable  # type: ignore[method-assign]
    view = await content_view(path, repo=repo)
    assert [(block.kind, block.text) for block in view.blocks] == [("notice", message)] * 4
