"""The form rule engine: FormKit's rule semantics, rule strings and hints."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from dealer.forms.rules import (
    LOCAL_TIMEZONE,
    RULE_NAMES,
    Rule,
    check,
    failing,
    is_empty,
    length_bounds,
    parse,
    parse_date,
    validate,
)

SPEC_RULES = {
    "accepted",
    "alpha",
    "alpha_spaces",
    "alphanumeric",
    "between",
    "confirm",
    "contains_alpha",
    "contains_alphanumeric",
    "contains_alpha_spaces",
    "contains_lowercase",
    "contains_numeric",
    "contains_symbol",
    "contains_uppercase",
    "date_after",
    "date_after_or_equal",
    "date_before",
    "date_between",
    "date_format",
    "email",
    "ends_with",
    "starts_with",
    "is",
    "not",
    "length",
    "lowercase",
    "uppercase",
    "matches",
    "max",
    "min",
    "number",
    "require_one",
    "required",
    "symbol",
    "url",
}
# Ours beyond the spec's.
EXTENSIONS = {"no_control"}
EMPTY_VALUES = ["", None, [], {}, ()]
RUN_ON_EMPTY = {"required", "accepted", "require_one"}

# (rule, value, args, expected): one row per behaviour a visitor or caller would notice.
CASES = [
    # accepted: yes, on, 1, true - nothing else
    ("accepted", "yes", (), True),
    ("accepted", "on", (), True),
    ("accepted", "1", (), True),
    ("accepted", "true", (), True),
    ("accepted", 1, (), True),
    ("accepted", True, (), True),
    ("accepted", "no", (), False),
    ("accepted", "Yes", (), False),
    ("accepted", False, (), False),
    ("accepted", 0, (), False),
    # alpha: Unicode letters by default, ASCII with "latin"
    ("alpha", "Müller", (), True),
    ("alpha", "abc1", (), False),
    ("alpha", "van Dijk", (), False),
    ("alpha", "Müller", ("latin",), False),
    ("alpha", "Muller", ("latin",), True),
    ("alpha", "Müller", ("no_such_set",), True),
    ("alpha_spaces", "van der Berg", (), True),
    ("alpha_spaces", "van-der-Berg", (), False),
    ("alpha_spaces", "Jörg Weiß", ("latin",), False),
    ("alphanumeric", "AB12cd", (), True),
    ("alphanumeric", "AB-12", (), False),
    ("alphanumeric", 123, (), True),
    ("alphanumeric", "Straße1", ("latin",), False),
    # between: numeric, inclusive, bounds in either order
    ("between", "5", ("1", "10"), True),
    ("between", "1", ("1", "10"), True),
    ("between", "10", ("1", "10"), True),
    ("between", "10.5", ("1", "10"), False),
    ("between", "0", ("1", "10"), False),
    ("between", "5", ("10", "1"), True),
    ("between", 5, (1, 10), True),
    ("between", "five", ("1", "10"), False),
    ("between", "5", ("1", "ten"), False),
    ("between", "5", (), False),
    # contains_*: at least one character of the kind
    ("contains_alpha", "123a", (), True),
    ("contains_alpha", "123!", (), False),
    ("contains_alpha", "123é", ("latin",), False),
    ("contains_alpha_spaces", "12 3", (), True),
    ("contains_alpha_spaces", "123", (), False),
    ("contains_alphanumeric", "!!a", (), True),
    ("contains_alphanumeric", "!!?", (), False),
    ("contains_lowercase", "ABc", (), True),
    ("contains_lowercase", "ABC1", (), False),
    ("contains_lowercase", "ABß", ("latin",), False),
    ("contains_numeric", "abc1", (), True),
    ("contains_numeric", "abc", (), False),
    ("contains_symbol", "abc#", (), True),
    ("contains_symbol", "abc 1", (), False),
    ("contains_uppercase", "abC", (), True),
    ("contains_uppercase", "abc", (), False),
    ("contains_uppercase", "abÄ", ("latin",), False),
    # date rules (dates far from today, so the result never depends on the day it runs)
    ("date_after", "2999-01-01", (), True),
    ("date_after", "2000-01-01", (), False),
    ("date_after", "2024-06-02", ("2024-06-01",), True),
    ("date_after", "2024-06-01", ("2024-06-01",), False),
    ("date_after", "06/02/2024", ("2024-06-01",), True),
    ("date_after", "not a date", ("2024-06-01",), False),
    ("date_after", "2024-06-02", ("not a date",), False),
    ("date_after_or_equal", "2024-06-01", ("2024-06-01",), True),
    ("date_after_or_equal", "2024-05-31", ("2024-06-01",), False),
    ("date_after_or_equal", "2999-01-01", (), True),
    ("date_before", "2000-01-01", (), True),
    ("date_before", "2999-01-01", (), False),
    ("date_before", "2024-05-31", ("2024-06-01",), True),
    ("date_before", "2024-06-01", ("2024-06-01",), False),
    ("date_between", "2024-06-15", ("2024-06-01", "2024-06-30"), True),
    ("date_between", "2024-06-01", ("2024-06-01", "2024-06-30"), True),
    ("date_between", "2024-06-30", ("2024-06-01", "2024-06-30"), True),
    ("date_between", "2024-07-01", ("2024-06-01", "2024-06-30"), False),
    ("date_between", "2999-01-01", ("3000-01-01",), True),
    ("date_between", "2000-01-01", ("3000-01-01",), False),
    ("date_between", "2024-06-15", (), False),
    ("date_format", "2024-06-15", (), True),
    ("date_format", "June 15, 2024", (), True),
    ("date_format", "15.06.2024", (), False),
    ("date_format", "06/15/2024", ("MM/DD/YYYY",), True),
    ("date_format", "6/15/2024", ("MM/DD/YYYY",), False),
    ("date_format", "6/15/2024", ("M/D/YYYY",), True),
    ("date_format", "15/06/2024", ("MM/DD/YYYY",), False),
    ("date_format", "15-06-24", ("DD-MM-YY",), True),
    ("date_format", "15.06.2024", ("DD.MM.YYYY",), True),
    ("date_format", "15x06x2024", ("DD.MM.YYYY",), False),
    ("date_format", "06/15/2024\n", ("MM/DD/YYYY",), False),
    # email
    ("email", "jan@example.nl", (), True),
    ("email", "jan.de.vries+auto@mail.example.de", (), True),
    ("email", '"jan de vries"@example.nl', (), True),
    ("email", "jan@example", (), False),
    ("email", "jan@@example.nl", (), False),
    ("email", "jan example@example.nl", (), False),
    ("email", "jan@example.nl\n", (), False),
    # starts_with / ends_with: any of the arguments
    ("starts_with", "+31612345678", ("+31", "+49"), True),
    ("starts_with", "+4917012345", ("+31", "+49"), True),
    ("starts_with", "0612345678", ("+31", "+49"), False),
    ("starts_with", "anything", (), True),
    ("starts_with", 31612, ("31",), False),
    ("ends_with", "jan@example.nl", (".nl", ".de"), True),
    ("ends_with", "jan@example.com", (".nl", ".de"), False),
    ("ends_with", "anything", (), True),
    # is: loose equality with any argument; not: strict inequality with every argument
    ("is", "petrol", ("petrol", "diesel"), True),
    ("is", "electric", ("petrol", "diesel"), False),
    ("is", 5, ("5",), True),
    ("is", "5.0", ("5",), False),
    ("is", ["a"], (["a"],), True),
    ("not", "admin", ("admin", "root"), False),
    ("not", "jan", ("admin", "root"), True),
    ("not", 5, ("5",), True),
    # length: string or collection size, bounds in either order
    ("length", "abcde", ("5",), True),
    ("length", "abcd", ("5",), False),
    ("length", "abcde", ("5", "10"), True),
    ("length", "abcdefghijk", ("5", "10"), False),
    ("length", "abcdefg", ("10", "5"), True),
    ("length", "abc", ("0", "3"), True),
    ("length", "abc", ("", "2"), False),
    ("length", "1234AB", ("6", "6"), True),
    ("length", "😀😀", ("4", "4"), True),
    ("length", ["a", "b"], ("1", "2"), True),
    ("length", ["a", "b", "c"], ("1", "2"), False),
    ("length", {"a": 1}, ("1",), True),
    ("length", 12345, ("5",), False),
    ("length", "abc", ("x",), False),
    # lowercase / uppercase: letters only, with FormKit's extra sets for lowercase
    ("lowercase", "abcß", (), True),
    ("lowercase", "abC", (), False),
    ("lowercase", "abc1", (), False),
    ("lowercase", "abc1!", ("allow_non_alpha",), True),
    ("lowercase", "aBc1!", ("allow_non_alpha",), False),
    ("lowercase", "abc123", ("allow_numeric",), True),
    ("lowercase", "abc-123", ("allow_numeric",), False),
    ("lowercase", "-abc-123-", ("allow_numeric_dashes",), True),
    ("lowercase", "abc_123", ("allow_numeric_dashes",), False),
    ("lowercase", "abcß", ("latin",), False),
    ("uppercase", "ABCÄ", (), True),
    ("uppercase", "ABc", (), False),
    ("uppercase", "AB1", (), False),
    ("uppercase", "ABCÄ", ("latin",), False),
    # matches: exact values or /regex/flags
    ("matches", "AB-123-C", ("/^[A-Z]{2}-\\d{3}-[A-Z]$/",), True),
    ("matches", "ab-123-c", ("/^[A-Z]{2}-\\d{3}-[A-Z]$/",), False),
    ("matches", "ab-123-c", ("/^[A-Z]{2}-\\d{3}-[A-Z]$/i",), True),
    ("matches", "NL", ("NL", "DE"), True),
    ("matches", "BE", ("NL", "DE"), False),
    ("matches", "xxNLxx", ("/NL/",), True),
    ("matches", "5", (5,), False),
    ("matches", "abc", (re.compile("^a"),), True),
    # max / min: numbers compare the value, collections their size; defaults 10 and 1
    ("max", "10", (), True),
    ("max", "11", (), False),
    ("max", "5000", ("5000",), True),
    ("max", "5000.01", ("5000",), False),
    ("max", ["a", "b", "c"], ("3",), True),
    ("max", ["a", "b", "c", "d"], ("3",), False),
    ("max", "many", ("3",), False),
    ("min", "1", (), True),
    ("min", "0", (), False),
    ("min", "-5", ("-10",), True),
    ("min", ["a"], ("2",), False),
    ("min", ["a", "b"], ("2",), True),
    ("min", "few", ("1",), False),
    # number: anything JavaScript's Number() accepts
    ("number", "42", (), True),
    ("number", "-4.2e3", (), True),
    ("number", " 12 ", (), True),
    ("number", "0x1F", (), True),
    ("number", "Infinity", (), True),
    ("number", 0, (), True),
    ("number", "12abc", (), False),
    ("number", "1_000", (), False),
    ("number", "1,5", (), False),
    ("number", "inf", (), False),
    # required: anything but empty; blank strings only count as empty with "trim"
    ("required", "x", (), True),
    ("required", 0, (), True),
    ("required", False, (), True),
    ("required", "   ", (), True),
    ("required", "   ", ("trim",), False),
    ("required", " x ", ("trim",), True),
    ("required", "", (), False),
    ("required", None, (), False),
    ("required", [], (), False),
    ("required", {}, (), False),
    # symbol: ASCII punctuation only
    ("symbol", "!?#", (), True),
    ("symbol", "!a", (), False),
    ("symbol", "! ?", (), False),
    # url: http and https by default, or the listed protocols
    ("url", "https://www.example.nl/voorraad?merk=vw#top", (), True),
    ("url", "http://localhost:3000", (), True),
    ("url", "http://192.168.1.10/", (), True),
    ("url", "https://[2001:db8::1]/", (), True),
    ("url", "  https://example.nl  ", (), True),
    ("url", "ftp://example.nl", (), False),
    ("url", "www.example.nl", (), False),
    ("url", "https://", (), False),
    ("url", "https://exa mple.nl", (), False),
    ("url", "https://example.nl:99999", (), False),
    ("url", "http://1.2.3.256", (), False),
    ("url", "javascript:alert(1)", (), False),
    ("url", "ftp://example.nl", ("ftp:",), True),
    ("url", "ftp://example.nl", ("ftp",), True),
    ("url", "https://example.nl", ("ftp:",), False),
    ("url", "mailto:jan@example.nl", ("mailto:",), True),
    # no_control: no tab, line break, terminal escape or line separator
    ("no_control", "Jörg Müller-Lüdenscheidt", (), True),
    ("no_control", "محمد\u200cرضا", (), True),  # a zero-width non-joiner belongs to the name
    ("no_control", "Anna\tde Vries", (), False),
    ("no_control", "Anna\nINFO lead deleted", (), False),
    ("no_control", "\x1b]0;pwned\x07", (), False),
    ("no_control", "Anna\u2028Bakker", (), False),
]


def test_rule_names_are_the_spec_rules() -> None:
    assert RULE_NAMES == SPEC_RULES | EXTENSIONS


@pytest.mark.parametrize(("rule", "value", "args", "expected"), CASES)
def test_rule(rule: str, value: object, args: tuple, expected: bool) -> None:
    assert check(rule, value, *args) is expected


def test_every_rule_has_passing_and_failing_cases() -> None:
    outcomes: dict[str, set[bool]] = {}
    for rule, _value, _args, expected in CASES:
        outcomes.setdefault(rule, set()).add(expected)
    covered = {rule for rule, seen in outcomes.items() if seen == {True, False}}
    assert covered | {"confirm", "require_one"} == RULE_NAMES


@pytest.mark.parametrize("rule", sorted(RULE_NAMES - RUN_ON_EMPTY))
@pytest.mark.parametrize("empty", EMPTY_VALUES)
def test_empty_values_pass_optional_rules(rule: str, empty: object) -> None:
    # Arguments under which a non-empty value would fail, so the skip is what passes.
    assert check(rule, empty, "1", "1") is True
    assert check(rule, empty) is True


@pytest.mark.parametrize("rule", sorted(RUN_ON_EMPTY))
@pytest.mark.parametrize("empty", EMPTY_VALUES)
def test_empty_values_fail_required_rules(rule: str, empty: object) -> None:
    assert check(rule, empty, values={}) is False


def test_is_empty_matches_formkit() -> None:
    assert all(is_empty(value) for value in EMPTY_VALUES)
    assert not any(is_empty(value) for value in (0, False, " ", [""], {"a": None}, date.today()))


class TestConfirm:
    def test_compares_with_name_confirm_by_default(self) -> None:
        form = {"password": "geheim1", "password_confirm": "geheim1"}
        assert check("confirm", "geheim1", name="password", values=form)
        assert not check("confirm", "geheim2", name="password", values=form)

    def test_confirm_field_compares_with_original(self) -> None:
        for name in ("email_confirm", "email_confirmed"):
            assert check("confirm", "a@b.nl", name=name, values={"email": "a@b.nl"})
            assert not check("confirm", "a@b.de", name=name, values={"email": "a@b.nl"})

    def test_named_field(self) -> None:
        form = {"email": "a@b.nl"}
        assert check("confirm", "a@b.nl", "email", name="repeat", values=form)
        assert failing("a@b.de", "confirm:email", name="repeat", values=form) == ["confirm"]

    def test_missing_other_field_fails(self) -> None:
        assert not check("confirm", "geheim", name="password", values={})
        assert not check("confirm", "geheim", name="password")

    def test_loose_by_default_strict_on_request(self) -> None:
        form = {"amount_confirm": "5"}
        assert check("confirm", 5, name="amount", values=form)
        assert check("confirm", 5, "", "loose", name="amount", values=form)
        assert not check("confirm", 5, "", "strict", name="amount", values=form)
        assert check("confirm", "5", "", "strict", name="amount", values=form)


class TestRequireOne:
    def test_own_value_is_enough(self) -> None:
        assert check("require_one", "0612345678", "email", values={})

    def test_any_named_field_is_enough(self) -> None:
        form = {"email": "", "whatsapp": "0612345678"}
        assert check("require_one", "", "email", "whatsapp", values=form)
        assert failing("", "require_one:email,whatsapp", values=form) == []

    def test_all_empty_fails(self) -> None:
        form = {"email": "", "whatsapp": None}
        assert not check("require_one", "", "email", "whatsapp", values=form)
        assert not check("require_one", None, "email", "unknown_field", values=form)


class TestFailing:
    def test_example_rule_string(self) -> None:
        rules = "required|length:5,10|email"
        assert failing("", rules) == ["required"]
        assert failing("a@b", rules) == ["length", "email"]
        assert failing("abcdefgh", rules) == ["email"]
        assert failing("jan@vw.nl", rules) == []

    def test_order_follows_the_rule_string(self) -> None:
        assert failing("x", "email|length:5|number") == ["email", "length", "number"]
        assert failing("x", "number|email|length:5") == ["number", "email", "length"]

    def test_spaces_and_empty_segments_are_ignored(self) -> None:
        assert failing("7", " between : 1 , 5 | | number |") == ["between"]

    def test_arguments_reach_the_rule(self) -> None:
        assert failing("20", "between:1,10") == ["between"]
        assert failing("20", "between:10,30") == []
        assert failing("ab", "matches:/^[a-z]+$/") == []
        assert failing("2024-06-15", "date_between:2024-06-01,2024-06-30") == []

    def test_empty_value_only_fails_required_rules(self) -> None:
        assert failing("", "email|min:5|url|accepted") == ["accepted"]
        assert failing(None, "number|require_one:phone", values={"phone": ""}) == ["require_one"]

    def test_plus_hint_runs_a_rule_on_an_empty_value(self) -> None:
        assert failing("", "+min:1") == ["min"]
        assert failing("", "min:1") == []

    def test_other_hints_keep_the_rule(self) -> None:
        assert failing("x", "?email|*number|(500)length:3|(200)?min:5") == [
            "email",
            "number",
            "length",
            "min",
        ]

    def test_unknown_rule_raises(self) -> None:
        with pytest.raises(ValueError, match="no_such_rule"):
            failing("x", "required|no_such_rule")

    def test_malformed_segment_raises(self) -> None:
        with pytest.raises(ValueError):
            failing("x", "required|:5")

    def test_check_unknown_rule_raises(self) -> None:
        with pytest.raises(ValueError, match="unknown form rule"):
            check("postcode", "1234AB")


class TestParse:
    def test_names_arguments_and_defaults(self) -> None:
        assert parse("required|length:5,10") == (
            Rule("required", (), skip_empty=False),
            Rule("length", ("5", "10")),
        )

    def test_hints(self) -> None:
        (optional, forced, eager, slow) = parse("?email|*number|+min:2|(300)?url")
        assert not optional.blocking and optional.skip_empty
        assert forced.force and forced.blocking
        assert not eager.skip_empty and eager.args == ("2",)
        assert slow.debounce == 300 and not slow.blocking

    def test_colon_inside_arguments_is_kept(self) -> None:
        assert parse("url:http:,https:")[0].args == ("http:", "https:")
        assert parse("date_after:2024-06-01T10:00")[0].args == ("2024-06-01T10:00",)

    def test_rule_without_arguments_after_colon(self) -> None:
        assert parse("date_after:")[0].args == ()


def test_validate_reports_which_failures_block_a_submit() -> None:
    failed = validate("x", "email|?length:5")
    assert [(rule.name, rule.blocking) for rule in failed] == [("email", True), ("length", False)]
    assert validate("jan@example.nl", parse("email|length:5")) == []


class TestParseDate:
    def test_iso_date_is_utc_midnight(self) -> None:
        assert parse_date("2024-06-15") == datetime(2024, 6, 15, tzinfo=UTC)
        assert parse_date("2024-06") == datetime(2024, 6, 1, tzinfo=UTC)

    def test_iso_date_time_without_zone_is_local(self) -> None:
        assert parse_date("2024-06-15T10:30") == datetime(
            2024, 6, 15, 10, 30, tzinfo=LOCAL_TIMEZONE
        )
        assert parse_date("2024-01-15T10:30:05.250").utcoffset() == timedelta(hours=1)

    def test_iso_date_time_with_zone(self) -> None:
        assert parse_date("2024-06-15T10:30:00Z") == datetime(2024, 6, 15, 10, 30, tzinfo=UTC)
        expected = datetime(2024, 6, 15, 10, 30, tzinfo=timezone(timedelta(hours=-5)))
        assert parse_date("2024-06-15T10:30-05:00") == expected

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("06/15/2024", datetime(2024, 6, 15)),
            ("6/15/24", datetime(2024, 6, 15)),
            ("6/15/99", datetime(1999, 6, 15)),
            ("2024/6/15", datetime(2024, 6, 15)),
            ("2024-6-15", datetime(2024, 6, 15)),
            ("June 15, 2024", datetime(2024, 6, 15)),
            ("15 Jun 2024", datetime(2024, 6, 15)),
            ("Sat Jun 15 2024", datetime(2024, 6, 15)),
            ("2024-06-15 14:05", datetime(2024, 6, 15, 14, 5)),
            ("06/15/2024 2:05 pm", datetime(2024, 6, 15, 14, 5)),
            ("06/15/2024 12:00 am", datetime(2024, 6, 15, 0, 0)),
        ],
    )
    def test_legacy_forms_are_local(self, text: str, expected: datetime) -> None:
        assert parse_date(text) == expected.replace(tzinfo=LOCAL_TIMEZONE)

    def test_browser_date_string_with_zone(self) -> None:
        text = "Sat Jun 15 2024 10:30:00 GMT+0200 (Central European Summer Time)"
        assert parse_date(text) == datetime(2024, 6, 15, 8, 30, tzinfo=UTC)

    @pytest.mark.parametrize(
        "text", ["", "tomorrow", "15.06.2024", "13/01/2024", "2024-02-30", "June 15", "10:30"]
    )
    def test_invalid(self, text: str) -> None:
        assert parse_date(text) is None

    def test_python_dates(self) -> None:
        assert parse_date(date(2024, 6, 15)) == datetime(2024, 6, 15, tzinfo=UTC)
        naive = datetime(2024, 6, 15, 10, 0)
        assert parse_date(naive) == naive.replace(tzinfo=LOCAL_TIMEZONE)
        assert check("date_after", date(2024, 6, 2), date(2024, 6, 1))


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), (0, float("inf"))),
        (("5",), (5, float("inf"))),
        (("10", "5"), (5, 10)),
        (("", "8"), (0, 8)),
    ],
)
def test_length_bounds(args: tuple, expected: tuple) -> None:
    assert length_bounds(*args) == expected
