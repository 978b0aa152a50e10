"""The chat assistant's panel: its state (SPEC §4: loading, ready, error, fallback), the
conversation and the hand-over form.

The conversation is bounded: at most ``MAX_MESSAGES`` lines (the oldest drop off) of at
most ``MAX_TEXT`` characters each; everything the browser sends is cut by
``params.text`` first. The transcript the dealer receives is the same visible lines.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from typing import Any

import reflex as rx

from dealer import params
from dealer.chat import assistant
from dealer.chat.assistant import VISITOR, Message
from dealer.chat.understand import MAX_TEXT
from dealer.forms.definitions import CHECKED, FORM_ERROR, bounded_value, get_form
from dealer.i18n import N_, gettext
from dealer.leads.outbox import wake_outbox
from dealer.leads.store import LeadRejectedError, client_key
from dealer.state.request import page_request

logger = logging.getLogger(__name__)

MAX_MESSAGES = 30
# How long the assistant may take to open, and how long 'could not open' shows before
# the fallback (phone, email, contact form) takes its place.
OPEN_TIMEOUT_S = 8.0
ERROR_SHOWN_S = 2.0
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_VEHICLE_SCREENS = ("vehicle", "brand_vehicle")

NOT_ANSWERED = N_("Sorry, I cannot answer that right now. Please try again, or leave your "
                  "details and a colleague will contact you.")
NOT_STORED = N_("Your details could not be sent because of a problem on our side. Please "
                "try again in a moment.")


class ChatState(rx.State):
    is_open: bool = False
    status: str = "closed"  # closed | loading | ready | error | fallback
    messages: list[Message] = []  # noqa: RUF012 - Reflex copies state defaults per session
    draft: str = ""
    answering: bool = False
    # The contact form the conversation offers: "" | handover | test_drive.
    offer: str = ""
    contact_values: dict[str, str] = {}  # noqa: RUF012
    contact_errors: dict[str, str] = {}  # noqa: RUF012
    contact_failure: str = ""
    sending: bool = False
    sent: bool = False
    # The fallback's ways to reach the dealer.
    phone: str = ""
    phone_href: str = ""
    email: str = ""
    email_href: str = ""
    form_href: str = ""
    _test_drive: str = ""  # the vehicle whose test drive opened the chat (slug)
    _shown: str = ""  # the vehicle the last stock answer showed first
    _idempotency_key: str = ""

    @property
    def _locale(self) -> str:
        return page_request(self).locale

    def _vehicle(self) -> str:
        """The vehicle talked about: the test drive's, the page's, else the last shown."""
        request = page_request(self)
        page = request.params.get("vehicle", "") if request.screen in _VEHICLE_SCREENS else ""
        return self._test_drive or page or self._shown

    def _add(self, message: Message) -> None:
        self.messages = [*self.messages, message][-MAX_MESSAGES:]
        if message.offer:
            self.offer = message.offer
        if message.vehicle:
            self._shown = message.vehicle

    # --- opening ------------------------------------------------------------------------

    @rx.event
    def open_chat(self):
        self.is_open = True
        if self.status in ("closed", "error", "fallback"):
            self.status = "loading"
            return ChatState.start
        return None

    @rx.event
    def open_test_drive(self, vehicle: str):
        """The test drive action of a vehicle whose deal type asks for the chat."""
        slug = params.text(vehicle, 200)
        if _SLUG.fullmatch(slug) and slug != self._test_drive:
            self._test_drive = slug
            self.messages, self.offer, self.sent = [], "", False
            self.status = "closed"
        return ChatState.open_chat

    @rx.event
    def close_chat(self) -> None:
        self.is_open = False

    @rx.event(background=True)
    async def start(self):
        async with self:
            locale, vehicle = self._locale, self._test_drive or None
        try:
            first = await asyncio.wait_for(asyncio.to_thread(
                assistant.greeting, locale, vehicle_slug=vehicle), OPEN_TIMEOUT_S)
        except Exception:  # the visitor sees the chat's error state, then the fallback
            logger.exception("the chat assistant could not open")
            async with self:
                self.status = "error"
            contact = await assistant.contact(locale)
            await asyncio.sleep(ERROR_SHOWN_S)
            async with self:
                self.phone, self.phone_href = contact.phone, contact.phone_href
                self.email, self.email_href = contact.email, contact.email_href
                self.form_href = contact.form_href
                self.status = "fallback"
            return
        async with self:
            if not self.messages:
                self._add(first)
            self.status = "ready"

    # --- the conversation ---------------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        self.draft = params.text(value, MAX_TEXT)

    @rx.event(background=True)
    async def send(self, _form_data: dict[str, Any] | None = None):
        async with self:
            question = " ".join(self.draft.split())
            if not question or self.status != "ready" or self.answering:
                return
            self.draft = ""
            self.answering = True
            self._add(Message(VISITOR, question))
            locale, vehicle = self._locale, self._vehicle()
        try:
            reply = await asyncio.to_thread(assistant.answer, question, locale,
                                            vehicle_slug=vehicle or None)
        except Exception:  # a question never breaks the conversation
            logger.exception("the chat assistant could not answer")
            reply = assistant.not_understood(locale)
            reply.text = gettext(locale, NOT_ANSWERED)
        async with self:
            self._add(reply)
            self.answering = False

    # --- hand-over ----------------------------------------------------------------------

    @rx.event
    def set_contact(self, name: str, value: str | bool) -> None:
        form = get_form(self._form_id())
        if name in form.names:
            checked = CHECKED if value is True else ""
            self.contact_values = {**self.contact_values, name: checked if isinstance(
                value, bool) else bounded_value(form.field(name), value)}

    def _form_id(self) -> str:
        return assistant.TEST_DRIVE_FORM if self.offer == "test_drive" else \
            assistant.HANDOVER_FORM

    @rx.event(background=True)
    async def submit_contact(self, _form_data: dict[str, Any] | None = None):
        async with self:
            if self.sending or self.sent or not self.offer:
                return
            self.sending, self.contact_failure = True, ""
            self._idempotency_key = self._idempotency_key or secrets.token_urlsafe(24)
            locale = self._locale
            request = {
                "values": dict(self.contact_values),
                "messages": list(self.messages),
                "locale": locale,
                "source_page": self.router.url.path,
                "client_key": client_key(self.router.session.client_ip),
                "idempotency_key": self._idempotency_key,
                "vehicle_slug": (self._vehicle() or None) if self.offer == "test_drive" else None,
            }
        try:
            await asyncio.to_thread(lambda: assistant.hand_over(**request))
        except LeadRejectedError as rejected:
            async with self:
                self.sending = False
                self.contact_errors = {k: v for k, v in rejected.errors.items()
                                       if k != FORM_ERROR}
                self.contact_failure = rejected.errors.get(FORM_ERROR, "")
            return
        except Exception:
            logger.exception("a chat hand-over could not be stored")
            async with self:
                self.sending = False
                self.contact_failure = gettext(locale, NOT_STORED)
            return
        wake_outbox()
        async with self:
            self.sending, self.sent = False, True
            self.contact_errors = {}
            self._idempotency_key = ""
            self._add(Message(assistant.ASSISTANT, gettext(
                locale, "Thank you! A colleague will contact you soon.")))
            self.offer = ""
