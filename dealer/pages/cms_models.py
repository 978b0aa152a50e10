"""A brand's models (/{brand}/modellen) with filters and sorting, and one model."""

from __future__ import annotations

import reflex as rx

from dealer.components.blocks import action_buttons, choice_links, download_list, fact_list
from dealer.i18n import gettext
from dealer.pages.cms_pages import DOMAIN, VIEW, blocks, screen
from dealer.pages.context import Page, PageContext
from dealer.state.cms import CmsState


def models_page(ctx: PageContext) -> rx.Component:
    return screen(ctx, lambda: rx.vstack(
        rx.flex(rx.foreach(VIEW.filters, choice_links), wrap="wrap", spacing="5",
                aria_label=gettext(ctx.locale, "Filters", DOMAIN), role="group"),
        blocks(ctx),
        spacing="5",
        width="100%",
    ))


def model_page(ctx: PageContext) -> rx.Component:
    locale = ctx.locale
    aside = rx.el.aside(
        rx.vstack(
            fact_list(VIEW.prices, gettext(locale, "Prices", DOMAIN)),
            action_buttons(VIEW.actions),
            fact_list(VIEW.facts, gettext(locale, "Key data", DOMAIN)),
            download_list(VIEW.downloads, gettext(locale, "Downloads", DOMAIN)),
            spacing="5",
            width="100%",
        ),
        class_name="cms-model__aside",
    )
    return screen(ctx, lambda: rx.box(blocks(ctx), aside, class_name="cms-model"))


MODELS = Page(models_page, CmsState.load, VIEW.title)
MODEL = Page(model_page, CmsState.load, VIEW.title)
