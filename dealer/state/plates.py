"""The 'what is my car worth' content block: the visitor's plate and its lookup."""

from __future__ import annotations

import reflex as rx

from dealer import params
from dealer.forms.messages import DOMAIN
from dealer.i18n import gettext
from dealer.plates.plates import MAX_INPUT
from dealer.state.request import page_request
from dealer.views.plates import LOOKING_UP, look_up


class PlateState(rx.State):
    plate_text: str = ""
    status: str = ""  # "", loading, or a LookupState of dealer.plates.lookup
    message: str = ""
    vehicle: str = ""
    valuation_href: str = ""
    _looked_up: str = ""  # the text of the latest lookup

    @rx.event
    def set_plate(self, value: str) -> None:
        self.plate_text = params.text(value, MAX_INPUT)

    @rx.event(background=True)
    async def look_up(self):
        """Look the typed plate up (leaving the field, Enter or the button); an answer
        for an older text is dropped."""
        async with self:
            text, locale = self.plate_text, page_request(self).locale
            visitor = self.router.session.client_ip
            if not text.strip() or (self.status == "loading" and text == self._looked_up):
                return
            self._looked_up, self.status = text, "loading"
            self.message = gettext(locale, LOOKING_UP, DOMAIN)
        view, _record = await look_up(text, locale, visitor)
        async with self:
            if self._looked_up == text:
                self.status, self.message, self.vehicle = view.state, view.message, view.vehicle
                self.valuation_href = view.valuation_href
