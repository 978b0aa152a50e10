"""Translated error messages for the form rules (gettext domain ``forms``).

Message texts name the field by its label. ``{Label}`` is the label with a capital first
letter, for the start of a sentence; ``{label}`` is the label as given. Dates and numbers
from rule arguments are formatted for the locale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation

from babel.lists import format_list

from dealer.forms.rules import LOCAL_TIMEZONE, RULE_NAMES, length_bounds, parse_date
from dealer.i18n import N_, format_date, format_number, gettext, ngettext

DOMAIN = "forms"

_MISCONFIGURED = N_("This field is configured incorrectly and can’t be submitted.")

# Rules whose message needs nothing but the label.
_PLAIN: Mapping[str, str] = {
    "accepted": N_("Please accept “{label}”."),
    "alpha": N_("{Label} can only contain letters."),
    "alpha_spaces": N_("{Label} can only contain letters and spaces."),
    "alphanumeric": N_("{Label} can only contain letters and numbers."),
    "confirm": N_("{Label} does not match."),
    "contains_alpha": N_("{Label} must contain a letter."),
    "contains_alpha_spaces": N_("{Label} must contain a letter or a space."),
    "contains_alphanumeric": N_("{Label} must contain a letter or a number."),
    "contains_lowercase": N_("{Label} must contain a lowercase letter."),
    "contains_numeric": N_("{Label} must contain a number."),
    "contains_symbol": N_("{Label} must contain a symbol."),
    "contains_uppercase": N_("{Label} must contain an uppercase letter."),
    "email": N_("Please enter a valid email address."),
    "is": N_("{Label} is not an allowed value."),
    "matches": N_("{Label} is not an allowed value."),
    "no_control": N_("{Label} cannot contain tabs, line breaks or other control characters."),
    "number": N_("{Label} must be a number."),
    "required": N_("{Label} is required."),
    "symbol": N_("{Label} can only contain symbols."),
    "uppercase": N_("{Label} can only contain uppercase letters."),
    "url": N_("Please enter a valid URL."),
}

_LOWERCASE: Mapping[str, str] = {
    "allow_non_alpha": N_("{Label} can only contain lowercase letters, numbers and symbols."),
    "allow_numeric": N_("{Label} can only contain lowercase letters and numbers."),
    "allow_numeric_dashes": N_("{Label} can only contain lowercase letters, numbers and dashes."),
}
_LOWERCASE_DEFAULT = N_("{Label} can only contain lowercase letters.")


class _Context:
    """What a message builder needs: locale, label placeholders, rule arguments, value."""

    def __init__(self, locale: str, label: str, args: Sequence[object], value: object) -> None:
        self.locale = locale
        self.args = tuple(args)
        self.value = value
        self.params = {"label": label, "Label": label[:1].upper() + label[1:]}

    def text(self, msgid: str, **params: object) -> str:
        return gettext(self.locale, msgid, DOMAIN, **self.params, **params)

    def arg(self, index: int) -> object:
        return self.args[index] if len(self.args) > index else None

    def date(self, value: object) -> str:
        moment = parse_date(value)
        if moment is None:
            return str(value)
        return format_date(moment.astimezone(LOCAL_TIMEZONE).date(), self.locale)

    def options(self, items: Sequence[object]) -> str:
        """``a, b or c`` in the locale's words."""
        return format_list([str(item) for item in items], style="or", locale=self.locale)


def _number(value: object) -> Decimal | None:
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def _between(ctx: _Context) -> str:
    bounds = [_number(arg) for arg in ctx.args[:2]]
    if len(bounds) < 2 or None in bounds:
        return ctx.text(_MISCONFIGURED)
    low, high = sorted(bounds)
    return ctx.text(
        N_("{Label} must be between {min} and {max}."),
        min=format_number(low, ctx.locale),
        max=format_number(high, ctx.locale),
    )


def _date_after(ctx: _Context) -> str:
    if ctx.arg(0):
        return ctx.text(N_("{Label} must be after {date}."), date=ctx.date(ctx.arg(0)))
    return ctx.text(N_("{Label} must be in the future."))


def _date_after_or_equal(ctx: _Context) -> str:
    if ctx.arg(0):
        return ctx.text(N_("{Label} must not be before {date}."), date=ctx.date(ctx.arg(0)))
    return ctx.text(N_("{Label} must not be in the past."))


def _date_before(ctx: _Context) -> str:
    if ctx.arg(0):
        return ctx.text(N_("{Label} must be before {date}."), date=ctx.date(ctx.arg(0)))
    return ctx.text(N_("{Label} must be in the past."))


def _date_between(ctx: _Context) -> str:
    if not ctx.arg(0):
        return ctx.text(_MISCONFIGURED)
    # With one date the rule means "from now until that date".
    if ctx.arg(1):
        start, end = ctx.arg(0), ctx.arg(1)
    else:
        start, end = datetime.now(LOCAL_TIMEZONE), ctx.arg(0)
    return ctx.text(
        N_("{Label} must be between {start} and {end}."),
        start=ctx.date(start),
        end=ctx.date(end),
    )


def _date_format(ctx: _Context) -> str:
    if ctx.arg(0):
        return ctx.text(
            N_("{Label} is not a valid date. Please use the format {format}."),
            format=ctx.arg(0),
        )
    return ctx.text(N_("{Label} is not a valid date."))


def _ends_with(ctx: _Context) -> str:
    return ctx.text(N_("{Label} must end with {options}."), options=ctx.options(ctx.args))


def _starts_with(ctx: _Context) -> str:
    return ctx.text(N_("{Label} must start with {options}."), options=ctx.options(ctx.args))


def _length(ctx: _Context) -> str:
    low, high = length_bounds(ctx.arg(0), ctx.arg(1))
    if math.isnan(low):
        return ctx.text(_MISCONFIGURED)
    # Plurals are spelled out in ngettext calls so the catalog tooling extracts them.
    if low == high:
        return ngettext(
            ctx.locale,
            "{Label} must be exactly {n} character long.",
            "{Label} must be exactly {n} characters long.",
            int(high),
            DOMAIN,
            **ctx.params,
        )
    if high == math.inf:
        return ngettext(
            ctx.locale,
            "{Label} must be at least {n} character long.",
            "{Label} must be at least {n} characters long.",
            int(low),
            DOMAIN,
            **ctx.params,
        )
    if low == 0:
        return ngettext(
            ctx.locale,
            "{Label} can be at most {n} character long.",
            "{Label} can be at most {n} characters long.",
            int(high),
            DOMAIN,
            **ctx.params,
        )
    return ctx.text(
        N_("{Label} must be between {min} and {max} characters long."), min=int(low), max=int(high)
    )


def _lowercase(ctx: _Context) -> str:
    return ctx.text(_LOWERCASE.get(str(ctx.arg(0)), _LOWERCASE_DEFAULT))


def _limit(ctx: _Context, default: int) -> str:
    limit = ctx.arg(0) if ctx.arg(0) not in (None, "") else default
    number = _number(limit)
    return str(limit) if number is None else format_number(number, ctx.locale)


def _is_choice(value: object) -> bool:
    return isinstance(value, list | tuple | set | frozenset)


def _max(ctx: _Context) -> str:
    if _is_choice(ctx.value):
        return ctx.text(N_("{Label}: choose at most {max}."), max=_limit(ctx, 10))
    return ctx.text(N_("{Label} must be no more than {max}."), max=_limit(ctx, 10))


def _min(ctx: _Context) -> str:
    if _is_choice(ctx.value):
        return ctx.text(N_("{Label}: choose at least {min}."), min=_limit(ctx, 1))
    return ctx.text(N_("{Label} must be at least {min}."), min=_limit(ctx, 1))


def _not(ctx: _Context) -> str:
    if ctx.value is None or ctx.value == "":
        return ctx.text(_PLAIN["is"])
    return ctx.text(N_("{Label}: “{value}” is not allowed."), value=ctx.value)


def _require_one(ctx: _Context) -> str:
    fields = ctx.options([ctx.params["Label"], *ctx.args])
    return ctx.text(N_("{fields} is required."), fields=fields)


_BUILDERS: Mapping[str, Callable[[_Context], str]] = {
    "between": _between,
    "date_after": _date_after,
    "date_after_or_equal": _date_after_or_equal,
    "date_before": _date_before,
    "date_between": _date_between,
    "date_format": _date_format,
    "ends_with": _ends_with,
    "length": _length,
    "lowercase": _lowercase,
    "max": _max,
    "min": _min,
    "not": _not,
    "require_one": _require_one,
    "starts_with": _starts_with,
}


def message(
    rule: str,
    locale: str,
    *,
    label: str,
    args: Sequence[object] = (),
    value: object = None,
) -> str:
    """The error text for a failed rule, e.g. ``message("required", "de", label="Name")``.

    ``args`` are the rule's arguments as in the rule string; for ``require_one`` they are
    the labels of the other fields. ``value`` is the field's value: ``max`` and ``min``
    speak of choices when it is a list, ``not`` quotes it. Unknown rule -> ValueError.
    """
    if rule not in RULE_NAMES:
        raise ValueError(f"unknown form rule {rule!r}")
    ctx = _Context(locale, label, args, value)
    builder = _BUILDERS.get(rule)
    return builder(ctx) if builder else ctx.text(_PLAIN[rule])
