"""Finance and lease arithmetic for the price blocks and the lease/finance calculator.

Money is Decimal throughout. Amounts given are taken to the cent and every
amount returned is rounded half-up to cents. Rates are percentages per year
(``5.9`` means 5.9 %). Impossible input raises ``FinanceError``, a ValueError
that names the argument at fault so a form can mark the right field; a value
that is not a number at all raises TypeError.

Acquisition types map onto this module as follows: purchase is the price;
private and business finance are ``finance_quote`` (business figures on the
price without VAT, see ``remove_vat``); business (financial) lease is
``business_lease_quote``; private lease prices come from an offer matrix
(``private_lease_price``), real or built by ``build_lease_matrix``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation, localcontext

Number = Decimal | int | float | str
# (contract months, kilometres a year) -> monthly price including VAT.
LeaseMatrix = Mapping[tuple[int, int], Decimal]

CENT = Decimal("0.01")
# Consumer credit in NL and DE stays far below this (NL caps it by law); a higher
# figure is a typing error, such as 599 for 5.99.
MAX_ANNUAL_RATE = Decimal(50)
FINANCE_DURATIONS: tuple[int, ...] = tuple(range(12, 121, 12))
LEASE_DURATIONS: tuple[int, ...] = (24, 36, 48, 60, 72)
LEASE_DISTANCES: tuple[int, ...] = (5_000, 10_000, 15_000, 20_000, 25_000, 30_000)
VAT_RATES: Mapping[str, Decimal] = {"NL": Decimal(21), "DE": Decimal(19)}

# Assumptions behind build_lease_matrix: a lease company's monthly price is an
# annuity down to the expected resale value, plus the running costs it includes.
DEFAULT_LEASE_RATE = Decimal("5.5")
_VALUE_KEPT_AT_DELIVERY = Decimal("0.92")  # share of the price left once registered
_VALUE_KEPT_PER_YEAR = Decimal("0.89")
_VALUE_LOST_PER_KM = Decimal("0.000002")  # share of the price lost per kilometre driven
_RESIDUAL_FLOOR = Decimal("0.10")
_RUNNING_COST_PER_KM = Decimal("0.03")  # maintenance and tyres
_RUNNING_COST_SHARE = Decimal("0.002")  # insurance and road tax, share of the price a month
_RUNNING_COST_BASE = Decimal(25)  # roadside assistance and administration a month

# Fixed working precision, far beyond what cents need, so results never depend on the
# caller's decimal context.
_CONTEXT = Context(prec=40)


class FinanceError(ValueError):
    """Input no lender could quote on; ``field`` is the argument at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class FinanceQuote:
    """The figures a consumer-credit representative example shows (EU directive
    2008/48/EC, art. 4): cash price, down payment, net loan, instalments, final
    payment, total payable, cost of credit and both rates."""

    cash_price: Decimal
    down_payment: Decimal
    net_loan_amount: Decimal  # the amount financed: cash price minus down payment
    months: int  # number of monthly instalments
    monthly_installment: Decimal
    remaining_balance: Decimal  # balloon: one final payment after the last instalment
    total_payable: Decimal  # all instalments plus the final payment, without the down payment
    cost_of_credit: Decimal  # total payable minus the net loan
    borrowing_rate: Decimal  # nominal yearly rate in percent (debetrentevoet, Sollzins)
    effective_rate: Decimal  # yearly percentage rate (JKP, effektiver Jahreszins)


def _decimal(value: Number, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | int | float | str):
        raise TypeError(f"{field} must be a number, not {type(value).__name__}")
    try:
        # str() first so a float keeps the digits it prints (0.1, not 0.1000000000000000055...).
        number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    except InvalidOperation:
        raise FinanceError(field, f"{field} must be a number, got {value!r}") from None
    if not number.is_finite():
        raise FinanceError(field, f"{field} must be a finite number, got {value!r}")
    return number


def _amount(value: Number, field: str) -> Decimal:
    amount = _decimal(value, field)
    if amount < 0:
        raise FinanceError(field, f"{field} cannot be negative, got {amount}")
    return _cents(amount)


def _rate(value: Number, field: str = "annual_rate") -> Decimal:
    rate = _decimal(value, field)
    if rate < 0:
        raise FinanceError(field, f"{field} cannot be negative, got {rate} %")
    if rate > MAX_ANNUAL_RATE:
        raise FinanceError(
            field, f"{field} of {rate} % a year is not plausible (at most {MAX_ANNUAL_RATE} %)"
        )
    return rate


def _count(value: int, field: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{field} must be a whole number, not bool")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{field} must be a whole number, not {type(value).__name__}") from None
    if number < 1:
        raise FinanceError(field, f"{field} must be at least 1, got {number}")
    return number


def _cents(value: Decimal) -> Decimal:
    with localcontext(_CONTEXT):
        return value.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class _Loan:
    price: Decimal
    down_payment: Decimal
    balloon: Decimal
    rate: Decimal
    months: int

    @classmethod
    def parse(
        cls,
        *,
        price: Number,
        down_payment: Number,
        balloon: Number,
        annual_rate: Number,
        months: int,
    ) -> _Loan:
        loan = cls(
            price=_amount(price, "price"),
            down_payment=_amount(down_payment, "down_payment"),
            balloon=_amount(balloon, "balloon"),
            rate=_rate(annual_rate),
            months=_count(months, "months"),
        )
        if loan.down_payment > loan.price:
            raise FinanceError(
                "down_payment",
                f"down_payment ({loan.down_payment}) is above the price ({loan.price})",
            )
        if loan.balloon > loan.financed:
            raise FinanceError(
                "balloon",
                f"balloon ({loan.balloon}) is above the financed amount ({loan.financed})",
            )
        return loan

    @property
    def financed(self) -> Decimal:
        return self.price - self.down_payment

    def installment(self) -> Decimal:
        with localcontext(_CONTEXT):
            if self.rate == 0:
                return _cents((self.financed - self.balloon) / self.months)
            r = self.rate / 1200
            growth = (1 + r) ** self.months
            # The balloon falls due with the last instalment, so its present value is
            # B / g; the annuity (P - B / g) * r / (1 - 1 / g), multiplied through by g:
            return _cents((self.financed * growth - self.balloon) * r / (growth - 1))


def monthly_installment(
    *,
    price: Number,
    down_payment: Number = 0,
    balloon: Number = 0,
    annual_rate: Number,
    months: int,
) -> Decimal:
    """The monthly instalment of an annuity loan on ``price - down_payment``.

    The monthly rate is ``annual_rate / 12 / 100``; ``balloon`` is paid as one
    extra amount after the last of ``months`` instalments. At 0 % the loan less
    the balloon is divided evenly.
    """
    return _Loan.parse(
        price=price,
        down_payment=down_payment,
        balloon=balloon,
        annual_rate=annual_rate,
        months=months,
    ).installment()


def effective_annual_rate(annual_rate: Number) -> Decimal:
    """The yearly percentage rate of a nominal rate without fees: (1 + r/12)^12 - 1."""
    rate = _rate(annual_rate)
    with localcontext(_CONTEXT):
        effective = ((1 + rate / 1200) ** 12 - 1) * 100
    return _cents(effective)


def finance_quote(
    *,
    price: Number,
    annual_rate: Number,
    months: int,
    down_payment: Number = 0,
    balloon: Number = 0,
) -> FinanceQuote:
    """Every figure of a finance offer, as ``monthly_installment`` computes it.

    The total payable uses the rounded instalment, as the customer pays it; at
    0 % it can therefore differ from the loan by a few cents.
    """
    return _quote(
        _Loan.parse(
            price=price,
            down_payment=down_payment,
            balloon=balloon,
            annual_rate=annual_rate,
            months=months,
        )
    )


def business_lease_quote(
    *,
    price: Number,
    residual_percent: Number,
    annual_rate: Number,
    months: int,
    down_payment: Number = 0,
) -> FinanceQuote:
    """A business (financial) lease: an annuity down to a residual value.

    ``price`` excludes VAT and so does every amount of the quote; the residual
    value is ``residual_percent`` of the price, paid after the last instalment.
    """
    percent = _decimal(residual_percent, "residual_percent")
    if not 0 <= percent <= 100:
        raise FinanceError(
            "residual_percent", f"residual_percent must be between 0 and 100, got {percent}"
        )
    loan = _Loan.parse(
        price=price, down_payment=down_payment, balloon=0, annual_rate=annual_rate, months=months
    )
    residual = _cents(loan.price * percent / 100)
    if residual > loan.financed:
        raise FinanceError(
            "residual_percent",
            f"the residual value ({residual}, {percent} % of the price) is above"
            f" the financed amount ({loan.financed})",
        )
    return _quote(replace(loan, balloon=residual))


def _quote(loan: _Loan) -> FinanceQuote:
    installment = loan.installment()
    total = installment * loan.months + loan.balloon
    return FinanceQuote(
        cash_price=loan.price,
        down_payment=loan.down_payment,
        net_loan_amount=loan.financed,
        months=loan.months,
        monthly_installment=installment,
        remaining_balance=loan.balloon,
        total_payable=total,
        cost_of_credit=total - loan.financed,
        borrowing_rate=loan.rate,
        effective_rate=effective_annual_rate(loan.rate),
    )


def monthly_curve(
    *,
    price: Number,
    annual_rate: Number,
    durations: Iterable[int] = FINANCE_DURATIONS,
    down_payment: Number = 0,
    balloon: Number = 0,
) -> list[tuple[int, Decimal]]:
    """(months, monthly instalment) for each duration, shortest first, for a chart.

    The down payment and the balloon stay the same for every duration.
    """
    return [
        (
            months,
            monthly_installment(
                price=price,
                down_payment=down_payment,
                balloon=balloon,
                annual_rate=annual_rate,
                months=months,
            ),
        )
        for months in sorted(set(durations))
    ]


def vat_rate(country: str) -> Decimal:
    """The standard VAT rate in percent for a country code: ``vat_rate("NL") == 21``."""
    try:
        return VAT_RATES[country.upper()]
    except KeyError:
        known = ", ".join(VAT_RATES)
        raise FinanceError("country", f"no VAT rate for {country!r}; known: {known}") from None


def add_vat(amount: Number, country: str) -> Decimal:
    """The amount including the country's VAT, for an amount without it."""
    return _cents(_decimal(amount, "amount") * (100 + vat_rate(country)) / 100)


def remove_vat(amount: Number, country: str) -> Decimal:
    """The amount without the country's VAT, for an amount including it."""
    return _cents(_decimal(amount, "amount") * 100 / (100 + vat_rate(country)))


def expected_residual_share(months: int, annual_km: int) -> Decimal:
    """The share of its price a vehicle is expected to be worth after a contract.

    The resale-value model behind ``build_lease_matrix`` and the residual value of
    a business lease: value lost at registration, then every year and every
    kilometre, never below a floor. ``expected_residual_share(48, 10_000)`` is
    about 0.50; the result is not rounded.
    """
    months = _count(months, "months")
    annual_km = _count(annual_km, "annual_km")
    with localcontext(_CONTEXT):
        kept = _VALUE_KEPT_AT_DELIVERY * _VALUE_KEPT_PER_YEAR ** (Decimal(months) / 12)
        kept -= _VALUE_LOST_PER_KM * annual_km * months / 12
    return max(kept, _RESIDUAL_FLOOR)


def build_lease_matrix(
    price: Number,
    *,
    durations: Iterable[int] = LEASE_DURATIONS,
    distances: Iterable[int] = LEASE_DISTANCES,
    annual_rate: Number = DEFAULT_LEASE_RATE,
) -> dict[tuple[int, int], Decimal]:
    """A plausible private lease offer matrix for a vehicle of this price (VAT included).

    Each price is an annuity from the vehicle price down to its expected resale
    value after the contract, plus insurance, road tax, maintenance and tyres.
    The same input always gives the same matrix; a longer contract is cheaper
    per month and more kilometres a year cost more.
    """
    value = _amount(price, "price")
    if value == 0:
        raise FinanceError("price", "price must be above 0 to build a lease matrix")
    rate = _rate(annual_rate)
    months_options = sorted({_count(months, "durations") for months in durations})
    km_options = sorted({_count(km, "distances") for km in distances})
    matrix: dict[tuple[int, int], Decimal] = {}
    for months in months_options:
        for km in km_options:
            kept = expected_residual_share(months, km)
            with localcontext(_CONTEXT):
                running = (
                    _RUNNING_COST_BASE
                    + _RUNNING_COST_SHARE * value
                    + _RUNNING_COST_PER_KM * km / 12
                )
            loan = _Loan(
                price=value,
                down_payment=Decimal(0),
                balloon=_cents(value * kept),
                rate=rate,
                months=months,
            )
            matrix[months, km] = _cents(loan.installment() + running)
    return matrix


def lease_options(offer_matrix: LeaseMatrix) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The durations and the yearly distances an offer matrix holds, each ascending."""
    return (
        tuple(sorted({months for months, _ in offer_matrix})),
        tuple(sorted({km for _, km in offer_matrix})),
    )


def private_lease_price(offer_matrix: LeaseMatrix, months: int, annual_km: int) -> Decimal:
    """The monthly private lease price for a contract length and yearly distance."""
    price = offer_matrix.get((months, annual_km))
    if price is not None:
        return price
    if not offer_matrix:
        raise FinanceError("months", "this vehicle has no private lease offers")
    durations, _ = lease_options(offer_matrix)
    if months not in durations:
        offered = ", ".join(map(str, durations))
        raise FinanceError(
            "months", f"no private lease offer for {months} months; offered: {offered} months"
        )
    distances = sorted(km for option, km in offer_matrix if option == months)
    offered = ", ".join(map(str, distances))
    raise FinanceError(
        "annual_km",
        f"no private lease offer for {annual_km} km a year over {months} months;"
        f" offered: {offered} km",
    )


def lease_curve(offer_matrix: LeaseMatrix, annual_km: int) -> list[tuple[int, Decimal]]:
    """(months, monthly price) for every duration offered at this yearly distance."""
    curve = sorted(
        (months, price) for (months, km), price in offer_matrix.items() if km == annual_km
    )
    if not curve:
        offered = ", ".join(map(str, lease_options(offer_matrix)[1]))
        raise FinanceError(
            "annual_km", f"no private lease offer for {annual_km} km a year; offered: {offered} km"
        )
    return curve
