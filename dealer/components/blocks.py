"""Page building blocks of content screens, one function per block type, and the layouts.

Functions of Vars (``dealer.views.content.Block`` / ``Item`` records) and handlers,
never of a state: the page modules bind them. ``block`` picks the component by the
record's ``kind``; a kind it does not know renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from dealer.components.button import button
from dealer.components.chips import chip_link
from dealer.components.html_parts import FOLLOW_IN_APP
from dealer.components.measurement import tracked
from dealer.components.plates import PlateBlockBinding, trade_in_value
from dealer.components.preview import editable
from dealer.components.reviews import review_summary
from dealer.components.stock import pagination
from dealer.i18n import gettext

DOMAIN = "content"


def _link_button(label: rx.Var, href: rx.Var, variant: rx.Var | str = "primary",
                 size: rx.Var | str = "medium", **plugin: Any) -> rx.Component:
    return button(label, to=href, variant=variant, size=size,
                  # another site gets no handle on this page
                  link_props={"rel": rx.cond(href.startswith("/"), "", "noopener")}, **plugin)


def _button(block: rx.Var, on_appointment: Callable | None) -> rx.Component:
    """A block's button; with the appointment plugin it opens the appointment widget."""
    plain = _link_button(block.button_label, block.button_href, block.button_variant,
                         block.button_size)
    if on_appointment is not None:
        plain = rx.cond(
            block.button_appointment,
            _link_button(block.button_label, block.button_href, block.button_variant,
                         block.button_size, appointment=block.appointment,
                         on_appointment=on_appointment),
            plain,
        )
    return rx.cond(block.button_href != "", plain)


def _title(text: rx.Var, size: str = "6") -> rx.Component:
    return rx.cond(text != "", rx.heading(text, as_="h2", size=size))


def _image(src: rx.Var, alt: rx.Var, ratio: str = "16 / 9", fit: str = "cover") -> rx.Component:
    """A picture with a fixed shape, so nothing moves while it loads."""
    return rx.cond(
        src != "",
        rx.box(
            rx.image(src=src, alt=alt, width="100%", height="100%", object_fit=fit,
                     loading="lazy"),
            aspect_ratio=ratio,
            background_color=rx.color("gray", 3),
            width="100%",
        ),
    )


def hero(block: rx.Var, on_appointment: Callable | None = None) -> rx.Component:
    return rx.box(
        _image(block.image, block.image_alt, ratio="21 / 9"),
        rx.vstack(
            _title(block.title, size="8"),
            rx.cond(block.text != "", rx.text(block.text, size="5")),
            _button(block, on_appointment),
            class_name="cms-hero__text",
            spacing="3",
        ),
        class_name="cms-hero",
    )


def hero_carousel(block: rx.Var, locale: str) -> rx.Component:
    """Slides side by side in a scroll-snapping strip: swipe, scroll or tab through them."""
    return rx.el.section(
        rx.el.ul(
            rx.foreach(
                block.parts,
                lambda slide, index: rx.el.li(
                    _image(slide.image, slide.image_alt, ratio="21 / 9"),
                    rx.vstack(
                        rx.heading(slide.title, as_="h2", size="7"),
                        rx.text(slide.text, size="4"),
                        rx.cond(slide.href != "", _link_button(slide.label, slide.href)),
                        class_name="cms-hero__text",
                        spacing="3",
                    ),
                    class_name="cms-hero cms-carousel__slide",
                    aria_roledescription="slide",
                    aria_label=(index + 1).to_string() + " / " + block.parts.length().to_string(),
                ),
            ),
            class_name="cms-carousel",
        ),
        width="100%",  # a stack item is as wide as its content: the strip must not be
        aria_roledescription="carousel",
        aria_label=gettext(locale, "Highlights", DOMAIN),
    )


def card_grid(block: rx.Var, pages_label: str, on_appointment: Callable | None = None
              ) -> rx.Component:
    """Card grids, latest articles, the news list (with pages), brand logos, models."""
    return rx.el.section(
        _title(block.title),
        rx.cond((block.text != "") & (block.cards_html != ""),
                rx.text(block.text, size="4", color=rx.color("gray", 11))),
        rx.cond(
            block.cards_html != "",
            rx.html(block.cards_html, class_name=["cms-grid", "cms-grid--" + block.style],
                    style={"--cms-columns": block.columns},
                    custom_attrs={"onClick": FOLLOW_IN_APP}),
            rx.text(block.text, size="3", role="status"),
        ),
        rx.cond(block.pages.length() > 0, pagination(block.pages, pages_label)),
        _button(block, on_appointment),
        class_name="cms-section",
    )


def content_image(block: rx.Var, on_appointment: Callable | None = None) -> rx.Component:
    """Rich text, with an image beside it (left or right) or above it."""
    return rx.el.section(
        rx.cond(block.image != "",
                rx.box(_image(block.image, block.image_alt, ratio="4 / 3"),
                       class_name="cms-text__media")),
        rx.vstack(
            _title(block.title),
            rx.html(block.html, class_name="cms-rich-text"),
            _button(block, on_appointment),
            spacing="3",
            class_name="cms-text__body",
        ),
        class_name=rx.cond(block.image != "", "cms-text cms-text--" + block.image_position,
                           "cms-text"),
    )


def image_gallery(block: rx.Var) -> rx.Component:
    """A grid of pictures, or a swipeable strip (``style`` slider)."""
    return rx.el.section(
        _title(block.title),
        rx.el.ul(
            rx.foreach(block.parts,
                       lambda item: rx.el.li(_image(item.image, item.image_alt, ratio="4 / 3"))),
            class_name="cms-gallery cms-gallery--" + block.style,
            tab_index=0,
        ),
        class_name="cms-section",
        data_testid="gallery",
    )


def video(block: rx.Var, playing: rx.Var, on_play: Callable) -> rx.Component:
    """Our own video file, or another host's player loaded only once the visitor asks."""
    external = rx.cond(
        playing.contains(block.uid),
        rx.el.iframe(src=block.src, title=block.title, allow="autoplay; fullscreen",
                     allow_full_screen=True, class_name="cms-video__frame"),
        rx.el.button(
            rx.cond(block.image != "", rx.image(src=block.image, alt="", loading="lazy",
                                                class_name="cms-video__poster")),
            rx.hstack(rx.icon("circle-play", size=28, aria_hidden="true"),
                      rx.text(block.button_label, size="3"), align="center"),
            type="button",
            on_click=on_play(block.uid),
            class_name="cms-video__placeholder",
        ),
    )
    return rx.el.section(
        _title(block.title),
        rx.cond(block.text != "", rx.text(block.text, size="3")),
        rx.box(
            rx.cond(
                block.provider == "",
                rx.el.video(src=block.src, poster=block.image, controls=True, preload="none",
                            title=block.title, class_name="cms-video__frame"),
                external,
            ),
            class_name="cms-video",
        ),
        class_name="cms-section",
    )


def iframe(block: rx.Var) -> rx.Component:
    """An embedded page or form (``iframe`` and ``form`` blocks)."""
    return rx.el.section(
        _title(block.title),
        rx.cond(block.text != "", rx.text(block.text, size="3")),
        rx.el.iframe(src=block.src, title=block.title, loading="lazy", height=block.height,
                     width="100%", referrer_policy="strict-origin-when-cross-origin",
                     sandbox="allow-forms allow-scripts allow-same-origin allow-popups",
                     class_name="cms-embed"),
        class_name="cms-section",
    )


def info_bar(block: rx.Var) -> rx.Component:
    return rx.callout.root(
        rx.callout.icon(rx.icon("info", aria_hidden="true")),
        rx.callout.text(
            block.text,
            rx.cond(block.button_href != "",
                    rx.fragment(" ", rx.link(block.button_label, href=block.button_href))),
        ),
        role="note",
    )


def opening_hours(block: rx.Var) -> rx.Component:
    return rx.el.section(
        _title(block.title, size="5"),
        rx.el.table(
            rx.el.tbody(
                rx.foreach(block.parts, lambda row: rx.el.tr(
                    rx.el.th(row.label, scope="row"),
                    rx.el.td(row.text),
                    rx.el.td(row.meta, color=rx.color("gray", 11)),
                )),
            ),
            class_name="cms-hours",
        ),
        class_name="cms-section",
    )


def call_to_action(block: rx.Var, on_appointment: Callable | None = None) -> rx.Component:
    return rx.el.section(
        _title(block.title),
        rx.cond(block.text != "", rx.text(block.text, size="4")),
        _button(block, on_appointment),
        class_name="cms-section",
    )


def vacancy_list(block: rx.Var, pages_label: str) -> rx.Component:
    """Vacancies as cards, below their filters (branch, department)."""
    return rx.vstack(
        rx.flex(rx.foreach(block.groups, choice_links), gap="1rem 2rem", wrap="wrap",
                data_testid="vacancy-filters"),
        card_grid(block, pages_label),
        spacing="4",
        width="100%",
        data_testid="vacancy-list",
    )


def block(
    record: rx.Var, locale: str, *, playing: rx.Var, on_play: Callable,
    plate: PlateBlockBinding | None = None,
    on_appointment: Callable | None = None,
) -> rx.Component:
    """The component of one block record, marked for the content editor's bridge in a
    preview; the plate block needs its ``plate`` binding, ``on_appointment`` opens the
    site's appointment dialog for buttons with the appointment plugin."""
    return editable(record, rx.match(
        record.kind,
        ("hero", hero(record, on_appointment)),
        ("carousel", hero_carousel(record, locale)),
        ("cards", card_grid(record, gettext(locale, "Pages", DOMAIN), on_appointment)),
        ("text", content_image(record, on_appointment)),
        ("gallery", image_gallery(record)),
        ("video", video(record, playing, on_play)),
        ("embed", iframe(record)),
        ("notice", info_bar(record)),
        ("hours", opening_hours(record)),
        ("action", call_to_action(record, on_appointment)),
        ("reviews", review_summary(record.reviews)),
        ("vacancies", vacancy_list(record, gettext(locale, "Pages", DOMAIN))),
        *([("plate", trade_in_value(record, plate, locale))] if plate else []),
        rx.fragment(),
    ))


def choice_links(group: rx.Var) -> rx.Component:
    """A filter or sort choice as links (the choice lives in the URL)."""
    return rx.el.nav(
        rx.text(group.title, size="2", weight="bold", as_="div"),
        rx.hstack(
            rx.foreach(
                group.parts,
                lambda option: chip_link(option.label, option.href, option.current, "surface"),
            ),
            wrap="wrap",
            spacing="2",
        ),
        aria_label=group.title,
        class_name="cms-choices",
    )


def fact_list(items: rx.Var, heading: str) -> rx.Component:
    """Label and value pairs: key data, prices."""
    return rx.cond(
        items.length() > 0,
        rx.box(
            rx.heading(heading, as_="h2", size="4"),
            rx.el.dl(
                rx.foreach(items, lambda item: rx.fragment(
                    rx.el.dt(item.label),
                    rx.el.dd(
                        rx.cond(item.price != "", rx.text(item.price, size="5", weight="bold",
                                                          as_="span"), item.text),
                        rx.cond(item.meta != "", rx.text(item.meta, size="1", as_="div",
                                                         color=rx.color("gray", 11))),
                    ),
                )),
                class_name="cms-facts",
            ),
        ),
    )


def action_buttons(items: rx.Var) -> rx.Component:
    """The first action as the main button, the others beside it."""
    return rx.flex(
        rx.foreach(
            items,
            lambda item, index: button(
                item.label, to=item.href, full_width=True,
                variant=rx.cond(index == 0, "primary", "secondary"),
                link_props={"target": rx.cond(item.href.startswith("http"), "_blank", "")},
            ),
        ),
        direction="column",
        spacing="2",
    )


def download_list(items: rx.Var, heading: str) -> rx.Component:
    return rx.cond(
        items.length() > 0,
        rx.box(
            rx.heading(heading, as_="h2", size="4"),
            rx.el.ul(
                rx.foreach(items, lambda item: rx.el.li(
                    rx.link(
                        rx.hstack(rx.icon("file-down", size=18, aria_hidden="true"),
                                  rx.text(item.title), rx.badge(item.label, variant="soft"),
                                  align="center", spacing="2"),
                        href=item.href,
                        download=True,
                        custom_attrs=tracked("download", file=item.href),
                    ),
                )),
                class_name="cms-downloads",
            ),
        ),
    )


def default_layout(header: rx.Component, body: rx.Component) -> rx.Component:
    return rx.vstack(header, body, spacing="6", width="100%")


def narrow_layout(header: rx.Component, body: rx.Component) -> rx.Component:
    """One reading column, for long text."""
    return rx.vstack(header, body, spacing="6", width="100%", max_width="46rem",
                     margin_x="auto")


LAYOUTS: dict[str, Callable[[rx.Component, rx.Component], rx.Component]] = {
    "default": default_layout,
    "narrow": narrow_layout,
}


def layout(name: rx.Var, build: Callable[[], tuple[rx.Component, rx.Component]]) -> rx.Component:
    """The layout a story names; ``build`` gives fresh header and body components."""
    return rx.match(
        name,
        *((key, render(*build())) for key, render in LAYOUTS.items() if key != "default"),
        default_layout(*build()),
    )
