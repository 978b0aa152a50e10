"""The named error screens of SPEC §8, with their words from ``dealer.pageinfo.ERRORS``."""

from __future__ import annotations

import reflex as rx

from dealer import styles
from dealer.components.button import button
from dealer.javascript import script
from dealer.pageinfo import MAIN_ID, error_texts

# A link that loads its page anew instead of moving within the (failed) app.
LOAD_AFRESH = rx.Var(script(__file__, "load_afresh"))


def error_screen(
    title: str | rx.Var, text: str | rx.Var | None, button_label: str | rx.Var,
    button_href: str | rx.Var, *, full_load: bool = False,
) -> rx.Component:
    """``full_load``: the button loads its page afresh (after the app itself failed)."""
    action = (rx.button(rx.el.a(button_label, href=button_href,
                                custom_attrs={"onClick": LOAD_AFRESH}),
                        as_child=True, size="3")
              if full_load else button(button_label, to=button_href))
    return rx.vstack(
        rx.icon("circle-alert", size=40, color=rx.color("accent", 9), aria_hidden="true"),
        rx.heading(title, as_="h1", size="7"),
        rx.text(text, size="4", color=rx.color("gray", 11)) if text is not None else rx.fragment(),
        action,
        align="center",
        text_align="center",
        spacing="4",
        padding_y="4rem",
        data_testid="error-screen",
    )


def named_error(kind: str, locale: str, href: str | None = None, *, brand: str = "",
                brand_name: str = "") -> rx.Component:
    texts = error_texts(kind, locale, href, brand=brand, brand_name=brand_name)
    return error_screen(texts.heading, texts.text or None, texts.button, texts.href)


def something_went_wrong(locale: str) -> rx.Component:
    return named_error("something_went_wrong", locale)


def form_load_failed(locale: str) -> rx.Component:
    return named_error("form_load_failed", locale)


def page_not_found(locale: str) -> rx.Component:
    return named_error("page_not_found", locale)


def broken_link(locale: str) -> rx.Component:
    return named_error("broken_link", locale)


def vehicle_not_found(locale: str, stock_href: str) -> rx.Component:
    return named_error("vehicle_not_found", locale, stock_href)


def vehicle_form_not_found(locale: str) -> rx.Component:
    return named_error("vehicle_form_not_found", locale)


def model_not_found(locale: str, brand: str, brand_name: str) -> rx.Component:
    return named_error("model_not_found", locale, None, brand=brand, brand_name=brand_name)


def location_not_found(locale: str) -> rx.Component:
    return named_error("location_not_found", locale)


def lease_vehicle_not_found(locale: str) -> rx.Component:
    return named_error("lease_vehicle_not_found", locale)


# The page's language as the browser shows it (<html lang> follows the URL).
PAGE_IS_GERMAN = rx.Var("document.documentElement.lang.startsWith('de')").to(bool)


def _app_failed(locale: str) -> rx.Component:
    """The something-went-wrong screen as the whole page, titled 'status - message'."""
    texts = error_texts("something_went_wrong", locale)
    return rx.fragment(
        rx.el.title(f"500 - {texts.heading}"),
        rx.el.main(error_screen(texts.heading, None, texts.button, texts.href, full_load=True),
                   id=MAIN_ID, lang=locale,
                   max_width="40rem", margin="0 auto", padding_x="1rem"),
    )


def app_failed() -> rx.Component:
    """SPEC §8 for everything no page catches: what a drawing error anywhere in the app
    shows, the something-went-wrong page in the page's language (title only, button to
    home), never the error itself (the app's error boundary, ``dealer.dealer``). The
    boundary lies outside every page's theme, so the screen brings the site's own."""
    return rx.theme(
        rx.cond(PAGE_IS_GERMAN, _app_failed("de"), _app_failed("nl")),
        **styles.THEME_PROPS,
    )
