"""The frame from the configuration story: navigation, info bar, footer; route table fallback."""

from __future__ import annotations

import copy
import json
import re

import pytest

from dealer.content.repository import DEMO_DIR, ContentRepository
from dealer.navigation import main_nav
from dealer.settings import Settings
from dealer.views.frame import frame_from_story, frame_html, frame_parts
from dealer.web.frame import data_block, fill_parts

pytestmark = pytest.mark.anyio


def config(locale: str) -> dict:
    return json.loads((DEMO_DIR / locale / "config.json").read_text(encoding="utf-8"))[
        "stories"][0]


def nav_item(label: str, url: str, children: list | None = None) -> dict:
    return {"component": "nav_item", "label": label, "children": children or [],
            "link": {"linktype": "url", "url": url, "cached_url": url}}


@pytest.mark.parametrize(("locale", "first", "group", "child"), [
    ("nl", "Voorraad", "Merken en modellen", "Škoda"),
    ("de", "Fahrzeugangebot", "Marken und Modelle", "Škoda"),
])
def test_the_stories_navigation_with_its_menus(locale: str, first: str, group: str,
                                               child: str) -> None:
    frame = frame_from_story(config(locale), locale)
    assert frame.main[0].label == first
    brands = next(item for item in frame.main if item.label == group)
    assert child in [sub.label for sub in brands.children]
    assert brands.href == ("/merken" if locale == "nl" else "/de/marken")
    parts = frame_html(frame)
    assert f">{group}</a><ul class=\"site-nav-sub\">" in parts["main"]
    assert "site-info-bar" in parts["info"] and "site-info-bar" in parts["mobile"]


def test_footer_columns_contact_and_social_links() -> None:
    parts = frame_html(frame_from_story(config("nl"), "nl"))
    footer = parts["footer"]
    assert re.findall(r"<h2>(.*?)</h2>", footer) == [
        "Rijnland Autogroep", "Aanbod", "Rijnland Autogroep", "Service"]
    assert '<a href="/privacy">Privacyverklaring</a>' in footer
    assert '<a href="tel:+31262041000">026 204 1000</a>' in footer
    assert 'href="mailto:info@rijnland-autogroep.nl"' in footer
    assert '<ul class="site-footer-social" aria-label="Volg ons">' in footer
    instagram = "https://www.instagram.com/rijnlandautogroep"
    # A new tab, and its click names the network (the group's own page: no branch).
    track = ('{&quot;event&quot;:&quot;vm_social_click&quot;,&quot;contract_id&quot;:'
             '&quot;vm_social_click&quot;,&quot;network&quot;:&quot;instagram&quot;,'
             '&quot;location_id&quot;:null}')
    assert (f'href="{instagram}" rel="me noopener" target="_blank" data-track="{track}">'
            'Instagram') in footer
    assert 'href="/sitemap.xml">Sitemap</a>' in footer


@pytest.mark.parametrize(("locale", "notice"), [
    ("nl", 'Dit formulier is tijdelijk niet beschikbaar. Bel ons op '
           '<a href="tel:+31262041000">026 204 1000</a>: we helpen u graag verder.'),
    ("de", "Dieses Formular ist vorübergehend nicht verfügbar. Rufen Sie uns unter "
           '<a href="tel:+492821899400">02821 899400</a> an: Wir helfen Ihnen gern weiter.'),
])
def test_a_form_that_cannot_load_offers_the_phone_number(locale: str, notice: str) -> None:
    parts = frame_html(frame_from_story(config(locale), locale))
    assert parts["unavailable"] == f'<p class="form-unavailable" role="status">{notice}</p>'


def test_without_a_phone_number_a_form_that_cannot_load_asks_to_try_later() -> None:
    frame = frame_from_story(config("de"), "de")
    frame.phone = ""
    assert frame_html(frame)["unavailable"] == (
        '<p class="form-unavailable" role="status">Dieses Formular ist vorübergehend nicht '
        "verfügbar. Bitte versuchen Sie es in einigen Minuten erneut.</p>")


@pytest.mark.parametrize("locale", ["nl", "de"])
def test_without_a_story_the_route_table_makes_the_frame(locale: str) -> None:
    frame = frame_from_story(None, locale)
    assert [(item.label, item.href) for item in frame.main] == [
        (link.label, link.href) for link in main_nav(locale)]
    assert frame.info is None and not frame.social
    parts = frame_html(frame)
    assert parts["info"] == ""
    assert main_nav(locale)[0].href in parts["footer"]


def test_a_story_lacking_a_part_falls_back_for_that_part_only() -> None:
    story = copy.deepcopy(config("nl"))
    del story["content"]["footer_columns"]
    story["content"]["main_navigation"] = "not a list"
    frame = frame_from_story(story, "nl")
    assert frame.main[0].href == main_nav("nl")[0].href
    assert [column.title for column in frame.columns] == ["Ontdekken", "Service"]
    assert frame.top[0].label == "Vestigingen en openingstijden"  # still the story's


def test_what_an_editor_types_is_text_and_unsafe_links_are_dropped() -> None:
    story = {"content": {
        "component": "config",
        "info_bar": "<img src=x onerror=alert(1)>",
        "main_navigation": [
            nav_item("<b>Stock</b>", "/voorraad"),
            nav_item("Bad", "javascript:alert(1)"),
            {"component": "nav_item", "label": "No link"},
            "junk",
        ],
        "social_links": [{"component": "social_link", "network": "facebook",
                          "link": {"linktype": "url", "url": "http://insecure.example"}}],
    }}
    frame = frame_from_story(story, "nl")
    assert [item.label for item in frame.main] == ["<b>Stock</b>"]
    assert frame.social == []
    parts = frame_html(frame)
    assert "&lt;b&gt;Stock&lt;/b&gt;" in parts["main"] and "<b>" not in parts["main"]
    assert "<img" not in parts["info"]


async def test_a_changed_story_changes_the_frame_of_its_language_only() -> None:
    repo = ContentRepository(Settings(content_token=None, public_mocks=False))
    before = await frame_parts(repo)
    story = await repo._source.story("de/config")  # the demo as the service would change it
    story["content"]["main_navigation"].insert(0, nav_item("Winteraktion", "/de/winter"))
    repo._source._load()["de/config"] = story
    after = await frame_parts(repo)
    assert after["nl"] == before["nl"]
    assert after["de"]["main"].startswith('<ul class="site-nav"><li><a href="/de/winter">'
                                          "Winteraktion</a></li>")


def test_the_served_page_holds_the_parts_and_its_places_are_filled() -> None:
    parts = {"nl": {"main": '<ul><li><a href="/x">X</a></li></ul>', "footer": "</script>"}}
    block = data_block(parts)
    assert "</script>" not in block.removesuffix("</script>")
    assert json.loads(block[block.index(">") + 1:-len("</script>")]) == parts
    document = ('<nav><div class="rx-Html" id="frame-main"></div></nav><div id="frame-info">'
                '</div><main><div class="rx-Html list-grid" id="page-cards"></div></main>')
    filled = fill_parts(document, parts["nl"], {"cards": "<article>Golf</article>"})
    assert ('<div class="rx-Html" id="frame-main"><ul><li><a href="/x">X</a></li></ul></div>'
            in filled)
    assert '<div id="frame-info"></div>' in filled
    # A page's own parts (a list's cards) fill its places the same way.
    assert '<div class="rx-Html list-grid" id="page-cards"><article>Golf</article></div>' in filled


def test_the_served_copy_has_the_apps_theme() -> None:
    from dealer.styles import THEME_PROPS
    from dealer.web.seo import SERVED_THEME, SERVED_THEME_CLASS

    assert f'data-accent-color="{THEME_PROPS["accent_color"]}"' in SERVED_THEME
    assert f'data-gray-color="{THEME_PROPS["gray_color"]}"' in SERVED_THEME
    assert f'data-radius="{THEME_PROPS["radius"]}"' in SERVED_THEME
    assert f'data-scaling="{THEME_PROPS["scaling"]}"' in SERVED_THEME
    assert f'radix-themes {THEME_PROPS["appearance"]}' == SERVED_THEME_CLASS
