"""The named error screens of SPEC §8, with their words from ``dealer.pageinfo.ERRORS``."""

from __future__ import annotations

import reflex as rx

from dealer.pageinfo import error_texts


def error_screen(
    title: str | rx.Var, text: str | rx.Var | None, button_label: str | rx.Var,
    button_href: str | rx.Var,
) -> rx.Component:
    return rx.vstack(
        rx.icon("circle-alert", size=40, color=rx.color("accent", 9), aria_hidden="true"),
        rx.heading(title, as_="h1", size="7"),
        rx.text(text, size="4", color=rx.color("gray", 11)) if text is not None else rx.fragment(),
        rx.link(rx.button(button_label, size="3"), href=button_href),
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
