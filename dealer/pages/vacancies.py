"""A vacancy (/vacatures/{vacancy}, /de/stellenangebote/{vacancy}): the job, its facts and
the way to apply. The list is a content page (block ``vacancy_list``)."""

from __future__ import annotations

import reflex as rx

from dealer.components.button import button
from dealer.components.errors import named_error
from dealer.components.layout import breadcrumbs
from dealer.i18n import gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.state.vacancies import VacancyState


def _facts(detail: rx.Var) -> rx.Component:
    return rx.el.dl(
        rx.foreach(detail.facts,
                   lambda fact: rx.fragment(rx.el.dt(fact.label), rx.el.dd(fact.value))),
        class_name="facts",
        data_testid="vacancy-facts",
    )


def _apply(locale: str, detail: rx.Var) -> rx.Component:
    return button(gettext(locale, "Apply for this job"), to=detail.apply_href)


def detail_view(locale: str) -> rx.Component:
    detail = VacancyState.detail
    return rx.vstack(
        breadcrumbs(locale, detail.breadcrumbs),
        rx.heading(detail.heading, as_="h1", size="8"),
        rx.text(detail.teaser, size="5"),
        rx.grid(
            rx.vstack(
                rx.html(detail.html, class_name="cms-rich-text"),
                _apply(locale, detail),
                spacing="5",
                width="100%",
            ),
            rx.vstack(
                _facts(detail),
                rx.cond(detail.branch_href != "",
                        rx.link(gettext(locale, "More about this branch"),
                                href=detail.branch_href)),
                _apply(locale, detail),
                spacing="4",
                padding="1rem",
                class_name="vacancy-aside",
            ),
            columns=rx.breakpoints(initial="1", md="3fr 2fr"),
            spacing="6",
            align_items="start",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


def page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    return framed(
        ctx,
        for_current_url(
            VacancyState.loaded_path,
            rx.cond(
                VacancyState.failed_text != "",
                rx.callout(VacancyState.failed_text, icon="triangle-alert", color_scheme="red",
                           role="alert"),
                rx.cond(VacancyState.found, detail_view(locale),
                        named_error("vacancy_not_found", locale)),
            ),
            locale,
        ),
    )


PAGE = Page(page, VacancyState.load, VacancyState.title)
