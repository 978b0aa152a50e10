"""The form rule engine (SPEC §5), with the semantics of FormKit's rule set.

A rule string lists rules separated by ``|``; arguments follow a colon and are separated
by commas: ``"required|length:5,10|email"``. Surrounding spaces are ignored and an empty
segment (a trailing ``|``) is skipped.

A rule name may carry FormKit's hint prefixes, kept on the parsed :class:`Rule`:

* ``+`` runs the rule on an empty value too (``skip_empty=False``);
* ``?`` makes the rule non-blocking: its failure is shown but does not stop a submit;
* ``*`` (force) and ``(500)`` (debounce in milliseconds) only concern when the browser
  re-runs a rule. Every rule here is checked on its own, so they change no result.

Empty values (``""``, ``None``, empty lists, tuples, sets and mappings) pass every rule
except ``required``, ``accepted`` and ``require_one``. ``0``, ``False`` and ``" "`` are not
empty, exactly as in FormKit (``required:trim`` treats a blank string as empty).

Values are compared the way the browser-side rules compare JavaScript values: numbers are
coerced like ``Number()`` (``"0x10"`` is 16, ``"12abc"`` is not a number), strings like
``String()`` and lengths are counted in UTF-16 code units like ``String.length``.
Dates are read like ``Date.parse``: ISO dates (``2024-05-31``) are UTC, ISO date-times
without a zone and the legacy forms (``05/31/2024``, ``May 31, 2024``) are local time.
Two deliberate differences from browsers: impossible dates (``2024-02-30``) and dates
without a year are invalid instead of rolling over or guessing a year.

Small extensions: ``no_control`` refuses control characters (tabs, line breaks, terminal
escapes; ``dealer.visible``), ``matches`` takes flags after a pattern's closing slash (``/^nl/i``),
``url`` takes protocols with or without their colon (``url:https`` or ``url:https:``),
and ``length``, ``min`` and ``max`` treat sets like lists. ``confirm`` and
``require_one`` look other fields up by name in the ``values`` mapping.
"""

from __future__ import annotations

import ipaddress
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from decimal import Decimal
from functools import lru_cache
from string import ascii_letters, ascii_lowercase, ascii_uppercase, punctuation
from urllib.parse import unquote
from zoneinfo import ZoneInfo

from dealer.visible import has_control

# Dates without a zone are read in the visitors' time zone (the Netherlands and Germany
# share one), as their browsers did, not in the server's.
LOCAL_TIMEZONE: tzinfo = ZoneInfo("Europe/Amsterdam")

# Rules that run on an empty value; every other rule passes an empty value.
_RUNS_ON_EMPTY = frozenset({"required", "accepted", "require_one"})
_ARRAY_TYPES = (list, tuple, set, frozenset)


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a rule string, with its arguments and hints."""

    name: str
    args: tuple[object, ...] = ()
    blocking: bool = True
    skip_empty: bool = True
    force: bool = False
    debounce: int = 0


@dataclass(frozen=True, slots=True)
class _Field:
    """The input a rule looks at: its value, its name and the form's other values."""

    value: object
    name: str
    values: Mapping[str, object]


# --- JavaScript value semantics --------------------------------------------------------

_JS_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_JS_RADIX = re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_JS_INFINITY = {"Infinity": math.inf, "+Infinity": math.inf, "-Infinity": -math.inf}
_JS_PARSE_INT = re.compile(r"\s*([+-]?\d+)")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _js_string(value: object) -> str:
    """``String(value)``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    if isinstance(value, _ARRAY_TYPES):
        return ",".join("" if item is None else _js_string(item) for item in value)
    if isinstance(value, Mapping):
        return "[object Object]"
    return str(value)


def _js_number(value: object) -> float:
    """``Number(value)``; NaN when the value is not a number."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return float(value)
    if _is_number(value):
        try:
            return float(value)
        except OverflowError:  # an int beyond float range
            return math.inf if value > 0 else -math.inf
    if isinstance(value, _ARRAY_TYPES):
        return _js_number(_js_string(value))
    if not isinstance(value, str):
        return math.nan
    text = value.strip()
    if not text:
        return 0.0
    if _JS_DECIMAL.fullmatch(text):
        return float(text)
    if _JS_RADIX.fullmatch(text):
        return float(int(text, 0))
    return _JS_INFINITY.get(text, math.nan)


def _js_parse_int(value: object) -> float:
    """``parseInt(value)``: the leading integer of the text, NaN without one."""
    match = _JS_PARSE_INT.match(_js_string(value))
    return float(int(match.group(1))) if match else math.nan


def _loose_equal(a: object, b: object) -> bool:
    """``a == b``. Two containers compare by content (JavaScript compares identity)."""
    if a is None or b is None:
        return a is None and b is None
    a = int(a) if isinstance(a, bool) else a
    b = int(b) if isinstance(b, bool) else b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    a_primitive = _is_number(a) or isinstance(a, str)
    b_primitive = _is_number(b) or isinstance(b, str)
    if a_primitive and b_primitive:
        return _js_number(a) == _js_number(b)
    if not a_primitive and not b_primitive:
        return a == b
    return _loose_equal(a if a_primitive else _js_string(a), b if b_primitive else _js_string(b))


def _strict_equal(a: object, b: object) -> bool:
    """``a === b``, with containers compared by content like FormKit's ``eq``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) or _is_number(b):
        return _is_number(a) and _is_number(b) and a == b
    return type(a) is type(b) and a == b


def is_empty(value: object) -> bool:
    """FormKit's notion of an empty value: ``""``, ``None`` or an empty collection."""
    if value is None:
        return True
    if isinstance(value, str):
        return value == ""
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        return len(value) == 0
    return False


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


# --- dates ---------------------------------------------------------------------------------

_ISO_DATE = re.compile(
    r"(?P<year>\d{4})(?:-(?P<month>\d{2})(?:-(?P<day>\d{2}))?)?"
    r"(?:T(?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:\.(?P<fraction>\d+))?)?"
    r"(?P<zone>Z|[+-]\d{2}:\d{2})?)?"
)
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?")
_OFFSET = re.compile(r"([+-])(\d{2}):?(\d{2})")
_NUMBER = re.compile(r"\d+")
_WORD = re.compile(r"[a-z]+")
_SKIP = re.compile(r"[\s,./-]+|\([^)]*\)")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_UTC_WORDS = frozenset({"z", "ut", "utc", "gmt"})


def _milliseconds(fraction: str | None) -> int:
    return int((fraction or "0")[:3].ljust(3, "0")) * 1000


def _build(*parts: int, tz: tzinfo) -> datetime | None:
    try:
        return datetime(*parts, tzinfo=tz)
    except ValueError:
        return None


def _parse_iso(text: str) -> datetime | None:
    match = _ISO_DATE.fullmatch(text)
    if match is None:
        return None
    part = match.groupdict()
    zone: tzinfo
    if part["hour"] is None:
        zone = UTC
    elif part["zone"] is None:
        zone = LOCAL_TIMEZONE
    elif part["zone"] == "Z":
        zone = UTC
    else:
        sign = -1 if part["zone"][0] == "-" else 1
        hours, minutes = part["zone"][1:].split(":")
        zone = timezone(sign * timedelta(hours=int(hours), minutes=int(minutes)))
    return _build(
        int(part["year"]),
        int(part["month"] or 1),
        int(part["day"] or 1),
        int(part["hour"] or 0),
        int(part["minute"] or 0),
        int(part["second"] or 0),
        _milliseconds(part["fraction"]),
        tz=zone,
    )


def _parse_legacy(text: str) -> datetime | None:
    """The browsers' fallback formats: ``5/31/2024``, ``2024/5/31``, ``May 31, 2024``, ..."""
    numbers: list[int] = []
    month: int | None = None
    clock: tuple[int, int, int, int] | None = None
    meridiem: str | None = None
    zone: tzinfo = LOCAL_TIMEZONE
    position = 0
    while position < len(text):
        if clock is not None and (match := _OFFSET.match(text, position)):
            sign = -1 if match.group(1) == "-" else 1
            offset = timedelta(hours=int(match.group(2)), minutes=int(match.group(3)))
            zone = timezone(sign * offset)
        elif match := _CLOCK.match(text, position):
            if clock is not None:
                return None
            hour, minute, second, fraction = match.groups()
            clock = (int(hour), int(minute), int(second or 0), _milliseconds(fraction))
        elif match := _NUMBER.match(text, position):
            numbers.append(int(match.group()))
        elif match := _WORD.match(text, position):
            word = match.group()
            if word in ("am", "pm"):
                meridiem = word
            elif word in _UTC_WORDS:
                zone = UTC
            elif len(word) >= 3 and word[:3] in _MONTHS and month is None:
                month = _MONTHS.index(word[:3]) + 1
            elif len(word) < 3 or word[:3] not in _WEEKDAYS:
                return None
        elif not (match := _SKIP.match(text, position)):
            return None
        position = match.end()

    # Which number is the year, month and day follows the V8 engine's rules.
    if month is None:
        if len(numbers) != 3:
            return None
        if not 1 <= numbers[0] <= 31:
            year, month, day = numbers
        else:
            month, day, year = numbers
    else:
        if len(numbers) != 2:
            return None
        day, year = numbers if 1 <= numbers[0] <= 31 else reversed(numbers)
    if year < 50:
        year += 2000
    elif year < 100:
        year += 1900

    hour, minute, second, microsecond = clock or (0, 0, 0, 0)
    if meridiem is not None:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    return _build(year, month, day, hour, minute, second, microsecond, tz=zone)


def parse_date(value: object) -> datetime | None:
    """The moment a value stands for, read like ``Date.parse``; ``None`` if it is no date.

    ``date`` objects count as UTC midnight (like an ISO date), naive ``datetime`` objects
    as local time. The result is always timezone-aware.
    """
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=LOCAL_TIMEZONE)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    text = _js_string(value).strip()
    return _parse_iso(text) or _parse_legacy(text.lower())


def _now() -> datetime:
    return datetime.now(UTC)


def _compared_date(args: tuple[object, ...]) -> datetime | None:
    """The date a date_after/date_before rule compares with: its argument, or now."""
    if not args or not args[0]:
        return _now()
    return parse_date(args[0])


@lru_cache(maxsize=64)
def _date_format_pattern(date_format: str) -> re.Pattern[str]:
    tokens = {
        "YYYY": r"\d{4}",
        "YY": r"\d{2}",
        "MM": "(?:0[1-9]|1[012])",
        "M": "(?:[1-9]|1[012])",
        "DD": "(?:[012][0-9]|3[01])",
        "D": "(?:[012]?[0-9]|3[01])",
    }
    # re.escape leaves letters alone, so the tokens survive escaping.
    pattern = re.sub("YYYY|YY|MM|M|DD|D", lambda m: tokens[m.group()], re.escape(date_format))
    return re.compile(pattern)


# --- URLs ----------------------------------------------------------------------------------

_URL_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):(.*)", re.DOTALL)
_SPECIAL_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss"})
_FORBIDDEN_HOST = re.compile(r"[\x00-\x20#%/:<>?@\[\\\]^|\x7f]")
_C0_AND_SPACE = "".join(map(chr, range(0x21)))


def _ipv4_part(part: str) -> int | None:
    try:
        if part[:2].lower() == "0x":
            return int(part[2:] or "0", 16)
        if len(part) > 1 and part.startswith("0"):
            return int(part[1:], 8)
        return int(part) if part.isascii() and part.isdigit() else None
    except ValueError:
        return None


def _valid_host(host: str) -> bool:
    """A URL host as the WHATWG URL parser accepts it (domain or IPv4)."""
    host = unquote(host)
    if not host or _FORBIDDEN_HOST.search(host) or any(ch.isspace() for ch in host):
        return False
    labels = host.split(".")
    if labels[-1] == "" and len(labels) > 1:
        labels.pop()
    last = labels[-1]
    ends_in_number = (last.isascii() and last.isdigit()) or (
        last[:2].lower() == "0x" and all(ch in "0123456789abcdefABCDEF" for ch in last[2:])
    )
    if not ends_in_number:
        return True
    numbers = [_ipv4_part(label) for label in labels]
    if len(numbers) > 4 or None in numbers:
        return False
    *leading, final = numbers
    return all(n <= 255 for n in leading) and final < 256 ** (5 - len(numbers))


def _valid_authority(rest: str) -> bool:
    authority = re.split(r"[/\\?#]", rest.lstrip("/\\"), maxsplit=1)[0]
    host_port = authority.rpartition("@")[2]
    if host_port.startswith("["):
        host, bracket, port = host_port[1:].partition("]")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return False
        if not bracket or (port and not port.startswith(":")):
            return False
        port = port[1:]
    else:
        host, _, port = host_port.partition(":")
        if not _valid_host(host):
            return False
    return not port or (port.isascii() and port.isdigit() and int(port) <= 65535)


def _url_protocol(text: str) -> str | None:
    """The protocol (``"https:"``) of a URL the browser's ``new URL()`` accepts, else None."""
    text = re.sub(r"[\t\n\r]", "", text.strip(_C0_AND_SPACE))
    match = _URL_SCHEME.fullmatch(text)
    if match is None:
        return None
    scheme = match.group(1).lower()
    if scheme in _SPECIAL_SCHEMES and not _valid_authority(match.group(2)):
        return None
    return f"{scheme}:"


# --- character classes ---------------------------------------------------------------------

CharTest = Callable[[str], bool]


def _category(name: str) -> CharTest:
    return lambda ch: unicodedata.category(ch) == name


def _one_of(characters: str) -> CharTest:
    return lambda ch: ch in characters


def _union(*tests: CharTest) -> CharTest:
    return lambda ch: any(test(ch) for test in tests)


_LETTER: CharTest = str.isalpha  # Unicode L*, like \p{L}
_LOWER = _category("Ll")
_UPPER = _category("Lu")
_DIGIT = _one_of("0123456789")
_SPACE = _one_of(" ")
_SYMBOL = _one_of(punctuation)  # ASCII punctuation: [!-/:-@[-`{-~]
_LATIN = _one_of(ascii_letters)
_LATIN_LOWER = _one_of(ascii_lowercase)
_LATIN_UPPER = _one_of(ascii_uppercase)

# Per rule, the character sets its first argument may pick (FormKit falls back to default).
_ALPHA = {"default": _LETTER, "latin": _LATIN}
_ALPHA_SPACES = {"default": _union(_LETTER, _SPACE), "latin": _union(_LATIN, _SPACE)}
_ALPHANUMERIC = {"default": _union(_DIGIT, _LETTER), "latin": _union(_DIGIT, _LATIN)}
_LOWERCASE = {"default": _LOWER, "latin": _LATIN_LOWER}
_UPPERCASE = {"default": _UPPER, "latin": _LATIN_UPPER}
_LOWERCASE_ONLY = {
    **_LOWERCASE,
    "allow_non_alpha": _union(_DIGIT, _LOWER, _SYMBOL),
    "allow_numeric": _union(_DIGIT, _LOWER),
    "allow_numeric_dashes": _union(_DIGIT, _LOWER, _one_of("-")),
}


def _pick(sets: Mapping[str, CharTest], args: tuple[object, ...]) -> CharTest:
    return sets.get(str(args[0]) if args else "default", sets["default"])


def _only(sets: Mapping[str, CharTest]) -> Callable[..., bool]:
    def rule(field: _Field, *args: object) -> bool:
        text = _js_string(field.value)
        return bool(text) and all(map(_pick(sets, args), text))

    return rule


def _no_control(field: _Field) -> bool:
    return not has_control(_js_string(field.value))


def _contains(sets: Mapping[str, CharTest]) -> Callable[..., bool]:
    def rule(field: _Field, *args: object) -> bool:
        return any(map(_pick(sets, args), _js_string(field.value)))

    return rule


# --- the rules -----------------------------------------------------------------------------

_EMAIL = re.compile(
    r'(([^<>()\[\]\.,;:\s@"]+(\.[^<>()\[\]\.,;:\s@"]+)*)|(".+"))'
    r'@(([^<>()\[\]\.,;:\s@"]+\.)+[^<>()\[\]\.,;:\s@"]{2,})',
    re.IGNORECASE,
)
_CONFIRM_SUFFIX = re.compile(r"_confirm(?:ed)?$")
_REGEX_LITERAL = re.compile(r"/(.*)/([gimsu]*)", re.DOTALL)
_REGEX_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL}


def _accepted(field: _Field) -> bool:
    value = field.value
    if isinstance(value, bool):
        return value
    if _is_number(value):
        return value == 1
    return value in ("yes", "on", "1", "true")


def _between(field: _Field, *args: object) -> bool:
    value = _js_number(field.value)
    bounds = sorted(_js_number(arg) for arg in args[:2])
    if len(bounds) < 2 or math.isnan(value) or any(map(math.isnan, bounds)):
        return False
    return bounds[0] <= value <= bounds[1]


def _confirm(field: _Field, address: object = "", comparison: object = "loose") -> bool:
    if not address:
        address = (
            _CONFIRM_SUFFIX.sub("", field.name)
            if _CONFIRM_SUFFIX.search(field.name)
            else f"{field.name}_confirm"
        )
    other = field.values.get(str(address))
    equal = _strict_equal if comparison == "strict" else _loose_equal
    return equal(field.value, other)


def _date_after(field: _Field, *args: object) -> bool:
    value, compared = parse_date(field.value), _compared_date(args)
    return value is not None and compared is not None and value > compared


def _date_after_or_equal(field: _Field, *args: object) -> bool:
    value, compared = parse_date(field.value), _compared_date(args)
    return value is not None and compared is not None and value >= compared


def _date_before(field: _Field, *args: object) -> bool:
    value, compared = parse_date(field.value), _compared_date(args)
    return value is not None and compared is not None and value < compared


def _date_between(field: _Field, start: object = None, end: object = None) -> bool:
    value, first, last = parse_date(field.value), parse_date(start), parse_date(end)
    if first is not None and last is None:
        # A single date means "from now until that date".
        first, last = _now(), first
    if value is None or first is None or last is None:
        return False
    return first <= value <= last


def _date_format(field: _Field, date_format: object = None) -> bool:
    if date_format and isinstance(date_format, str):
        return _date_format_pattern(date_format).fullmatch(_js_string(field.value)) is not None
    return parse_date(field.value) is not None


def _email(field: _Field) -> bool:
    return _EMAIL.fullmatch(_js_string(field.value)) is not None


def _starts_with(field: _Field, *prefixes: object) -> bool:
    value = field.value
    return isinstance(value, str) and (
        not prefixes or any(value.startswith(_js_string(prefix)) for prefix in prefixes)
    )


def _ends_with(field: _Field, *suffixes: object) -> bool:
    value = field.value
    return isinstance(value, str) and (
        not suffixes or any(value.endswith(_js_string(suffix)) for suffix in suffixes)
    )


def _is_object(item: object) -> bool:
    return item is None or not (_is_number(item) or isinstance(item, str | bool))


def _is(field: _Field, *allowed: object) -> bool:
    return any(
        _strict_equal(item, field.value) if _is_object(item) else _loose_equal(item, field.value)
        for item in allowed
    )


def _not(field: _Field, *disallowed: object) -> bool:
    return not any(_strict_equal(item, field.value) for item in disallowed)


def length_bounds(first: object = None, second: object = None) -> tuple[float, float]:
    """The (shortest, longest) lengths a ``length`` rule with these arguments allows.

    Arguments may come in either order; a missing or blank maximum is unlimited.
    """
    low = 0.0 if first is None or first == "" else _js_parse_int(first)
    high = _js_parse_int(second) if second is not None and second != "" else math.inf
    if math.isnan(high):
        high = math.inf
    return (low, high) if low <= high else (high, low)


def _length(field: _Field, *args: object) -> bool:
    value = field.value
    if isinstance(value, str):
        size = _utf16_length(value)
    elif isinstance(value, (*_ARRAY_TYPES, Mapping)):
        size = len(value)
    else:
        return False
    low, high = length_bounds(*args[:2])
    return low <= size <= high


def _matches(field: _Field, *patterns: object) -> bool:
    for pattern in patterns:
        if isinstance(pattern, str) and (literal := _REGEX_LITERAL.fullmatch(pattern)):
            flags = 0
            for flag in literal.group(2):
                flags |= _REGEX_FLAGS.get(flag, 0)
            try:
                pattern = _compile_pattern(literal.group(1), flags)
            except re.error as error:
                raise ValueError(f"invalid pattern in matches rule: {pattern!r}") from error
        if isinstance(pattern, re.Pattern):
            if pattern.search(_js_string(field.value)):
                return True
        elif _strict_equal(pattern, field.value):
            return True
    return False


@lru_cache(maxsize=64)
def _compile_pattern(source: str, flags: int) -> re.Pattern[str]:
    return re.compile(source, flags)


def _limit(args: tuple[object, ...], default: float) -> float:
    return default if not args or args[0] is None or args[0] == "" else _js_number(args[0])


def _max(field: _Field, *args: object) -> bool:
    value = field.value
    size = len(value) if isinstance(value, _ARRAY_TYPES) else _js_number(value)
    return size <= _limit(args, 10)


def _min(field: _Field, *args: object) -> bool:
    value = field.value
    size = len(value) if isinstance(value, _ARRAY_TYPES) else _js_number(value)
    return size >= _limit(args, 1)


def _number(field: _Field) -> bool:
    return not math.isnan(_js_number(field.value))


def _require_one(field: _Field, *names: object) -> bool:
    return not is_empty(field.value) or any(
        not is_empty(field.values.get(str(name))) for name in names
    )


def _required(field: _Field, action: object = "default") -> bool:
    value = field.value
    if action == "trim" and isinstance(value, str):
        value = value.strip()
    return not is_empty(value)


def _url(field: _Field, *protocols: object) -> bool:
    # Protocols may be written with or without their colon: "url:https" or "url:https:".
    allowed = {str(p).lower().rstrip(":") + ":" for p in protocols} or {"http:", "https:"}
    return _url_protocol(_js_string(field.value)) in allowed


_RULES: dict[str, Callable[..., bool]] = {
    "accepted": _accepted,
    "alpha": _only(_ALPHA),
    "alpha_spaces": _only(_ALPHA_SPACES),
    "alphanumeric": _only(_ALPHANUMERIC),
    "between": _between,
    "confirm": _confirm,
    "contains_alpha": _contains(_ALPHA),
    "contains_alpha_spaces": _contains(_ALPHA_SPACES),
    "contains_alphanumeric": _contains(_ALPHANUMERIC),
    "contains_lowercase": _contains(_LOWERCASE),
    "contains_numeric": _contains({"default": _DIGIT}),
    "contains_symbol": _contains({"default": _SYMBOL}),
    "contains_uppercase": _contains(_UPPERCASE),
    "date_after": _date_after,
    "date_after_or_equal": _date_after_or_equal,
    "date_before": _date_before,
    "date_between": _date_between,
    "date_format": _date_format,
    "email": _email,
    "ends_with": _ends_with,
    "is": _is,
    "length": _length,
    "lowercase": _only(_LOWERCASE_ONLY),
    "matches": _matches,
    "max": _max,
    "min": _min,
    "no_control": _no_control,
    "not": _not,
    "number": _number,
    "require_one": _require_one,
    "required": _required,
    "starts_with": _starts_with,
    "symbol": _only({"default": _SYMBOL}),
    "uppercase": _only(_UPPERCASE),
    "url": _url,
}

RULE_NAMES: frozenset[str] = frozenset(_RULES)


# --- rule strings --------------------------------------------------------------------------

_RULE_SYNTAX = re.compile(
    r"(?P<hints>[*+?]*(?:\((?P<debounce>\d+)\))?[*+?]*)"
    r"(?P<name>[A-Za-z][A-Za-z0-9_]*)(?:\s*:(?P<args>.*))?",
    re.DOTALL,
)


def _rule(name: str, args: tuple[object, ...] = (), hints: str = "", debounce: int = 0) -> Rule:
    if name not in _RULES:
        raise ValueError(f"unknown form rule {name!r}")
    return Rule(
        name=name,
        args=args,
        blocking="?" not in hints,
        skip_empty=name not in _RUNS_ON_EMPTY and "+" not in hints,
        force="*" in hints,
        debounce=debounce,
    )


def parse(rules: str) -> tuple[Rule, ...]:
    """The rules of a rule string such as ``"required|length:5,10|?email"``, in order.

    Raises ValueError for an unknown rule name or a segment that is not a rule.
    """
    parsed = []
    for segment in rules.split("|"):
        segment = segment.strip()
        if not segment:
            continue
        match = _RULE_SYNTAX.fullmatch(segment)
        if match is None:
            raise ValueError(f"not a form rule: {segment!r}")
        args = tuple(arg.strip() for arg in match["args"].split(",")) if match["args"] else ()
        debounce = int(match["debounce"] or 0)
        parsed.append(_rule(match["name"], args, match["hints"], debounce))
    return tuple(parsed)


def _passes(rule: Rule, field: _Field) -> bool:
    if rule.skip_empty and is_empty(field.value):
        return True
    return _RULES[rule.name](field, *rule.args)


def check(
    rule: str,
    value: object,
    *args: object,
    values: Mapping[str, object] | None = None,
    name: str = "",
) -> bool:
    """Whether ``value`` passes one rule, e.g. ``check("between", "5", "1", "10")``.

    ``values`` holds the form's other fields (for confirm and require_one) and ``name`` is
    this field's name (confirm compares with ``<name>_confirm`` by default).
    """
    return _passes(_rule(rule, args), _Field(value, name, values or {}))


def validate(
    value: object,
    rules: str | Iterable[Rule],
    *,
    values: Mapping[str, object] | None = None,
    name: str = "",
) -> list[Rule]:
    """The rules ``value`` fails, in order, with their arguments and hints.

    A form may be submitted when none of the failing rules is ``blocking``.
    """
    parsed = parse(rules) if isinstance(rules, str) else tuple(rules)
    field = _Field(value, name, values or {})
    return [rule for rule in parsed if not _passes(rule, field)]


def failing(
    value: object,
    rules: str,
    *,
    values: Mapping[str, object] | None = None,
    name: str = "",
) -> list[str]:
    """The names of the rules in a rule string that ``value`` fails, in order."""
    return [rule.name for rule in validate(value, rules, values=values, name=name)]
