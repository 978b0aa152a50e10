"""Form fields (text, autocomplete, checkbox, toggle, radio) with label, help and error text,
and the request form around them (``request_form``, ``form_field``: the request pages and
the appointment request draw their forms with these two).

Every control names its help and error text in ``aria-describedby`` and reports
``aria-invalid``, so screen readers read the message with the field. Components take
texts, Vars and event handlers; they know no state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import reflex as rx

from dealer import styles
from dealer.components.html_parts import frame_part
from dealer.forms.definitions import CHECKED, HONEYPOT, FieldDef
from dealer.framework.uploads import replacing_upload

# How long a form may take to arrive before the page offers the phone instead.
FORM_WAIT_MS = 10_000


@dataclass(frozen=True)
class FieldSpec:
    """A field as the page shows it: ids, translated texts, input settings."""

    id: str
    name: str
    type: str  # text | autocomplete | checkbox | toggle | radio
    label: str
    help: str = ""
    input_type: str = "text"
    autocomplete: str = "off"
    max_length: int | None = None
    multiline: bool = False
    required: bool = False
    options: tuple[tuple[str, str], ...] = ()  # radio (value, label)

    @property
    def help_id(self) -> str:
        return f"{self.id}-help"

    @property
    def error_id(self) -> str:
        return f"{self.id}-error"


def field_spec(f: FieldDef, id_prefix: str, translate: Callable[[str], str]) -> FieldSpec:
    """A form definition's field as a page shows it: its id ``{id_prefix}-{name}`` (with
    dashes), its texts through ``translate`` (the page's language)."""
    return FieldSpec(
        id=f"{id_prefix}-{f.name}".replace("_", "-"),
        name=f.name,
        type=f.type,
        label=translate(f.label),
        help=translate(f.help) if f.help else "",
        input_type=f.input_type,
        autocomplete=f.autocomplete,
        max_length=f.max_length,
        multiline=f.multiline,
        required=f.required,
        options=tuple((option.value, translate(option.label)) for option in f.options),
    )


@dataclass(frozen=True)
class FormVars:
    """A request form's state as the page reads it: values and shown errors by field
    name, the notice about the whole form, whether it is being sent."""

    values: rx.Var
    errors: rx.Var
    failure: rx.Var
    submitting: rx.Var


@dataclass(frozen=True)
class FormEvents:
    """What a request form sends: a field's text or choice (``on_value(name)`` gets the
    value), a checkbox or switch (``on_checked(name)`` gets a bool), leaving a text field
    (``on_blur(name)``), and the form itself."""

    on_value: Callable[[str], Any]
    on_checked: Callable[[str], Any]
    on_blur: Callable[[str], Any]
    on_submit: Any


def _described_by(spec: FieldSpec, error: rx.Var) -> rx.Var | str:
    help_ids = spec.help_id if spec.help else ""
    with_error = f"{help_ids} {spec.error_id}".strip()
    return rx.cond(error != "", with_error, help_ids)


def _a11y(spec: FieldSpec, error: rx.Var) -> dict[str, Any]:
    return {
        "aria_describedby": _described_by(spec, error),
        "aria_invalid": rx.cond(error != "", "true", "false"),
        "aria_required": "true" if spec.required else "false",
    }


def _label(spec: FieldSpec, **props: Any) -> rx.Component:
    return rx.el.label(
        spec.label,
        rx.text(" *", as_="span", color=rx.color("red", 11), aria_hidden="true")
        if spec.required else rx.fragment(),
        html_for=spec.id,
        **props,
    )


def _help_and_error(spec: FieldSpec, error: rx.Var, notice: rx.Var | None = None
                    ) -> rx.Component:
    return rx.fragment(
        rx.text(spec.help, id=spec.help_id, size="1", color=rx.color("gray", 11))
        if spec.help else rx.fragment(),
        # Live, so that a paste cut at the length limit is announced where it happened.
        rx.text(notice, role="status", size="1", color=rx.color("gray", 11),
                data_testid="field-notice") if notice is not None else rx.fragment(),
        rx.cond(
            error != "",
            rx.text(
                rx.icon("circle-alert", size=14, aria_hidden="true", display="inline",
                        vertical_align="-2px", margin_right="0.25rem"),
                error,
                id=spec.error_id,
                size="2",
                color=rx.color("red", 11),
                data_testid="field-error",
            ),
        ),
    )


def text_field(
    spec: FieldSpec,
    value: rx.Var,
    error: rx.Var,
    on_change: Any,
    on_blur: Any,
    suggestions: rx.Var | None = None,
    notice: rx.Var | None = None,
    input_props: dict[str, Any] | None = None,
) -> rx.Component:
    """A text input (multi-line when ``spec.multiline``); ``suggestions`` turns it into an
    autocomplete field offering those values while typing; ``notice`` is a note shown
    below it (the length limit reached); ``input_props`` go to the input (a date's min)."""
    # What the visitor types is the truth: the input keeps its own value (the state's
    # value only fills it when the form appears), so a late answer from the server can
    # never replace newer typing.
    props: dict[str, Any] = {
        "id": spec.id,
        "name": spec.name,
        "default_value": value,
        "on_change": on_change,
        "on_blur": on_blur,
        "width": "100%",
        "size": "3",
        "color_scheme": rx.cond(error != "", "red", "gray"),
        **_a11y(spec, error),
    }
    if spec.max_length is not None:
        props["max_length"] = spec.max_length
    props.update(input_props or {})
    list_id = f"{spec.id}-options"
    if spec.multiline:
        control = rx.text_area(rows="5", resize="vertical", **props)
    elif suggestions is not None:
        control = rx.fragment(
            rx.input(type="text", list=list_id, auto_complete="off", **props),
            rx.el.datalist(rx.foreach(suggestions, lambda item: rx.el.option(value=item)),
                           id=list_id),
        )
    else:
        control = rx.input(type=spec.input_type, auto_complete=spec.autocomplete, **props)
    return rx.vstack(
        _label(spec, style={"font_weight": "500"}),
        control,
        _help_and_error(spec, error, notice),
        spacing="1",
        width="100%",
        data_field=spec.name,
    )


def refusal_code(rejected: rx.Var) -> rx.Var[str]:
    """The reason the browser refused the first file (react-dropzone's error code): only
    that goes to the server, never the file."""
    return rx.Var(f"({rejected})?.[0]?.errors?.[0]?.code ?? ''").to(str)


def file_field(spec: FieldSpec, chosen: rx.Var, error: rx.Var, *, upload_id: str,
               choose_label: str, accept: dict[str, list[str]], max_size: int,
               on_drop: Any, on_drop_rejected: Any) -> rx.Component:
    """A file to send with the form: a drop zone that also opens the file chooser (click,
    Enter or Space); the file goes to the server as soon as it is chosen, and ``chosen``
    names the file it kept. ``accept`` and ``max_size`` let the browser refuse early; the
    server checks again. ``on_drop_rejected`` gets the refusal's code."""
    label_id, choice_id = f"{spec.id}-label", f"{spec.id}-choice"
    zone = rx.upload.root(
        rx.hstack(
            rx.icon("file-up", size=20, aria_hidden="true"),
            rx.text(rx.cond(chosen != "", chosen, choose_label), size="2", id=choice_id,
                    data_testid="file-chosen"),
            align="center",
            spacing="2",
        ),
        id=upload_id,
        accept=accept,
        max_files=1,
        multiple=False,
        max_size=max_size,
        on_drop=[replacing_upload(upload_id), on_drop],
        on_drop_rejected=lambda rejected: on_drop_rejected(refusal_code(rejected)),
        **{k: v for k, v in _a11y(spec, error).items() if k != "aria_required"},
        class_name="form-file",
        data_testid=f"{spec.name}-upload",
    )
    # The drop zone is what a keyboard reaches (Enter or Space opens the file chooser):
    # a button named by the field's label and what it says ("Your CV: choose a PDF file
    # or drop it here", or the file chosen). Its file input only carries the file: out of
    # the page's tab order and accessibility tree (the zone opens it), named all the same.
    # react-dropzone spreads role="presentation" and the input's props after the props
    # given here, so these are spread after them.
    area = zone.children[0]
    area.special_props.append(rx.Var.create(
        {"role": "button", "aria-labelledby": f"{label_id} {choice_id}"}))
    area.children[0].special_props.append(rx.Var.create(
        {"aria-labelledby": label_id, "style": {"display": "none"}}))
    return rx.vstack(
        rx.el.span(
            spec.label,
            rx.text(" *", as_="span", color=rx.color("red", 11), aria_hidden="true")
            if spec.required else rx.fragment(),
            id=label_id,
            style={"font_weight": "500"},
        ),
        zone,
        _help_and_error(spec, error),
        spacing="1",
        width="100%",
        data_field=spec.name,
    )


def check_field(spec: FieldSpec, checked: rx.Var, error: rx.Var, on_change: Any) -> rx.Component:
    """A checkbox, or a switch for ``spec.type == "toggle"``; ``on_change`` gets a bool."""
    control_props: dict[str, Any] = {
        "id": spec.id,
        "name": spec.name,
        "checked": checked,
        "on_change": on_change,
        "size": "2",
        **_a11y(spec, error),
    }
    control = (
        rx.switch(**control_props) if spec.type == "toggle" else rx.checkbox(**control_props)
    )
    return rx.vstack(
        rx.hstack(control, _label(spec), spacing="2", align="start"),
        _help_and_error(spec, error),
        spacing="1",
        width="100%",
        data_field=spec.name,
    )


def radio_field(spec: FieldSpec, value: rx.Var, error: rx.Var, on_change: Any) -> rx.Component:
    """A group of choices with a legend; ``on_change`` gets the chosen value."""
    legend_id = f"{spec.id}-legend"
    return rx.el.fieldset(
        rx.el.legend(
            spec.label,
            rx.text(" *", as_="span", color=rx.color("red", 11), aria_hidden="true")
            if spec.required else rx.fragment(),
            id=legend_id,
            style={"font_weight": "500", "margin_bottom": "0.25rem"},
        ),
        rx.radio_group.root(
            rx.flex(
                *(
                    rx.hstack(
                        rx.radio_group.item(value=option, id=f"{spec.id}-{option}"),
                        rx.el.label(label, html_for=f"{spec.id}-{option}"),
                        spacing="2",
                        align="center",
                    )
                    for option, label in spec.options
                ),
                direction=rx.breakpoints(initial="column", sm="row"),
                gap="0.5rem 1.25rem",
                wrap="wrap",
            ),
            name=spec.name,
            value=value,
            on_change=on_change,
            aria_labelledby=legend_id,
            **_a11y(spec, error),
        ),
        _help_and_error(spec, error),
        style={"border": "0", "padding": "0", "margin": "0", "min_width": "0"},
        data_field=spec.name,
    )


def honeypot_field(name: str, label: str, value: rx.Var, on_change: Any) -> rx.Component:
    """A field people never see or reach with the keyboard; bots fill it in."""
    return rx.box(
        rx.el.label(label, html_for=f"hp-{name}"),
        rx.el.input(id=f"hp-{name}", name=name, type="text", tab_index=-1,
                    auto_complete="off", value=value, on_change=on_change),
        aria_hidden="true",
        style={"position": "absolute", "left": "-10000px", "top": "auto", "width": "1px",
               "height": "1px", "overflow": "hidden"},
    )


def form_alert(text: rx.Var, test_id: str) -> rx.Component:
    """A message about the whole form (not stored, too many requests, fix the fields)."""
    return rx.cond(
        text != "",
        rx.callout(text, icon="triangle-alert", color_scheme="red", role="alert", width="100%",
                   data_testid=test_id),
    )


def subject_card(
    title: rx.Var, details: rx.Var, image: rx.Var, image_alt: rx.Var, href: rx.Var,
    link_label: str,
) -> rx.Component:
    """The vehicle or model a form is about."""
    return rx.hstack(
        rx.cond(
            image != "",
            rx.image(src=image, alt=image_alt, width="120px", height="90px", object_fit="cover",
                     border_radius="var(--radius-2)", flex_shrink="0"),
        ),
        rx.vstack(
            rx.text(title, size="4", weight="bold", data_testid="form-subject"),
            rx.text(details, size="2", color=rx.color("gray", 11)),
            rx.link(link_label, href=href, size="2"),
            spacing="1",
        ),
        style=styles.card_style,
        padding="0.75rem",
        spacing="4",
        align="center",
        width="100%",
    )


def select_field(spec: FieldSpec, choices: rx.Var, value: rx.Var, error: rx.Var, on_change: Any,
                 placeholder: rx.Var | str) -> rx.Component:
    """A choice from a list known only at run time (records with ``value`` and ``label``),
    as the browser's own select: the placeholder stands for no choice yet."""
    return rx.vstack(
        _label(spec, style={"font_weight": "500"}),
        rx.el.select(
            rx.el.option(placeholder, value=""),
            rx.foreach(choices, lambda choice: rx.el.option(choice.label, value=choice.value)),
            id=spec.id,
            name=spec.name,
            value=value,
            on_change=on_change,
            class_name="form-select",
            **_a11y(spec, error),
        ),
        _help_and_error(spec, error),
        spacing="1",
        width="100%",
        data_field=spec.name,
    )


class Waiting(rx.Component):
    library = "$/public" + rx.asset("waiting.jsx", shared=True)
    tag = "Waiting"
    delay: rx.Var[int]


def form_loading(locale: str, loading_text: str) -> rx.Component:
    """A form on its way from the server; when it has not come within FORM_WAIT_MS (the
    server cannot keep visitors' state), the site's notice that forms are unavailable,
    with the phone number, from the served page (it needs nothing from the server). The
    page loads again once /health is good (``waiting.jsx``)."""
    return Waiting.create(
        rx.hstack(rx.spinner(), rx.text(loading_text)),
        frame_part(locale, "unavailable", data_testid="form-unavailable"),
        delay=FORM_WAIT_MS,
    )


def form_field(spec: FieldSpec, form: FormVars, on: FormEvents, *, on_blur: Any = None,
               suggestions: rx.Var | None = None, notice: rx.Var | None = None,
               input_props: dict[str, Any] | None = None) -> rx.Component:
    """A request form's field as its type asks: a checkbox or switch, a group of choices,
    else a text field (``on_blur`` replaces the form's own blur event; ``suggestions``,
    ``notice`` and ``input_props`` as ``text_field`` takes them)."""
    value, error = form.values.get(spec.name, ""), form.errors.get(spec.name, "")
    if spec.type in ("checkbox", "toggle"):
        return check_field(spec, value == CHECKED, error, on.on_checked(spec.name))
    if spec.type == "radio":
        return radio_field(spec, value, error, on.on_value(spec.name))
    return text_field(spec, value, error, on.on_value(spec.name),
                      on.on_blur(spec.name) if on_blur is None else on_blur,
                      suggestions=suggestions, notice=notice, input_props=input_props)


def request_form(fields: Sequence[rx.Component], form: FormVars, on: FormEvents, *,
                 title: str, required_note: str, honeypot_label: str, submit_label: str,
                 failure_id: str, lead: Sequence[rx.Component] = ()) -> rx.Component:
    """A visitor's request: ``lead`` (an intro, what it is about), the note on required
    fields, the fields, the honeypot, the notice about the whole form (test id
    ``failure_id``) and the send button. The browser's own checks stay off: the form's
    rules speak, in the page's language."""
    return rx.form(
        rx.vstack(
            *lead,
            rx.text(required_note, size="1", color=rx.color("gray", 11)),
            *fields,
            honeypot_field(HONEYPOT, honeypot_label, form.values.get(HONEYPOT, ""),
                           on.on_value(HONEYPOT)),
            form_alert(form.failure, failure_id),
            rx.button(submit_label, type="submit", size="3", loading=form.submitting,
                      width=rx.breakpoints(initial="100%", sm="auto")),
            spacing="4",
            width="100%",
        ),
        on_submit=on.on_submit,
        no_validate=True,
        position="relative",
        aria_label=title,
    )
