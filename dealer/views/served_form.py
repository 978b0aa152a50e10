"""The request form as the server sends it: a native form that works before the app has
taken over the page, and without JavaScript at all.

It posts to the page's own address (``dealer.web.form_post``), with the fields of the
form's definition, their labels, help, ``required``, ``autocomplete`` and ``maxlength``,
and, answered after a send, every value as typed and each error beside its field. Its ids
are the app's with a ``served-`` prefix, so that both never share one while the app takes
over (``web/scripts/served_form.js`` hands what was typed to the app's fields of the same name).
A form with a file field (the job application's CV) is sent as ``multipart/form-data``;
a browser cannot send a chosen file again, so a form answered after a send asks for it
beside the file field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from dealer.forms.definitions import CHECKED, HONEYPOT, FieldDef, FormDef
from dealer.forms.filetypes import KINDS
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.routes import path_for
from dealer.views.markup import Html

# What a visitor reads after sending a request, by kind of form.
NEXT_STEPS = {
    "test_drive": (
        N_("We will check your preferred date and confirm the appointment within one "
           "working day."),
        N_("Please bring your driving licence to the test drive."),
        N_("If you want to change the date, simply reply to our message."),
    ),
    "application": (
        N_("We read every application and answer within five working days."),
        N_("If your profile fits, we invite you for a conversation at the branch."),
    ),
    "request": (
        N_("Our team will get back to you within one working day, the way you asked."),
        N_("If you mentioned a car to trade in, we will include a valuation."),
    ),
    "trade_in": (
        N_("We value your car from its details and send you a trade-in offer within one "
           "working day, the way you asked."),
        N_("The offer is without obligation: you decide whether to trade in your car."),
    ),
}
REQUIRED_NOTE = N_("Fields marked * are required.")
# The app's form while it loads: the served form stays over the page until it has gone.
FORM_LOADING_CLASS = "form-loading"
WHAT_NEXT = N_("What happens next")


def thanks(form: FormDef) -> str:
    """The msgid of the acknowledgement of a sent form."""
    return (N_("Thank you! We have received your application.") if form.subject == "vacancy"
            else N_("Thank you! We have received your request."))


def back_link(form: FormDef, locale: str) -> tuple[str, str]:
    """Where the acknowledgement leads on: (msgid of the link, path)."""
    if form.subject == "vacancy":
        return N_("Back to our vacancies"), path_for("vacancies", locale)
    return N_("Back to our stock"), path_for("stock", locale)


def next_steps(form: FormDef) -> tuple[str, ...]:
    """The msgids of what happens after this form was sent."""
    return NEXT_STEPS["test_drive" if "preferred_date" in form.names
                      else "application" if form.subject == "vacancy"
                      else "trade_in" if form.id == "trade_in" else "request"]

FORM_ID = "served-form"
# A served form whose fields the app adopts when it takes the page over
# (web/scripts/served_form.js).
ADOPTED = "data-adopt"
REQUEST_KEY = "request_key"  # the hidden field with the request's idempotency key
CHOOSE_AGAIN = N_("Your browser cannot keep a chosen file when the form comes back: please "
                  "choose your CV again.")
# The kinds of file a file field offers in the browser's chooser, as the app's.
FILE_ACCEPT = ",".join(f"{kind.content_type},.{kind.extension}" for kind in KINDS)
_SEND = N_("Send request")
_SEND_APPLICATION = N_("Send application")
Translate = Callable[[str], str]


def field_id(form: FormDef, f: FieldDef) -> str:
    """The id of the served field: the app's with a prefix."""
    return "served-" + f"{form.id}-{f.name}".replace("_", "-")


def _required(f: FieldDef) -> Html:
    return Html('<span aria-hidden="true"> *</span>') if f.required else Html("")


def _described(f: FieldDef, fid: str, error: str, t: Translate) -> tuple[Html, Html]:
    """The attributes naming the help and error texts, and those texts."""
    ids, texts = [], []
    if f.help:
        ids.append(f"{fid}-help")
        texts.append(Html('<p id="{}" class="served-help">{}</p>').format(ids[-1], t(f.help)))
    if error:
        ids.append(f"{fid}-error")
        texts.append(Html('<p id="{}" class="served-error">{}</p>').format(ids[-1], error))
    attributes = Html(' aria-invalid="{}"').format("true" if error else "false")
    if ids:
        attributes += Html(' aria-describedby="{}"').format(" ".join(ids))
    return attributes, Html("").join(texts)


def _field(form: FormDef, f: FieldDef, value: str, error: str, branches: Sequence[str],
           t: Translate, sent: bool) -> Html:
    fid = field_id(form, f)
    if f.type == "file" and sent:  # the chosen file did not come back with the page
        error = error or t(CHOOSE_AGAIN)
    described, texts = _described(f, fid, error, t)
    # A field the toggle reveals is checked on the server only: hidden, the browser could
    # not show why it refuses to send.
    required = Html(" required") if f.required and not f.shown_when else Html("")
    shown_when = Html(' data-shown-when="{}"').format(f.shown_when) if f.shown_when \
        else Html("")
    if f.is_check:
        return Html(
            '<div class="served-field served-check" data-field="{}"{}>'
            '<input type="checkbox" id="{}" name="{}" value="{}"{}{}{}{}>'
            '<label for="{}">{}{}</label>{}</div>'
        ).format(f.name, shown_when, fid, f.name, CHECKED,
                 Html(" checked") if value == CHECKED else Html(""), required, described,
                 Html(" data-reveals") if f.type == "toggle" else Html(""),
                 fid, t(f.label), _required(f), texts)
    if f.type == "radio":
        options = Html("").join(
            Html('<label><input type="radio" id="{}-{}" name="{}" value="{}"{}{}> {}</label>')
            .format(fid, option.value, f.name, option.value,
                    Html(" checked") if value == option.value else Html(""), required,
                    t(option.label))
            for option in f.options)
        return Html(
            '<fieldset class="served-field" role="radiogroup" data-field="{}"{}{}>'
            '<legend>{}{}</legend>'
            '<div class="served-options">{}</div>{}</fieldset>'
        ).format(f.name, shown_when, described, t(f.label), _required(f), options, texts)
    attributes = Html(' id="{}" name="{}"{}{}').format(fid, f.name, required, described)
    if f.max_length is not None:
        attributes += Html(' maxlength="{}"').format(f.max_length)
    if f.type == "file":
        control = Html('<input type="file" accept="{}"{}>').format(FILE_ACCEPT, attributes)
    elif f.multiline:
        control = Html('<textarea rows="5"{}>{}</textarea>').format(attributes, value)
    elif f.type == "autocomplete":
        choices = Html("").join(Html('<option value="{}">').format(b) for b in branches)
        control = Html(
            '<input type="text" list="{}-options" autocomplete="off" value="{}"{}>'
            '<datalist id="{}-options">{}</datalist>'
        ).format(fid, value, attributes, fid, choices)
    else:
        control = Html('<input type="{}" autocomplete="{}" value="{}"{}>').format(
            f.input_type, f.autocomplete, value, attributes)
    return Html(
        '<div class="served-field" data-field="{}"{}><label for="{}">{}{}</label>{}{}</div>'
    ).format(f.name, shown_when, fid, t(f.label), _required(f), control, texts)


def _honeypot(form: FormDef, value: str, t: Translate) -> Html:
    """The field people never see or reach; bots fill it in."""
    f = form.field(HONEYPOT)
    return Html(
        '<div class="served-honeypot" aria-hidden="true"><label for="served-hp-{}">{}</label>'
        '<input id="served-hp-{}" name="{}" type="text" tabindex="-1" autocomplete="off" '
        'value="{}"></div>'
    ).format(f.name, t(f.label), f.name, f.name, value)


def form_html(form: FormDef, locale: str, *, values: Mapping[str, str], request_key: str,
              errors: Mapping[str, str] | None = None, failure: str = "",
              branches: Sequence[str] = (), subject: str = "", sent: bool = False) -> str:
    """The served form with ``values``; ``errors`` beside their fields and ``failure``
    above them after a send (``sent``: the app takes every value over, not only those
    typed on this page)."""
    def t(msgid: str) -> str:
        return gettext(locale, msgid, DOMAIN)

    errors = errors or {}
    fields = Html("").join(
        _field(form, f, values.get(f.name, ""), errors.get(f.name, ""), branches, t, sent)
        for f in form.fields if f.name != HONEYPOT)
    with_file = any(f.type == "file" for f in form.fields)
    parts = [
        Html('<p class="served-form-subject">{}</p>').format(subject) if subject else "",
        Html('<p class="served-form-note">{}</p>').format(t(REQUIRED_NOTE)),
        Html('<p role="alert" class="served-error">{}</p>').format(failure)
        if failure else "",
        Html('<input type="hidden" name="{}" value="{}">').format(REQUEST_KEY, request_key),
        fields,
        _honeypot(form, values.get(HONEYPOT, ""), t),
        Html('<button type="submit">{}</button>').format(
            t(_SEND_APPLICATION if form.subject == "vacancy" else _SEND)),
    ]
    return str(Html(
        '<form method="post"{} id="{}" class="served-form" accept-charset="utf-8" '
        'data-adopt="id" aria-label="{}"{}>{}</form>'
    ).format(Html(' enctype="multipart/form-data"') if with_file else Html(""), FORM_ID,
             t(form.title), Html(" data-sent") if sent else Html(""), Html("").join(parts)))


def thanks_html(form: FormDef, locale: str) -> str:
    """The acknowledgement of a sent form, with what happens next."""
    def t(msgid: str) -> str:
        return gettext(locale, msgid, DOMAIN)

    label, href = back_link(form, locale)
    steps = Html("").join(Html("<li>{}</li>").format(t(step)) for step in next_steps(form))
    return str(Html(
        '<p role="status" class="served-thanks" data-testid="form-success">{}</p>'
        '<h2>{}</h2><ol>{}</ol><p><a href="{}">{}</a></p>'
    ).format(t(thanks(form)), t(WHAT_NEXT), steps, href, t(label)))
