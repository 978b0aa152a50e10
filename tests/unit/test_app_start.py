"""How the served HTML starts the app."""

from __future__ import annotations

from dealer.framework.shell import start_app_after_first_frame

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
