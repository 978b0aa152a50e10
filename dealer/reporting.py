"""Error reporting (Sentry) on the server, and what the browser's reporter is told.

Only when both a DSN and an environment are configured (``DEALER_SENTRY_DSN``,
``DEALER_SENTRY_ENVIRONMENT``); without them nothing is loaded and nothing is sent. The
rates are SPEC §9's. What a visitor entered never leaves the site: events lose request
bodies (form values), local variables, cookies, query strings and headers but the
browser's name, and every text in them loses e-mail addresses, phone numbers, the query
of any address and the values of a failing SQL statement (``scrub``). What helps to find
the error stays: addresses' hosts and paths, dates, times and ids. Errors the log records
(failing describers, event handlers, lead delivery) become events through the SDK's
logging integration.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from dealer.settings import Settings

TRACES_SAMPLE_RATE = 0.1
REPLAY_SESSION_SAMPLE_RATE = 0.1
REPLAY_ON_ERROR_SAMPLE_RATE = 1.0

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
FILTERED = "[filtered]"
KEPT_HEADERS = ("user-agent",)
# What can name a person in a text, and what looks like it but is kept (tried first, at
# the same place): dates, times, IP addresses. A phone number starts as people write one
# (+, 00 or a 0, perhaps in brackets); an id (12345678) or a year does not.
TEXT = re.compile(
    r"(?P<url>\bhttps?://[^\s\"'<>]*[^\s\"'<>.,:;)])"
    r"|(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
    r"|(?P<parameters>\[parameters: .*?\](?=\s*\(Background|\s*$))"
    r"|(?P<kept>\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?"
    r"|\b\d\d?[./-]\d\d?[./-]\d{4}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b)"
    r"|(?P<phone>(?<![\w.+/-])(?:\+|00|\(?0)\d[\d ()./-]{5,}\d(?![\w-]))",
    re.DOTALL,
)
# The keys of an event whose text is an address: its host and path are kept.
URL_KEYS = ("url", "to", "from", "abs_path", "filename")


def configured(settings: Settings) -> bool:
    return bool(settings.sentry_dsn and settings.sentry_environment)


def without_query(url: str) -> str:
    """The address without its query and fragment (what a visitor searched or typed)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def _replacement(match: re.Match[str]) -> str:
    if match["url"]:
        return EMAIL.sub(FILTERED, without_query(match["url"]))
    if match["parameters"]:
        return f"[parameters: {FILTERED}]"  # the values a failing SQL statement carried
    return match[0] if match["kept"] else FILTERED


def scrub_text(text: str) -> str:
    """The text without e-mail addresses, phone numbers, query values and the values of
    a failing SQL statement; hosts, paths, dates, times and ids stay."""
    return TEXT.sub(_replacement, text)


def _scrub(value: Any, key: str = "") -> Any:
    if isinstance(value, str):
        return EMAIL.sub(FILTERED, without_query(value)) if key in URL_KEYS else scrub_text(value)
    if isinstance(value, list):
        return [_scrub(item) for item in value]
    if isinstance(value, dict):
        return {name: _scrub(item, name) for name, item in value.items()}
    return value


def scrub(event: dict[str, Any], _hint: Any = None) -> dict[str, Any]:
    """The event without anything a visitor entered (``before_send``)."""
    request = event.get("request")
    if isinstance(request, dict):
        for key in ("data", "cookies", "query_string", "env"):
            request.pop(key, None)
        if isinstance(request.get("url"), str):
            request["url"] = without_query(request["url"])
        headers = request.get("headers")
        if isinstance(headers, dict):
            request["headers"] = {name: value for name, value in headers.items()
                                  if name.lower() in KEPT_HEADERS}
    event.pop("user", None)
    for exception in (event.get("exception") or {}).get("values") or []:
        for frame in (exception.get("stacktrace") or {}).get("frames") or []:
            frame.pop("vars", None)  # local variables hold what visitors typed
    return _scrub(event)


def browser_settings(settings: Settings, release: str) -> dict[str, Any] | None:
    """What the browser's reporter (@sentry/react) is told, None when not configured."""
    if not configured(settings):
        return None
    return {
        "dsn": settings.sentry_dsn, "environment": settings.sentry_environment,
        "release": release, "tracesSampleRate": TRACES_SAMPLE_RATE,
        "replaysSessionSampleRate": REPLAY_SESSION_SAMPLE_RATE,
        "replaysOnErrorSampleRate": REPLAY_ON_ERROR_SAMPLE_RATE,
        # The same scrubbing rules as the server's, in JavaScript's spelling.
        "scrub": {"text": TEXT.pattern.replace("(?P<", "(?<"), "email": EMAIL.pattern,
                  "urlKeys": list(URL_KEYS)},
    }


def ingest_origin(settings: Settings) -> str | None:
    """The host the browser sends its reports to, for the page's CSP."""
    if not configured(settings):
        return None
    parts = urlsplit(settings.sentry_dsn or "")
    host = parts.hostname or ""
    return f"{parts.scheme}://{host}" + (f":{parts.port}" if parts.port else "")


def start(settings: Settings, release: Any) -> bool:
    """Starts the server's reporter when configured; ``release`` gives the build id when
    an event is sent (the build may be written after the server module is loaded)."""
    if not configured(settings):
        return False
    import sentry_sdk

    def before_send(event: dict[str, Any], hint: Any) -> dict[str, Any]:
        event["release"] = release() or event.get("release")
        return scrub(event, hint)

    sentry_sdk.init(
        dsn=settings.sentry_dsn,
        environment=settings.sentry_environment,
        release=release() or None,
        traces_sample_rate=TRACES_SAMPLE_RATE,
        include_local_variables=False,
        max_request_body_size="never",
        before_send=before_send,
        before_send_transaction=before_send,
    )
    return True
