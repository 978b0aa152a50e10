"""Finance and lease arithmetic against hand-worked and independently computed figures."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dealer.finance import (
    FINANCE_DURATIONS,
    LEASE_DISTANCES,
    LEASE_DURATIONS,
    FinanceError,
    add_vat,
    build_lease_matrix,
    business_lease_quote,
    effective_annual_rate,
    finance_quote,
    lease_curve,
    lease_options,
    monthly_curve,
    monthly_installment,
    private_lease_price,
    remove_vat,
    vat_rate,
)

D = Decimal


def balance_after(financed: str, annual_rate: str, months: int, installment: Decimal) -> Fraction:
    """What is still owed after paying `installment` each month, by an exact month-by-month
    schedule: the reference the closed annuity formula must agree with."""
    rate = Fraction(annual_rate) / 1200
    balance = Fraction(financed)
    for _ in range(months):
        balance = balance * (1 + rate) - Fraction(installment)
    return balance


# --- monthly_installment ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("price", "annual_rate", "months", "expected"),
    [
        # Standard loan-table values.
        (10_000, 12, 12, D("888.49")),
        (20_000, 6, 60, D("386.66")),
        (100_000, 6, 120, D("1110.21")),
    ],
)
def test_installment_matches_loan_tables(price, annual_rate, months, expected) -> None:
    assert monthly_installment(price=price, annual_rate=annual_rate, months=months) == expected


def test_zero_rate_divides_the_loan_less_balloon_evenly() -> None:
    assert monthly_installment(price=12_000, annual_rate=0, months=48) == D("250.00")
    # (12,000 - 2,000 down - 4,000 balloon) / 24
    assert monthly_installment(
        price=12_000, down_payment=2_000, balloon=4_000, annual_rate=0, months=24
    ) == D("250.00")


def test_balloon_equal_to_the_loan_leaves_interest_only() -> None:
    assert monthly_installment(price=10_000, balloon=10_000, annual_rate=12, months=36) == D(
        "100.00"
    )
    assert monthly_installment(price=10_000, balloon=10_000, annual_rate=0, months=36) == D("0.00")


@pytest.mark.parametrize(
    ("price", "down_payment", "balloon", "annual_rate", "months"),
    [
        ("30000", "5000", "10000", "4.9", 48),
        ("18750.50", "0", "6250", "7.99", 36),
        ("45000", "9000", "0", "3.49", 120),
        ("62000", "12000", "21000", "5.95", 72),
        ("9999.99", "1234.56", "0.01", "0.5", 1),
    ],
)
def test_installment_pays_the_loan_down_to_the_balloon(
    price, down_payment, balloon, annual_rate, months
) -> None:
    installment = monthly_installment(
        price=price,
        down_payment=down_payment,
        balloon=balloon,
        annual_rate=annual_rate,
        months=months,
    )
    financed = str(Fraction(price) - Fraction(down_payment))
    left = balance_after(financed, annual_rate, months, installment)
    # The instalment is off by at most half a cent, which compounds over the schedule.
    growth = (1 + Fraction(annual_rate) / 1200) ** months
    tolerance = Fraction(1, 200) * months * growth
    assert abs(left - Fraction(balloon)) <= tolerance
    # One cent more a month would end clearly off the balloon.
    overpaid = balance_after(financed, annual_rate, months, installment + D("0.01"))
    assert abs(overpaid - Fraction(balloon)) > tolerance / 2


def test_down_payment_only_reduces_the_amount_financed() -> None:
    with_down = monthly_installment(price=25_000, down_payment=5_000, annual_rate=5, months=60)
    assert with_down == monthly_installment(price=20_000, annual_rate=5, months=60)


def test_reference_installment_with_balloon() -> None:
    # (25,000 - 10,000 / (1 + 0.049/12)^48) * (0.049/12) / (1 - (1 + 0.049/12)^-48) = 385.5937
    assert monthly_installment(
        price=30_000, down_payment=5_000, balloon=10_000, annual_rate="4.9", months=48
    ) == D("385.59")


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        # 100.05 / 2 = 50.025: half-up gives 50.03 where banker's rounding gives 50.02.
        ({"price": "100.05", "annual_rate": 0, "months": 2}, D("50.03")),
        # One month at 1 %: 100.50 * 1.01 = 101.505.
        ({"price": "100.50", "annual_rate": 12, "months": 1}, D("101.51")),
        # 0.10 / 4 = 0.025.
        ({"price": "0.10", "annual_rate": 0, "months": 4}, D("0.03")),
    ],
)
def test_half_cents_round_up(kwargs, expected) -> None:
    assert monthly_installment(**kwargs) == expected


def test_numbers_arrive_as_decimal_int_float_or_text() -> None:
    expected = D("386.66")
    assert monthly_installment(price=D("20000"), annual_rate=D("6"), months=60) == expected
    assert monthly_installment(price=20000.0, annual_rate=6.0, months=60) == expected
    assert monthly_installment(price=" 20000.00 ", annual_rate="6", months=60) == expected


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"months": 0}, "months", "at least 1"),
        ({"months": -12}, "months", "at least 1"),
        ({"price": -1}, "price", "negative"),
        ({"down_payment": "-0.01"}, "down_payment", "negative"),
        ({"balloon": -500}, "balloon", "negative"),
        ({"annual_rate": "-0.1"}, "annual_rate", "negative"),
        ({"annual_rate": 599}, "annual_rate", "not plausible"),
        ({"down_payment": 20_001}, "down_payment", "above the price"),
        ({"down_payment": 5_000, "balloon": 15_001}, "balloon", "above the financed amount"),
        ({"price": "twenty thousand"}, "price", "must be a number"),
        ({"price": "1.234,56"}, "price", "must be a number"),
        ({"annual_rate": "NaN"}, "annual_rate", "finite"),
        ({"price": float("inf")}, "price", "finite"),
    ],
)
def test_impossible_input_is_refused_naming_the_field(kwargs, field, words) -> None:
    arguments = {"price": 20_000, "annual_rate": 6, "months": 60} | kwargs
    with pytest.raises(FinanceError, match=words) as caught:
        monthly_installment(**arguments)
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    "kwargs", [{"price": None}, {"months": 36.0}, {"months": True}, {"annual_rate": [6]}]
)
def test_values_that_are_not_numbers_are_type_errors(kwargs) -> None:
    with pytest.raises(TypeError):
        monthly_installment(**({"price": 20_000, "annual_rate": 6, "months": 60} | kwargs))


# --- effective_annual_rate --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nominal", "effective"),
    [(0, "0.00"), (12, "12.68"), ("5.9", "6.06"), ("4.9", "5.01"), (6, "6.17"), ("1.9", "1.92")],
)
def test_effective_rate_hand_values(nominal, effective) -> None:
    assert effective_annual_rate(nominal) == D(effective)


def test_effective_rate_agrees_with_an_independent_float_formula() -> None:
    for tenths in range(301):
        nominal = tenths / 10
        exact = ((1 + nominal / 1200) ** 12 - 1) * 100
        if abs(exact * 100 % 1 - 0.5) < 1e-6:
            continue  # too close to a half cent for float to settle the rounding
        expected = D(int(exact * 100 + 0.5)) / 100
        assert effective_annual_rate(str(nominal)) == expected, nominal


def test_effective_rate_refuses_absurd_rates() -> None:
    with pytest.raises(FinanceError, match="negative"):
        effective_annual_rate(-1)
    with pytest.raises(FinanceError, match="not plausible"):
        effective_annual_rate(120)


# --- finance_quote ----------------------------------------------------------------------------


def test_quote_holds_the_representative_example() -> None:
    quote = finance_quote(
        price=30_000, down_payment=5_000, balloon=10_000, annual_rate="4.9", months=48
    )
    assert quote.cash_price == D("30000.00")
    assert quote.down_payment == D("5000.00")
    assert quote.net_loan_amount == D("25000.00")
    assert quote.months == 48
    assert quote.monthly_installment == D("385.59")
    assert quote.remaining_balance == D("10000.00")
    # 48 x 385.59 + 10,000
    assert quote.total_payable == D("28508.32")
    assert quote.cost_of_credit == D("3508.32")
    assert quote.borrowing_rate == D("4.9")
    assert quote.effective_rate == D("5.01")


def test_quote_at_zero_rate_costs_nothing() -> None:
    quote = finance_quote(price=24_000, down_payment=4_000, annual_rate=0, months=40)
    assert quote.monthly_installment == D("500.00")
    assert quote.total_payable == D("20000.00")
    assert quote.cost_of_credit == D("0.00")
    assert quote.effective_rate == D("0.00")


def test_quote_refuses_what_the_instalment_refuses() -> None:
    with pytest.raises(FinanceError, match="above the financed amount"):
        finance_quote(price=10_000, down_payment=5_000, balloon=6_000, annual_rate=5, months=24)


# --- business lease and VAT -------------------------------------------------------------------


def test_business_lease_balloon_is_the_residual_share_of_the_price() -> None:
    quote = business_lease_quote(price=40_000, residual_percent=15, annual_rate=7, months=60)
    assert quote.remaining_balance == D("6000.00")
    # (40,000 - 6,000 / (1 + 0.07/12)^60) * (0.07/12) / (1 - (1 + 0.07/12)^-60) = 708.2408
    assert quote.monthly_installment == D("708.24")
    assert quote.net_loan_amount == D("40000.00")


def test_business_lease_without_vat_from_a_price_with_vat() -> None:
    quote = business_lease_quote(
        price=remove_vat(48_400, "NL"), residual_percent=15, annual_rate=7, months=60
    )
    assert quote.cash_price == D("40000.00")
    assert quote.monthly_installment == D("708.24")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"residual_percent": 101}, "between 0 and 100"),
        ({"residual_percent": -5}, "between 0 and 100"),
        ({"residual_percent": 30, "down_payment": 30_000}, "residual value"),
    ],
)
def test_business_lease_refuses_impossible_residuals(kwargs, words) -> None:
    arguments = {"price": 40_000, "annual_rate": 7, "months": 60} | kwargs
    with pytest.raises(FinanceError, match=words) as caught:
        business_lease_quote(**arguments)
    assert caught.value.field == "residual_percent"


def test_vat_rates() -> None:
    assert vat_rate("NL") == D(21)
    assert vat_rate("de") == D(19)
    with pytest.raises(FinanceError, match="no VAT rate for 'BE'") as caught:
        vat_rate("BE")
    assert caught.value.field == "country"


def test_vat_added_and_removed() -> None:
    assert add_vat(100, "NL") == D("121.00")
    assert add_vat(100, "DE") == D("119.00")
    assert remove_vat(D("24200"), "NL") == D("20000.00")
    assert remove_vat(D("23800"), "DE") == D("20000.00")
    # 0.50 * 1.21 = 0.605
    assert add_vat("0.50", "NL") == D("0.61")


@pytest.mark.parametrize("country", ["NL", "DE"])
def test_vat_round_trips(country) -> None:
    for cents in [*range(0, 10_001, 7), 2_499_999, 12_345_678]:
        net = D(cents) / 100
        assert remove_vat(add_vat(net, country), country) == net
        # The other way a price with VAT may have no exact net amount: off by a cent at most.
        assert abs(add_vat(remove_vat(net, country), country) - net) <= D("0.01")


# --- private lease ----------------------------------------------------------------------------


def assert_monotone(matrix: dict[tuple[int, int], Decimal]) -> None:
    durations, distances = lease_options(matrix)
    for km in distances:
        prices = [matrix[months, km] for months in durations]
        assert prices == sorted(prices, reverse=True), km
        assert len(set(prices)) == len(prices), km
    for months in durations:
        prices = [matrix[months, km] for km in distances]
        assert prices == sorted(prices), months
        assert len(set(prices)) == len(prices), months


def test_lease_matrix_covers_every_option() -> None:
    matrix = build_lease_matrix(30_000)
    assert lease_options(matrix) == (LEASE_DURATIONS, LEASE_DISTANCES)
    assert len(matrix) == len(LEASE_DURATIONS) * len(LEASE_DISTANCES)


@pytest.mark.parametrize("price", [5_000, 17_500, 30_000, 80_000, 250_000])
@pytest.mark.parametrize("annual_rate", [0, 3, "5.5", 12])
def test_lease_matrix_longer_is_cheaper_and_more_km_dearer(price, annual_rate) -> None:
    assert_monotone(build_lease_matrix(price, annual_rate=annual_rate))


def test_lease_matrix_stays_monotone_over_wider_options() -> None:
    matrix = build_lease_matrix(
        27_500, durations=range(6, 121, 6), distances=range(2_500, 50_001, 2_500)
    )
    assert_monotone(matrix)


def test_lease_matrix_is_deterministic_and_plausible() -> None:
    matrix = build_lease_matrix(D("30000"))
    assert matrix == build_lease_matrix("30000.00")
    # Dutch private lease for a 30,000 euro car, 48 months and 10,000 km a year.
    assert D(400) < matrix[48, 10_000] < D(650)
    # Dearer cars lease for more.
    assert build_lease_matrix(45_000)[48, 10_000] > matrix[48, 10_000]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"price": 0}, "price"),
        ({"price": -1}, "price"),
        ({"price": 30_000, "durations": [24, 0]}, "durations"),
        ({"price": 30_000, "distances": [-5_000]}, "distances"),
        ({"price": 30_000, "annual_rate": 80}, "annual_rate"),
    ],
)
def test_lease_matrix_refuses_impossible_input(kwargs, field) -> None:
    with pytest.raises(FinanceError) as caught:
        build_lease_matrix(**kwargs)
    assert caught.value.field == field


OFFERS = {
    (36, 10_000): D("389.00"),
    (36, 15_000): D("412.00"),
    (48, 10_000): D("359.00"),
    (48, 20_000): D("405.00"),
}


def test_private_lease_price_picks_the_offer() -> None:
    assert private_lease_price(OFFERS, 48, 20_000) == D("405.00")
    assert private_lease_price(OFFERS, 36, 10_000) == D("389.00")


def test_private_lease_price_names_what_is_offered() -> None:
    with pytest.raises(FinanceError, match="for 60 months; offered: 36, 48 months") as caught:
        private_lease_price(OFFERS, 60, 10_000)
    assert caught.value.field == "months"
    with pytest.raises(FinanceError, match="over 48 months; offered: 10000, 20000 km") as caught:
        private_lease_price(OFFERS, 48, 15_000)
    assert caught.value.field == "annual_km"
    with pytest.raises(FinanceError, match="no private lease offers"):
        private_lease_price({}, 48, 10_000)


# --- curves for the calculator chart ----------------------------------------------------------


def test_monthly_curve_gives_each_duration_in_order() -> None:
    curve = monthly_curve(price=20_000, annual_rate=6, durations=[60, 12, 36, 60])
    assert [months for months, _ in curve] == [12, 36, 60]
    assert dict(curve)[60] == D("386.66")
    assert dict(curve)[12] == monthly_installment(price=20_000, annual_rate=6, months=12)


def test_monthly_curve_defaults_to_one_to_ten_years() -> None:
    curve = monthly_curve(price=24_000, annual_rate=0)
    assert [months for months, _ in curve] == list(FINANCE_DURATIONS)
    assert curve[0] == (12, D("2000.00"))
    assert curve[-1] == (120, D("200.00"))


def test_lease_curve_follows_one_distance() -> None:
    assert lease_curve(OFFERS, 10_000) == [(36, D("389.00")), (48, D("359.00"))]
    with pytest.raises(FinanceError, match="offered: 10000, 15000, 20000 km"):
        lease_curve(OFFERS, 30_000)
