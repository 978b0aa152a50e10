"""The page frame: skip link, loading bar, header, navigation, footer, sticky contact.

Functions of values and handlers only: the page modules pass in the locale,
the language-switch target, and the live counters.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import reflex as rx

from dealer import styles
from dealer.components.button import button
from dealer.components.consent import open_preferences
from dealer.components.html_parts import frame_part
from dealer.components.sheet import side_sheet
from dealer.i18n import LANGUAGE_NAMES, gettext
from dealer.javascript import script
from dealer.navigation import other_locales, top_nav
from dealer.pageinfo import MAIN_ID, Link
from dealer.routes import path_for
from dealer.settings import get_settings
from dealer.shortlists import COMPARE, COUNT_OF, FAVOURITES

# The skip link moves focus into the main content itself: the router would otherwise
# treat "#main-content" as a navigation and leave focus on the link.
SKIP_TO_MAIN = rx.Var(script(__file__, "skip_to_main", main_id=MAIN_ID))


def skip_link(locale: str) -> rx.Component:
    return rx.el.a(
        gettext(locale, "Skip to content"),
        href=f"#{MAIN_ID}",
        class_name="skip-link",
        custom_attrs={"onClick": SKIP_TO_MAIN},
    )


def loading_bar(is_loading: rx.Var[bool]) -> rx.Component:
    """A thin bar at the top while a page change loads (timings in styles)."""
    return rx.box(
        class_name=rx.cond(is_loading, "loading-bar loading-bar--active", "loading-bar"),
        role="progressbar",
        aria_hidden="true",
    )


def logo(locale: str) -> rx.Component:
    return rx.link(
        rx.hstack(
            rx.image(src="/logo.svg", alt="", width="36px", height="36px"),
            rx.text(get_settings().site_name, weight="bold", size="4", color=rx.color("gray", 12)),
            align="center",
            spacing="2",
        ),
        href=path_for("content", locale),
        aria_label=gettext(locale, "{site} home", site=get_settings().site_name),
    )


def language_switcher(locale: str, switch_href: rx.Var[str] | str) -> rx.Component:
    """Links to the same page in each other language. The link names the choice and loads
    the page anew: the server remembers the choice in the cookie (SPEC §4), whether or not
    the app has taken over yet."""
    return rx.hstack(
        rx.icon("globe", size=16, aria_hidden="true"),
        *[
            rx.link(
                LANGUAGE_NAMES[other],
                href=switch_href,
                lang=other,
                custom_attrs={"hreflang": other},
                reload_document=True,
                size="2",
                data_testid="language-switch",
            )
            for other in other_locales(locale)
        ],
        align="center",
        spacing="1",
    )


def counter_link(label: str, href: str, icon: str, count: rx.Var[int], stored_as: str,
                 counted: rx.Var[bool]) -> rx.Component:
    """A header link with a live count; on a phone only the icon and the count show, and
    the label stays in the link's name (read out as 'Vergelijken 2', not as '2').

    Before the app has the visitor's lists (kept in the browser under ``stored_as``), the
    served page counts them itself (web/scripts/served_lists.js): the app takes that
    count over as it stands, and draws its own once ``counted``."""
    return rx.link(
        rx.hstack(
            rx.icon(icon, size=18, aria_hidden="true"),
            rx.text(label, class_name="visually-hidden-on-phone"),
            rx.badge(count, variant="solid", radius="full",
                     key=rx.cond(counted, "counted", "served"),
                     custom_attrs={COUNT_OF: stored_as, "suppressHydrationWarning": True}),
            align="center",
            spacing="1",
        ),
        href=href,
        color_scheme="gray",
        high_contrast=True,
        size="2",
    )


def mobile_menu(locale: str) -> rx.Component:
    return rx.box(
        side_sheet(
            rx.icon_button(rx.icon("menu"), variant="ghost", size="3",
                           aria_label=gettext(locale, "Open menu")),
            gettext(locale, "Main menu"),
            gettext(locale, "Close menu"),
            rx.el.nav(
                frame_part(locale, "mobile", class_name="site-mobile-menu"),
                aria_label=gettext(locale, "Main menu"),
            ),
            max_width="320px",
        ),
        display=["block", "block", "none"],
    )


def header(
    locale: str,
    *,
    switch_href: rx.Var[str] | str,
    compare_count: rx.Var[int],
    favourite_count: rx.Var[int],
    counted: rx.Var[bool],
) -> rx.Component:
    """``counted``: the counts are the app's (it has the visitor's lists)."""
    compare, favourites = top_nav(locale)[:2]
    return rx.el.header(
        skip_link(locale),
        rx.box(
            page_row(
                language_switcher(locale, switch_href),
                frame_part(locale, "top", class_name="site-top-row__nav"),
                frame_part(locale, "info", class_name="site-top-row__info"),
                counter_link(compare.label, compare.href, "git-compare-arrows", compare_count,
                             COMPARE.stored_as, counted),
                counter_link(favourites.label, favourites.href, "heart", favourite_count,
                             FAVOURITES.stored_as, counted),
                spacing="4",
                padding_y="0.25rem",
            ),
            background_color=rx.color("gray", 2),
            border_bottom=f"1px solid {rx.color('gray', 4)}",
        ),
        once_per_locale(main_bar, locale)(),
        style=styles.header_style,
    )


def main_bar(locale: str) -> rx.Component:
    """Logo, main navigation and the phone menu: the same on every page of a locale."""
    return page_row(
        mobile_menu(locale),
        logo(locale),
        rx.spacer(),
        rx.el.nav(
            frame_part(locale, "main"),
            aria_label=gettext(locale, "Main menu"),
            display=["none", "none", "block"],
        ),
        spacing="3",
        padding_y="0.75rem",
    )


def page_row(*children: rx.Component, **props: Any) -> rx.Component:
    """A row as wide as the page's content column, centred."""
    return rx.hstack(*children, align="center", max_width=styles.PAGE_MAX_WIDTH,
                     margin="0 auto", padding_x=styles.PAGE_PADDING_X, **props)


def breadcrumbs(locale: str, trail: list[Link] | rx.Var) -> rx.Component:
    """Breadcrumbs (behind the breadcrumbs flag); the last item is the current page."""
    if not get_settings().feature_breadcrumbs:
        return rx.fragment()
    return rx.el.nav(
        rx.el.ol(
            rx.foreach(
                trail,
                lambda item: rx.el.li(rx.link(item.label, href=item.href, size="2")),
            ),
            class_name="breadcrumbs",
        ),
        aria_label=gettext(locale, "Breadcrumbs"),
    )


def footer(locale: str) -> rx.Component:
    """The footer the editors set: columns of links, contact, social links."""
    return rx.el.footer(
        frame_part(locale, "footer", max_width=styles.PAGE_MAX_WIDTH, margin="0 auto",
                   padding_x=styles.PAGE_PADDING_X, padding_top="2.5rem", padding_bottom="1rem"),
        # The visitor's cookie choice reopens here (a control of the page, not a link).
        rx.box(
            rx.link(rx.el.button(gettext(locale, "Cookie settings"), type="button",
                                 custom_attrs={"onClick": open_preferences()}),
                    as_child=True, size="2", color_scheme="gray", high_contrast=True,
                    data_testid="cookie-settings"),
            max_width=styles.PAGE_MAX_WIDTH,
            margin="0 auto",
            padding_x=styles.PAGE_PADDING_X,
            padding_bottom="2.5rem",
        ),
        style=styles.footer_style,
        class_name="site-footer",
    )


def sticky_contact(locale: str) -> rx.Component:
    return button(gettext(locale, "Contact"), to=path_for("direct_contact", locale),
                  icon="message-circle", radius="full",
                  class_name="sticky-contact sticky-contact__button")


@functools.cache
def once_per_locale(
    build: Callable[[str], rx.Component], locale: str
) -> Callable[[], rx.Component]:
    """``build(locale)`` compiled once per locale as a shared React component (rx.memo)
    that every page of that locale uses, instead of once per route."""

    def render() -> rx.Component:
        return build(locale)

    render.__name__ = render.__qualname__ = f"{build.__name__}_{locale}"
    return rx.memo(render)


def page_frame(
    locale: str,
    *content: rx.Component,
    switch_href: rx.Var[str] | str,
    is_loading: rx.Var[bool],
    compare_count: rx.Var[int],
    favourite_count: rx.Var[int],
    chat: rx.Component | None = None,
) -> rx.Component:
    return rx.box(
        loading_bar(is_loading),
        header(
            locale,
            switch_href=switch_href,
            compare_count=compare_count,
            favourite_count=favourite_count,
            counted=~is_loading,
        ),
        rx.el.main(
            *content,
            id=MAIN_ID,
            tab_index=-1,  # the skip link's target takes focus
            max_width=styles.PAGE_MAX_WIDTH,
            margin="0 auto",
            padding_x=styles.PAGE_PADDING_X,
            padding_y="1.5rem",
            width="100%",
            # The footer starts below the first screen: the page's data filling in
            # above it moves nothing a visitor sees.
            min_height="100vh",
        ),
        once_per_locale(footer, locale)(),
        sticky_contact(locale),
        chat if chat is not None else rx.fragment(),
    )
