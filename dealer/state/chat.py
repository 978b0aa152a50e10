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
from dealer.consent import CONSENT_COOKIE
from dealer.forms.definitions import FORM_ERROR, bounded_value, get_form
from dealer.i18n import N_, gettext
from dealer.javascript import script
from dealer.leads.sending import send_lead
from dealer.routes import screens_showing
from dealer.settings import get_settings
from dealer.state.request import lead_origin, page_request

logger = logging.getLogger(__name__)

MAX_MESSAGES = 30
# How long the assistant may take to open, and how long 'could not open' shows before
# the fallback (phone, email, contact form) takes its place.
OPEN_TIMEOUT_S = 8.0
ERROR_SHOWN_S = 2.0
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_VEHICLE_SCREENS = screens_showing("vehicle:PAGE")

NOT_ANSWERED = N_("Sorry, I cannot answer that right now. Please try again, or leave your "
                  "details and a colleague will contact you.")
NOT_STORED = N_("Your details could not be sent because of a problem on our side. Please "
                "try again in a moment.")


# Loads the outside provider's script once, after the visitor allowed 'functional'
# cookies (the panel asks meanwhile), and tells it the visitor opened the chat; answers
# "ready" or "error".
PROVIDER_SCRIPT = script(__file__, "chat_provider", cookie=CONSENT_COOKIE,
                         timeout_ms=int(OPEN_TIMEOUT_S * 1000))
FOCUS_BUBBLE = "document.querySelector('[data-testid=chat-bubble]')?.focus()"


class ChatState(rx.State):
    is_open: bool = False
    status: str = "closed"  # closed | loading | ready | error | fallback
    messages: list[Message] = []  # noqa: RUF012 - Reflex copies state defaults per session
    answering: bool = False
    # The contact form the conversation offers: "" | handover | test_drive.
    offer: str = ""
    contact_errors: dict[str, str] = {}  # noqa: RUF012
    contact_failure: str = ""
    sending: bool = False
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
        if get_settings().chat_provider_script:
            self.status = "loading"
            return rx.call_script(PROVIDER_SCRIPT, callback=ChatState.provider_answered)
        if self.status in ("closed", "error", "fallback"):
            self.status = "loading"
            return ChatState.start
        return None

    @rx.event
    def toggle_chat(self):
        return ChatState.close_chat if self.is_open else ChatState.open_chat

    @rx.event
    def open_test_drive(self, vehicle: str):
        """The test drive action of a vehicle whose deal type asks for the chat."""
        slug = params.text(vehicle, 200)
        if _SLUG.fullmatch(slug) and slug != self._test_drive:
            self._test_drive = slug
            self.messages, self.offer = [], ""
            self.status = "closed"
        return ChatState.open_chat

    @rx.event
    def close_chat(self):
        self.is_open = False
        return rx.call_script(FOCUS_BUBBLE)

    @rx.event
    def provider_answered(self, result: str):
        if result == "ready":
            self.status, self.is_open = "ready", False  # the provider's window takes over
            return None
        return ChatState.fail

    @rx.event(background=True)
    async def start(self):
        async with self:
            locale, vehicle = self._locale, self._test_drive or None
        try:
            first = await asyncio.wait_for(asyncio.to_thread(
                assistant.greeting, locale, vehicle_slug=vehicle), OPEN_TIMEOUT_S)
        except Exception:  # the visitor sees the chat's error state, then the fallback
            logger.exception("the chat assistant could not open")
            return ChatState.fail
        async with self:
            if not self.messages:
                self._add(first)
            self.status = "ready"
        return None

    @rx.event(background=True)
    async def fail(self):
        """'Could not be opened' for a moment, then the other ways to reach us."""
        async with self:
            self.status = "error"
            locale = self._locale
        contact = await assistant.contact(locale)
        await asyncio.sleep(ERROR_SHOWN_S)
        async with self:
            self.phone, self.phone_href = contact.phone, contact.phone_href
            self.email, self.email_href = contact.email, contact.email_href
            self.form_href = contact.form_href
            self.status = "fallback"

    # --- the conversation ---------------------------------------------------------------

    @rx.event(background=True)
    async def send(self, form_data: dict[str, Any]):
        question = " ".join(params.text(form_data.get("question") if isinstance(
            form_data, dict) else None, MAX_TEXT).split())
        async with self:
            if not question or self.status != "ready" or self.answering:
                return
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

    @rx.event(background=True)
    async def submit_contact(self, form_data: dict[str, Any]):
        async with self:
            if self.sending or not self.offer:
                return
            form = get_form(assistant.TEST_DRIVE_FORM if self.offer == "test_drive"
                            else assistant.HANDOVER_FORM)
            data = form_data if isinstance(form_data, dict) else {}
            values = {name: bounded_value(form.field(name), data.get(name))
                      for name in form.names if name != assistant.TRANSCRIPT_FIELD}
            self.sending, self.contact_failure = True, ""
            self._idempotency_key = self._idempotency_key or secrets.token_urlsafe(24)
            locale = self._locale
            request = {
                "values": values,
                "messages": list(self.messages),
                "locale": locale,
                **lead_origin(self),
                "idempotency_key": self._idempotency_key,
                "vehicle_slug": (self._vehicle() or None) if self.offer == "test_drive" else None,
            }
        outcome = await send_lead(lambda: assistant.hand_over(**request), "a chat hand-over")
        async with self:
            self.sending = False
            if outcome.refused is not None:  # the fields' errors under the fields
                errors = outcome.refused.errors
                self.contact_errors = {k: v for k, v in errors.items() if k != FORM_ERROR}
                self.contact_failure = errors.get(FORM_ERROR, "")
                return
            if not outcome.stored:
                self.contact_failure = gettext(locale, NOT_STORED)
                return
            self.offer, self.contact_errors = "", {}
            self._idempotency_key = ""
            self._add(Message(assistant.ASSISTANT, gettext(
                locale, "Thank you! A colleague will contact you soon.")))
