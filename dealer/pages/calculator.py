"""Lease and finance calculator of a vehicle (/voorraad/{vehicle}/lease-calculator,
/de/angebote/{vehicle}/leasingrechner and per brand)."""

from __future__ import annotations

import reflex as rx

from dealer.components.button import button
from dealer.components.calculator import choice_control, figure_list, monthly_chart, notes
from dealer.components.errors import vehicle_not_found
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.state.calculator import CalculatorState as S
from dealer.views.stock import stock_path


def _panel(locale: str) -> rx.Component:
    controls = rx.vstack(
        rx.text(S.hint, size="2", color=rx.color("gray", 11)),
        rx.foreach(S.controls, lambda control: choice_control(control, S.type_value, S.commit)),
        rx.cond(
            S.business,
            rx.el.label(
                rx.switch(checked=S.vat_included, on_change=S.set_vat_included),
                rx.text(gettext(locale, "Show amounts including VAT"), size="2"),
                class_name="calc-switch",
            ),
        ),
        spacing="4",
        width="100%",
    )
    result = rx.vstack(
        rx.box(
            rx.text(S.headline, size="7", weight="bold", data_testid="calc-headline"),
            rx.text(S.headline_note, size="2", color=rx.color("gray", 11)),
            role="status",
            aria_live="polite",
        ),
        figure_list(S.figures),
        button(S.request_label, to=S.request_href, full_width=True, data_testid="calc-request"),
        spacing="4",
        width="100%",
        class_name="calc-result",
    )
    return rx.vstack(
        rx.grid(controls, result, columns=rx.breakpoints(initial="1", md="2"), spacing="6",
                width="100%"),
        rx.cond(S.chart != "",
                monthly_chart(gettext(locale, "Monthly amount by contract duration"), S.chart)),
        notes(S.example, S.disclaimers),
        spacing="6",
        width="100%",
        padding_top="1.5rem",
    )


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    stock = stock_path(locale, ctx.fixed.get("brand"))
    calculator = rx.vstack(
        rx.hstack(
            rx.cond(S.view.photo != "", rx.image(src=S.view.photo, alt="", width="120px",
                                             aspect_ratio="4 / 3", object_fit="cover")),
            rx.vstack(
                rx.heading(S.view.heading, as_="h1", size=rx.breakpoints(initial="6", md="7"),
                           class_name="break-anywhere"),
                rx.link(gettext(locale, "Back to the vehicle"), href=S.view.vehicle_href, size="2"),
                spacing="1",
                min_width="0",  # lets the heading wrap instead of widening the page
            ),
            align="center",
            spacing="4",
            width="100%",
        ),
        rx.tabs.root(
            rx.tabs.list(
                rx.foreach(S.view.deals,
                           lambda deal: rx.tabs.trigger(deal.label, value=deal.value)),
                aria_label=gettext(locale, "Acquisition type"),
                wrap="wrap",
            ),
            rx.foreach(S.view.deals,
                       lambda deal: rx.tabs.content(_panel(locale), value=deal.value)),
            value=S.deal,
            on_change=S.choose_deal,
            width="100%",
        ),
        spacing="4",
        width="100%",
    )
    return framed(
        ctx,
        for_current_url(S.loaded_path,
                        rx.cond(S.found, calculator, vehicle_not_found(locale, stock)), locale),
    )


PAGE = Page(page, S.load, S.title)
