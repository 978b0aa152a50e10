"""The HTTP layer in front of the Reflex app (production server, one port).

It answers what a static file server cannot: trailing-slash and configured
redirects, the language choice on the root URL, real status codes, per-URL
``<html lang>`` and head tags, /health. Events and assets pass through to Reflex;
websocket frames pass through ``socket_guard``, uploads through ``upload_gate``.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import logging
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

from redis.asyncio import Redis
from sqlalchemy import text
from starlette.datastructures import Headers
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from dealer.brands import SITE_FAVICON, favicon
from dealer.content.preview import draft_repository, is_preview
from dealer.db import get_engine
from dealer.disk import disk_state
from dealer.framework.build import SPA_FALLBACK, prerendered_file, prerendered_paths, static_dir
from dealer.framework.shell import (
    has_title,
    site_header,
    start_app_after_first_frame,
    with_body_end,
    with_body_start,
    with_head_end,
    with_head_tags,
    with_icon,
    with_lang,
    with_title,
    without_default_image,
)
from dealer.i18n import (
    LANGUAGE_TAGS,
    LOCALE_COOKIE,
    LOCALE_COOKIE_MAX_AGE,
    LOCALE_PARAM,
    LOCALES,
    locale_from_path,
    negotiate_locale,
)
from dealer.leads.outbox import delivery_state
from dealer.pageinfo import MAIN_ID, PageInfo, error_page
from dealer.routes import (
    counterpart,
    path_for,
    route_rule,
    same_site,
    same_site_target,
    without_empty_fields,
)
from dealer.settings import get_settings
from dealer.views.frame import frame_parts
from dealer.views.markup import Html, html_str
from dealer.views.served_form import ADOPTED, FORM_LOADING_CLASS
from dealer.views.stock import SHEET_CLOSE_CLASS
from dealer.web import alerts as alert_pages
from dealer.web.body_limit import bounded
from dealer.web.csp import content_security_policy
from dealer.web.delivery import (
    ASSET_PREFIX,
    NO_STORE,
    ONE_DAY,
    PRIVATE,
    REVALIDATE,
    SECURITY_HEADERS,
    AssetCache,
    deliver,
    with_headers,
)
from dealer.web.describe import describe
from dealer.web.form_post import answer_post, takes_post
from dealer.web.frame import data_block, fill_parts
from dealer.web.page_scripts import inline_script
from dealer.web.reservations import is_reservation_path, reservation_app
from dealer.web.seo import (
    CRAWLER_MAIN_ID,
    SERVED_HEADER_ID,
    crawler_html,
    head_html,
    json_ld_script,
    served_header_html,
    structured_data,
    switch_href,
)
from dealer.web.sitemap import robots_txt, sitemap_document
from dealer.web.socket_guard import guard_websocket
from dealer.web.tags import page_start_script
from dealer.web.upload_gate import UPLOAD_PATH, NoUploads, UploadTargets, gate_upload

logger = logging.getLogger(__name__)

PASS_THROUGH_PREFIXES = ("/_", "/ping", "/assets/", "/fonts/", "/content/", "/vehicles/")
SITEMAP_CACHE = "public, max-age=300"  # the sitemaps are rebuilt every five minutes
# A page the content service cannot give right now (503): when to ask again, in seconds.
RETRY_AFTER_SECONDS = 120
PAYLOAD_SUFFIX = "/_payload.json"
# The page scripts (web/scripts/*.js): the copy of the page without JavaScript leaves
# once the app has drawn its own, or returns into the flow after this long.
APP_DRAW_TIMEOUT_MS = 15_000
LANG_SYNC_SCRIPT = inline_script("lang_sync")
SERVED_LISTS_SCRIPT = inline_script("served_lists")
CRAWLER_CLEANUP_SCRIPT = inline_script(
    "crawler_cleanup", crawler_main_id=CRAWLER_MAIN_ID, served_header_id=SERVED_HEADER_ID,
    main_id=MAIN_ID,
    app_draw_timeout_ms=APP_DRAW_TIMEOUT_MS, form_loading_class=FORM_LOADING_CLASS)
SERVED_FORM_SCRIPT = inline_script("served_form")
SERVED_SHEET_SCRIPT = inline_script("served_sheet")
# A failed chunk load loads the page anew, at most once per guard time per path; a new
# build (polled) turns the next link click into a full page load (scripts/app_guard.js).
BUILD_POLL_MS = 120_000
RELOAD_GUARD_MS = 10_000
# The one font file Dutch and German pages draw with (assets/fonts/fonts.css): fetched
# with the page instead of after its stylesheet, so the text is drawn once.
FONT_PRELOAD = ('<link rel="preload" href="/fonts/inter-latin-cz-wght-normal.woff2" as="font" '
                'type="font/woff2" crossorigin>')
# In a preview of drafts: the content editor's bridge, after the page (preview.jsx).
BRIDGE_SCRIPT_ID = "content-bridge"
# SPEC §1: in mock-data mode the console says so.
MOCK_WARNING_SCRIPT = inline_script("mock_warning")


class ShellCache:
    """Built HTML files kept in memory as they are served (the app started after the
    first frame), reloaded when the build changes them."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[float, str]] = {}

    def build_id(self, root: Path) -> str:
        """Identifies the current build: the app shell changes with every build."""
        shell = self.read(root / SPA_FALLBACK) or ""
        return hashlib.sha256(shell.encode()).hexdigest()[:16]

    def read(self, path: Path) -> str | None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            return None
        cached = self._files.get(path)
        if cached is None or cached[0] != mtime:
            cached = (mtime, start_app_after_first_frame(path.read_text(encoding="utf-8")))
            self._files[path] = cached
        return cached[1]


def with_page(document: str, info: PageInfo, *, crawler_body: bool, build_id: str = "",
              prerendered: bool = False, frame: dict[str, dict[str, str]] | None = None,
              framed: str | None = None) -> str:
    """The built HTML with this page's language, head tags, structured data, the editors'
    frame and, for clients without JavaScript, its main content as the first thing in
    <body>; a page the build did not prerender gets the site header of ``framed`` (a
    prerendered page of its language) before it."""
    document = with_lang(document, LANGUAGE_TAGS[info.locale])
    prerendered_title = has_title(document)
    if prerendered_title and info.title:
        # A title that depends on data was prerendered empty: the server knows it.
        document = with_title(document, html_str(info.title))
    tags = FONT_PRELOAD + head_html(info, with_title=not prerendered_title)
    icon = favicon(info.params.get("brand"))
    if icon != SITE_FAVICON:  # SPEC §9: a brand page shows its brand's icon
        document = with_icon(document, SITE_FAVICON, icon)
    if info.image:  # the page's own preview image replaces the build's default one
        document = without_default_image(document)
    document = with_head_tags(document, tags)
    # Scripts go last in <head>: before Reflex's own inline script they break hydration.
    # The data layer with its consent signals comes first of them, before any tag.
    scripts = [page_start_script(info.locale, build_id)]
    scripts += [json_ld_script(data) for data in structured_data(info)]
    if frame:
        scripts.append(data_block(frame))
    document = fill_parts(document, (frame or {}).get(info.locale, {}), info.parts)
    scripts += [LANG_SYNC_SCRIPT, SERVED_LISTS_SCRIPT]
    if get_settings().route_rules:  # before the clean-up, which restores pushState once
        scripts.append(inline_script("route_rules", build=build_id))
    if any(ADOPTED in html for html in (info.form_html, *info.parts.values())):
        scripts.append(SERVED_FORM_SCRIPT)
    if any(SHEET_CLOSE_CLASS in html for html in info.parts.values()):
        scripts.append(SERVED_SHEET_SCRIPT)
    scripts += [CRAWLER_CLEANUP_SCRIPT, inline_script(
        "app_guard", build=build_id, reload_guard_ms=RELOAD_GUARD_MS,
        build_poll_ms=BUILD_POLL_MS)]
    if get_settings().public_mocks:
        scripts.append(MOCK_WARNING_SCRIPT)
    document = with_head_end(document, "".join(scripts))
    if crawler_body:
        header = "" if prerendered or framed is None else served_header(framed, info, frame)
        document = with_body_start(document, header + crawler_html(
            info, language_link=not prerendered and not header))
    return document


def served_header(framed: str, info: PageInfo, frame: dict[str, dict[str, str]] | None
                  ) -> str:
    """The site header of the prerendered page ``framed`` for this page: its skip link to
    the copy, its language link to this page in the other language (an error page keeps
    the other page's)."""
    header = site_header(
        framed, places=(frame or {}).get(info.locale, {}), skip_target=f"#{CRAWLER_MAIN_ID}",
        language_hrefs={other: switch_href(info, other) for other in LOCALES
                        if other != info.locale and info.status == 200})
    return served_header_html(header) if header else ""


def with_bridge(document: str) -> str:
    """A preview's document with the content editor's bridge script after the page."""
    tag = Html('<script src="{}" id="{}" async></script>').format(
        get_settings().content_bridge_url, BRIDGE_SCRIPT_ID)
    return with_body_end(document, str(tag))


def payload(info: PageInfo) -> dict:
    return {
        "status": info.status,
        "title": info.title,
        "heading": info.heading,
        "description": info.description,
        "facts": [[fact.label, fact.value] for fact in info.facts],
        "links": [{"label": link.label, "href": link.href} for link in info.links],
        "breadcrumbs": [{"label": item.label, "href": item.href} for item in info.breadcrumbs],
        "image": info.image,
        "jsonLd": structured_data(info),
    }


def chosen_language_target(path: str, query: str, locale: str) -> str:
    """Where a language choice made on a plain link leads: the page in that language,
    with the rest of its query string."""
    target = path if locale_from_path(path) == locale else counterpart(path, locale)
    rest = [(name, value) for name, value in parse_qsl(query) if name != LOCALE_PARAM]
    return same_site(target, urlencode(rest))


def redirect(target: str, status: int, *, configured: bool = False) -> RedirectResponse:
    """Every redirect the site answers: to a path on this site (``routes.same_site``),
    or, only for a route rule the operator configured, to its absolute address."""
    external = configured and urlsplit(target).scheme in ("http", "https")
    return RedirectResponse(target if external else same_site_target(target), status_code=status)


async def database_ok() -> bool:
    def probe() -> None:
        with get_engine().connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        await asyncio.wait_for(asyncio.to_thread(probe), timeout=3)
    except Exception:  # any failure means the database is not usable
        logger.exception("health check: database unavailable")
        return False
    return True


async def state_store_ok() -> bool:
    """Whether the store of the visitors' page state answers: Redis when one is configured
    (without it, each visitor's state lives in the server's memory)."""
    url = get_settings().redis_url
    if not url:
        return True
    client = Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
    try:
        return bool(await client.ping())
    except Exception:  # any failure means no visitor can load a form or send a request
        logger.exception("health check: state store unavailable")
        return False
    finally:
        await client.aclose()


class SiteLayer:
    def __init__(self, app: ASGIApp, uploads: UploadTargets | None = None) -> None:
        self.app = app
        self.uploads = uploads or NoUploads()
        self.websocket = guard_websocket(app)
        self.shells = ShellCache()
        self.assets = AssetCache()
        hsts = get_settings().hsts_seconds
        self.security_headers = SECURITY_HEADERS | (
            {"strict-transport-security": f"max-age={hsts}; includeSubDomains"} if hsts else {})
        # A preview may be framed by the content editor (its CSP names the editor's origin).
        self.preview_headers = {name: value for name, value in self.security_headers.items()
                                if name != "x-frame-options"}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if is_reservation_path(scope["path"]):
            await reservation_app(scope, receive, with_headers(send, self.security_headers))
            return
        if scope["path"] in alert_pages.PATHS:
            await alert_pages.serve(scope, receive, with_headers(send, self.security_headers))
            return
        if scope["method"] not in ("GET", "HEAD"):
            send = with_headers(send, self.security_headers)
            if scope["path"].rstrip("/") == UPLOAD_PATH:
                await gate_upload(self.app, scope, receive, send, self.uploads)
            elif scope["method"] == "POST" and takes_post(scope["path"]):
                answer = await answer_post(scope, receive)
                if isinstance(answer, PageInfo):
                    answer = self.document(answer, Headers(scope=scope), await frame_parts())
                await answer(scope, receive, send)
            else:
                await bounded(self.app, scope, receive, send)
            return
        path: str = scope["path"]
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        preview = is_preview(query) and not _passes_through(path)
        send = with_headers(send, self.preview_headers if preview else self.security_headers)
        headers = Headers(scope=scope)
        if path == "/health":
            await self.health()(scope, receive, send)
            return
        if path.startswith("/builds/") or path.endswith(PAYLOAD_SUFFIX):
            await (await self.data_response(path))(scope, receive, send)
            return
        if path == "/robots.txt":
            await deliver(PlainTextResponse(robots_txt()), headers, ONE_DAY)(scope, receive, send)
            return
        if path.endswith(".xml") and (document := await sitemap_document(path)) is not None:
            response = Response(document, media_type="application/xml")
            await deliver(response, headers, SITEMAP_CACHE)(scope, receive, send)
            return
        if path.startswith(ASSET_PREFIX) and (
            asset := self.assets.response(static_dir(), path, headers)
        ) is not None:
            await asset(scope, receive, send)
            return
        if _passes_through(path):
            if _is_file(path):  # fonts, photos, icons: not hashed, so a day
                send = with_headers(send, {"cache-control": ONE_DAY})
            await self.app(scope, receive, send)
            return
        response = await self.page_response(scope, preview=preview)
        await response(scope, receive, send)

    async def data_response(self, path: str) -> Response:
        """Build metadata (SPEC §7) and a page's payload (SPEC §2), as JSON."""
        build_id = self.shells.build_id(static_dir())
        if path == "/builds/latest.json":
            return JSONResponse({"id": build_id}, headers={"cache-control": "no-store"})
        if path == f"/builds/meta/{build_id}.json":
            return JSONResponse({
                "id": build_id,
                "routeRules": [rule.model_dump() for rule in get_settings().route_rules],
                "prerendered": sorted(prerendered_paths(static_dir())),
            })
        if path.endswith(PAYLOAD_SUFFIX):
            info = await describe(path.removesuffix(PAYLOAD_SUFFIX) or "/")
            return JSONResponse(payload(info), status_code=info.status)
        return JSONResponse({"error": "not found"}, status_code=404)

    async def health_response(self) -> Response:
        ok = await database_ok()
        report: dict = {"status": "ok" if ok else "degraded",
                        "database": "ok" if ok else "unavailable"}
        if ok:
            try:
                report["delivery"] = await asyncio.to_thread(
                    delivery_state, get_engine(), get_settings(), dt.datetime.now(dt.UTC))
            except Exception:  # the report stays readable; the log has the cause
                logger.exception("health check: delivery state unavailable")
                report["delivery"] = None
        state_store = await state_store_ok()
        report["state_store"] = "ok" if state_store else "unavailable"
        # A full disk stops the database from storing leads: warn before it is full. The
        # pages are still served meanwhile: degraded, but 200.
        report["disk"] = await asyncio.to_thread(disk_state, get_settings())
        serving = ok and state_store
        if not serving or report["disk"]["status"] != "ok":
            report["status"] = "degraded"
        return JSONResponse(
            report,
            status_code=200 if serving else 503,
            headers={"cache-control": NO_STORE},
        )

    def health(self) -> ASGIApp:
        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            await (await self.health_response())(scope, receive, send)

        return app

    async def page_response(self, scope: Scope, *, preview: bool = False) -> Response:
        """The page at the request's URL; a preview of drafts (``preview``: its editor token
        verified) from the drafts, its frame too, for the content editor only."""
        path: str = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        headers = Headers(scope=scope)
        suffix = f"?{query}" if query else ""
        if path != "/" and path.endswith("/"):
            return redirect(same_site(path, query), 301)
        rule = route_rule(path)
        if rule is not None:
            if rule.target:
                return redirect(rule.target, rule.status, configured=True)
            # SPEC §2: a rule without a target is a page-not-found: the old link is broken.
            return self.document(error_page("broken_link", path, locale_from_path(path),
                                            "content"), headers, await frame_parts())
        chosen = dict(parse_qsl(query)).get(LOCALE_PARAM)
        if chosen in LOCALES:  # the visitor chose on the language switch: remember it
            response = redirect(chosen_language_target(path, query, chosen), 302)
            response.set_cookie(LOCALE_COOKIE, chosen, max_age=LOCALE_COOKIE_MAX_AGE, path="/",
                                samesite="lax")
            return response
        if (tidy := without_empty_fields(path, query)) is not None:
            return redirect(tidy, 302)
        if path == "/":
            cookies = dict(
                part.strip().split("=", 1)
                for part in headers.get("cookie", "").split(";")
                if "=" in part
            )
            locale = negotiate_locale(
                path, cookies.get(LOCALE_COOKIE), headers.get("accept-language")
            )
            if locale != "nl":
                response = redirect(path_for("content", locale) + suffix, 302)
                response.headers["vary"] = "Cookie, Accept-Language"
                return response
        info = await describe(path, dict(parse_qsl(query)))
        if preview:
            info = replace(info, noindex=True)  # the page described is shared
            return self.document(info, headers, await frame_parts(draft_repository()),
                                 preview=True)
        return self.document(info, headers, await frame_parts())

    def document(self, info: PageInfo, headers: Headers,
                 frame: dict[str, dict[str, str]] | None = None, *,
                 preview: bool = False) -> Response:
        retry = {"retry-after": str(RETRY_AFTER_SECONDS)} if info.status == 503 else {}
        if info.status != 200 and is_bot(headers.get("user-agent", "")):
            return Response(minimal_error(info), status_code=info.status, media_type="text/html",
                            headers=retry)
        root = static_dir()
        source = None if info.status != 200 else prerendered_file(root, info.path)
        shell = self.shells.read(source or root / SPA_FALLBACK)
        if shell is None:
            return Response("Service starting", status_code=503, media_type="text/plain")
        has_content = bool(info.facts or info.links or info.status != 200 or info.heading)
        # The stock overview: a prerendered page in each language (the home page is only
        # in Dutch, the German one has a parameter).
        framed = None if source is not None else self.shells.read(
            prerendered_file(root, path_for("stock", info.locale)) or root / SPA_FALLBACK)
        body = with_page(shell, info, crawler_body=has_content, build_id=self.shells.build_id(root),
                         prerendered=source is not None, frame=frame, framed=framed)
        if preview:
            body = with_bridge(body)
        headers_out = {"content-security-policy": content_security_policy(body, preview=preview),
                       **retry}
        if info.path == "/":
            headers_out["vary"] = "Cookie, Accept-Language"
        if preview:
            headers_out["x-robots-tag"] = "noindex"
        response = Response(body, status_code=info.status, media_type="text/html",
                            headers=headers_out)
        return deliver(response, headers, PRIVATE if preview else REVALIDATE)


BOT_RE = re.compile(
    r"bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|validator|lighthouse",
    re.IGNORECASE,
)


def is_bot(user_agent: str) -> bool:
    return bool(BOT_RE.search(user_agent))


def minimal_error(info: PageInfo) -> str:
    """SPEC §8: crawlers get the status and a short body, not the error page."""
    return str(Html(
        '<!doctype html><html lang="{}"><head><meta charset="utf-8">'
        '<meta name="robots" content="noindex"><title>{}</title></head>'
        "<body><h1>{}</h1></body></html>"
    ).format(LANGUAGE_TAGS[info.locale], info.title, info.heading))


# Files the build and the assets folder hold; any other path is a page (a vehicle slug may
# hold a dot: /voorraad/golf-1.4-tsi), and the build's own HTML files are no pages.
FILE_SUFFIXES = (".js", ".css", ".map", ".json", ".svg", ".png", ".jpg", ".jpeg", ".webp",
                 ".avif", ".gif", ".ico", ".woff", ".woff2", ".ttf", ".pdf", ".txt",
                 ".webmanifest")


def _is_file(path: str) -> bool:
    return path.rsplit("/", 1)[-1].lower().endswith(FILE_SUFFIXES)


def _passes_through(path: str) -> bool:
    """Events, uploads and files go to the app as they are; everything else is a page."""
    return (path.startswith(PASS_THROUGH_PREFIXES) and not path.endswith(".html")) or (
        _is_file(path))


def site_layer(app: ASGIApp, uploads: UploadTargets | None = None) -> ASGIApp:
    return SiteLayer(app, uploads)

