"""Language switching: the counterpart of the current page, naming the choice (the
server stores it in the locale cookie, dealer/web/server.py)."""

from __future__ import annotations

import reflex as rx

from dealer.i18n import LOCALES, chosen_language_href
from dealer.state.request import page_request
from dealer.views.content import translated_path


class LocaleState(rx.State):
    @rx.var
    async def switch_href(self) -> str:
        """The current page in the other language, with its query string; content pages
        and articles by their translated slug."""
        url = self.router.url
        request = page_request(self)
        other = next(locale for locale in LOCALES if locale != request.locale)
        target = await translated_path(request, other)
        return chosen_language_href(f"{target}?{url.query}" if url.query else target, other)
