"""Titles, canonical and alternate URLs, and the HTML a page shows before JavaScript.

Plain Python: the HTTP layer puts ``head_html`` into <head> and ``crawler_html``
first into <body> of each page, from the page's ``PageInfo``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from dealer.i18n import LANGUAGE_NAMES, LANGUAGE_TAGS, LOCALES, chosen_language_href
from dealer.routes import counterpart
from dealer.settings import get_settings
from dealer.views.markup import EMPTY, Html

if TYPE_CHECKING:
    from dealer.pageinfo import PageInfo

CRAWLER_MAIN_ID = "crawler-main"
# The served copy sits outside the app's theme: it is a theme scope of its own, with the
# app's theme settings (dealer/styles.THEME_PROPS), so that its sizes, spaces and colours
# are the theme's tokens as in the app.
SERVED_THEME_CLASS = "radix-themes light"
SERVED_THEME = ('data-accent-color="indigo" data-gray-color="slate" data-radius="medium" '
                'data-scaling="100%"')
# Marks a copy whose page the server has also filled into the app's own part (the stock
# and lease offer lists): without JavaScript that part is the page and the copy is not
# shown (assets/site.css), so a visitor reads one page, not two.
APP_PART_SERVED_CLASS = "app-part-served"
# A page the build did not prerender (one with parameters, an error page) is served with
# the site header of a prerendered page of its language (framework/shell.site_header),
# over the copy, until the app draws its own (assets/site.css, crawler_cleanup.js).
SERVED_HEADER_ID = "served-header"


def page_title(title: str | None) -> str:
    """The title template (SPEC §9): page title, separator, site name."""
    settings = get_settings()
    return f"{title}{settings.title_separator}{settings.site_name}" if title else settings.site_name


def absolute_url(path: str) -> str:
    if path.startswith(("http://", "https://")):
        return path
    return get_settings().base_url.rstrip("/") + path


def with_query(path: str, params: Mapping[str, str]) -> str:
    """The path with the given parameters in sorted order (SPEC §9 canonical URLs)."""
    return f"{path}?{urlencode(sorted(params.items()))}" if params else path


def alternates(
    path: str, params: Mapping[str, str] | None = None, paths: Mapping[str, str] | None = None
) -> dict[str, str]:
    """hreflang -> absolute URL of this page in every language, plus x-default (Dutch).

    ``paths`` gives the page's path per locale where it is known better than the
    route table's counterpart (translated content slugs)."""
    params = params or {}
    links = {
        LANGUAGE_TAGS[locale]: absolute_url(with_query(language_path(path, locale, paths), params))
        for locale in LOCALES
    }
    links["x-default"] = links[LANGUAGE_TAGS["nl"]]
    return links


def language_path(path: str, locale: str, paths: Mapping[str, str] | None = None) -> str:
    """This page's path in ``locale``: a translated content slug, else the route table's."""
    return (paths or {}).get(locale) or counterpart(path, locale)


def switch_href(info: PageInfo, locale: str) -> str:
    """The language switch's target for this page in ``locale``."""
    return chosen_language_href(language_path(info.path, locale, info.alternate_paths), locale)


def json_ld_script(data: dict) -> str:
    # "</" inside a JSON string would end the script element early.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/ld+json">{text}</script>'


def canonical_url(info: PageInfo) -> str:
    return absolute_url(with_query(info.path, info.canonical_params))


def head_html(info: PageInfo, *, with_title: bool) -> str:
    """Title, description, canonical, hreflang, robots and link-preview tags."""
    settings = get_settings()
    canonical = canonical_url(info)
    tags = []
    if with_title:
        tags.append(Html("<title data-seo>{}</title>").format(info.title))
    if info.description:
        tags.append(Html('<meta name="description" content="{}" data-seo>').format(
            info.description))
    if info.status != 200 or info.noindex:
        robots = "noindex" if info.status != 200 else "noindex,follow"
        tags.append(Html('<meta name="robots" content="{}" data-seo>').format(robots))
    if info.status == 200:
        tags.append(Html('<link rel="canonical" href="{}" data-seo>').format(canonical))
        links = alternates(info.path, info.canonical_params, info.alternate_paths)
        for hreflang, url in links.items():
            tags.append(Html('<link rel="alternate" hreflang="{}" href="{}" data-seo>').format(
                hreflang, url))
        image = absolute_url(info.image) if info.image else None
        preview = {
            "og:type": info.og_type,
            "og:title": info.title,
            "og:description": info.description,
            "og:url": canonical,
            "og:site_name": settings.site_name,
            "og:locale": LANGUAGE_TAGS[info.locale].replace("-", "_"),
            "og:image": image,
        }
        tags += [
            Html('<meta property="{}" content="{}" data-seo>').format(key, value)
            for key, value in preview.items()
            if value
        ]
        twitter = {
            "twitter:card": "summary_large_image" if image else "summary",
            "twitter:title": info.title,
            "twitter:description": info.description,
            "twitter:image": image,
        }
        tags += [
            Html('<meta name="{}" content="{}" data-seo>').format(key, value)
            for key, value in twitter.items()
            if value
        ]
    return str(EMPTY.join(tags))


def structured_data(info: PageInfo) -> list[dict]:
    """The page's schema.org objects, with a BreadcrumbList where breadcrumbs show."""
    data = list(info.json_ld)
    if info.breadcrumbs and get_settings().feature_breadcrumbs:
        data.append({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": [
                {"@type": "ListItem", "position": position, "name": item.label,
                 "item": absolute_url(item.href)}
                for position, item in enumerate(info.breadcrumbs, start=1)
            ],
        })
    return data


def served_header_html(header: str) -> str:
    """A prerendered page's site header, in a theme scope of its own as the copy is."""
    return str(Html('<div id="{}" class="{}" {}>{}</div>').format(
        SERVED_HEADER_ID, SERVED_THEME_CLASS, Html(SERVED_THEME), Html(header)))


def crawler_html(info: PageInfo, *, language_link: bool = False) -> str:
    """The page's main content as plain HTML, readable without JavaScript.

    With JavaScript it is laid over the page (assets/site.css) until the app has drawn its
    own heading, then dropped. ``language_link``
    adds the link to the page in the other language, for a page served without a site
    header.
    """
    parts = [
        Html('<p><a href="{}" hreflang="{}" lang="{}" data-testid="language-switch">{}</a></p>')
        .format(switch_href(info, other), other, other, LANGUAGE_NAMES[other])
        for other in LOCALES
        if language_link and other != info.locale and info.status == 200
    ]
    if info.breadcrumbs:
        crumbs = EMPTY.join(
            Html('<li><a href="{}">{}</a></li>').format(item.href, item.label)
            for item in info.breadcrumbs
        )
        parts.append(Html("<nav><ol>{}</ol></nav>").format(crumbs))
    if info.image:
        # The first large paint of the page, above the heading as on a vehicle page: whole
        # on a phone's first screen, fetched first, its box known before it loads.
        parts.append(Html('<img src="{}" alt="{}" width="640" height="480" '
                          'fetchpriority="high">').format(info.image, info.heading))
    parts.append(Html("<h1>{}</h1>").format(info.heading or info.title))
    if info.description:
        parts.append(Html("<p>{}</p>").format(info.description))
    parts.append(Html(info.form_html))  # the presenters' HTML (views/served_form.py)
    if info.facts:
        rows = EMPTY.join(
            Html("<dt>{}</dt><dd>{}</dd>").format(fact.label, fact.value)
            for fact in info.facts
        )
        parts.append(Html("<dl>{}</dl>").format(rows))
    if info.links:
        items = EMPTY.join(
            Html('<li><a href="{}">{}</a></li>').format(link.href, link.label)
            for link in info.links
        )
        parts.append(Html("<ul>{}</ul>").format(items))
    parts += [Html('<section class="card-list"><h2>{}</h2>'
                   '<div class="list-grid">{}</div></section>').format(cards.heading,
                                                                        Html(cards.html))
              for cards in info.card_lists]
    classes = ["crawler-page", SERVED_THEME_CLASS] + ([APP_PART_SERVED_CLASS] if info.parts else [])
    return str(Html('<main id="{}" class="{}" {}>{}</main>').format(
        CRAWLER_MAIN_ID, " ".join(classes), Html(SERVED_THEME), EMPTY.join(parts)))
