"""The visitor forms (SPEC §2): their fields, rule strings, and validation on the server.

Which rules guard which field is a product decision (SPEC §5 leaves it open):

* ``name``: required (blank does not count), 2-80 characters, at least one letter, no
  control characters (a tab, a line break, a terminal escape).
* ``email``: required, a valid address, at most 254 characters (the SMTP limit).
* ``phone``: optional; digits with the usual separators (``+31 6 1234 5678``,
  ``(030) 123-4567``), 8-20 characters.
* ``contact_preference``: email or phone, always answered.
* ``preferred_date`` (test drives): a calendar date from tomorrow on; the dealer confirms
  the exact time. ``time_of_day``: morning, afternoon or no preference.
* ``branch`` (test drives): one of the branches offered on the page; the allowed names come
  from the database when the page loads, so the check is passed in as ``options``. Direct
  contact asks for it too, optionally (empty, or one of every branch).
* ``topic`` (direct contact, model contact): sales, workshop or something else; a request
  starts with the topic of where the visitor came from (``dealer.forms.origins``).
* ``message``: optional, at most 2000 characters; required (10+ characters) for direct
  contact, where it is the whole point.
* ``trade_in`` (toggle) reveals ``trade_in_plate`` (4-12 letters, digits, spaces, dashes:
  Dutch and German plates) and ``trade_in_mileage`` (0-2,000,000 km). Hidden fields are
  neither validated nor stored. A Dutch plate's lookup fills in the optional, editable
  ``trade_in_make``, ``_model``, ``_first_registration`` (a past date), ``_fuel`` and
  ``_colour``.
* ``trade_in_condition`` (the trade-in request): very good, good, fair or damaged, always
  answered. The trade-in request asks for the plate, the details and the mileage without
  the toggle (that is what it is about), with the interest form's rules.
* ``motivation`` (job applications): required, 50-2000 characters.
* ``cv`` (job applications): required; its value is the token (43 characters) of a PDF,
  Word or OpenDocument file of at most 5 MB the server received and checked by its content
  (``dealer.forms.uploads``).
* ``transcript`` (the chat's forms): the conversation, at most 4000 characters; the
  server writes it, the visitor does not type it.
* ``privacy``: the consent checkbox, ``accepted``.
* ``website``: a honeypot that people never see; a filled-in honeypot marks a bot.

Every text field carries a ``length`` rule: its maximum is also the input's ``maxlength``.
Checkbox and toggle values are ``"on"`` or ``""`` while typing and booleans once stored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from dealer import params
from dealer.forms import rules
from dealer.forms.messages import DOMAIN, message
from dealer.i18n import N_, format_number, gettext

FieldType = Literal["text", "autocomplete", "checkbox", "toggle", "radio", "file"]

# Key of errors that concern the whole submission rather than one field.
FORM_ERROR = "_form"
HONEYPOT = "website"
CHECKED = "on"
# Hard limits before any rule runs: nothing bigger is even looked at.
MAX_VALUE_CHARS = 5_000
MAX_FIELDS = 50

MALFORMED_FORM = N_("The form could not be read. Please reload the page and try again.")
_MALFORMED_VALUE = N_("This value could not be read. Please enter it again.")
_TOO_LONG = N_("This text is too long.")
_AT_THE_LIMIT = N_("At most {count} characters: anything longer is cut off here.")


@dataclass(frozen=True)
class Option:
    value: str
    label: str  # msgid


@dataclass(frozen=True)
class FieldDef:
    name: str
    type: FieldType
    label: str  # msgid
    rules: str = ""
    help: str = ""  # msgid
    input_type: str = "text"  # the HTML input type of text fields: email, tel, date...
    autocomplete: str = "off"  # the HTML autocomplete token
    multiline: bool = False
    options: tuple[Option, ...] = ()  # radio choices
    default: str = ""
    shown_when: str | None = None  # the toggle or checkbox that reveals this field
    # Error texts that replace the generic rule message, by rule name (msgids).
    messages: Mapping[str, str] = field(default_factory=dict)
    # How an error message names the field, when its label cannot start a sentence (a
    # question): "Your motivation must be ...", not "Why do you want this job? must be ...".
    error_label: str = ""  # msgid

    @property
    def parsed_rules(self) -> tuple[rules.Rule, ...]:
        return rules.parse(self.rules)

    @property
    def max_length(self) -> int | None:
        """The longest value the ``length`` rule allows (the input's ``maxlength``)."""
        for rule in self.parsed_rules:
            if rule.name == "length":
                high = rules.length_bounds(*rule.args[:2])[1]
                return None if math.isinf(high) else int(high)
        return None

    @property
    def is_check(self) -> bool:
        return self.type in ("checkbox", "toggle")

    @property
    def required(self) -> bool:
        return any(rule.name in ("required", "accepted") for rule in self.parsed_rules)


@dataclass(frozen=True)
class FormDef:
    id: str
    title: str  # msgid of the page heading
    intro: str  # msgid of the lead paragraph
    subject: Literal["vehicle", "model", "vacancy", None]
    fields: tuple[FieldDef, ...]

    def field(self, name: str) -> FieldDef:
        return next(f for f in self.fields if f.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


@dataclass(frozen=True)
class FieldError:
    message: str
    blocking: bool


def choice(name: str, label: str, options: Sequence[tuple[str, str]], error: str = "",
           default: str = "") -> FieldDef:
    """A radio field answered with one of its ``options`` (value, label msgid); ``error``
    (a msgid) says what to do when it is not."""
    return FieldDef(
        name, "radio", label, "required|is:" + ",".join(value for value, _ in options),
        options=tuple(Option(value, text) for value, text in options), default=default,
        messages=dict.fromkeys(("required", "is"), error) if error else {},
    )


# --- fields ----------------------------------------------------------------------------

NAME = FieldDef(
    "name", "text", N_("Name"), "required:trim|length:2,80|contains_alpha|no_control",
    autocomplete="name"
)
EMAIL = FieldDef(
    "email", "text", N_("Email address"), "required:trim|email|length:0,254",
    input_type="email", autocomplete="email",
)
PHONE = FieldDef(
    "phone", "text", N_("Phone number"), r"matches:/^\+?[0-9 ()./-]+$/|length:8,20",
    help=N_("Optional. For example +31 6 12345678."), input_type="tel", autocomplete="tel",
    messages={"matches": N_("Please enter a phone number with digits only, e.g. +31 6 12345678.")},
)
CONTACT_PREFERENCE = choice(
    "contact_preference", N_("How should we contact you?"),
    (("email", N_("By email")), ("phone", N_("By phone"))),
    N_("Please choose how we should contact you."), default="email",
)
PREFERRED_DATE = FieldDef(
    "preferred_date", "text", N_("Preferred date"), "required|date_format:YYYY-MM-DD|date_after",
    help=N_("From tomorrow on. We will confirm the exact time with you."), input_type="date",
)
TIME_OF_DAY = choice(
    "time_of_day", N_("Preferred time of day"),
    (("morning", N_("Morning")), ("afternoon", N_("Afternoon")), ("any", N_("No preference"))),
    default="any",
)
BRANCH = FieldDef(
    "branch", "autocomplete", N_("Branch"), "required:trim|length:0,120",
    help=N_("Start typing a place name and choose a branch from the list."),
    messages={"is": N_("Please choose a branch from the list.")},
)
# Direct contact: the branch a question is for, if the visitor has one in mind.
CONTACT_BRANCH = replace(
    BRANCH, rules="length:0,120",
    help=N_("Optional. Start typing a place name and choose a branch from the list."),
)
TOPIC = choice(
    "topic", N_("What is your question about?"),
    (("sales", N_("Buying or leasing a car")), ("workshop", N_("Maintenance or repairs")),
     ("other", N_("Something else"))),
    N_("Please choose what your question is about."),
)
MESSAGE = FieldDef(
    "message", "text", N_("Your message"), "length:0,2000",
    help=N_("Optional: questions or wishes for our sales team."), multiline=True,
)
CONTACT_MESSAGE = FieldDef(
    "message", "text", N_("Your message"), "required:trim|length:10,2000", multiline=True,
)
TRADE_IN = FieldDef("trade_in", "toggle", N_("I have a car to trade in"))
TRADE_IN_PLATE = FieldDef(
    "trade_in_plate", "text", N_("Licence plate of your car"),
    "required:trim|length:4,12|matches:/^[A-Za-z0-9ÄÖÜäöü -]+$/",
    help=N_("For example AB-123-C or B-AB 1234."), shown_when="trade_in",
    messages={"matches": N_("A licence plate has only letters, digits, spaces and dashes.")},
)
TRADE_IN_MILEAGE = FieldDef(
    "trade_in_mileage", "text", N_("Mileage in km"), "required|number|between:0,2000000",
    input_type="number", shown_when="trade_in",
)
TRADE_IN_CONDITION = choice(
    "trade_in_condition", N_("Condition of your car"),
    (("very_good", N_("Very good: no damage, maintained by the book")),
     ("good", N_("Good: some signs of use")),
     ("fair", N_("Fair: repairs or maintenance due")),
     ("damaged", N_("Damaged or not running"))),
    N_("Please choose the condition of your car."),
)
PRIVACY = FieldDef(
    "privacy", "checkbox", N_("I agree that my details are used to handle this request."),
    "accepted", help=N_("We only use your details for this request and never pass them on."),
    messages={"accepted": N_("Please agree so that we can handle your request.")},
)
HONEYPOT_FIELD = FieldDef(HONEYPOT, "text", N_("Leave this field empty"), "length:0,200")
MOTIVATION = FieldDef(
    "motivation", "text", N_("Why do you want this job?"), "required:trim|length:50,2000",
    help=N_("A few sentences about yourself and your motivation."), multiline=True,
    error_label=N_("Your motivation"),
)
CV = FieldDef(
    "cv", "file", N_("Your CV"), r"required|matches:/^[A-Za-z0-9_-]{43}$/",
    help=N_("A PDF, Word (.docx) or OpenDocument (.odt) file of at most 5 MB."),
    messages={"required": N_("Please add your CV."),
              "matches": N_("Your CV was not received. Please choose the file again.")},
)
# The chat's conversation, sent along when a visitor asks for a person (not an input).
TRANSCRIPT = FieldDef("transcript", "text", N_("Conversation"), "length:0,4000", multiline=True)

# Filled in from the vehicle register after a plate lookup (dealer.plates); still editable.
TRADE_IN_DETAILS = tuple(
    FieldDef(name, "text", label, rules, input_type=input_type, shown_when="trade_in")
    for name, label, rules, input_type in (
        ("trade_in_make", N_("Make"), "length:0,60", "text"),
        ("trade_in_model", N_("Model"), "length:0,80", "text"),
        ("trade_in_first_registration", N_("First registration"),
         "date_format:YYYY-MM-DD|date_before", "date"),
        ("trade_in_fuel", N_("Fuel"), "length:0,60", "text"),
        ("trade_in_colour", N_("Colour"), "length:0,40", "text"),
    )
)
_TRADE_IN = (TRADE_IN, TRADE_IN_PLATE, *TRADE_IN_DETAILS, TRADE_IN_MILEAGE)
_INTEREST = (NAME, EMAIL, PHONE, CONTACT_PREFERENCE, MESSAGE, *_TRADE_IN, PRIVACY, HONEYPOT_FIELD)
_TEST_DRIVE = (
    NAME, EMAIL, PHONE, PREFERRED_DATE, TIME_OF_DAY, BRANCH, MESSAGE, *_TRADE_IN, PRIVACY,
    HONEYPOT_FIELD,
)

# The trade-in request: the car first (always asked, no toggle), then the visitor.
_TRADE_IN_REQUEST = (
    *(replace(f, shown_when=None) for f in (TRADE_IN_PLATE, *TRADE_IN_DETAILS, TRADE_IN_MILEAGE)),
    TRADE_IN_CONDITION, NAME, EMAIL, PHONE, CONTACT_PREFERENCE, MESSAGE, PRIVACY,
    HONEYPOT_FIELD,
)

_INTEREST_INTRO = N_("Tell us how to reach you and we will send you an offer without obligation.")
_TEST_DRIVE_INTRO = N_("Choose a day that suits you; we will confirm the appointment.")

FORMS: dict[str, FormDef] = {
    form.id: form
    for form in (
        FormDef("vehicle_interest", N_("Request information"), _INTEREST_INTRO, "vehicle",
                _INTEREST),
        FormDef("vehicle_test_drive", N_("Request a test drive"), _TEST_DRIVE_INTRO, "vehicle",
                _TEST_DRIVE),
        FormDef("model_contact", N_("Contact about this model"), _INTEREST_INTRO, "model",
                (TOPIC, *_INTEREST)),
        FormDef("model_test_drive", N_("Test drive this model"), _TEST_DRIVE_INTRO, "model",
                _TEST_DRIVE),
        FormDef("job_application", N_("Apply for this job"),
                N_("Tell us about yourself and send your CV: we answer every application "
                   "within five working days."), "vacancy",
                (NAME, EMAIL, PHONE, MOTIVATION, CV, PRIVACY, HONEYPOT_FIELD)),
        FormDef(
            "direct_contact", N_("Direct contact"),
            N_("Ask us anything: we answer within one working day."), None,
            (TOPIC, CONTACT_BRANCH, NAME, EMAIL, PHONE, CONTACT_PREFERENCE, CONTACT_MESSAGE,
             PRIVACY, HONEYPOT_FIELD),
        ),
        FormDef("trade_in", N_("Value your car"),
                N_("Enter your licence plate: we look your car up in the vehicle register. "
                   "Add its mileage and condition, and we send you a trade-in offer within "
                   "one working day."), None, _TRADE_IN_REQUEST),
        # The chat's hand-over to a person, and its test drive request for a vehicle.
        FormDef("chat_handover", N_("Talk to a colleague"),
                N_("Leave your details and a colleague will contact you."), None,
                (NAME, EMAIL, PHONE, TRANSCRIPT, PRIVACY, HONEYPOT_FIELD)),
        FormDef("chat_test_drive", N_("Request a test drive"), _TEST_DRIVE_INTRO, "vehicle",
                (NAME, EMAIL, PHONE, PREFERRED_DATE, TRANSCRIPT, PRIVACY, HONEYPOT_FIELD)),
    )
}
# Saving a stock search for e-mail alerts (on the stock overview; no lead is stored).
SAVED_SEARCH = FormDef(
    "saved_search", N_("Mail me new matches"),
    N_("We mail you when a car matching this search arrives or gets cheaper."), None,
    (EMAIL,
     choice("frequency", N_("How often"), (("digest", N_("At most once a day")),
                                           ("instant", N_("At once"))), default="digest"),
     FieldDef("consent", "checkbox",
              N_("I agree that my e-mail address is used for these alerts; every mail has a "
                 "link to stop them."), "accepted",
              messages={"accepted": N_("Please agree so that we can mail you.")})),
)
# Forms the chat shows inside its panel (no screen of their own).
CHAT_FORMS = ("chat_handover", "chat_test_drive")
# Screen of the route table -> the form it shows (brand variants share the form).
SCREEN_FORMS: dict[str, str] = {
    "vehicle_interest": "vehicle_interest",
    "brand_vehicle_interest": "vehicle_interest",
    "vehicle_test_drive": "vehicle_test_drive",
    "brand_vehicle_test_drive": "vehicle_test_drive",
    "model_contact": "model_contact",
    "model_test_drive": "model_test_drive",
    "direct_contact": "direct_contact",
    "vacancy_apply": "job_application",
    "trade_in": "trade_in",
}


def get_form(form_id: str) -> FormDef:
    """The form with this id; unknown id -> KeyError."""
    return FORMS[form_id]


def initial_values(form: FormDef) -> dict[str, str]:
    return {f.name: f.default for f in form.fields}


def bounded_value(f: FieldDef, value: object) -> str:
    """What the form keeps of a value a browser sent for field ``f``: text cut at the
    field's longest allowed length (the input's maxlength) or ``MAX_VALUE_CHARS``;
    anything that is not text is nothing."""
    return params.text(value, f.max_length or MAX_VALUE_CHARS)


def limit_notices(form: FormDef, values: Mapping[str, object], locale: str) -> dict[str, str]:
    """For each text field filled up to its longest allowed length, the words saying so:
    the browser cuts a longer paste there without a word."""
    notices = {}
    for f in form.fields:
        value = values.get(f.name)
        if f.max_length and isinstance(value, str) and len(value) >= f.max_length:
            notices[f.name] = gettext(locale, _AT_THE_LIMIT, DOMAIN,
                                      count=format_number(f.max_length, locale))
    return notices


def is_shown(form: FormDef, values: Mapping[str, object], name: str) -> bool:
    """Whether a field is part of the form with these values (revealed fields)."""
    shown_when = form.field(name).shown_when
    return shown_when is None or _is_checked(values.get(shown_when))


def is_spam(values: Mapping[str, object]) -> bool:
    """A filled-in honeypot: people never see that field, bots fill in everything."""
    return bool(str(values.get(HONEYPOT) or "").strip())


def _is_checked(value: object) -> bool:
    return value is True or (isinstance(value, str) and rules.check("accepted", value))


def _label(f: FieldDef, locale: str) -> str:
    """The field's name in its error messages."""
    return gettext(locale, f.error_label or f.label, DOMAIN)


def _malformed(value: object) -> str | None:
    """The msgid of why a raw value is refused before any rule runs, else None."""
    if value is not None and not isinstance(value, str | bool):
        return _MALFORMED_VALUE
    if isinstance(value, str):
        if len(value) > MAX_VALUE_CHARS:
            return _TOO_LONG
        if "\x00" in value:
            return _MALFORMED_VALUE
    return None


def field_error(
    form: FormDef,
    name: str,
    values: Mapping[str, object],
    locale: str,
    options: Mapping[str, Sequence[str]] | None = None,
) -> FieldError | None:
    """The error of one field (its first failing rule), or None when it passes.

    ``options`` lists the allowed values of fields whose choices are only known at run
    time (the branches of a test drive form); the value must be one of them.
    """
    f = form.field(name)
    value = values.get(name, "")
    if (reason := _malformed(value)) is not None:
        return FieldError(gettext(locale, reason, DOMAIN), True)
    checks = list(f.parsed_rules)
    if options and name in options:
        checks.append(rules.Rule("is", tuple(options[name])))
    failed = rules.validate(value, checks, values=values, name=name)
    if not failed:
        return None
    return FieldError(rule_message(f, failed[0], locale, value),
                      any(r.blocking for r in failed))


def rule_message(f: FieldDef, rule: rules.Rule, locale: str, value: object = "") -> str:
    """The error shown when ``rule`` of field ``f`` fails: the field's own text for that
    rule, else the rule's message naming the field."""
    if rule.name in f.messages:
        return gettext(locale, f.messages[rule.name], DOMAIN)
    return message(rule.name, locale, label=_label(f, locale), args=rule.args, value=value)


def form_errors(
    form: FormDef,
    values: Mapping[str, object],
    locale: str,
    options: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, FieldError]:
    """The error of every shown field that fails a rule, in field order."""
    errors = {}
    for f in form.fields:
        if f.name != HONEYPOT and is_shown(form, values, f.name):
            error = field_error(form, f.name, values, locale, options)
            if error is not None:
                errors[f.name] = error
    return errors


def validate_submission(
    form_id: str,
    values: object,
    locale: str,
    *,
    options: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, str]:
    """The blocking errors of a submission, as ``{field: message}``; empty when it may be
    stored. Runs the same rule strings as the form in the browser, and refuses what the
    browser would never send: a non-mapping, too many fields, non-text values, oversized
    text (``FORM_ERROR`` or the field's name as key, never an exception).
    Unknown ``form_id`` -> KeyError.
    """
    form = get_form(form_id)
    if not isinstance(values, Mapping) or len(values) > MAX_FIELDS:
        return {FORM_ERROR: gettext(locale, MALFORMED_FORM, DOMAIN)}
    if any(not isinstance(key, str) for key in values):
        return {FORM_ERROR: gettext(locale, MALFORMED_FORM, DOMAIN)}
    return {
        name: error.message
        for name, error in form_errors(form, values, locale, options).items()
        if error.blocking
    }


def payload(form: FormDef, values: Mapping[str, object]) -> dict[str, str | bool]:
    """What a lead stores of a valid submission: shown fields only, text trimmed,
    checkboxes and toggles as booleans, no honeypot, unknown keys dropped."""
    stored: dict[str, str | bool] = {}
    for f in form.fields:
        if f.name == HONEYPOT or not is_shown(form, values, f.name):
            continue
        value = values.get(f.name)
        stored[f.name] = _is_checked(value) if f.is_check else str(value or "").strip()
    return stored


# --- the appointment request (the Button's appointment plugin without a provider) -------
# ``branch`` and ``time`` are checked against the choices the page offered (``options``):
# the branches, and the slots of that branch, category and date (dealer.appointments.slots).
APPOINTMENT_BRANCH = FieldDef(
    "branch", "radio", N_("Branch"), "required",
    messages=dict.fromkeys(("required", "is"), N_("Please choose a branch.")),
)
PRODUCT_CATEGORY = choice(
    "product_category", N_("What is the appointment for?"),
    (("workshop_service", N_("Workshop service")),
     ("periodic_inspection", N_("Periodic inspection")), ("tyres", N_("Tyres")),
     ("showroom_visit", N_("Showroom visit")), ("test_drive", N_("Test drive"))),
    N_("Please choose what the appointment is for."), default="workshop_service",
)
APPOINTMENT_DATE = FieldDef(
    "date", "text", N_("Date"), "required|date_format:YYYY-MM-DD", input_type="date",
    help=N_("The times below follow the branch's opening hours on that day."),
)
APPOINTMENT_TIME = FieldDef(
    "time", "radio", N_("Time"), "required",
    messages=dict.fromkeys(("required", "is"), N_("Please choose one of the times offered.")),
)
APPOINTMENT_NOTE = FieldDef(
    "message", "text", N_("Your message"), "length:0,2000", multiline=True,
    help=N_("Optional: your licence plate, or what we should prepare."),
)
FORMS["appointment"] = FormDef(
    "appointment", N_("Make an appointment"),
    N_("Choose a branch, a day and a time: we confirm your appointment by email."), None,
    (APPOINTMENT_BRANCH, PRODUCT_CATEGORY, APPOINTMENT_DATE, APPOINTMENT_TIME, NAME, EMAIL,
     PHONE, APPOINTMENT_NOTE, PRIVACY, HONEYPOT_FIELD),
)
