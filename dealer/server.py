"""The HTTP layer in front of the Reflex app (production server, one port).

It answers what a static file server cannot: trailing-slash and configured
redirects, the language choice on the root URL, real status codes, per-URL
``<html lang>`` and head tags, /health. Websockets, events, uploads and
assets pass straight through to Reflex.
"""

from __future__ import annotations

import asyncio
import html
import logging
from pathlib import Path
from urllib.parse import parse_qsl

from sqlalchemy import text
from starlette.datastructures import Headers
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from dealer.db import get_engine
from dealer.i18n import LANGUAGE_TAGS, LOCALE_COOKIE, negotiate_locale
from dealer.pageinfo import PageInfo, describe, not_found
from dealer.routes import path_for
from dealer.settings import RouteRule, get_settings

logger = logging.getLogger(__name__)

PASS_THROUGH_PREFIXES = ("/_", "/ping", "/assets/", "/fonts/", "/content/", "/vehicles/")
SPA_FALLBACK = "__spa-fallback.html"
# React leaves <html lang> alone on client-side navigation: follow the URL prefix.
LANG_SYNC_SCRIPT = (
    "<script>(function(){var h=history;function s(){document.documentElement.lang="
    "/^\\/de(\\/|$)/.test(location.pathname)?'de-DE':'nl-NL'}"
    "['pushState','replaceState'].forEach(function(m){var o=h[m];h[m]=function(){"
    "var r=o.apply(this,arguments);s();return r}});addEventListener('popstate',s)})()"
    "</script>"
)
# SPEC §1: in mock-data mode the console says so (for developers, not translated).
MOCK_WARNING_SCRIPT = (
    "<script>console.warn('Mock data mode: bundled demo data replaces the content "
    "and stock APIs.')</script>"
)


def static_dir() -> Path:
    from reflex.utils.prerequisites import get_web_dir  # Reflex's own build location
    from reflex_base.constants import Dirs

    return (get_web_dir() / Dirs.STATIC).resolve()


class ShellCache:
    """Built HTML files kept in memory, reloaded when the build changes them."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[float, str]] = {}

    def read(self, path: Path) -> str | None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            return None
        cached = self._files.get(path)
        if cached is None or cached[0] != mtime:
            cached = (mtime, path.read_text(encoding="utf-8"))
            self._files[path] = cached
        return cached[1]


def prerendered_file(root: Path, path: str) -> Path | None:
    """The build's HTML for a static route, if it prerendered one."""
    relative = path.strip("/")
    candidates = [root / "index.html"] if not relative else [
        root / f"{relative}.html",
        root / relative / "index.html",
    ]
    for candidate in candidates:
        if candidate.is_file() and root in candidate.resolve().parents:
            return candidate
    return None


def with_head(document: str, info: PageInfo) -> str:
    """Set <html lang> and put this page's title and robots tags into the head."""
    lang = LANGUAGE_TAGS[info.locale]
    if "<html lang" in document:
        document = _replace_lang(document, lang)
    else:
        document = document.replace("<html", f'<html lang="{lang}"', 1)
    # Prerendered pages carry React's own title; the shell has none.
    tags = [] if "<title>" in document else [f"<title data-seo>{html.escape(info.title)}</title>"]
    if info.description:
        tags.append(f'<meta name="description" content="{html.escape(info.description)}" data-seo>')
    if info.noindex:
        tags.append('<meta name="robots" content="noindex" data-seo>')
    marker = '<meta name="viewport"'
    at = document.find(marker)
    if at == -1:
        document = document.replace("<head>", "<head>" + "".join(tags), 1)
    else:
        end = document.find(">", at) + 1
        document = document[:end] + "".join(tags) + document[end:]
    # Scripts go last in <head>: before Reflex's own inline script they break hydration.
    scripts = [LANG_SYNC_SCRIPT]
    if get_settings().public_mocks:
        scripts.append(MOCK_WARNING_SCRIPT)
    return document.replace("</head>", "".join(scripts) + "</head>", 1)


def _replace_lang(document: str, lang: str) -> str:
    start = document.find("<html lang=")
    quote_at = start + len("<html lang=")
    close = document.find(document[quote_at], quote_at + 1)
    return document[:start] + f'<html lang="{lang}"' + document[close + 1:]


def redirect_rule(path: str, rules: list[RouteRule]) -> RouteRule | None:
    return next((rule for rule in rules if rule.source.rstrip("/") == path), None)


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


class SiteLayer:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.shells = ShellCache()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == "/health":
            await self.health()(scope, receive, send)
            return
        if path.startswith(PASS_THROUGH_PREFIXES) or _is_file(path):
            await self.app(scope, receive, send)
            return
        response = self.page_response(scope)
        await response(scope, receive, send)

    async def health_response(self) -> Response:
        ok = await database_ok()
        return JSONResponse(
            {"status": "ok" if ok else "degraded", "database": "ok" if ok else "unavailable"},
            status_code=200 if ok else 503,
        )

    def health(self) -> ASGIApp:
        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            await (await self.health_response())(scope, receive, send)

        return app

    def page_response(self, scope: Scope) -> Response:
        path: str = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        suffix = f"?{query}" if query else ""
        if path != "/" and path.endswith("/"):
            return RedirectResponse(path.rstrip("/") + suffix or "/", status_code=301)
        rule = redirect_rule(path, get_settings().route_rules)
        if rule is not None:
            if rule.target:
                return RedirectResponse(rule.target, status_code=rule.status)
            return self.document(not_found(path, describe(path).locale), scope)
        headers = Headers(scope=scope)
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
                response = RedirectResponse(path_for("content", locale) + suffix, status_code=302)
                response.headers["vary"] = "Cookie, Accept-Language"
                return response
        return self.document(describe(path), scope, dict(parse_qsl(query)))

    def document(self, info: PageInfo, scope: Scope, query: dict | None = None) -> Response:
        root = static_dir()
        source = None if info.status != 200 else prerendered_file(root, info.path)
        shell = self.shells.read(source or root / SPA_FALLBACK)
        if shell is None:
            return Response("Service starting", status_code=503, media_type="text/plain")
        body = with_head(shell, info)
        headers = {"vary": "Cookie, Accept-Language"} if info.path == "/" else None
        return Response(body, status_code=info.status, media_type="text/html", headers=headers)


def _is_file(path: str) -> bool:
    """Paths of files (favicon.svg, app.js); .xml pages are answered here."""
    last = path.rsplit("/", 1)[-1]
    return "." in last and not last.endswith(".xml")


def site_layer(app: ASGIApp) -> ASGIApp:
    return SiteLayer(app)

