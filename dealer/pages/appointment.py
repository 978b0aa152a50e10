"""The site's own appointment request: a dialog that a Button with the appointment plugin
opens on any page that has one (content pages, branch pages), and the appointment page
with the same form for visitors who arrive by its address."""

from __future__ import annotations

import reflex as rx

from dealer.components.appointment import return_focus
from dealer.components.button import button
from dealer.components.forms import (
    FormEvents,
    FormVars,
    field_spec,
    form_field,
    form_loading,
    request_form,
    select_field,
)
from dealer.forms.definitions import HONEYPOT, FieldDef, get_form
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import framed
from dealer.state.appointments import AppointmentState as S
from dealer.views.served_form import REQUIRED_NOTE

FORM = get_form("appointment")
_NO_TIMES = N_("No times are free on this day at this branch. Please choose another day.")


def _t(ctx: PageContext, msgid: str) -> str:
    return gettext(ctx.locale, msgid, DOMAIN)


# The form's state and events, for the shared request form and its fields.
_VARS = FormVars(S.form_values, S.errors, S.failure, S.submitting)
_EVENTS = FormEvents(S.set_value, S.set_checked, S.blur, S.submit)


def _field(ctx: PageContext, f: FieldDef, prefix: str) -> rx.Component:
    spec = field_spec(f, prefix, lambda msgid: _t(ctx, msgid))
    value = S.form_values.get(f.name, "")
    error = S.errors.get(f.name, "")
    if f.name == "branch":
        return select_field(spec, S.branches, value, error, S.set_value(f.name),
                            _t(ctx, N_("Choose a branch")))
    if f.name == "time":
        no_times = (S.form_values.get("date", "") != "") & (S.times.length() == 0)
        return rx.fragment(
            select_field(spec, S.times, value, error, S.set_value(f.name),
                         rx.cond(no_times, _t(ctx, N_("No times on this day")),
                                 _t(ctx, N_("Choose a time")))),
            rx.cond(no_times, rx.text(_t(ctx, _NO_TIMES), role="status", size="2",
                                      data_testid="no-times")),
        )
    if f.name == "product_category":
        return rx.cond(~S.category_hidden, form_field(spec, _VARS, _EVENTS))
    props = {"min": S.date_min, "max": S.date_max} if f.input_type == "date" else None
    return form_field(spec, _VARS, _EVENTS, input_props=props)


def _form(ctx: PageContext, prefix: str) -> rx.Component:
    return request_form(
        [_field(ctx, f, prefix) for f in FORM.fields if f.name != HONEYPOT], _VARS, _EVENTS,
        title=_t(ctx, FORM.title), required_note=_t(ctx, REQUIRED_NOTE),
        honeypot_label=_t(ctx, FORM.field(HONEYPOT).label),
        submit_label=_t(ctx, N_("Request the appointment")), failure_id="appointment-failure",
    )


def _success(ctx: PageContext) -> rx.Component:
    return rx.vstack(
        rx.callout(_t(ctx, N_("Thank you! We have received your appointment request.")),
                   icon="circle-check", color_scheme="green", size="3", role="status",
                   width="100%", data_testid="appointment-success"),
        rx.text(S.confirmation, weight="bold", data_testid="appointment-summary"),
        rx.text(_t(ctx, N_("The branch confirms the appointment by email within one working "
                           "day."))),
        rx.cond(
            S.calendar_href != "",
            button(_t(ctx, N_("Add to my calendar")), to=S.calendar_href, icon="calendar-plus",
                   variant="secondary", link_props={"download": S.calendar_name}),
        ),
        spacing="3",
        width="100%",
    )


def _body(ctx: PageContext, prefix: str) -> rx.Component:
    return rx.match(
        S.status,
        ("ready", _form(ctx, prefix)),
        ("success", _success(ctx)),
        form_loading(ctx.locale, _t(ctx, N_("Loading the form..."))),
    )


def appointment_dialog(ctx: PageContext) -> rx.Component:
    """The dialog of the Buttons with the appointment plugin on this page (Radix: focus
    stays inside while it is open, Escape closes it, focus returns to the Button)."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.flex(
                rx.dialog.title(_t(ctx, FORM.title), margin="0"),
                rx.dialog.close(
                    rx.icon_button(rx.icon("x", aria_hidden="true"), variant="ghost",
                                   color_scheme="gray", aria_label=_t(ctx, N_("Close")))),
                justify="between",
                align="center",
            ),
            rx.dialog.description(_t(ctx, FORM.intro), margin_bottom="1rem"),
            _body(ctx, "appointment-dialog"),
            max_width="560px",
            on_close_auto_focus=return_focus(),
        ),
        open=S.dialog_open,
        on_open_change=S.set_open,
    )


def page(ctx: PageContext) -> rx.Component:
    return framed(
        ctx,
        rx.vstack(
            rx.heading(_t(ctx, FORM.title), as_="h1", size="7"),
            rx.text(_t(ctx, FORM.intro), size="3"),
            _body(ctx, "appointment"),
            spacing="4",
            max_width="720px",
            width="100%",
            padding_y="1.5rem",
        ),
    )


PAGE = Page(page, S.load_page, lambda ctx: _t(ctx, FORM.title))
