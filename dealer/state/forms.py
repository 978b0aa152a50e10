"""The visitor forms: values, what was touched, which errors show, and the submit.

Errors show once a text field lost focus, once a checkbox, toggle or radio changed, and
for every field after a submit; the same rule strings run again in ``store_lead``
before anything is stored. A failed store keeps every typed value.

A form starts from the drafts in the browser (``dealer.state.drafts``), read from its
local storage when the form loads; what is typed while it (re)loads is filled in once it
is ready.
"""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from dealer.forms import uploads
from dealer.forms.definitions import (
    CHECKED,
    SCREEN_FORMS,
    FieldDef,
    FormDef,
    bounded_value,
    form_errors,
    get_form,
    initial_values,
    limit_notices,
)
from dealer.forms.messages import DOMAIN
from dealer.forms.origins import contact_origin
from dealer.i18n import gettext
from dealer.leads.sending import send_lead
from dealer.leads.store import client_key, store_lead
from dealer.state.drafts import DraftKeeping, read_drafts
from dealer.state.request import lead_origin, page_request
from dealer.views.forms import (
    FIX_FIELDS,
    SENT,
    SENT_PARAM,
    FormSubject,
    FormView,
    form_options,
    form_view,
    lead_subject,
    not_sent,
    requested_calculation,
    served_form_page,
    with_presets,
)
from dealer.views.plates import LOOKING_UP, autofill, look_up

# Field types whose errors show as soon as they change (the others: after losing focus).
_SHOWN_WHEN_DIRTY = ("checkbox", "toggle", "radio")


class FormsState(DraftKeeping, rx.State):
    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    form_id: str = ""
    status: str = "loading"  # loading | ready | not_found | error | success
    title: str = ""  # the document title, as the server gives it (an error's too)
    form_values: dict[str, str] = {}  # noqa: RUF012 - Reflex copies state defaults per session
    touched: dict[str, bool] = {}  # noqa: RUF012 - lost focus at least once
    dirty: dict[str, bool] = {}  # noqa: RUF012 - changed at least once
    errors: dict[str, str] = {}  # noqa: RUF012 - the messages shown now
    notices: dict[str, str] = {}  # noqa: RUF012 - fields filled up to their length limit
    submitted: bool = False
    submitting: bool = False
    failure: str = ""  # about the whole form
    view: FormView = FormView()  # the subject, the requested calculation, the branches
    # The calculator's choice the request link carried (online leasing), as the lead keeps it.
    _calculation: dict[str, str] = {}  # noqa: RUF012 - per-session copy made by Reflex
    # Files received for file fields: the name and size shown, or why one was refused.
    file_labels: dict[str, str] = {}  # noqa: RUF012
    upload_errors: dict[str, str] = {}  # noqa: RUF012
    _file_names: dict[str, str] = {}  # noqa: RUF012 - the visitor's names, for the lead
    _subject: FormSubject | None = None
    # The trade-in plate's lookup: its state ("" before one, loading, or a LookupState of
    # dealer.plates.lookup) and message; the detail fields it filled are drawn afresh
    # (their inputs keep their own values) whenever ``filled_round`` changes.
    plate_status: str = ""
    plate_message: str = ""
    filled_round: int = 0
    _plate_text: str = ""  # the plate text of the latest lookup
    _plate_details: dict[str, str] = {}  # noqa: RUF012 - the values it filled in
    _plate_record: dict[str, str] = {}  # noqa: RUF012 - what the lead keeps of it

    @property
    def _locale(self) -> str:
        return page_request(self).locale

    def _form(self) -> FormDef | None:
        return get_form(self.form_id) if self.form_id else None

    def _options(self) -> dict[str, list[str]]:
        form = self._form()
        return {} if form is None else form_options(form, self.view.branches)

    def _refresh(self) -> bool:
        """Recompute the visible errors; whether any blocking rule fails."""
        form = self._form()
        if form is None:
            return False
        failing = form_errors(form, self.form_values, self._locale, self._options())
        self.notices = limit_notices(form, self.form_values, self._locale)
        self.errors = {
            name: error.message
            for name, error in failing.items()
            if self.submitted
            or self.touched.get(name)
            or (form.field(name).type in _SHOWN_WHEN_DIRTY and self.dirty.get(name))
        }
        return any(error.blocking for error in failing.values())

    @rx.event
    async def load(self) -> EventSpec | None:
        request = page_request(self)
        self.loaded_path = request.path
        if request.screen not in SCREEN_FORMS:
            self.status = "error"
            return
        screen, locale, params = request.screen, request.locale, request.params
        form = get_form(SCREEN_FORMS[screen])
        # The same form about the same thing, e.g. after switching language: keep what
        # was typed (the messages follow the new language). A contact link's origin (an
        # offer, a vehicle, a branch) is part of what the form is about.
        origin = contact_origin(self.router.url.query_parameters).key
        page_key = (f"{form.id}:{params.get('vehicle', '')}:{params.get('model', '')}"
                    + (f":{origin}" if origin else ""))
        keep = self.status == "ready" and page_key == self._page_key
        self._page_key = page_key
        self.status, self.submitting, self.failure = "loading", False, ""
        if not keep:
            self.form_id = form.id
            self.form_values = initial_values(form)
            self.touched, self.dirty, self.errors, self.submitted = {}, {}, {}, False
            self.file_labels, self.upload_errors, self._file_names = {}, {}, {}
            self._forget_plate()
        info, subject = await served_form_page(request)
        self._subject = subject
        self.title = info.title
        if subject is None:
            self.status = "not_found" if info.status == 404 else "error"
            return
        if self.router.url.query_parameters.get(SENT_PARAM) == SENT:
            # Sent with the served form, before the app had taken over the page: the
            # acknowledgement, and the browser's draft of this form goes.
            self.status = "success"
            return read_drafts(FormsState.forget_draft)
        requested = None
        if subject.vehicle_slug:
            requested = await asyncio.to_thread(
                requested_calculation, subject.vehicle_slug,
                self.router.url.query_parameters, locale,
            )
        self.view = form_view(subject, requested)
        self._calculation = requested.query if requested else dict(subject.terms)
        if keep:
            self._ready(form)
            return None
        # The drafts as the browser holds them: after an idle expiry the server's copy
        # is gone (a new state has the default), the browser's is not.
        return read_drafts(FormsState.restore)

    @rx.event
    def forget_draft(self, stored: str | None) -> None:
        """The browser's drafts without this form's: its request was sent."""
        self._drop_draft(stored)

    @rx.event
    def restore(self, stored: str | None) -> EventSpec | None:
        """The browser's drafts fill the form that is loading, with the key its request
        was typed under (a request sent again after the server forgot it is one lead);
        what the visitor came from presets the rest (the topic of an offer, a vehicle, a
        model or a branch; a vehicle's or a branch's branch)."""
        form, subject = self._form(), self._subject
        if form is None or subject is None or self.status != "loading":
            return None  # another page, or this one is ready already
        self.form_values = with_presets(form, self._restore_drafts(stored, form), subject)
        self._ready(form)
        if self.form_values.get("trade_in_plate", "").strip():
            return FormsState.look_up_plate  # a plate that came along is looked up at once
        return None

    def _ready(self, form: FormDef) -> None:
        """The form shows, with what was typed while it loaded."""
        pending = self._held()
        for name, value in pending.items():
            self._take(form, name, value)
        if pending:
            self._keep_draft(form, self.form_values)
        self.status = "ready"
        self._refresh()

    def _take(self, form: FormDef, name: str, value: object) -> bool:
        """Keep a value the browser sent for a field; whether it is one of the form's."""
        if name not in form.names or form.field(name).type == "file":
            return False  # files come through receive_file
        self.form_values[name] = bounded_value(form.field(name), value)
        self.dirty[name] = True
        return True

    def _set(self, name: str, value: str) -> None:
        if self.status == "loading":
            self._hold(name, value)  # the server is loading the form (again)
            return
        form = self._form()
        if form is None or self.status != "ready" or not self._take(form, name, value):
            return
        self._keep_draft(form, self.form_values)
        self._refresh()

    @rx.event
    def set_text(self, name: str, value: str) -> None:
        self._set(name, value)

    @rx.event
    def set_checked(self, name: str, checked: bool) -> None:
        self._set(name, CHECKED if checked else "")

    def _file_field(self) -> FieldDef | None:
        form = self._form()
        if form is None or self.status != "ready":
            return None
        return next((f for f in form.fields if f.type == "file"), None)

    async def _file_refused(self, name: str, problem: str) -> None:
        """Show why a chosen file was refused; the file the field held goes with it."""
        if previous := self.form_values.get(name, ""):
            await asyncio.to_thread(uploads.discard, previous,
                                    client_key(self.router.session.client_ip))
        self.form_values[name] = ""
        self.file_labels.pop(name, None)
        self.upload_errors[name] = uploads.problem_text(problem, self._locale)
        self.dirty[name] = True
        self._refresh()

    @rx.event
    async def receive_file(self, files: list[rx.UploadFile]) -> None:
        """A file chosen for the form's file field: kept when its content is a CV of a
        kind the site takes, within the size limit and the quotas, else refused with the
        reason. It replaces the file the field held."""
        field = self._file_field()
        if field is None or not files:
            return
        upload = files[0]
        data = await upload.read(uploads.MAX_BYTES + 1)
        kept = await asyncio.to_thread(
            uploads.receive, data, upload.filename, client_key(self.router.session.client_ip),
            replaces=self.form_values.get(field.name, ""))
        if isinstance(kept, str):
            await self._file_refused(field.name, kept)
            return
        self.form_values[field.name] = kept.token
        self._file_names[field.name] = kept.name
        size = uploads.size_text(kept.size, self._locale)
        self.file_labels[field.name] = f"{kept.name} ({size})"
        self.upload_errors.pop(field.name, None)
        self.dirty[field.name] = True
        self._refresh()

    @rx.event
    async def file_rejected(self, code: str) -> None:
        """The browser refused a file before sending it (``code``: too large, or not a
        kind the site takes by its name): the same words as the server's check."""
        field = self._file_field()
        if field is not None:
            await self._file_refused(field.name, uploads.refusal(code))

    def _forget_plate(self) -> None:
        self.plate_status, self.plate_message, self._plate_text = "", "", ""
        self._plate_details, self._plate_record = {}, {}

    @rx.event(background=True)
    async def look_up_plate(self):
        """Look the trade-in plate up (leaving the field, or its button) and fill in the
        details the visitor has not typed themselves."""
        async with self:
            form = self._form()
            if form is None or "trade_in_plate" not in form.names or self.status != "ready":
                return
            text, locale = self.form_values.get("trade_in_plate", ""), self._locale
            visitor = self.router.session.client_ip
            if not text.strip():
                self._forget_plate()
                return
            if self.plate_status == "loading" and text == self._plate_text:
                return  # the same lookup is under way (a click right after leaving the field)
            self._plate_text, self._plate_record = text, {}
            self.plate_status = "loading"
            self.plate_message = gettext(locale, LOOKING_UP, DOMAIN)
        view, record = await look_up(text, locale, visitor)
        async with self:
            if self._plate_text != text or self._form() is not form:
                return  # a newer lookup, or another page, owns the fields now
            self.plate_status, self.plate_message = view.state, view.message
            self._plate_record = record
            changes = autofill(self.form_values, view.details, self._plate_details)
            self._plate_details = view.details
            if changes:
                self.form_values = {**self.form_values, **changes}
                self._keep_draft(form, self.form_values)
                self.filled_round += 1
            self._refresh()

    @rx.event
    def blur(self, name: str) -> None:
        form = self._form()
        if form is not None and name in form.names:
            self.touched[name] = True
            self._refresh()

    @rx.event(background=True)
    async def submit(self, _form_data: dict[str, Any]):
        async with self:
            form = self._form()
            if form is None or self.status != "ready" or self.submitting:
                return
            locale = self._locale
            self.submitted, self.failure = True, ""
            if self._refresh():
                self.failure = gettext(locale, FIX_FIELDS, DOMAIN)
                return
            self.submitting = True
            subject = self._subject or FormSubject()
            request = {
                "form_id": form.id,
                "values": dict(self.form_values),
                "locale": locale,
                **lead_origin(self),
                "idempotency_key": self._request_key,
                **lead_subject(subject),
                "options": self._options(),
                "calculation": dict(self._calculation),
                "file_names": dict(self._file_names),
                # What the register said, when it is about the plate being sent.
                "trade_in_lookup": dict(self._plate_record)
                if self._plate_text == self.form_values.get("trade_in_plate") else None,
            }
        outcome = await send_lead(lambda: store_lead(**request), f"a {form.id} lead")
        async with self:
            self.submitting = False
            if not outcome.stored:  # the visitor keeps the form and is told why
                self.errors, self.failure = not_sent(self.errors, outcome.refused, locale)
                return
            self.status = "success"
            self._drop_draft()
            self.form_values = initial_values(form)
            self._forget_plate()
