"""The frame of every page as the editors set it: main, top and phone navigation, the
info bar, the footer columns and social links, from the content service's configuration
story of each language (``config`` / ``de/config``).

What the story lacks comes from the route table (``dealer.navigation``), so the site has
a whole frame without any configuration. The parts are HTML (every text escaped, every
link through ``link_href``): the HTTP layer puts them into the served page and hands
the page the same HTML to draw, so the server's answer and the page always show the same
frame, and an editor's change shows on the next page load within the content cache time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from dealer import phones
from dealer.analytics import click
from dealer.content.links import link_href
from dealer.content.repository import ContentRepository, get_repository
from dealer.i18n import LANGUAGE_TAGS, LOCALES, N_, gettext
from dealer.navigation import main_nav, top_nav
from dealer.pageinfo import Link
from dealer.routes import path_for
from dealer.settings import get_settings
from dealer.views.markup import EMPTY, Html, attributes
from dealer.web.seo import absolute_url

# The id of the data block in the served page that holds the parts of both languages.
FRAME_DATA_ID = "site-frame"
PARTS = ("main", "top", "info", "mobile", "footer", "unavailable")
# Bounds on what one story can put in the frame.
MAX_ITEMS = 12
MAX_CHILDREN = 24
MAX_COLUMNS = 6
MAX_TEXT = 200
TAGLINE = N_("Your dealer for new and used cars in the Netherlands and Germany.")
UNAVAILABLE = N_("This form is temporarily unavailable.")
CALL_US = N_("Please call us on {phone}: we are glad to help you.")
TRY_LATER = N_("Please try again in a few minutes.")
HOME_COUNTRY = "NL"  # the group's own numbers are Dutch
FRAME_SECONDS = 5.0
SOCIAL_NETWORKS = {
    "facebook": "Facebook",
    "instagram": "Instagram",
    "linkedin": "LinkedIn",
    "youtube": "YouTube",
    "x": "X",
    "twitter": "X",
    "tiktok": "TikTok",
    "whatsapp": "WhatsApp",
    "pinterest": "Pinterest",
}


@dataclass
class NavItem:
    label: str
    href: str
    children: list[NavItem] = field(default_factory=list)
    track: str = ""  # the analytics event its click pushes (``analytics.click``)


@dataclass
class FooterColumn:
    title: str
    links: list[NavItem]


@dataclass
class SiteFrame:
    locale: str
    site_name: str
    main: list[NavItem]
    top: list[NavItem]
    columns: list[FooterColumn]
    info: NavItem | None = None
    social: list[NavItem] = field(default_factory=list)  # label: the network's name
    footer_text: str = ""
    phone: str = ""
    email: str = ""
    address: dict[str, str] = field(default_factory=dict)  # the group's: street ... country


def _text(value: Any) -> str:
    return " ".join(value.split())[:MAX_TEXT] if isinstance(value, str) else ""


def _entries(value: Any, component: str, limit: int) -> list[dict]:
    if not isinstance(value, list):
        return []
    return [entry for entry in value if isinstance(entry, dict)
            and entry.get("component") == component][:limit]


def _nav_items(value: Any, *, depth: int = 0, limit: int = MAX_ITEMS) -> list[NavItem]:
    """``nav_item`` blocks with a label and a usable link; one level of children."""
    items = []
    for entry in _entries(value, "nav_item", limit):
        label, href = _text(entry.get("label")), link_href(entry.get("link"))
        if not label or not href:
            continue
        children = [] if depth else _nav_items(entry.get("children"), depth=1,
                                               limit=MAX_CHILDREN)
        items.append(NavItem(label, href, children))
    return items


def _from_links(links: list[Link]) -> list[NavItem]:
    return [NavItem(link.label, link.href) for link in links]


def _fallback_columns(locale: str) -> list[FooterColumn]:
    return [
        FooterColumn(gettext(locale, "Explore"), _from_links(main_nav(locale))),
        FooterColumn(gettext(locale, "Service"), _from_links(top_nav(locale))),
    ]


def _columns(value: Any) -> list[FooterColumn]:
    columns = []
    for entry in _entries(value, "footer_column", MAX_COLUMNS):
        links = _nav_items(entry.get("links"), depth=1, limit=MAX_CHILDREN)
        if links:
            columns.append(FooterColumn(_text(entry.get("title")), links))
    return columns


def _social(value: Any) -> list[NavItem]:
    links = []
    for entry in _entries(value, "social_link", MAX_ITEMS):
        network = _text(entry.get("network")).lower()
        href = link_href(entry.get("link"))
        if network and href and href.startswith("https://"):
            # The group's own pages, not a branch's: no location.
            track = click("social_click", network=network, location_id=None)
            links.append(NavItem(SOCIAL_NETWORKS.get(network, network.title()), href,
                                 track=track))
    return links


def frame_from_story(story: dict | None, locale: str) -> SiteFrame:
    """The frame of ``locale`` from its configuration story; the route table's navigation
    where the story (or any part of it) is missing."""
    content = (story or {}).get("content")
    content = content if isinstance(content, dict) else {}
    info_text = _text(content.get("info_bar"))
    # Compare and favourites have their own counters in the header's top row.
    fallback_top = _from_links(top_nav(locale)[2:])
    return SiteFrame(
        locale=locale,
        site_name=_text(content.get("site_name")) or get_settings().site_name,
        main=_nav_items(content.get("main_navigation")) or _from_links(main_nav(locale)),
        top=_nav_items(content.get("top_navigation"), depth=1) or fallback_top,
        columns=_columns(content.get("footer_columns")) or _fallback_columns(locale),
        info=NavItem(info_text, link_href(content.get("info_bar_link")) or "")
        if info_text else None,
        social=_social(content.get("social_links")),
        footer_text=_text(content.get("footer_text")),
        phone=_text(content.get("phone")),
        email=_text(content.get("email")),
        address=_address(content.get("address")),
    )


ADDRESS_FIELDS = {"street": "streetAddress", "postal_code": "postalCode",
                  "city": "addressLocality", "country": "addressCountry"}


def _address(value: Any) -> dict[str, str]:
    value = value if isinstance(value, dict) else {}
    return {name: _text(value.get(name))[:MAX_TEXT] for name in ADDRESS_FIELDS
            if _text(value.get(name))}


def home_json_ld(frame: SiteFrame) -> list[dict]:
    """schema.org for the home page: the group (an AutoDealer, an Organization) with its
    logo, address and social profiles (the footer's links), and the WebSite."""
    home = absolute_url(path_for("content", frame.locale))
    group: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": ["Organization", "AutoDealer"],
        "@id": absolute_url("/#organization"),
        "name": frame.site_name,
        "url": home,
        "logo": absolute_url("/logo.svg"),
    }
    if frame.address:
        group["address"] = {"@type": "PostalAddress", **{
            ADDRESS_FIELDS[name]: value for name, value in frame.address.items()}}
    if frame.phone:
        group["telephone"] = frame.phone
    if frame.email:
        group["email"] = frame.email
    if frame.social:
        group["sameAs"] = [item.href for item in frame.social]
    website = {
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": frame.site_name,
        "url": home,
        "inLanguage": LANGUAGE_TAGS[frame.locale],
        "publisher": {"@id": group["@id"]},
    }
    return [group, website]


async def site_frame(locale: str, repo: ContentRepository | None = None) -> SiteFrame:
    """The frame of ``locale`` as the content service has it now (reads never raise)."""
    story = await (repo or get_repository()).get_config(locale)
    return frame_from_story(story, locale)


# --- HTML -------------------------------------------------------------------------------

def _a(item: NavItem, css: str = "", **attrs: str) -> Html:
    extra = attributes((name.replace("_", "-"), value) for name, value in attrs.items())
    css_attr = Html(' class="{}"').format(css) if css else EMPTY
    return Html('<a href="{}"{}{}>{}</a>').format(item.href, css_attr, extra, item.label)


def _list(items: list[NavItem], css: str, *, nested: bool = True) -> Html:
    entries = []
    for item in items:
        sub = EMPTY
        if nested and item.children:
            sub = _list(item.children, f"{css}-sub", nested=False)
        group = Html(' class="{}-group"').format(css) if sub else EMPTY
        entries.append(Html("<li{}>{}{}</li>").format(group, _a(item), sub))
    return Html('<ul class="{}">{}</ul>').format(css, EMPTY.join(entries)) if entries else EMPTY


def _info(frame: SiteFrame) -> Html:
    if frame.info is None:
        return EMPTY
    if frame.info.href:
        return _a(frame.info, "site-info-bar")
    return Html('<span class="site-info-bar">{}</span>').format(frame.info.label)


def _contact(frame: SiteFrame) -> Html:
    lines = []
    if frame.phone:
        lines.append(_phone_link(frame))
    email = link_href({"linktype": "email", "email": frame.email}) if frame.email else None
    if email:
        lines.append(_a(NavItem(frame.email, email)))
    return Html('<p class="site-footer-contact">{}</p>').format(Html(" · ").join(lines)) \
        if lines else EMPTY


def _phone_link(frame: SiteFrame) -> Html:
    shown = phones.shown(frame.phone, HOME_COUNTRY, frame.locale)
    return _a(NavItem(shown, phones.tel_href(frame.phone, HOME_COUNTRY)))


def _unavailable(frame: SiteFrame) -> Html:
    """The notice a form shows when it cannot load (the server cannot keep visitors'
    state): it is in the served page, so it needs nothing from the server."""
    locale = frame.locale
    if frame.phone:
        # The number goes in as a link: the rest of the sentence is escaped around it.
        before, _, after = gettext(locale, CALL_US).partition("{phone}")
        ask = Html("{}{}{}").format(before, _phone_link(frame), after)
    else:
        ask = Html.escape(gettext(locale, TRY_LATER))
    return Html('<p class="form-unavailable" role="status">{} {}</p>').format(
        gettext(locale, UNAVAILABLE), ask)


def _footer(frame: SiteFrame) -> Html:
    locale = frame.locale
    about = [Html("<h2>{}</h2>").format(frame.site_name),
             Html("<p>{}</p>").format(gettext(locale, TAGLINE)), _contact(frame)]
    if frame.social:
        items = EMPTY.join(
            Html("<li>{}</li>").format(
                _a(item, rel="me noopener", target="_blank", data_track=item.track))
            for item in frame.social)
        about.append(Html('<ul class="site-footer-social" aria-label="{}">{}</ul>').format(
            gettext(locale, "Follow us"), items))
    columns = [Html("<section>{}</section>").format(EMPTY.join(about))] + [
        Html("<section>{}{}</section>").format(
            Html("<h2>{}</h2>").format(column.title) if column.title else EMPTY,
            _list(column.links, "site-footer-links", nested=False))
        for column in frame.columns
    ]
    bottom = [Html.escape(frame.footer_text)] if frame.footer_text else []
    bottom.append(_a(NavItem(gettext(locale, "Sitemap"), path_for("sitemap", locale))))
    return Html('<div class="site-footer-columns">{}</div>'
                '<p class="site-footer-bottom">{}</p>').format(
        EMPTY.join(columns), Html(" · ").join(bottom))


def frame_html(frame: SiteFrame) -> dict[str, str]:
    """The parts of the frame as HTML: ``main`` (the main navigation, menus of children
    below their item), ``top`` (the top navigation), ``info`` (the info bar), ``mobile``
    (everything the phone menu lists), ``footer`` and ``unavailable`` (what a form says
    when it cannot load)."""
    mobile_top = _list(frame.top, "site-mobile-nav-top", nested=False)
    return {
        "main": str(_list(frame.main, "site-nav")),
        "top": str(_list(frame.top, "site-top-nav", nested=False)),
        "info": str(_info(frame)),
        "mobile": str(_list(frame.main, "site-mobile-nav") + mobile_top + _info(frame)),
        "footer": str(_footer(frame)),
        "unavailable": str(_unavailable(frame)),
    }


_recent: tuple[float, dict[str, dict[str, str]]] | None = None


async def frame_parts(repo: ContentRepository | None = None) -> dict[str, dict[str, str]]:
    """The HTML parts of the frame of every language: a page may switch language without
    loading a new document. The site's own parts are reused for up to FRAME_SECONDS
    (never longer than the content cache time): every page answer needs them."""
    global _recent
    shared = repo is None
    max_age = min(FRAME_SECONDS, get_settings().content_cache_seconds)
    if shared and _recent is not None and time.monotonic() - _recent[0] < max_age:
        return _recent[1]
    parts = {locale: frame_html(await site_frame(locale, repo)) for locale in LOCALES}
    if shared:
        _recent = (time.monotonic(), parts)
    return parts
