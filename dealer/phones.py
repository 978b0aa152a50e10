"""Phone numbers, read and written with libphonenumber's data (the phonenumbers package).

A number is shown the way people of the page's country write it: in the national form
when it is a number of that country ("030 262 4000" on a Dutch page), internationally
otherwise ("+49 221 96470" on a Dutch page). Links and stored leads use E.164.
"""

from __future__ import annotations

import phonenumbers

# The country whose numbers a page's language writes nationally.
LOCALE_COUNTRIES = {"nl": "NL", "de": "DE"}
MAX_INPUT_LENGTH = 40  # a written number; longer text is not one


def parse(number: str, country: str) -> phonenumbers.PhoneNumber | None:
    """The number as written, read with ``country`` as the home of national numbers;
    None for anything that is not a valid number."""
    if not isinstance(number, str) or not number.strip() or len(number) > MAX_INPUT_LENGTH:
        return None
    try:
        parsed = phonenumbers.parse(number, country)
    except phonenumbers.NumberParseException:
        return None
    return parsed if phonenumbers.is_valid_number(parsed) else None


def shown(number: str, country: str, locale: str) -> str:
    """The number for a page in ``locale``; as written when it cannot be read."""
    parsed = parse(number, country)
    if parsed is None:
        return number
    home = phonenumbers.region_code_for_number(parsed) == LOCALE_COUNTRIES.get(locale)
    style = (phonenumbers.PhoneNumberFormat.NATIONAL if home
             else phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    return phonenumbers.format_number(parsed, style)


def e164(number: str, country: str) -> str | None:
    """The number in E.164 ("+31302624000"), or None when it is not a valid number."""
    parsed = parse(number, country)
    return None if parsed is None else phonenumbers.format_number(
        parsed, phonenumbers.PhoneNumberFormat.E164)


def tel_href(number: str, country: str) -> str:
    """A ``tel:`` link; the digits as written when the number cannot be read."""
    normalised = e164(number, country)
    return "tel:" + (normalised or "".join(c for c in number if c.isdigit() or c == "+"))


def whatsapp_href(number: str, country: str) -> str | None:
    """A link that opens a WhatsApp chat with the number (wa.me wants its digits without
    the plus); None when it is not a valid number."""
    normalised = e164(number, country)
    return None if normalised is None else "https://wa.me/" + normalised.removeprefix("+")
