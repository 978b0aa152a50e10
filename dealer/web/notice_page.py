"""The small pages the HTTP layer answers itself, outside the app (the links of alert
mails, the steps of an online reservation): the site's logo and name leading to the home
page of the page's language, a heading, what the page says, and a footer link back to the
site. In the site's colours (Radix's indigo and slate), readable on a phone, never
indexed or cached, under a policy of their own: the one inline stylesheet by its hash, the
font, the logo and forms of the site itself, nothing else."""

from __future__ import annotations

import base64
import hashlib

from starlette.responses import HTMLResponse

from dealer.i18n import DEFAULT_LOCALE, LANGUAGE_TAGS, N_, gettext
from dealer.routes import path_for
from dealer.settings import get_settings
from dealer.views.markup import Html

_BACK = N_("To the website of {site}")

# indigo 9/10/11 and slate 1/2/6/11/12 of Radix Themes, the site's theme (styles.THEME).
STYLE = (
    "*{box-sizing:border-box}"
    "body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f9f9fb;"
    "color:#1c2024;font:16px/1.5 Inter,'Inter fallback',system-ui,-apple-system,'Segoe UI',"
    "Roboto,sans-serif}"
    ".notice-header{background:#fcfcfd;border-bottom:1px solid #d9d9e0;padding:.75rem 1rem}"
    ".notice-home{display:inline-flex;align-items:center;gap:.5rem;color:#1c2024;"
    "font-weight:700;font-size:1.125rem;text-decoration:none}"
    "main{flex:1;width:100%;max-width:40rem;margin:0 auto;padding:2rem 1rem;"
    "overflow-wrap:anywhere}"
    "h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}"
    "a{color:#3a5bc7}"
    "ul{list-style:none;margin:0 0 1.5rem;padding:0}"
    "li{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 0;"
    "border-bottom:1px solid #d9d9e0}"
    "form{margin:0 0 1rem}"
    "button{font:inherit;font-weight:500;min-height:2.5rem;padding:.5rem 1rem;border:0;"
    "border-radius:6px;background:#3e63dd;color:#fff;cursor:pointer}"
    "button:hover{background:#3358d4}"
    "li button{min-height:2rem;padding:.25rem .75rem;background:#fcfcfd;color:#3a5bc7;"
    "box-shadow:inset 0 0 0 1px #8da4ef}"
    ":focus-visible{outline:2px solid #3e63dd;outline-offset:2px}"
    ".notice-footer{background:#1c2024;color:#f9f9fb;padding:1.25rem 1rem}"
    ".notice-footer a{color:#f9f9fb}"
)
STYLE_HASH = "sha256-" + base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
CONTENT_SECURITY_POLICY = (
    f"default-src 'none'; style-src 'self' '{STYLE_HASH}'; font-src 'self'; img-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {"cache-control": "private, no-store", "x-robots-tag": "noindex",
           "content-security-policy": CONTENT_SECURITY_POLICY}

_DOCUMENT = Html(
    '<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    '<meta name="robots" content="noindex"><title>{title} · {site}</title>'
    '<link rel="stylesheet" href="/fonts/fonts.css"><style>{style}</style></head>'
    '<body><header class="notice-header"><a class="notice-home" href="{home}" '
    'aria-label="{home_label}"><img src="/logo.svg" alt="" width="32" height="32">'
    "<span>{site}</span></a></header>"
    "<main><h1>{title}</h1>{body}</main>"
    '<footer class="notice-footer"><p><a href="{home}">{back}</a></p></footer>'
    "</body></html>")


def notice_page(locale: str, title: str, body: Html | str,
                status: int = 200) -> HTMLResponse:
    """The page titled ``title`` (plain text) saying ``body`` (text is escaped, Html is
    taken as it is) in ``locale``'s language."""
    locale = locale if locale in LANGUAGE_TAGS else DEFAULT_LOCALE
    site = get_settings().site_name
    document = _DOCUMENT.format(
        lang=LANGUAGE_TAGS[locale], title=title, site=site, style=Html(STYLE),
        home=path_for("content", locale),
        home_label=gettext(locale, "{site} home", site=site),
        back=gettext(locale, _BACK, site=site), body=body)
    return HTMLResponse(document, status_code=status, headers=HEADERS)
