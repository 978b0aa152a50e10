"""Language switching: the counterpart of the current page and the locale cookie."""

from __future__ import annotations

import reflex as rx

from dealer.i18n import LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES, locale_from_path
from dealer.views.content import translated_path


class LocaleState(rx.State):
    # Written only when the visitor chooses a language (SPEC §4).
    chosen_locale: str = rx.Cookie(
        "", name=LOCALE_COOKIE, path="/", max_age=LOCALE_COOKIE_MAX_AGE, same_site="lax"
    )

    @rx.var
    async def switch_href(self) -> str:
        """The current page in the other language, with its query string; content pages
        and articles by their translated slug."""
        url = self.router.url
        current = locale_from_path(url.path)
        other = next(locale for locale in LOCALES if locale != current)
        target = await translated_path(url.path, other)
        return f"{target}?{url.query}" if url.query else target

    @rx.event
    def choose(self, locale: str) -> None:
        if locale in LOCALES:
            self.chosen_locale = locale
