"""What a page knows at compile time: its locale, screen and fixed URL parts."""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer.i18n import LOCALES
from dealer.routes import Route


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
