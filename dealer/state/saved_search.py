"""Saving the stock overview's search for e-mail alerts."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import reflex as rx

from dealer.alerts.store import save_search, wake_alerts
from dealer.db import get_engine
from dealer.forms.definitions import SAVED_SEARCH, bounded_value, form_errors
from dealer.leads.store import RateLimitedError, client_key
from dealer.settings import get_settings
from dealer.state.request import page_request
from dealer.views.stock import Scope


class SavedSearchState(rx.State):
    email: str = ""
    frequency: str = "digest"
    consent: bool = False
    errors: dict[str, str] = {}  # noqa: RUF012 - Reflex copies state defaults per session
    sent: bool = False

    @rx.event
    def set_email(self, value: str) -> None:
        self.email = bounded_value(SAVED_SEARCH.field("email"), value)

    @rx.event
    def set_frequency(self, value: str) -> None:
        self.frequency = value if value in ("digest", "instant") else "digest"

    @rx.event
    def set_consent(self, value: bool) -> None:
        self.consent = value is True

    @rx.event(background=True)
    async def save(self, form_data: dict[str, Any]):
        async with self:
            request = page_request(self)
            raw = form_data if isinstance(form_data, dict) else {}
            # The address from the form itself: typed before the app took over, it is
            # in the input but not yet in any event.
            email = bounded_value(SAVED_SEARCH.field("email"), raw.get("email")) or self.email
            values = {"email": email,
                      "frequency": self.frequency, "consent": self.consent}
            errors = {name: error.message for name, error in
                      form_errors(SAVED_SEARCH, values, request.locale).items()
                      if error.blocking}
            self.errors = errors
            if errors:
                return
            client = client_key(self.router.session.client_ip)
        try:
            await asyncio.to_thread(
                save_search, get_engine(), get_settings(), email=values["email"],
                locale=request.locale, params=request.query, mode=values["frequency"],
                now=dt.datetime.now(dt.UTC), scope=Scope.of(request.screen, request.params),
                client=client)
        except RateLimitedError as error:  # what was typed stays in the form
            async with self:
                self.errors = error.errors
            return
        wake_alerts()
        async with self:
            self.sent = True
