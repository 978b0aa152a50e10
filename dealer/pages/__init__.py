"""Which page module serves which screen of the route table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx

from dealer.i18n import gettext
from dealer.pages import content, stock, upcoming
from dealer.pages.context import PageContext
from dealer.seo import page_title


@dataclass(frozen=True)
class PageSpec:
    build: Callable[[PageContext], rx.Component]
    on_load: Any = None
    # A msgid, a function of the page context, or a Var for titles that depend on data.
    title: str | Callable[[PageContext], str] | rx.Var | None = None

    def title_for(self, ctx: PageContext) -> str | rx.Var:
        if isinstance(self.title, rx.Var):
            return self.title
        if callable(self.title):
            return page_title(self.title(ctx))
        return page_title(gettext(ctx.locale, self.title) if self.title else None)


PAGES: dict[str, PageSpec] = {
    "content": PageSpec(content.page, content.on_load, content.title),
    "stock": PageSpec(stock.page, stock.on_load, stock.heading),
    "brand_stock": PageSpec(stock.page, stock.on_load, stock.heading),
    **{
        screen: PageSpec(upcoming.builder(screen), title=title)
        for screen, title in upcoming.SCREEN_TITLES.items()
    },
}
