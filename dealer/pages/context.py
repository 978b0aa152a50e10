"""What a page knows at compile time (its locale, screen and fixed URL parts), and the
record a page module gives the route table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import reflex as rx

from dealer.i18n import LOCALES, gettext
from dealer.routes import Route
from dealer.web.seo import page_title


@dataclass(frozen=True)
class PageContext:
    locale: str
    route: Route
    fixed: dict[str, str] = field(default_factory=dict)  # e.g. the brand of brand pages

    @property
    def screen(self) -> str:
        return self.route.screen

    @property
    def other_locale(self) -> str:
        return next(locale for locale in LOCALES if locale != self.locale)

    @property
    def static_path(self) -> str | None:
        """The page's path when the route has no free parameters (known at build time)."""
        free = [name for name in self.route.params if name not in self.fixed]
        return None if free else self.route.build(self.fixed)


@dataclass(frozen=True)
class Page:
    """What the route table's ``page`` names: how a screen is built, loaded and titled."""

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
