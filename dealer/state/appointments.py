"""The site's own appointment request: the dialog a Button with the appointment plugin
opens, and the appointment page (the same form). The request is stored as a lead through
the outbox (``dealer.leads.store``); the offered times come from the chosen branch's
opening hours (``dealer.appointments.slots``) and are checked again when it is stored.

What the visitor typed and chose is kept in the browser as a draft per set of the Button's
options (``dealer.state.drafts``), with the request's idempotency key: the form starts
from it after a reload, a server restart or an idle expiry (the dialog opens again with
the options of the latest draft when typing reaches a state the server made afresh).
"""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from dealer.appointments.options import (
    DRAFT_PREFIX,
    AppointmentOptions,
    draft_key,
    from_draft_key,
    parse,
)
from dealer.appointments.slots import DEFAULT_CATEGORY
from dealer.forms.definitions import (
    CHECKED,
    bounded_value,
    form_errors,
    get_form,
    initial_values,
)
from dealer.forms.drafts import latest_key
from dealer.forms.messages import DOMAIN
from dealer.i18n import gettext
from dealer.leads.sending import send_lead
from dealer.leads.store import store_lead
from dealer.pageinfo import Choice
from dealer.state.drafts import DraftKeeping, read_drafts
from dealer.state.request import lead_origin, page_request
from dealer.views.appointments import (
    CALENDAR_FILENAMES,
    Branch,
    bookable_range,
    branch_choices,
    calendar_link,
    category_choices,
    find_branch,
    lead_subject,
    load_branches,
    preselected_branch,
    slot_choices,
)
from dealer.views.forms import FIX_FIELDS, not_sent

FORM = get_form("appointment")
# Fields whose errors show as soon as they change (the others: after losing focus).
_SHOWN_WHEN_CHANGED = ("branch", "product_category", "date", "time", "privacy")
_CHANGES_TIMES = ("branch", "product_category", "date")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class AppointmentState(DraftKeeping, rx.State):
    dialog_open: bool = False
    status: str = "loading"  # loading | ready | success
    form_values: dict[str, str] = {}  # noqa: RUF012 - Reflex copies state defaults per session
    touched: dict[str, bool] = {}  # noqa: RUF012
    errors: dict[str, str] = {}  # noqa: RUF012
    submitted: bool = False
    submitting: bool = False
    failure: str = ""
    branches: list[Choice] = []  # noqa: RUF012
    categories: list[Choice] = []  # noqa: RUF012
    category_hidden: bool = False
    times: list[Choice] = []  # noqa: RUF012 - the slots of the chosen branch, category, day
    date_min: str = ""
    date_max: str = ""
    confirmation: str = ""
    calendar_href: str = ""
    calendar_name: str = ""
    _branches: tuple[Branch, ...] = ()
    _make: str = ""
    # The values the options give the form; a draft keeps what differs from them.
    _start: dict[str, str] = {}  # noqa: RUF012 - per-session copy made by Reflex
    _send_when_ready: bool = False  # sent while the form (re)loaded: sent once it is ready

    @property
    def _locale(self) -> str:
        return page_request(self).locale

    def _branch(self) -> Branch | None:
        return find_branch(self._branches, self.form_values.get("branch", ""))

    def _options(self) -> dict[str, list[str]]:
        return {"branch": [branch.slug for branch in self._branches],
                "time": [choice.value for choice in self.times]}

    def _offer_times(self) -> None:
        values = self.form_values
        offered = slot_choices(self._branch(), values.get("product_category", ""),
                               values.get("date", ""), _now())
        self.times = [Choice(time, time) for time in offered]
        if values.get("time") not in offered:
            values["time"] = ""

    def _refresh(self) -> bool:
        """Recompute the visible errors; whether any blocking rule fails."""
        failing = form_errors(FORM, self.form_values, self._locale, self._options())
        self.errors = {name: error.message for name, error in failing.items()
                       if self.submitted or self.touched.get(name)}
        return any(error.blocking for error in failing.values())

    async def _begin(self, options: AppointmentOptions) -> EventSpec:
        """The form with these options, loading: its choices now, its values from the
        browser's drafts (``restore``)."""
        self.status = "loading"
        self._page_key = draft_key(options)
        self._branches = await asyncio.to_thread(load_branches)
        values = initial_values(FORM)
        values["branch"] = preselected_branch(self._branches, options)
        values["product_category"] = options.product_category or DEFAULT_CATEGORY
        self.form_values, self._start = values, dict(values)
        self._make = options.make
        self.category_hidden = options.product_category_hidden
        self.branches = branch_choices(self._branches)
        self.categories = category_choices(self._locale)
        self.date_min, self.date_max = bookable_range(_now())
        self.touched, self.errors, self.submitted, self.failure = {}, {}, False, ""
        self.submitting, self.confirmation, self.calendar_href = False, "", ""
        return read_drafts(AppointmentState.restore)

    @rx.event
    def restore(self, stored: str | None) -> EventSpec | None:
        """The browser's draft of this form fills it, with the key its request was typed
        under; a category the Button fixes stays fixed; then what was typed meanwhile, and
        the request is sent when the visitor sent it meanwhile."""
        if self.status != "loading" or not self._page_key:
            return None  # another form, or this one is ready already
        values = self._restore_drafts(stored, FORM, self._start)
        if self.category_hidden:
            values["product_category"] = self._start["product_category"]
        self.form_values = values
        self._offer_times()  # a time of the draft may have passed
        self.status = "ready"
        held = self._held()
        for name, value in held.items():
            self._set(name, value)
        if held:
            self._keep_draft(FORM, self.form_values, self._start)
        self._refresh()
        if self._send_when_ready:
            self._send_when_ready = False
            return AppointmentState.submit({})
        return None

    @rx.event
    async def resume(self, stored: str | None) -> EventSpec | None:
        """Typing reached a state the server made afresh (an idle expiry) while the
        dialog was open: it opens again with the options of the latest draft."""
        options = from_draft_key(latest_key(stored, DRAFT_PREFIX))
        if self.status != "loading" or self._page_key or options is None:
            return None
        self.dialog_open = True
        return await self._begin(options)

    @rx.event
    async def open_dialog(self, options: dict[str, Any]) -> EventSpec | None:
        """A Button's appointment plugin: the dialog with the plugin's options."""
        if self.submitting:
            return None
        self.dialog_open = True
        return await self._begin(parse(options))

    @rx.event
    def set_open(self, is_open: bool) -> None:
        self.dialog_open = is_open is True

    @rx.event
    async def load_page(self) -> EventSpec:
        """The appointment page: the options come with its address."""
        self.dialog_open = False
        return await self._begin(parse(page_request(self).query))

    @rx.event
    def set_value(self, name: str, value: str) -> EventSpec | None:
        return self._change(name, value)

    @rx.event
    def set_checked(self, name: str, checked: bool) -> EventSpec | None:
        return self._change(name, CHECKED if checked is True else "")

    def _change(self, name: str, value: object) -> EventSpec | None:
        if self.status == "loading":
            return self._hold_for_later({name: value})
        if self.status == "ready" and self._set(name, value):
            self._keep_draft(FORM, self.form_values, self._start)
        return None

    def _hold_for_later(self, values: dict[str, object]) -> EventSpec | None:
        """Values sent while the form (re)loads are filled in once it is ready. Sent to
        a state that knows no form, they come from a dialog the server forgot (an idle
        expiry): it opens again (the page loads by itself)."""
        for name, value in values.items():
            self._hold(name, value)
        if not self._page_key and page_request(self).screen != "appointment":
            return read_drafts(AppointmentState.resume)
        return None

    def _set(self, name: str, value: object) -> bool:
        """Take a value the browser sent for a field; whether it is one of the form's."""
        if name not in FORM.names:
            return False
        self.form_values[name] = bounded_value(FORM.field(name), value)
        if name in _CHANGES_TIMES:
            self._offer_times()
        if name in _SHOWN_WHEN_CHANGED:
            self.touched[name] = True
        if not self._refresh():
            self.failure = ""  # nothing left to fix
        return True

    def _take_browser_values(self, form_data: object) -> None:
        """The fields as the browser submits them: a change sent a moment before the
        submit may still be on its way (typing is debounced), the form itself is not."""
        if not isinstance(form_data, dict):
            return
        for f in FORM.fields:
            if f.name in form_data:
                value = CHECKED if f.is_check and form_data[f.name] else form_data[f.name]
                self.form_values[f.name] = bounded_value(f, value)

    @rx.event
    def blur(self, name: str) -> EventSpec | None:
        if self.status == "loading":
            return self._hold_for_later({})  # leaving a field of a dialog the server forgot
        if name in FORM.names:
            self.touched[name] = True
            self._refresh()
        return None

    @rx.event(background=True)
    async def submit(self, _form_data: dict[str, Any]):
        async with self:
            if self.status == "loading" and isinstance(_form_data, dict):
                self._send_when_ready = True
                return self._hold_for_later(_form_data)
            if self.status != "ready" or self.submitting:
                return None
            locale = self._locale
            self.submitted, self.failure = True, ""
            self._take_browser_values(_form_data)
            self._offer_times()  # a time may have passed since the form was opened
            branch = self._branch()
            if self._refresh() or branch is None:
                self.failure = gettext(locale, FIX_FIELDS, DOMAIN)
                return
            self.submitting = True
            values = dict(self.form_values)
            request = {
                "form_id": FORM.id,
                "values": values,
                "locale": locale,
                **lead_origin(self),
                "idempotency_key": self._request_key,
                "brand": self._make or None,
                "subject": lead_subject(branch, values["product_category"], values["date"],
                                        values["time"], locale),
                "options": self._options(),
            }
        outcome = await send_lead(lambda: store_lead(**request), "an appointment request")
        async with self:
            self.submitting = False
            if not outcome.stored:  # the visitor keeps the form and is told why
                self.errors, self.failure = not_sent(self.errors, outcome.refused, locale)
                return
            self.status = "success"
            self._drop_draft()
            self.confirmation = request["subject"]
            self.calendar_name = CALENDAR_FILENAMES[locale]
            # A filled-in honeypot stores nothing: it gets the same answer, without a file.
            self.calendar_href = calendar_link(
                lead_id=outcome.lead.id, branch=branch, category=values["product_category"],
                day_text=values["date"], time=values["time"], locale=locale, now=_now(),
            ) if outcome.lead is not None else ""
