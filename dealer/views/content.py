"""Content screens as the browser renders them: stories turned into render-ready records.

Plain Python (no Reflex): the page state sends these records as they are, and the
HTTP layer takes ``ContentView.info`` for status codes, titles and head tags, so
the page and the server always agree on what a URL shows and whether it exists.

Screens: the catch-all content page (home included), the news list and articles,
the brand overview, a brand's models (filters and sorting in the query string)
and a model. Stories come from ``dealer.content.repository``; a block type this
module does not know is logged and skipped, and a block that fails to build is
dropped with its error logged, so one bad block never takes a page down.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlsplit

from dealer.appointments.options import AppointmentOptions, appointment_href, from_plugins
from dealer.brands import PLATFORM_BRANDS
from dealer.content.links import link_href, safe_href
from dealer.content.preview import (
    draft_repository,
    editable_attributes,
    edited_story,
    is_preview,
    repository_for,
)
from dealer.content.repository import (
    BRANDS_FOLDER,
    NEWS_FOLDER,
    VACANCIES_FOLDER,
    ContentRepository,
    ContentUnavailable,
    get_repository,
)
from dealer.content.richtext import render
from dealer.i18n import (
    LOCALES,
    N_,
    format_date,
    format_price,
    gettext,
    ngettext,
)
from dealer.kept import KeptLately
from dealer.pageinfo import (
    Fact,
    Link,
    PageInfo,
    error_page,
    error_texts,
    home_link,
    not_found,
    route_check_failed,
)
from dealer.params import integer
from dealer.routes import LOCALE_PREFIX, SCREENS, PageRequest, counterpart, path_for, request_for
from dealer.settings import get_settings
from dealer.stock import catalog
from dealer.stock.index import get_index
from dealer.stock.labels import label
from dealer.stock.query import StockQuery
from dealer.views.frame import home_json_ld, site_frame
from dealer.views.markup import EMPTY, Html
from dealer.views.plates import trade_in_href
from dealer.views.reviews import (
    GROUP_LATEST,
    ReviewSummary,
    load_branch_summary,
    load_group_summary,
)
from dealer.views.reviews import (
    for_browser as reviews_for_browser,
)
from dealer.views.vacancies import load_vacancies, matching
from dealer.visible import for_log
from dealer.web.seo import absolute_url, page_title, with_query

logger = logging.getLogger(__name__)

DOMAIN = "content"
LAYOUTS = ("default", "narrow")
NEWS_PER_PAGE = 9
LATEST_ARTICLES = 3
MODEL_FILTERS = (
    ("type", "vehicle_type", N_("Type")),
    ("body_style", "body_style", N_("Body style")),
    ("fuel", "fuel", N_("Fuel")),
)
MODEL_SORTS = {
    "name": N_("Name"),
    "price_asc": N_("Price, low to high"),
    "price_desc": N_("Price, high to low"),
}
VACANCY_FILTERS = ("branch", "department")
# What a content page's path can be: slugs as the content service writes them (lower case
# letters, digits, '-', '_', '.') in at most 8 folders, 255 characters in all.
STORY_PATH = re.compile(r"(?=.{0,255}$)(?:[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*){0,7})?")
NEWS_UNAVAILABLE = N_("The news cannot be shown right now. Please try again in a few minutes.")
DOWNLOAD_KINDS = {"pricelist": N_("Price list"), "brochure": N_("Brochure")}
# Video hosts embedded only after the visitor asks for it: name, embed address.
VIDEO_HOSTS = {
    "www.youtube.com": ("YouTube", "https://www.youtube-nocookie.com/embed/{id}"),
    "youtube.com": ("YouTube", "https://www.youtube-nocookie.com/embed/{id}"),
    "youtu.be": ("YouTube", "https://www.youtube-nocookie.com/embed/{id}"),
    "vimeo.com": ("Vimeo", "https://player.vimeo.com/video/{id}?dnt=1"),
}


@dataclass
class Item:
    """One entry of a block: a card, slide, image, link, filter option, price or fact."""

    title: str = ""
    text: str = ""
    href: str = ""
    image: str = ""
    image_alt: str = ""
    label: str = ""  # link or button text, or the name of a fact
    meta: str = ""  # a date or secondary line
    price: str = ""
    lease: str = ""
    extra_href: str = ""  # a second target, e.g. a model's configurator
    current: bool = False


@dataclass
class Choices:
    """One filter of a list block: its name and its options as links."""

    title: str = ""
    parts: list[Item] = field(default_factory=list)


# lucide's "external-link", drawn in a card's second link.
_EXTERNAL_ICON = Html('<svg width="16" height="16" viewBox="0 0 24 24" fill="none" '
                      'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
                      'stroke-linejoin="round" aria-hidden="true"><path d="M15 3h6v6"/>'
                      '<path d="M10 14 21 3"/><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 '
                      '2 0 0 1 2-2h6"/></svg>')
CARD_KINDS = ("cards", "vacancies")


def card_html(item: Item, style: str) -> str:
    """A card of a grid as HTML (``.cms-card`` in site.css): a link with the picture and
    what the record carries, and a second link below it (a model's configurator, in a
    new tab) when it has one. A page of cards is drawn as one piece of HTML rather than
    as dozens of components, which a phone renders in a fraction of the time."""
    media = Html('<span class="cms-card__media"><img src="{}" alt="{}" loading="lazy"></span>'
                 ).format(item.image, item.image_alt) if item.image else EMPTY
    lines = (
        Html('<span class="cms-card__meta">{}</span>').format(item.meta) if item.meta else EMPTY,
        Html("<h3>{}</h3>").format(item.title),
        Html('<span class="cms-card__text">{}</span>').format(item.text) if item.text else EMPTY,
        Html('<strong class="cms-card__price">{}</strong>').format(item.price) if item.price
        else EMPTY,
        Html("<span>{}</span>").format(item.lease) if item.lease else EMPTY,
        Html('<span class="cms-card__more">{}</span>').format(item.label)
        if item.label and not item.extra_href else EMPTY,
    )
    extra = Html(
        '<span class="cms-card__extra"><a class="cms-card__button" href="{href}" '
        'target="_blank" rel="noopener" aria-label="{label}: {title}">{label}{icon}</a></span>'
    ).format(href=item.extra_href, label=item.label, title=item.title,
             icon=_EXTERNAL_ICON) if item.extra_href else EMPTY
    return str(Html(
        '<article class="cms-card cms-card--{}" data-testid="content-card">'
        '<a class="cms-card__link" href="{}">{}<span class="cms-card__body">{}</span></a>{}'
        "</article>"
    ).format(style, item.href, media, EMPTY.join(lines), extra))


@dataclass
class Block:
    """One page building block; ``kind`` picks the component, unused fields stay empty."""

    kind: str = ""
    uid: str = ""
    title: str = ""
    text: str = ""
    html: str = ""  # sanitized rich text
    image: str = ""
    image_alt: str = ""
    image_position: str = "left"  # left, right or top
    style: str = ""  # cards: plain, icon, logo, article, model; gallery: grid, slider
    columns: str = "3"
    parts: list[Item] = field(default_factory=list)  # cards, slides, images, options, rows
    cards_html: str = ""  # cards and vacancies: the cards as HTML (``card_html``)
    pages: list[Item] = field(default_factory=list)
    button_label: str = ""
    button_href: str = ""
    button_variant: str = "primary"  # SPEC §3: primary, secondary, tertiary, ghost
    button_size: str = "medium"  # large, medium, small, extra-small
    # The button's appointment plugin: it opens the appointment widget with these options.
    button_appointment: bool = False
    appointment: AppointmentOptions = field(default_factory=AppointmentOptions)
    src: str = ""  # video file or embed address
    provider: str = ""  # the host of a video embedded on request
    height: str = ""
    reviews: ReviewSummary = field(default_factory=ReviewSummary)  # kind "reviews"
    groups: list[Choices] = field(default_factory=list)  # kind "vacancies": its filters
    # In a preview, what the editor's bridge finds the block by (``dealer.content.preview``).
    blok_c: str = ""
    blok_uid: str = ""


@dataclass
class ContentView:
    info: PageInfo
    layout: str = "default"
    lead: str = ""
    meta: str = ""  # an article's dates
    blocks: list[Block] = field(default_factory=list)
    filters: list[Block] = field(default_factory=list)  # filter groups, then the sort choice
    facts: list[Item] = field(default_factory=list)
    prices: list[Item] = field(default_factory=list)
    actions: list[Item] = field(default_factory=list)
    downloads: list[Item] = field(default_factory=list)
    toasts: list[str] = field(default_factory=list)
    back_label: str = ""  # the not-found screen's way out
    back_href: str = ""

    @property
    def found(self) -> bool:
        """Whether the page itself shows (else its error screen): a page whose list could
        not be read in an outage shows, saying so, with status 503."""
        return self.info.status == 200 or bool(self.blocks)


@dataclass
class ContentPage:
    """What a content screen shows, as the browser gets it (``for_browser``); the
    defaults are a state's empty page before the first load."""

    found: bool = True
    title: str = ""
    heading: str = ""
    crumbs: list[Link] = field(default_factory=list)
    layout: str = "default"
    lead: str = ""
    meta: str = ""
    blocks: list[Block] = field(default_factory=list)
    filters: list[Block] = field(default_factory=list)
    facts: list[Item] = field(default_factory=list)
    prices: list[Item] = field(default_factory=list)
    actions: list[Item] = field(default_factory=list)
    downloads: list[Item] = field(default_factory=list)
    back_label: str = ""
    back_href: str = ""


@dataclass
class _Context:
    locale: str
    path: str
    query: Mapping[str, str]
    repo: ContentRepository
    screen: str = "content"
    heading: str = ""
    toasts: list[str] = field(default_factory=list)
    unavailable: bool = False  # a block could not read its stories (content outage)

    def t(self, msgid: str, **params: object) -> str:
        """The translation of a msgid marked with ``N_``."""
        return gettext(self.locale, msgid, DOMAIN, **params)


# -- field helpers ----------------------------------------------------------------------------


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _asset(value: Any) -> tuple[str, str]:
    """(src, alt) of an asset field; unsafe or missing sources give ("", "")."""
    if not isinstance(value, dict):
        return "", ""
    src = safe_href(_text(value.get("filename")))
    if not src or src.lower().startswith(("mailto:", "tel:")):
        return "", ""
    return src, _text(value.get("alt"))


def _href(link: Any) -> str:
    return link_href(link) or ""


def _rich(value: Any) -> str:
    return render(value) if isinstance(value, dict) else ""


_BUTTON_VARIANTS = ("primary", "secondary", "tertiary", "ghost")
_BUTTON_SIZES = ("large", "medium", "small", "extra-small")


def _button(block: Block, button: Any, locale: str) -> Block:
    """A story's button; one with the appointment plugin needs no link of its own: its
    target is the appointment page with the plugin's options."""
    if not isinstance(button, dict):
        return block
    plugin = from_plugins(button.get("plugins"))
    href = _href(button.get("link")) or (appointment_href(locale, plugin) if plugin else "")
    if href:
        block.button_label = _text(button.get("label"))
        block.button_href = href
        variant, size = _text(button.get("variant")), _text(button.get("size"))
        block.button_variant = variant if variant in _BUTTON_VARIANTS else "primary"
        block.button_size = size if size in _BUTTON_SIZES else "medium"
        block.button_appointment = plugin is not None
        block.appointment = plugin or AppointmentOptions()
    return block


def _parse_time(value: Any) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _page_number(query: Mapping[str, str]) -> int:
    return integer(query.get("page"), 1, minimum=1)


def _pages(ctx: _Context, page: int, pages: int) -> list[Item]:
    if pages <= 1:
        return []
    return [
        Item(label=str(number), current=number == page,
             href=with_query(ctx.path, {"page": str(number)} if number > 1 else {}))
        for number in range(1, pages + 1)
    ]


# -- cards of stories -------------------------------------------------------------------------


def article_card(story: dict, locale: str) -> Item:
    content = story.get("content") or {}
    image, alt = _asset(content.get("image"))
    published = _parse_time(story.get("first_published_at"))
    return Item(
        title=_text(content.get("title")) or _text(story.get("name")),
        text=_text(content.get("teaser")),
        href=path_for("news_article", locale, article=story["slug"]),
        image=image,
        image_alt=alt,
        label=gettext(locale, "Read more", DOMAIN),
        meta=format_date(published, locale) if published else "",
    )


def brand_card(story: dict, locale: str) -> Item:
    content = story.get("content") or {}
    logo, _ = _asset(content.get("logo"))
    slug = _text(content.get("brand")) or story["slug"]
    name = _text(content.get("name")) or PLATFORM_BRANDS.get(slug, slug)
    return Item(title=name, href=path_for("brand_models", locale, brand=slug), image=logo,
                image_alt=gettext(locale, "{brand} logo", DOMAIN, brand=name),
                text=_text(content.get("intro")))


def _money(amount: Any, locale: str) -> str:
    return format_price(amount, locale) if isinstance(amount, (int, float)) else ""


def model_card(story: dict, brand: str, brand_name: str, locale: str) -> Item:
    content = story.get("content") or {}
    gallery = content.get("gallery") or []
    image, alt = _asset(gallery[0] if gallery else None)
    cash = _money(content.get("price_from"), locale)
    lease = _money(content.get("lease_from"), locale)
    return Item(
        title=f"{brand_name} {_text(content.get('name'))}",
        text=" · ".join(filter(None, (
            label("body_style", _text(content.get("body_style")), locale),
            label("fuel", _text(content.get("fuel")), locale),
        ))),
        href=path_for("brand_model", locale, brand=brand, model=story["slug"]),
        image=image,
        image_alt=alt,
        price=gettext(locale, "From {price}", DOMAIN, price=cash) if cash else "",
        lease=gettext(locale, "Private lease from {price} per month", DOMAIN, price=lease)
        if lease else "",
        label=gettext(locale, "Configure", DOMAIN),
        extra_href=_href(content.get("configurator_url")),
    )


# -- page blocks ------------------------------------------------------------------------------


async def _hero(raw: dict, ctx: _Context) -> Block:
    image, alt = _asset(raw.get("image"))
    return _button(Block(kind="hero", title=_text(raw.get("title")), text=_text(raw.get("text")),
                         image=image, image_alt=alt), raw.get("button"), ctx.locale)


async def _hero_carousel(raw: dict, ctx: _Context) -> Block:
    slides = []
    for slide in raw.get("slides") or []:
        hero = await _hero(slide, ctx)
        slides.append(Item(title=hero.title, text=hero.text, image=hero.image,
                           image_alt=hero.image_alt, label=hero.button_label,
                           href=hero.button_href))
    return Block(kind="carousel", title=_text(raw.get("title")), parts=slides)


async def _card_grid(raw: dict, ctx: _Context) -> Block:
    cards = []
    for card in raw.get("cards") or []:
        image, alt = _asset(card.get("image"))
        cards.append(Item(title=_text(card.get("title")), text=_text(card.get("text")),
                          image=image, image_alt=alt, href=_href(card.get("link"))))
    columns = raw.get("columns")
    return Block(kind="cards", style="plain", title=_text(raw.get("title")), parts=cards,
                 columns=str(columns) if columns in (2, 3, 4) else "3")


async def _quick_entry(raw: dict, ctx: _Context) -> Block:
    stock = path_for("stock", ctx.locale)
    items = []
    for entry in raw.get("items") or []:
        query = StockQuery.quick_entry(_text(entry.get("quick_entry"))).to_query_string()
        icon, _ = _asset(entry.get("icon"))
        items.append(Item(title=_text(entry.get("label")), image=icon,
                          href=f"{stock}?{query}" if query else stock))
    return Block(kind="cards", style="icon", title=_text(raw.get("title")), parts=items,
                 columns="6")


async def _content_image(raw: dict, ctx: _Context) -> Block:
    image, alt = _asset(raw.get("image"))
    position = "right" if raw.get("image_position") == "right" else "left"
    return _button(Block(kind="text", title=_text(raw.get("title")), html=_rich(raw.get("text")),
                         image=image, image_alt=alt, image_position=position),
                   raw.get("button"), ctx.locale)


async def _rich_text(raw: dict, ctx: _Context) -> Block:
    return Block(kind="text", title=_text(raw.get("title")), html=_rich(raw.get("text")))


async def _latest_articles(raw: dict, ctx: _Context) -> Block:
    count = raw.get("count")
    stories, _ = await ctx.repo.list_news(
        ctx.locale, 1, count if isinstance(count, int) and 0 < count <= 12 else LATEST_ARTICLES)
    block = Block(kind="cards", style="article", title=_text(raw.get("title")),
                  parts=[article_card(story, ctx.locale) for story in stories])
    block = _button(block, raw.get("button"), ctx.locale)
    if not block.button_href:
        block.button_label, block.button_href = ctx.t(N_("All news")), path_for("news", ctx.locale)
    return block


async def _news_list(raw: dict, ctx: _Context) -> Block:
    per_page = raw.get("per_page")
    per_page = per_page if isinstance(per_page, int) and 0 < per_page <= 48 else NEWS_PER_PAGE
    page = _page_number(ctx.query)
    try:
        stories, total = await ctx.repo.list_news(ctx.locale, page, per_page)
    except ContentUnavailable:
        ctx.unavailable = True
        return Block(kind="text", title=_text(raw.get("title")),
                     html=str(Html("<p>{}</p>").format(ctx.t(NEWS_UNAVAILABLE))))
    pages = max(1, -(-total // per_page))
    if page > pages:  # past the end: the last page
        page = pages
        stories, total = await ctx.repo.list_news(ctx.locale, page, per_page)
    return Block(kind="cards", style="article", title=_text(raw.get("title")),
                 text=_text(raw.get("intro")),
                 parts=[article_card(story, ctx.locale) for story in stories],
                 pages=_pages(ctx, page, pages))


async def _brand_overview(raw: dict, ctx: _Context) -> Block:
    brands = await ctx.repo.list_brands(ctx.locale)
    return Block(kind="cards", style="logo", title=_text(raw.get("title")),
                 text=_text(raw.get("intro")),
                 parts=[brand_card(story, ctx.locale) for story in brands])


async def _employee_overview(raw: dict, ctx: _Context) -> Block:
    return Block(kind="action", title=_text(raw.get("title")),
                 button_label=ctx.t(N_("Meet our employees")),
                 button_href=path_for("employees", ctx.locale))


async def _gallery(raw: dict, ctx: _Context) -> Block:
    images = [_asset(image) for image in raw.get("images") or []]
    style = "slider" if raw.get("component") == "image_slider" else "grid"
    return Block(kind="gallery", style=style, title=_text(raw.get("title")),
                 parts=[Item(image=src, image_alt=alt) for src, alt in images if src])


def _video_source(url: str) -> tuple[str, str] | None:
    """(host name, privacy-friendly embed address) of a YouTube or Vimeo link."""
    parts = urlsplit(url)
    host = VIDEO_HOSTS.get(parts.netloc.lower())
    if parts.scheme != "https" or host is None:
        return None
    if parts.netloc.endswith("youtube.com"):
        video_id = dict(pair.split("=", 1) for pair in parts.query.split("&") if "=" in pair).get(
            "v", "") or parts.path.rsplit("/", 1)[-1]
    else:
        video_id = parts.path.strip("/").split("/")[-1]
    if not video_id.replace("-", "").replace("_", "").isalnum():
        return None
    return host[0], host[1].format(id=video_id)


async def _video(raw: dict, ctx: _Context) -> Block | None:
    poster, alt = _asset(raw.get("image"))
    block = Block(kind="video", title=_text(raw.get("title")), image=poster, image_alt=alt,
                  text=_text(raw.get("text")))
    src, _ = _asset(raw.get("video"))
    if src and src.startswith("/"):  # a file from our own server
        block.src = src
        return block
    external = _video_source(_href(raw.get("url")) or _text(raw.get("url")))
    if external is None:
        logger.warning("video block %s has no usable source", raw.get("_uid"))
        return None
    block.provider, block.src = external
    block.button_label = ctx.t(N_("Play the video (loads it from {provider})"),
                               provider=block.provider)
    return block


async def _embed(raw: dict, ctx: _Context) -> Block | None:
    src = _href(raw.get("url")) or safe_href(_text(raw.get("url"))) or ""
    if not src.startswith(("https://", "/")):
        logger.warning("%s block %s has no usable address", raw.get("component"), raw.get("_uid"))
        return None
    height = raw.get("height")
    return Block(kind="embed", title=_text(raw.get("title")) or ctx.t(N_("Embedded content")),
                 text=_text(raw.get("text")), src=src,
                 height=f"{height}px" if isinstance(height, int) and 100 <= height <= 3000
                 else "600px")


async def _info_bar(raw: dict, ctx: _Context) -> Block:
    return Block(kind="notice", text=_text(raw.get("text")), button_href=_href(raw.get("link")),
                 button_label=_text(raw.get("link_label")) or ctx.t(N_("More information")))


BRAND_FAILED = N_("Brand manufacturer information failed to load")
BRAND_MISSING = N_("No brand manufacturer for tag id {tagId}")


def brand_with_tag(brands: list[dict], tag_id: str) -> dict | None:
    """The brand story whose manufacturer tag id is ``tag_id`` (a number or its text)."""
    return next((story for story in brands
                 if str((story.get("content") or {}).get("tag_id", "")).strip() == tag_id), None)


async def _brand_manufacturer(raw: dict, ctx: _Context) -> Block:
    """A brand manufacturer's information, looked up by its tag id (SPEC §3): its logo,
    introduction and models; the SPEC §8 message when it cannot be read or does not exist."""
    value = raw.get("tag_id")
    tag_id = str(value).strip()[:40] if isinstance(value, (int, str)) else ""
    try:
        brands = await ctx.repo.list_brands(ctx.locale)
    except ContentUnavailable:
        brands = []
    if not brands:  # the catalogue always has brands: the service did not answer
        return Block(kind="notice", text=ctx.t(BRAND_FAILED))
    story = brand_with_tag(brands, tag_id) if tag_id else None
    if story is None:
        return Block(kind="notice", text=ctx.t(BRAND_MISSING, tagId=tag_id).strip())
    card = brand_card(story, ctx.locale)
    intro = _text((story.get("content") or {}).get("intro"))
    return Block(kind="text", title=_text(raw.get("title")) or card.title,
                 html=str(Html("<p>{}</p>").format(intro)) if intro else "", image=card.image,
                 image_alt=card.image_alt, button_label=ctx.t(N_("{brand} models"),
                                                              brand=card.title),
                 button_href=card.href, button_variant="tertiary")


async def _opening_hours(raw: dict, ctx: _Context) -> Block:
    rows = [
        Item(label=_text(row.get("day")),
             text=ctx.t(N_("Closed")) if row.get("closed") else _text(row.get("hours")),
             meta=_text(row.get("comment")))
        for row in raw.get("rows") or []
    ]
    title = _text(raw.get("title")) or ctx.t(N_("Opening hours"))
    return Block(kind="hours", title=title, parts=rows)


async def _button_block(raw: dict, ctx: _Context) -> Block:
    return _button(Block(kind="action", title=_text(raw.get("title")),
                         text=_text(raw.get("text"))), raw.get("button") or raw, ctx.locale)


async def _review_summary(raw: dict, ctx: _Context) -> Block:
    """A branch's rating with the reviews it is made of (``location``: the branch's slug),
    else the group's rating with its ``count`` newest reviews."""
    if branch := _text(raw.get("location")):
        reviews = await load_branch_summary(branch, ctx.locale)
        reviews.heading = _text(raw.get("title")) or reviews.heading
    else:
        count = raw.get("count")
        reviews = await load_group_summary(ctx.locale, heading=_text(raw.get("title")),
                                           latest=count if isinstance(count, int)
                                           else GROUP_LATEST)
    return Block(kind="reviews", title=reviews.heading, reviews=reviews)


def _choices(ctx: _Context, key: str, title: str, options: dict[str, str]) -> Choices:
    """A filter of the query string's ``key``: "All" and each option; the others kept."""
    current = ctx.query.get(key, "")

    def href(value: str) -> str:
        kept = {name: ctx.query[name] for name in VACANCY_FILTERS if ctx.query.get(name)}
        return with_query(ctx.path, {**kept, key: value} if value else
                          {name: value for name, value in kept.items() if name != key})

    return Choices(title=title, parts=[
        Item(label=ctx.t(N_("All")), href=href(""), current=current not in options),
        *(Item(label=text, href=href(value), current=value == current)
          for value, text in options.items()),
    ])


async def _vacancy_list(raw: dict, ctx: _Context) -> Block:
    """Open vacancies, filtered by branch and department (``?branch=&department=``)."""
    vacancies = await load_vacancies(ctx.locale, ctx.repo)
    branches = {v.branch_slug: v.branch for v in sorted(vacancies, key=lambda v: v.branch)
                if v.branch_slug}
    departments = {key: label("department", key, ctx.locale) for key in catalog.DEPARTMENTS
                   if any(v.department == key for v in vacancies)}
    branch, department = ctx.query.get("branch", ""), ctx.query.get("department", "")
    shown = matching(vacancies, branch=branch if branch in branches else "",
                     department=department if department in departments else "")
    cards = [Item(title=v.title, text=v.teaser, meta=v.line, lease=v.salary, href=v.href,
                  label=ctx.t(N_("View the vacancy"))) for v in shown]
    return Block(
        kind="vacancies", style="article",
        title=ngettext(ctx.locale, "{n} vacancy", "{n} vacancies", len(cards), DOMAIN),
        text=_text(raw.get("intro")) if cards
        else ctx.t(N_("No vacancies match these filters.")),
        parts=cards,
        groups=[_choices(ctx, "branch", ctx.t(N_("Branch")), branches),
                _choices(ctx, "department", ctx.t(N_("Department")), departments)],
    )


async def _trade_in_value(raw: dict, ctx: _Context) -> Block:
    """'What is my car worth': the visitor's plate, looked up, carried to the valuation
    service (behind the trade-in flag; without it the block only looks the car up)."""
    href = trade_in_href(ctx.locale)
    return Block(kind="plate", title=_text(raw.get("title")), text=_text(raw.get("text")),
                 button_label=_text(raw.get("button_label")) or ctx.t(N_("Value my car")),
                 button_href=href)


async def _toast(raw: dict, ctx: _Context) -> None:
    if text := _text(raw.get("text")):
        ctx.toasts.append(text)


BlockBuilder = Callable[[dict, _Context], Awaitable[Block | None]]
BLOCKS: dict[str, BlockBuilder] = {
    "hero": _hero,
    "hero_carousel": _hero_carousel,
    "brand_manufacturer": _brand_manufacturer,
    "card_grid": _card_grid,
    "quick_entry": _quick_entry,
    "content_image": _content_image,
    "rich_text": _rich_text,
    "latest_articles": _latest_articles,
    "news_list": _news_list,
    "brand_overview": _brand_overview,
    "employee_overview": _employee_overview,
    "image_gallery": _gallery,
    "image_slider": _gallery,
    "video": _video,
    "iframe": _embed,
    "form": _embed,
    "info_bar": _info_bar,
    "opening_hours": _opening_hours,
    "button": _button_block,
    "call_to_action": _button_block,
    "review_summary": _review_summary,
    "vacancy_list": _vacancy_list,
    "toast": _toast,
    "trade_in_value": _trade_in_value,
}


async def build_blocks(body: Any, ctx: _Context) -> list[Block]:
    """The story's body as blocks: unknown types are skipped, failing ones dropped."""
    blocks = []
    for raw in body if isinstance(body, list) else []:
        kind = raw.get("component") if isinstance(raw, dict) else None
        builder = BLOCKS.get(kind or "")
        if builder is None:
            logger.warning("skipping unknown content block %s on %s", for_log(kind),
                           for_log(ctx.path))
            continue
        try:
            block = await builder(raw, ctx)
        except ContentUnavailable:  # its stories are not at hand: the page goes without
            logger.warning("content block %r on %s left out: content unavailable", kind,
                           ctx.path)
            continue
        except Exception:  # a broken block must not take the page down
            logger.exception("content block %s on %s failed to build", for_log(kind),
                             for_log(ctx.path))
            continue
        if block is None:
            continue
        block.uid = _text(raw.get("_uid")) or f"block-{len(blocks)}"
        block.blok_c, block.blok_uid = editable_attributes(raw.get("_editable"))
        if block.title == ctx.heading:  # the page's h1 already says it
            block.title = ""
        blocks.append(block)
    return blocks


# -- screens ----------------------------------------------------------------------------------


def _home(ctx: _Context) -> Link:
    return home_link(ctx.locale)


def _missing(ctx: _Context, screen: str, kind: str, **brand: str) -> ContentView:
    """A 404 view in the words of an error kind (``dealer.pageinfo.ERRORS``), titled like
    every missing content page: 'Page not found: {path}'."""
    texts = error_texts(kind, ctx.locale, **brand)
    info = not_found(ctx.path, ctx.locale, screen)
    info.heading = texts.heading
    info.links = [Link(texts.button, texts.href)]
    return ContentView(info=info, lead=texts.text, back_label=texts.button,
                       back_href=texts.href)


def _page_not_found(ctx: _Context) -> ContentView:
    return _missing(ctx, "content", "page_not_found")


def _error_view(info: PageInfo) -> ContentView:
    link = info.links[0]
    return ContentView(info=info, lead=info.description, back_label=link.label,
                       back_href=link.href)


def _unavailable(ctx: _Context, screen: str) -> ContentView:
    """A content outage with nothing kept of this page: 503, never a missing page; its
    button loads the page again."""
    return _error_view(error_page("content_unavailable", ctx.path, ctx.locale, screen,
                                  status=503, href=ctx.path))


def _layout(content: dict, path: str) -> str:
    layout = _text(content.get("layout")) or "default"
    if layout not in LAYOUTS:
        logger.warning("unknown layout %s on %s; using the default", for_log(layout),
                       for_log(path))
        return "default"
    return layout


async def _story_page(ctx: _Context, story: dict, screen: str, params: dict[str, str],
                      trail: list[Link]) -> ContentView:
    content = story.get("content") or {}
    heading = _text(content.get("title")) or _text(story.get("name"))
    ctx.heading = heading
    blocks = await build_blocks(content.get("body"), ctx)
    is_home = screen == "content" and not params.get("slug")
    first_image = next((block.image or (block.parts[0].image if block.parts else "")
                        for block in blocks if block.kind in ("hero", "carousel")), "")
    page = _page_number(ctx.query)
    listing = next((block for block in blocks if block.pages), None)
    info = PageInfo(
        screen=screen,
        locale=ctx.locale,
        params=params,
        path=ctx.path,
        title=page_title(None if is_home else _text(content.get("meta_title")) or heading),
        heading=heading,
        description=_text(content.get("meta_description")),
        links=[Link(item.title, item.href) for block in blocks for item in block.parts
               if block.kind == "cards" and item.title and item.href],
        breadcrumbs=[] if is_home else [_home(ctx), *trail, Link(heading, ctx.path)],
        image=first_image or None,
        canonical_params={"page": str(page)} if listing and page > 1 else {},
        json_ld=home_json_ld(await site_frame(ctx.locale, ctx.repo)) if is_home else [],
    )
    if ctx.unavailable:  # search engines keep the page as it was and come back later
        info.status, info.noindex = 503, True
    return ContentView(info=info, layout=_layout(content, ctx.path), blocks=blocks,
                       toasts=list(ctx.toasts))


async def slug_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    slug = params.get("slug", "")
    if not STORY_PATH.fullmatch(slug):  # the route's check (SPEC §5): no story has it
        return _error_view(route_check_failed(ctx.path, ctx.locale, "content"))
    story = await ctx.repo.get_page(slug, ctx.locale)
    if story is None:
        return _page_not_found(ctx)
    return await _story_page(ctx, story, "content", params, [])


async def section_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    """The story at the screen's own path (its section word, e.g. 'financiering-uitgelegd'),
    under that screen; the not-found page while the editors have not written it."""
    slug = ctx.path.removeprefix(LOCALE_PREFIX[ctx.locale]).strip("/")
    story = await ctx.repo.get_page(slug, ctx.locale)
    if story is None:
        return _page_not_found(ctx)
    return await _story_page(ctx, story, ctx.screen, params, [])


async def _overview(ctx: _Context, screen: str, folder: str, fallback_title: str,
                    block: str, params: dict[str, str]) -> ContentView:
    """The news list or brand overview: its page story, or the bare list without one
    (also while the story cannot be read: the list says why it is missing)."""
    try:
        story = await ctx.repo.get_page(folder, ctx.locale)
    except ContentUnavailable:
        story = None
    story = story or {
        "name": ctx.t(fallback_title),
        "content": {"component": "page", "body": [{"component": block, "_uid": block}]},
    }
    return await _story_page(ctx, story, screen, params, [])


async def vacancies_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    return await _overview(ctx, "vacancies", VACANCIES_FOLDER[ctx.locale], N_("Vacancies"),
                           "vacancy_list", params)


async def news_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    return await _overview(ctx, "news", NEWS_FOLDER[ctx.locale], N_("News"), "news_list", params)


async def brands_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    return await _overview(ctx, "brands", BRANDS_FOLDER[ctx.locale], N_("Brands"),
                           "brand_overview", params)


def _news_crumb(ctx: _Context) -> Link:
    return Link(ctx.t(N_("News")), path_for("news", ctx.locale))


async def article_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    story = await ctx.repo.get_article(params.get("article", ""), ctx.locale)
    if story is None:
        return _missing(ctx, "news_article", "news_article_not_found")
    content = story.get("content") or {}
    heading = _text(content.get("title")) or _text(story.get("name"))
    image, alt = _asset(content.get("image"))
    published = _parse_time(story.get("first_published_at"))
    updated = _parse_time(story.get("published_at"))
    dates = []
    if published:
        dates.append(ctx.t(N_("Published on {date}"), date=format_date(published, ctx.locale)))
    if updated and (published is None or updated.date() > published.date()):
        dates.append(ctx.t(N_("Updated on {date}"), date=format_date(updated, ctx.locale)))
    teaser = _text(content.get("teaser"))
    info = PageInfo(
        screen="news_article",
        locale=ctx.locale,
        params=params,
        path=ctx.path,
        title=page_title(_text(content.get("meta_title")) or heading),
        heading=heading,
        description=_text(content.get("meta_description")) or teaser,
        facts=[Fact(ctx.t(N_("Published")), format_date(published, ctx.locale))]
        if published else [],
        breadcrumbs=[_home(ctx), _news_crumb(ctx), Link(heading, ctx.path)],
        image=image or None,
        og_type="article",
        json_ld=[{
            "@context": "https://schema.org",
            "@type": "NewsArticle",
            "headline": heading,
            **({"image": [absolute_url(image)]} if image else {}),
            **({"datePublished": published.isoformat()} if published else {}),
            **({"dateModified": updated.isoformat()} if updated else {}),
        }],
    )
    body = Block(kind="text", uid="article", html=_rich(content.get("body")), image=image,
                 image_alt=alt, image_position="top")
    body.blok_c, body.blok_uid = editable_attributes(content.get("_editable"))
    back = Block(kind="action", uid="all-news", button_label=ctx.t(N_("All news")),
                 button_href=path_for("news", ctx.locale), button_variant="tertiary")
    return ContentView(info=info, layout="narrow", lead=teaser, meta=" · ".join(dates),
                       blocks=[body, back])


async def _brand(ctx: _Context, brand: str) -> dict | None:
    return await ctx.repo.get_brand(brand, ctx.locale) if brand in PLATFORM_BRANDS else None


def _brand_missing(ctx: _Context, screen: str) -> ContentView:
    return _missing(ctx, screen, "brand_not_found")


def _brands_crumb(ctx: _Context) -> Link:
    return Link(ctx.t(N_("Brands")), path_for("brands", ctx.locale))


def _model_filters(ctx: _Context, models: list[dict]) -> tuple[list[Block], list[dict]]:
    """Filter groups and sort links for the query string, and the models it selects."""
    chosen = {}
    for key, _kind, _heading in MODEL_FILTERS:
        present = {(story.get("content") or {}).get(key) for story in models}
        if ctx.query.get(key) in present:
            chosen[key] = ctx.query[key]
    sort = ctx.query.get("sort", "") if ctx.query.get("sort") in MODEL_SORTS else "name"

    def href(**changes: str | None) -> str:
        params = {**chosen, **({"sort": sort} if sort != "name" else {})}
        for key, value in changes.items():
            if value is None:
                params.pop(key, None)
            else:
                params[key] = value
        return with_query(ctx.path, params)

    groups = []
    for key, kind, heading in MODEL_FILTERS:
        values = sorted({(story.get("content") or {}).get(key) or "" for story in models} - {""})
        if len(values) < 2:
            continue  # nothing to choose
        groups.append(Block(kind="filter", uid=key, title=ctx.t(heading), parts=[
            Item(label=ctx.t(N_("All")), href=href(**{key: None}), current=key not in chosen),
            *(Item(label=label(kind, value, ctx.locale), href=href(**{key: value}),
                   current=chosen.get(key) == value) for value in values),
        ]))
    groups.append(Block(kind="sort", uid="sort", title=ctx.t(N_("Sort by")), parts=[
        Item(label=ctx.t(text), href=href(sort=None if value == "name" else value),
             current=value == sort)
        for value, text in MODEL_SORTS.items()
    ]))
    selected = [story for story in models
                if all((story.get("content") or {}).get(key) == value
                       for key, value in chosen.items())]
    if sort == "name":
        selected.sort(key=lambda story: _text((story.get("content") or {}).get("name")).lower())
    else:
        selected.sort(key=lambda story: (story.get("content") or {}).get("price_from") or 0,
                      reverse=sort == "price_desc")
    return groups, selected


async def brand_models_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    brand = params.get("brand", "")
    story = await _brand(ctx, brand)
    if story is None:
        return _brand_missing(ctx, "brand_models")
    content = story.get("content") or {}
    name = _text(content.get("name")) or PLATFORM_BRANDS[brand]
    logo, _ = _asset(content.get("logo"))
    models = await ctx.repo.list_models(brand, ctx.locale)
    filters, selected = _model_filters(ctx, models)
    heading = ctx.t(N_("{brand} models"), brand=name)
    cards = [model_card(model, brand, name, ctx.locale) for model in selected]
    info = PageInfo(
        screen="brand_models",
        locale=ctx.locale,
        params=params,
        path=ctx.path,
        title=page_title(heading),
        heading=heading,
        description=_text(content.get("meta_description")) or _text(content.get("intro")),
        links=[Link(f"{card.title} – {card.price}", card.href) for card in cards],
        breadcrumbs=[_home(ctx), _brands_crumb(ctx), Link(heading, ctx.path)],
        image=logo or None,
        # A filtered or re-sorted list is for visitors; search engines get the whole range.
        noindex=bool(set(ctx.query) & {"type", "body_style", "fuel", "sort"}),
    )
    grid = Block(kind="cards", uid="models", style="model", parts=cards,
                 text="" if cards else ctx.t(N_("No models match these filters.")))
    return ContentView(info=info, lead=_text(content.get("intro")), blocks=[grid],
                       filters=filters)


def _model_facts(ctx: _Context, content: dict) -> list[Item]:
    facts = [
        (ctx.t(N_("Type")), label("vehicle_type", _text(content.get("type")), ctx.locale)),
        (ctx.t(N_("Body style")),
         label("body_style", _text(content.get("body_style")), ctx.locale)),
        (ctx.t(N_("Fuel")), label("fuel", _text(content.get("fuel")), ctx.locale)),
    ]
    if isinstance(content.get("power_hp"), int):
        facts.append((ctx.t(N_("Power")), ctx.t(N_("{hp} hp"), hp=content["power_hp"])))
    if isinstance(content.get("seats"), int):
        facts.append((ctx.t(N_("Seats")), str(content["seats"])))
    if isinstance(content.get("electric_range_km"), int):
        facts.append((ctx.t(N_("Electric range")),
                      ctx.t(N_("{km} km"), km=content["electric_range_km"])))
    return [Item(label=name, text=value) for name, value in facts if value]


def _stock_count(query: StockQuery) -> int:
    """How many vehicles the stock has for ``query``; 0 when the stock cannot be read (the
    model page then goes without its stock link)."""
    try:
        return get_index().count(query)
    except Exception:
        logger.warning("stock count for a model page unavailable", exc_info=True)
        return 0


async def model_view(ctx: _Context, params: dict[str, str]) -> ContentView:
    brand, model = params.get("brand", ""), params.get("model", "")
    brand_story = await _brand(ctx, brand)
    if brand_story is None:
        return _brand_missing(ctx, "brand_model")
    brand_name = _text((brand_story.get("content") or {}).get("name")) or PLATFORM_BRANDS[brand]
    models_path = path_for("brand_models", ctx.locale, brand=brand)
    story = await ctx.repo.get_model(brand, model, ctx.locale)
    if story is None:
        return _missing(ctx, "brand_model", "model_not_found", brand=brand,
                        brand_name=brand_name)
    content = story.get("content") or {}
    heading = f"{brand_name} {_text(content.get('name'))}"
    card = model_card(story, brand, brand_name, ctx.locale)
    vat = ctx.t(N_("incl. VAT")) if content.get("prices_include_vat") else ctx.t(N_("excl. VAT"))
    prices = [
        Item(label=ctx.t(N_("Cash price")), price=card.price, meta=vat),
        Item(label=ctx.t(N_("Private lease")), price=card.lease, meta=vat),
    ]
    actions = [
        Item(label=ctx.t(N_("Ask about this model")),
             href=path_for("model_contact", ctx.locale, brand=brand, model=story["slug"])),
        Item(label=ctx.t(N_("Book a test drive")),
             href=path_for("model_test_drive", ctx.locale, brand=brand, model=story["slug"])),
    ]
    in_stock = StockQuery(brand=(brand,), model=(f"{brand}.{story['slug']}",))
    if await asyncio.to_thread(_stock_count, in_stock):
        actions.append(Item(label=ctx.t(N_("{model} in our stock"), model=heading),
                            href=with_query(path_for("brand_stock", ctx.locale, brand=brand),
                                            {"model": in_stock.model[0]})))
    if card.extra_href:
        actions.append(Item(label=ctx.t(N_("Configure your {model}"), model=heading),
                            href=card.extra_href))
    downloads = []
    for download in content.get("downloads") or []:
        src, _ = _asset(download.get("file"))
        if src:
            downloads.append(Item(title=_text(download.get("title")), href=src,
                                  label=ctx.t(DOWNLOAD_KINDS.get(download.get("kind"),
                                                                 N_("Download")))))
    highlights = [text for text in content.get("highlights") or [] if _text(text)]
    doc = {"type": "doc", "content": [{"type": "bullet_list", "content": [
        {"type": "list_item", "content": [{"type": "paragraph",
                                           "content": [{"type": "text", "text": text}]}]}
        for text in highlights
    ]}]}
    gallery = await _gallery({"images": content.get("gallery"), "component": "image_slider"}, ctx)
    gallery.uid = "gallery"
    gallery.blok_c, gallery.blok_uid = editable_attributes(content.get("_editable"))
    blocks = [gallery]
    if highlights:
        blocks.append(Block(kind="text", uid="highlights", title=ctx.t(N_("Highlights")),
                            html=render(doc)))
    info = PageInfo(
        screen="brand_model",
        locale=ctx.locale,
        params=params,
        path=ctx.path,
        title=page_title(_text(content.get("meta_title")) or heading),
        heading=heading,
        description=_text(content.get("meta_description")) or _text(content.get("intro")),
        facts=[Fact(item.label, item.price) for item in prices if item.price],
        breadcrumbs=[_home(ctx), _brands_crumb(ctx),
                     Link(ctx.t(N_("{brand} models"), brand=brand_name), models_path),
                     Link(heading, ctx.path)],
        image=card.image or None,
        json_ld=[{
            "@context": "https://schema.org",
            "@type": "Product",
            "name": heading,
            "brand": {"@type": "Brand", "name": brand_name},
            **({"image": absolute_url(card.image)} if card.image else {}),
            **({"offers": {"@type": "Offer", "priceCurrency": "EUR",
                           "price": content["price_from"]}}
               if isinstance(content.get("price_from"), (int, float)) else {}),
        }],
    )
    return ContentView(info=info, lead=_text(content.get("intro")), blocks=blocks,
                       facts=_model_facts(ctx, content), prices=[p for p in prices if p.price],
                       actions=actions, downloads=downloads)


ContentScreen = Callable[[_Context, dict[str, str]], Awaitable[ContentView]]


def screen_view(screen: str) -> ContentScreen | None:
    """The view of this module that the route table's row of ``screen`` names
    (``Screen.content``); None for a screen that is no content screen."""
    entry = SCREENS.get(screen)
    return globals().get(entry.content) if entry is not None and entry.content else None


async def content_view(path: str, query: Mapping[str, str] | None = None, *,
                       repo: ContentRepository | None = None) -> ContentView:
    """What a content screen shows at ``path``; any other path gives the not-found view."""
    return await view_for(request_for(path, query), repo=repo)


async def view_for(request: PageRequest, *,
                   repo: ContentRepository | None = None) -> ContentView:
    """What a content screen shows for a resolved URL; any other gives the not-found view.

    The catch-all page is also the site's not-found page, so a path of another
    screen only arrives here when no page exists for it.
    """
    query = dict(request.query)
    ctx = _Context(request.locale, request.path, query, repo or repository_for(query),
                   request.screen)
    build = screen_view(request.screen)
    if build is None:
        return _page_not_found(ctx)
    try:
        view = await build(ctx, dict(request.params))
    except ContentUnavailable:
        return _unavailable(ctx, request.screen)
    for block in view.blocks:
        if block.kind in CARD_KINDS:
            block.cards_html = "".join(card_html(item, block.style) for item in block.parts)
    return view


async def edited_view(path: str, query: Mapping[str, str], story: object
                      ) -> ContentView | None:
    """A preview's view with the story the editor is changing in place of its saved draft
    (the editor's ``input`` event); None outside a preview or for what is no story."""
    edited = edited_story(story)
    if edited is None or not is_preview(query):
        return None
    return await content_view(path, query, repo=draft_repository().editing(edited))


def for_browser(view: ContentView) -> ContentPage:
    """``view`` as the page gets it: without what only the server's answer uses (the head,
    the structured data), its cards and reviews as their HTML only (their records made
    the HTML and the page's links on the server)."""
    info = view.info
    return ContentPage(
        found=view.found, title=info.title, heading=info.heading, crumbs=info.breadcrumbs,
        layout=view.layout, lead=view.lead, meta=view.meta,
        blocks=[_block_for_browser(block) for block in view.blocks], filters=view.filters,
        facts=view.facts, prices=view.prices, actions=view.actions, downloads=view.downloads,
        back_label=view.back_label, back_href=view.back_href,
    )


def _block_for_browser(block: Block) -> Block:
    if block.kind in CARD_KINDS:
        block = replace(block, parts=[])
    if block.reviews.cards:
        block = replace(block, reviews=reviews_for_browser(block.reviews))
    return block


# The views the HTTP answer built in the last 30 s, by URL (previews of drafts never): the
# page's load in the app shows the view the visitor was just served. Never longer than
# content is kept (DEALER_CONTENT_CACHE_SECONDS): an editor's change shows as soon as the
# served page shows it.
_SERVED: KeptLately[ContentView] = KeptLately(
    min(30.0, get_settings().content_cache_seconds), 256)


async def served_view(request: PageRequest) -> ContentView:
    """The view the HTTP answer built a moment ago for the same URL, else built now: for
    the page's load in the app, which shows what the visitor was served."""
    return _SERVED.get(request.path, request.query) or await view_for(request)


async def describe(request: PageRequest) -> PageInfo:
    """The page info of a content screen (``dealer.pageinfo`` describer), always built
    anew; the view is kept for the page's load (``served_view``)."""
    view = await view_for(request)
    if not is_preview(request.query):
        _SERVED.keep(request.path, request.query, view)
    info = view.info
    if info.status == 200 and info.screen in ("content", "news_article"):
        info.alternate_paths = {
            target: await translated_path(request, target) for target in LOCALES
        }
    return info


async def translated_path(request: PageRequest, target: str, *,
                          repo: ContentRepository | None = None) -> str:
    """The same page in ``target``: content pages and articles by their translated slug."""
    screen, locale, params = request.screen, request.locale, request.params
    if screen in ("content", "news_article"):
        slug = (params.get("slug", "") if screen == "content"
                else f"{NEWS_FOLDER[locale]}/{params.get('article', '')}")
        alternate = await (repo or get_repository()).alternate_slug(slug, locale, target)
        if alternate is not None:
            return path_for("content", target, slug=alternate)
    return request.alternate_paths.get(target) or counterpart(request.path, target)

