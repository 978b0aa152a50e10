"""What the site assumes of the framework's build, checked on the suite's real build (the
`site` fixture's compiled copy): each assumption that ``dealer.framework`` relies on is
one test, and fails naming the assumption that broke. A framework upgrade that changes
the build's layout or its HTML fails here first, not as a page that quietly lost its head
tags, its frame or its fast start."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from dealer.brands import SITE_FAVICON
from dealer.framework import shell
from dealer.framework.build import (
    BUILD_FOLDER,
    COMPILED_FOLDERS,
    GLOBAL_STYLESHEET,
    NOT_FOUND_FILE,
    SPA_FALLBACK,
    bundle_dir,
    bundled_scripts,
    bundled_stylesheets,
    compiled_sources,
    prerendered_file,
    prerendered_paths,
)
from dealer.framework.theme import RadixThemes
from dealer.i18n import LANGUAGE_TAGS
from dealer.pages import PAGES
from tests.conftest import Site
from tests.radix_classes import Stylesheet, class_sets

SIGNATURE = "--site-components:"


@pytest.fixture(scope="module")
def web(site: Site) -> Path:
    return site.checkout / BUILD_FOLDER


@pytest.fixture(scope="module")
def bundle(web: Path) -> Path:
    return bundle_dir(web).resolve()  # as the server has it (static_dir)


@pytest.fixture(scope="module")
def home(bundle: Path) -> str:
    """The build's HTML of a static route (the Dutch home page)."""
    found = prerendered_file(bundle, "/")
    assert found is not None, "the build prerendered no index.html for / (prerendered_file)"
    return found.read_text()


@pytest.fixture(scope="module")
def fallback(bundle: Path) -> str:
    return (bundle / SPA_FALLBACK).read_text()


def test_the_bundle_lies_where_the_server_serves_it_from(bundle: Path) -> None:
    for name in (SPA_FALLBACK, NOT_FOUND_FILE):
        assert (bundle / name).is_file(), (
            f"the build wrote no {name} in bundle_dir (dealer/framework/build.py): pages "
            "with parameters would be served 'Service starting'")
    paths = prerendered_paths(bundle)
    assert {"/", "/voorraad", "/de/angebote"} <= paths, (
        "the build no longer prerenders static routes as <path>.html or <path>/index.html "
        f"(prerendered_paths found {sorted(paths)[:5]} ...)")
    assert not any("[" in path for path in paths), "routes with parameters were prerendered"


def test_the_compiled_pages_lie_where_the_theme_reads_them(web: Path) -> None:
    missing = [folder for folder in COMPILED_FOLDERS if not (web / folder).is_dir()]
    assert not missing, f"the build has no compiled folders {missing} (COMPILED_FOLDERS)"
    assert any("@radix-ui/themes" in text for text in compiled_sources(web)), (
        "compiled_sources reads no page that imports Radix: the stylesheet signature "
        "would sign nothing")


def test_each_page_module_compiles_into_its_own_file(web: Path) -> None:
    """``framework.app.add_page(module=...)``: a page's components are compiled into a file
    named after its page module, so that one page's code stays off the others."""
    folder = web / "app_components"
    modules = {page.build.__module__ for page in PAGES.values()}
    missing = sorted(module for module in modules
                     if not (folder / Path(*module.split("."))).with_suffix(".jsx").is_file())
    assert not missing, (
        f"the build no longer writes a page's components into app_components/<module>.jsx "
        f"after the page function's __module__: none for {missing}")


def test_the_stylesheet_is_signed_before_it_is_bundled(web: Path, bundle: Path) -> None:
    """The theme's ``update_env_json`` runs after the pages are written and before they are
    bundled: the bundled stylesheet carries the signature written into the global one."""
    assert SIGNATURE in (web / GLOBAL_STYLESHEET).read_text(), (
        f"{GLOBAL_STYLESHEET} is not where the build writes the global stylesheet, or the "
        "framework no longer calls the theme's update_env_json before bundling")
    sheets = bundled_stylesheets(bundle)
    assert sheets, "the bundle has no assets/__reflex_global_styles-*.css (BUNDLED_STYLESHEETS)"
    assert all(SIGNATURE in sheet.read_text() for sheet in sheets), (
        "the bundled stylesheet lacks the signature: update_env_json ran after bundling")


def test_the_radix_classes_the_server_writes_are_styled(web: Path, bundle: Path) -> None:
    """``dealer.framework.radix``: every class the served markup can give a Radix component
    is one the installed Radix stylesheet styles, and the build kept those rules."""
    installed = Stylesheet("".join((web / "node_modules" / path).read_text()
                                   for path in RadixThemes().get_stylesheet_paths()))
    built = Stylesheet("".join(sheet.read_text() for sheet in bundled_stylesheets(bundle)))
    unknown = {call: missing for call, classes in class_sets()
               if (missing := installed.unstyled(classes))}
    assert not unknown, (
        f"the installed Radix stylesheet no longer styles these classes of "
        f"dealer/framework/radix.py: {unknown}")
    dropped = {call: missing for call, classes in class_sets()
               if (missing := built.unstyled(classes))}
    assert not dropped, (
        f"the built stylesheet lost the rules of these classes the served markup writes "
        f"(radix.SERVED_COMPONENTS, theme.RadixThemes.post_build): {dropped}")


@pytest.mark.parametrize("document", ["home", "fallback"])
def test_the_built_html_has_the_places_the_server_fills(document: str,
                                                        request: pytest.FixtureRequest) -> None:
    html = request.getfixturevalue(document)
    for marker, rewrite in (("<html lang=", "with_lang"), ('name="viewport"', "with_head_tags"),
                            ("</head>", "with_head_end"), ("</body>", "with_body_end")):
        assert marker in html, f"the built {document} page has no {marker!r} that {rewrite} uses"
    assert shell.BODY_START.search(html), f"the built {document} page has no <body> tag"
    assert f'href="{SITE_FAVICON}"' in html, (
        f"the built {document} page links its icon otherwise than href=\"{SITE_FAVICON}\": "
        "with_icon cannot give a brand page its own")


def test_a_static_page_has_its_title_and_the_default_image_prerendered(home: str) -> None:
    assert shell.has_title(home), "a static route's built page has no <title> (with_title)"
    assert shell.with_title(home, "Golf") != home
    assert shell.DEFAULT_OG_IMAGE in home, (
        "the build's default preview image is written otherwise than DEFAULT_OG_IMAGE: a page "
        "with its own image would have two")


@pytest.mark.parametrize("document", ["home", "fallback"])
def test_the_app_starts_from_one_module_script(document: str,
                                               request: pytest.FixtureRequest) -> None:
    """``start_app_after_first_frame``: the build preloads the app's modules with
    ``modulepreload`` links and starts it in one inline module script of static imports."""
    html = request.getfixturevalue(document)
    assert shell.MODULE_PRELOAD.search(html), (
        f"the built {document} page has no modulepreload link as MODULE_PRELOAD reads it")
    boot = shell.APP_BOOT.search(html)
    assert boot, f"the built {document} page has no app start script as APP_BOOT reads it"
    assert shell.STATIC_IMPORT.search(boot.group(2)), (
        "the app start script has no static import as STATIC_IMPORT reads it")
    served = shell.start_app_after_first_frame(html)
    assert not shell.MODULE_PRELOAD.search(served) and "await import(" in served, (
        "the app start was not moved behind the first frame")
    # Every import was made awaited: none is left to run before the first frame.
    assert not re.search(r'^\s*import (?:\* as \w+ from )?"', shell.APP_BOOT.search(served)[2],
                         re.MULTILINE), "the app start script imports in a way not rewritten"


def test_the_prerendered_frame_leaves_empty_places_for_the_server(home: str) -> None:
    """``fill_empty_places``: a component handed HTML at run time is prerendered as an empty
    ``<div id="frame-<part>">``."""
    filled = shell.fill_empty_places(home, {"frame": {"main": "<ul>menu</ul>"}, "page": {}})
    assert 'id="frame-main"><ul>menu</ul></div>' in filled, (
        "the built page has no empty <div ... id=\"frame-main\"></div> that fill_empty_places "
        "fills: the frame would be missing until the app draws it")


def test_a_prerendered_page_holds_the_site_header_a_served_page_borrows(home: str) -> None:
    """``site_header``: the prerendered header, the style rule of its own before it, a skip
    link and a language link per other language, its frame places empty."""
    header = shell.site_header(home, places={"main": "<ul>menu</ul>"}, skip_target="#copy",
                               language_hrefs={"de": "/de/angebote/x?locale=de"})
    assert header is not None, "the prerendered home page has no <header> (SITE_HEADER)"
    assert header.startswith("<style data-emotion="), (
        "the build no longer writes the header's own style rule right before it: a borrowed "
        "header would lose its position and colours")
    assert '<a class="skip-link" href="#copy"' in header, "no skip link (SKIP_LINK)"
    assert re.search(r'<a lang="de"[^>]*href="/de/angebote/x\?locale=de"', header), (
        "the language link is not where LANGUAGE_LINK looks (lang first, then the test id, "
        "then href)")
    assert "<ul>menu</ul>" in header and 'id="frame-' not in header, (
        "the header's frame places are not filled, or keep their ids")


def test_the_router_moves_with_the_history_api(bundle: Path) -> None:
    """The page scripts (web/scripts/lang_sync.js, route_rules.js, crawler_cleanup.js) see
    the app's moves by wrapping ``history.pushState`` and ``replaceState``."""
    scripts = bundled_scripts(bundle)
    for method in ("pushState", "replaceState"):
        assert any(method in text for text in scripts), (
            f"no bundled script calls history.{method}: the page scripts would not see the "
            "app move")


def test_the_server_fills_every_place(site: Site) -> None:
    """End to end: the served page is the built one with each place filled."""
    served = httpx.get(site.url("/de/angebote")).text
    assert f'<html lang="{LANGUAGE_TAGS["de"]}"' in served
    assert '<link rel="preload" href="/fonts/' in served  # with_head_tags
    assert re.search(r'id="frame-main"[^>]*><', served)  # fill_empty_places
    assert not shell.MODULE_PRELOAD.search(served)  # start_app_after_first_frame
    assert served.index('type="application/json"') < served.index("</head>")  # with_head_end
