"""How the served HTML starts the app."""

from __future__ import annotations

from dealer.framework.shell import site_header, start_app_after_first_frame

BUILT = (
    '<html><head><link rel="modulepreload" href="/assets/manifest-a1.js"/>'
    '<link rel="modulepreload" href="/assets/entry.client-b2.js"/>'
    '<link href="/assets/styles-c3.css" rel="stylesheet"/></head><body>'
    '<script type="module" async="">import "/assets/manifest-a1.js";\n'
    'import * as route0 from "/assets/root-d4.js";\n'
    '  window.__reactRouterRouteModules = {"root":route0};\n'
    'import("/assets/entry.client-b2.js");</script></body></html>'
)


def test_the_app_is_fetched_and_started_after_the_first_frame() -> None:
    served = start_app_after_first_frame(BUILT)
    head, body = served.split("<body>")
    assert "modulepreload" not in head  # nothing competes with the page before it is drawn
    assert "prefetch" not in head
    assert '<link href="/assets/styles-c3.css" rel="stylesheet"/>' in head
    script = body.split('<script type="module" async="">')[1].split("</script>")[0]
    assert script.startswith("await new Promise(function(r){requestAnimationFrame(")
    # the same modules, preloaded in parallel once the page is drawn, started in order
    assert '["/assets/manifest-a1.js","/assets/entry.client-b2.js"]' in script
    assert script.index('await import("/assets/manifest-a1.js");') < script.index(
        'const route0 = await import("/assets/root-d4.js");') < script.index(
        'import("/assets/entry.client-b2.js");')
    assert 'window.__reactRouterRouteModules = {"root":route0};' in script


def test_a_document_without_the_app_start_is_served_as_built() -> None:
    document = '<html><head><link rel="modulepreload" href="/assets/x.js"/></head></html>'
    assert start_app_after_first_frame(document) == document


PRERENDERED = (
    '<body><div class="radix-themes"><style data-emotion="css h1">.css-h1{top:0}</style>'
    '<header class="css-h1"><a class="skip-link" href="/#main-content">Naar de inhoud</a>'
    '<a lang="de" data-testid="language-switch" class="rt-Link" href="/de?locale=de">'
    'Deutsch</a><div class="rx-Html" id="frame-top"></div></header><main>home</main>'
    '</div></body>'
)


def test_a_page_borrows_the_prerendered_site_header_with_its_own_links() -> None:
    header = site_header(PRERENDERED, places={"top": '<a href="/over-ons">Over ons</a>'},
                         skip_target="#crawler-main",
                         language_hrefs={"de": '/de/angebote/a"b?locale=de&x=1'})
    assert header is not None
    assert header.startswith('<style data-emotion="css h1">') and header.endswith("</header>")
    assert "<main>" not in header
    assert '<a class="skip-link" href="#crawler-main">' in header
    # the link's target escaped as an attribute value, whatever the path holds
    assert 'href="/de/angebote/a&quot;b?locale=de&amp;x=1">Deutsch' in header
    assert '<div class="rx-Html"><a href="/over-ons">Over ons</a></div>' in header


def test_a_document_without_a_header_lends_none() -> None:
    assert site_header("<body><main></main></body>", places={}, skip_target="#x",
                       language_hrefs={}) is None
