"""Request pages: test drive and interest per vehicle, contact and test drive per model,
direct contact, the trade-in request, job applications. Fields, labels and help are
fixed per screen and locale at compile time; values, errors and the page state come from
FormsState."""

from __future__ import annotations

import reflex as rx

from dealer.brands import PLATFORM_BRANDS
from dealer.components.errors import form_load_failed, named_error
from dealer.components.forms import (
    FormEvents,
    FormVars,
    field_spec,
    file_field,
    form_field,
    form_loading,
    request_form,
    subject_card,
)
from dealer.components.plates import plate_lookup
from dealer.forms import uploads
from dealer.forms.definitions import (
    CHECKED,
    HONEYPOT,
    SCREEN_FORMS,
    FieldDef,
    FormDef,
    get_form,
)
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.pages.context import Page, PageContext
from dealer.pages.frame import for_current_url, framed
from dealer.state.forms import FormsState
from dealer.views.forms import not_found_kind
from dealer.views.plates import DETAIL_FIELDS
from dealer.views.served_form import (
    FORM_LOADING_CLASS,
    REQUIRED_NOTE,
    WHAT_NEXT,
    back_link,
    next_steps,
    thanks,
)


def _t(ctx: PageContext, msgid: str) -> str:
    return gettext(ctx.locale, msgid, DOMAIN)


def form_of(ctx: PageContext) -> FormDef:
    return get_form(SCREEN_FORMS[ctx.screen])


def title(ctx: PageContext) -> str:
    return _t(ctx, form_of(ctx).title)


# The form's state and events, for the shared request form and its fields.
_VARS = FormVars(FormsState.form_values, FormsState.errors, FormsState.failure,
                 FormsState.submitting)
_EVENTS = FormEvents(FormsState.set_text, FormsState.set_checked, FormsState.blur,
                     FormsState.submit)


def _field(ctx: PageContext, form: FormDef, f: FieldDef) -> rx.Component:
    spec = field_spec(f, form.id, lambda msgid: _t(ctx, msgid))
    if f.type == "file":
        upload_id = f"{spec.id}-upload"
        control = file_field(
            spec, FormsState.file_labels.get(f.name, ""),
            FormsState.upload_errors.get(f.name, FormsState.errors.get(f.name, "")),
            upload_id=upload_id, choose_label=_t(ctx, N_("Choose a file or drop it here")),
            accept=uploads.ACCEPT, max_size=uploads.MAX_BYTES,
            on_drop=FormsState.receive_file(rx.upload_files(upload_id=upload_id)),
            on_drop_rejected=FormsState.file_rejected,
        )
    else:
        # The trade-in plate is looked up when the visitor leaves it (or asks).
        on_blur = ([FormsState.blur(f.name), FormsState.look_up_plate]
                   if f.name == "trade_in_plate" else None)
        control = form_field(
            spec, _VARS, _EVENTS, on_blur=on_blur,
            suggestions=FormsState.view.branches if f.type == "autocomplete" else None,
            notice=FormsState.notices.get(f.name, ""),
        )
    if f.name == "trade_in_plate":
        control = rx.fragment(control, plate_lookup(
            _t(ctx, N_("Look up")), FormsState.look_up_plate, FormsState.plate_status,
            FormsState.plate_message, f"{spec.id}-lookup"))
    elif f.name in DETAIL_FIELDS:
        # Drawn afresh when a lookup filled the details: an input keeps its own value.
        control = rx.fragment(control, key=FormsState.filled_round.to_string())
    if f.shown_when:
        return rx.cond(FormsState.form_values.get(f.shown_when, "") == CHECKED, control)
    return control


def _form_view(ctx: PageContext, form: FormDef) -> rx.Component:
    view = FormsState.view
    subject = subject_card(view.title, view.details, view.image, view.image_alt, view.href,
                           _t(ctx, N_("View details")))
    lead = (
        rx.text(_t(ctx, form.intro), size="3"),
        # A contact form shows a subject only when its link names one (a lease offer).
        subject if form.subject else rx.cond(view.title != "", subject),
        rx.cond(
            view.calculation != "",
            rx.callout(
                view.calculation,
                icon="calculator",
                data_testid="form-calculation",
            ),
        ),
    )
    return request_form(
        [_field(ctx, form, f) for f in form.fields if f.name != HONEYPOT], _VARS, _EVENTS,
        lead=lead, title=_t(ctx, form.title), required_note=_t(ctx, REQUIRED_NOTE),
        honeypot_label=_t(ctx, form.field(HONEYPOT).label),
        submit_label=_t(ctx, N_("Send application") if form.subject == "vacancy"
                        else N_("Send request")),
        failure_id="form-failure",
    )


def _success_view(ctx: PageContext, form: FormDef) -> rx.Component:
    back, href = back_link(form, ctx.locale)
    return rx.vstack(
        rx.callout(_t(ctx, thanks(form)), icon="circle-check",
                   color_scheme="green", size="3", role="status", width="100%",
                   data_testid="form-success"),
        rx.heading(_t(ctx, WHAT_NEXT), as_="h2", size="5"),
        rx.el.ol(*(rx.el.li(_t(ctx, step)) for step in next_steps(form)),
                 style={"padding_left": "1.25rem", "line_height": "1.7"}),
        rx.link(_t(ctx, back), href=href),
        spacing="4",
        width="100%",
    )


def _not_found_view(ctx: PageContext) -> rx.Component:
    brand = ctx.fixed.get("brand", "")
    return named_error(not_found_kind(ctx.screen), ctx.locale, brand=brand,
                       brand_name=PLATFORM_BRANDS.get(brand, ""))


def _loading_view(ctx: PageContext) -> rx.Component:
    return rx.vstack(
        rx.heading(title(ctx), as_="h1", size="7"),
        form_loading(ctx.locale, _t(ctx, N_("Loading the form..."))),
        spacing="4",
        # The served form stays over the page until the app's form is there.
        class_name=FORM_LOADING_CLASS,
    )


def build(ctx: PageContext) -> rx.Component:
    form = form_of(ctx)
    return framed(
        ctx,
        rx.box(
            for_current_url(
                FormsState.loaded_path,
                rx.match(
                    FormsState.status,
                    ("ready", rx.vstack(
                        rx.heading(title(ctx), as_="h1", size="7"),
                        _form_view(ctx, form),
                        spacing="4",
                    )),
                    ("success", rx.vstack(
                        rx.heading(title(ctx), as_="h1", size="7"),
                        _success_view(ctx, form),
                        spacing="4",
                    )),
                    ("not_found", _not_found_view(ctx)),
                    ("error", form_load_failed(ctx.locale)),
                    _loading_view(ctx),
                ),
                ctx.locale,
                until=_loading_view(ctx),
            ),
            max_width="720px",
            width="100%",
            padding_y="1.5rem",
        ),
    )


PAGE = Page(build, FormsState.load, FormsState.title)
