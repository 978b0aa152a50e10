"""The HTML the framework's build writes, and the places in it the HTTP layer fills.

Each function names one thing the build's HTML is known to hold (``<html lang>``, the
prerendered ``<title>``, the viewport tag, the app's start script, the empty element a
component leaves for HTML it is handed); ``tests/http/test_framework_contract.py`` checks
each on a real build. Text put in is HTML already (``dealer.views.markup``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from dealer.javascript import script
from dealer.views.markup import Html, html_str

# The build preloads the app's modules at the highest priority and starts the app as soon
# as they are there: on a phone they competed with the page's stylesheet, font and photo
# for the connection, and on a fast one the app rendered before the browser had drawn
# anything, so the visitor waited for a page the served HTML already shows. Served, the
# app's modules are fetched (in parallel, as preloads) and started after the first frame.
# (Fetched earlier at low priority, as prefetches, they still delayed the largest paint
# in Lighthouse's phone simulation: 1.7 -> 3.7 s.) A hidden tab draws no frame: there the
# app starts after a second (scripts/start_after_first_frame.js).
MODULE_PRELOAD = re.compile(r'<link rel="modulepreload" href="(/assets/[\w.-]+\.js)"/>')
APP_BOOT = re.compile(r'(<script type="module" async="">)(.*?)(</script>)', re.DOTALL)
STATIC_IMPORT = re.compile(r'import "(/assets/[\w.-]+\.js)";')
NAMESPACE_IMPORT = re.compile(r'import \* as (\w+) from "(/assets/[\w.-]+\.js)";')
TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
VIEWPORT = '<meta name="viewport"'
# The preview image the build gives every page (a page with its own image drops it).
DEFAULT_OG_IMAGE = '<meta content="favicon.ico" property="og:image"/>'
BODY_START = re.compile(r"(<body[^>]*>)")
# The site header a prerendered page holds, with the style rule the build writes right
# before it (its position and colours), and in it the skip link and the language links.
SITE_HEADER = re.compile(r'(?:<style data-emotion="[^"]*">[^<]*</style>)?<header\b.*?</header>',
                         re.DOTALL)
SKIP_LINK = re.compile(r'(<a class="skip-link" href=")[^"]*(")')
LANGUAGE_LINK = re.compile(r'(<a lang="([a-z]+)"[^>]*\bdata-testid="language-switch"[^>]*\bhref=")'
                           r'[^"]*(")')


def start_app_after_first_frame(document: str) -> str:
    """The document with the app's module preloads and start moved behind the first
    frame; unchanged when the build's start script differs."""
    boot = APP_BOOT.search(document)
    if boot is None:
        return document
    start = (
        script(__file__, "start_after_first_frame", preloads=MODULE_PRELOAD.findall(document))
        + NAMESPACE_IMPORT.sub(r'const \1 = await import("\2");',
                               STATIC_IMPORT.sub(r'await import("\1");', boot.group(2)))
    )
    document = document[:boot.start(2)] + start + document[boot.end(2):]
    return MODULE_PRELOAD.sub("", document)


def with_lang(document: str, lang: str) -> str:
    """The document with ``<html lang>`` set to ``lang``."""
    tag = str(Html('<html lang="{}"').format(lang))
    if "<html lang" not in document:
        return document.replace("<html", tag, 1)
    start = document.find("<html lang=")
    quote_at = start + len("<html lang=")
    close = document.find(document[quote_at], quote_at + 1)
    return document[:start] + tag + document[close + 1:]


def has_title(document: str) -> bool:
    """Whether the build prerendered a ``<title>`` (a static route's)."""
    return TITLE.search(document) is not None


def with_title(document: str, title: str) -> str:
    """The prerendered title's text replaced (a title that depends on data is prerendered
    empty: the server knows it)."""
    found = TITLE.search(document)
    if found is None:
        return document
    start, end = found.span(1)
    return document[:start] + title + document[end:]


def with_icon(document: str, built: str, icon: str) -> str:
    """The document's icon link to ``built`` led to ``icon`` instead."""
    return document.replace(f'href="{built}"', f'href="{icon}"', 1)


def without_default_image(document: str) -> str:
    return document.replace(DEFAULT_OG_IMAGE, "")


def with_head_tags(document: str, tags: str) -> str:
    """``tags`` early in ``<head>``: right after the viewport tag (after the charset)."""
    at = document.find(VIEWPORT)
    if at == -1:
        at = document.find('name="viewport"')
    if at == -1:
        return document.replace("<head>", "<head>" + tags, 1)
    end = document.find(">", at) + 1
    return document[:end] + tags + document[end:]


def with_head_end(document: str, html: str) -> str:
    """``html`` last in ``<head>``, after the framework's own inline script."""
    return document.replace("</head>", html + "</head>", 1)


def with_body_start(document: str, html: str) -> str:
    """``html`` as the first thing in ``<body>``."""
    return BODY_START.sub(lambda m: m.group(1) + html, document, count=1)


def with_body_end(document: str, html: str) -> str:
    """``html`` as the last thing in ``<body>``, after the page."""
    return document.replace("</body>", html + "</body>", 1)


@cache
def _empty_places(prefixes: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(prefix) for prefix in prefixes)
    return re.compile(rf'(<div\b[^>]*\bid="({names})-([a-z]+)"[^>]*>)(</div>)')


def fill_empty_places(document: str, places: Mapping[str, Mapping[str, str]]) -> str:
    """The empty elements the prerendered components leave for HTML they are handed
    (``<div ... id="<prefix>-<name>"></div>``) filled: ``places[prefix][name]``; a place
    without HTML stays empty."""
    return _empty_places(tuple(places)).sub(
        lambda m: m.group(1) + places[m.group(2)].get(m.group(3), "") + m.group(4), document)


def site_header(document: str, *, places: Mapping[str, str], skip_target: str,
                language_hrefs: Mapping[str, str]) -> str | None:
    """The site header of a prerendered page, for another page: its empty places filled
    with ``places`` (``frame-<name>``; the ids dropped then, as the app's header will have
    them), its skip link to ``skip_target`` and each language link to
    ``language_hrefs[lang]``. None when the document holds no header."""
    found = SITE_HEADER.search(document)
    if found is None:
        return None
    header = fill_empty_places(found.group(0), {"frame": places})
    header = re.sub(r' id="frame-[a-z]+"', "", header)
    header = SKIP_LINK.sub(lambda m: m.group(1) + html_str(skip_target) + m.group(2), header)
    return LANGUAGE_LINK.sub(
        lambda m: m.group(1) + html_str(language_hrefs[m.group(2)]) + m.group(3)
        if m.group(2) in language_hrefs else m.group(0), header)
