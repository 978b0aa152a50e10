"""Prices as visitors see them: a vehicle's price rows plus their choices, for every
acquisition type, formatted in their language.

The stored price rows (``dealer.stock.repository.PriceView``) are the one source: the
stock cards and sorting read them as they are, the vehicle page shows them through
``price_summaries`` and the calculator starts from them and recomputes with
``dealer.finance`` as the visitor moves. At a row's own choices the recomputed
figures are the stored ones (the demo stock computes its rows with the same
functions); for rows from an external feed the offer is calibrated to pass through
the stored figure.

Amounts of private deal types include VAT; business lease and business finance
amounts exclude it, with the VAT-inclusive figure available beside them (VAT of
the selling branch's country).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache
from itertools import pairwise

from babel import Locale
from babel.numbers import format_percent

from dealer import finance
from dealer.finance import FinanceQuote
from dealer.i18n import N_, format_number, format_price, gettext, ngettext
from dealer.stock import catalog
from dealer.stock.labels import label
from dealer.stock.repository import PriceView

# A price row's ``disclaimer`` naming this key gets the mini-lease text (SPEC §9); any
# other non-empty disclaimer is the dealer's own text and is shown as it is.
MINI_LEASE = "mini_lease"
MINI_LEASE_KM_PER_MONTH = 2_000

BUSINESS_DEAL_TYPES = ("business_lease", "business_finance")
FINANCE_DEAL_TYPES = ("private_finance", "business_finance")
LEASE_DEAL_TYPES = ("private_lease", "business_lease")

# Rates used when a row does not name its own.
DEFAULT_FINANCE_RATE = Decimal("6.99")
DEFAULT_VAT_COUNTRY = "NL"
# How far the visitor may move the amounts, as shares of the (financed) price.
MAX_DOWN_PAYMENT_SHARE = {
    "private_lease": Decimal("0.20"),
    "business_lease": Decimal("0.30"),
    "private_finance": Decimal("0.50"),
    "business_finance": Decimal("0.50"),
}
MAX_BALLOON_SHARE = Decimal("0.50")
AMOUNT_STEP = 100  # euros per slider step for down payment and final payment

# The interest form's query string carries the calculation under these names.
QUERY_KEYS = ("deal", "months", "km", "down", "balloon", "vat", "monthly")


@dataclass(frozen=True)
class Choices:
    """What the visitor chose; ``None`` means the price row's own value."""

    deal_type: str
    months: int | None = None
    annual_km: int | None = None
    down_payment: int | None = None  # whole euros, VAT base of the deal type
    balloon: int | None = None  # whole euros: final payment of a finance deal
    vat_included: bool = False  # business deal types: headline including VAT


@dataclass(frozen=True)
class Control:
    """One slider with its number input: bounds, current value and labels."""

    key: str  # months | annual_km | down_payment | balloon
    label: str
    minimum: int
    maximum: int
    step: int
    value: int
    value_text: str  # the value as the page shows it: "48 maanden", "€ 2.500"
    unit: str  # after the number input: "mnd.", "km", "€"


@dataclass(frozen=True)
class Figure:
    key: str  # stable name, e.g. "monthly", "effective_rate"
    label: str
    value: str


@dataclass(frozen=True)
class CurvePoint:
    months: int
    amount: float  # the monthly amount as shown (VAT as chosen), for the chart
    text: str  # the same amount formatted
    months_text: str  # the duration with its unit, e.g. "48 maanden"


@dataclass(frozen=True)
class Calculation:
    deal_type: str
    title: str  # the deal type's name
    choices: Choices  # complete: every value the figures were computed for
    monthly: Decimal | None  # per month in the deal type's VAT base; None for purchase
    headline: str  # "€ 411,73 per maand" or the purchase price
    headline_note: str  # "incl. btw", "excl. btw"
    figures: tuple[Figure, ...]
    controls: tuple[Control, ...]
    curve: tuple[CurvePoint, ...]
    example: str  # the representative example (consumer credit), or ""
    disclaimers: tuple[str, ...]

    def figure(self, key: str) -> str | None:
        return next((figure.value for figure in self.figures if figure.key == key), None)


# --- formatting -----------------------------------------------------------------------


def money(amount: Decimal | int, locale: str) -> str:
    return format_price(amount, locale, cents=True)


@cache
def _percent_pattern(locale: str, decimals: int) -> str:
    # The locale's own percent pattern ("#,##0%" in Dutch, "#,##0 %" in German), with
    # the decimals rates are quoted with.
    pattern = Locale.parse(locale).percent_formats[None].pattern
    return re.sub(r"0(?=\s*%)", "0." + "0" * decimals, pattern, count=1) if decimals else pattern


def percent(value: Decimal | int, locale: str, *, decimals: int = 2) -> str:
    """A percentage given in percent: nl "6,99%", de "6,99 %"."""
    return format_percent(
        Decimal(value) / 100, format=_percent_pattern(locale, decimals), locale=locale
    )


def months_text(months: int, locale: str) -> str:
    return ngettext(locale, "{n} month", "{n} months", months)


def km_text(km: int, locale: str) -> str:
    return f"{format_number(km, locale)} km"


def _per_month(amount: Decimal, locale: str) -> str:
    return gettext(locale, "{amount} per month", amount=money(amount, locale))


def _yes_no(value: bool, locale: str) -> str:
    return gettext(locale, "Yes") if value else gettext(locale, "No")


# --- which rows, which defaults ----------------------------------------------------------


def offered_deal_types(prices: Iterable[PriceView]) -> list[str]:
    """The acquisition types a vehicle offers, in catalogue order."""
    present = {price.deal_type for price in prices if _usable(price)}
    return [deal_type for deal_type in catalog.DEAL_TYPES if deal_type in present]


def _usable(row: PriceView) -> bool:
    if row.deal_type not in catalog.DEAL_TYPES or not row.total_price:
        return False
    return row.deal_type == "purchase" or bool(row.monthly_installment)


def _row(prices: Iterable[PriceView], deal_type: str) -> PriceView | None:
    return next((p for p in prices if p.deal_type == deal_type and _usable(p)), None)


def _whole(amount: Decimal | None) -> int:
    return int(amount or 0)


def default_choices(row: PriceView) -> Choices:
    """The choices a price row was computed for: where the calculator starts."""
    return Choices(
        deal_type=row.deal_type,
        months=row.contract_duration,
        annual_km=row.annual_distance,
        down_payment=_whole(row.down_payment),
        balloon=_whole(row.remaining_balance) if row.deal_type in FINANCE_DEAL_TYPES else 0,
    )


# --- the calculations per deal type ---------------------------------------------------------


def _nearest(value: int | None, options: Sequence[int], default: int) -> int:
    if value is None:
        return default
    return min(options, key=lambda option: (abs(option - value), option))


def _clamp(value: int | None, maximum: int, default: int = 0) -> int:
    return max(0, min(maximum, default if value is None else value))


def _floor_step(amount: Decimal, step: int = AMOUNT_STEP) -> int:
    return int((amount / step).to_integral_value(ROUND_FLOOR)) * step


def _options(standard: Iterable[int], own: int | None) -> tuple[int, ...]:
    return tuple(sorted({*standard, *([own] if own else [])}))


class _Context:
    """What every deal type's calculation needs: the row, the VAT country, the locale."""

    def __init__(self, row: PriceView, choices: Choices, country: str, locale: str) -> None:
        self.row = row
        self.choices = choices
        self.country = country if country.upper() in finance.VAT_RATES else DEFAULT_VAT_COUNTRY
        self.locale = locale
        self.business = row.deal_type in BUSINESS_DEAL_TYPES
        self.price = Decimal(row.total_price or 0)

    def shown(self, amount: Decimal) -> Decimal:
        """An amount of the VAT base as the headline shows it (business: VAT as chosen)."""
        if self.business and self.choices.vat_included:
            return finance.add_vat(amount, self.country)
        return amount

    def vat_note(self) -> str:
        if not self.business or self.choices.vat_included:
            return gettext(self.locale, "incl. VAT")
        return gettext(self.locale, "excl. VAT")

    def months_control(self, options: Sequence[int], value: int) -> Control:
        t = self.locale
        return Control("months", gettext(t, "Contract duration"), options[0], options[-1],
                       _common_step(options), value, months_text(value, t),
                       gettext(t, "months"))

    def km_control(self, options: Sequence[int], value: int) -> Control:
        t = self.locale
        return Control("annual_km", gettext(t, "Kilometres a year"), options[0], options[-1],
                       _common_step(options), value, km_text(value, t), "km")

    def amount_control(self, key: str, label_text: str, maximum: int, value: int) -> Control:
        return Control(key, label_text, 0, maximum, AMOUNT_STEP, value,
                       format_price(value, self.locale), "€")


def _common_step(options: Sequence[int]) -> int:
    steps = {b - a for a, b in pairwise(options)}
    return min(steps) if steps else 1


def _purchase(ctx: _Context) -> Calculation:
    t, row = ctx.locale, ctx.row
    figures = []
    if row.discount:
        figures += [
            Figure("price_before_discount", gettext(t, "Price before discount"),
                   format_price(ctx.price + row.discount, t)),
            Figure("discount", gettext(t, "Discount"), format_price(row.discount, t)),
        ]
    figures.append(Figure("price", gettext(t, "Price"), format_price(ctx.price, t)))
    return Calculation(
        deal_type="purchase", title=label("deal_type", "purchase", t),
        choices=Choices("purchase"), monthly=None,
        headline=format_price(ctx.price, t), headline_note=gettext(t, "incl. VAT"),
        figures=tuple(figures), controls=(), curve=(), example="",
        disclaimers=(gettext(t, "The price includes VAT. Delivery packages are optional and "
                                "not included in the price."),),
    )


def lease_matrix(row: PriceView) -> dict[tuple[int, int], Decimal]:
    """The private lease offers of a vehicle: duration x yearly distance -> monthly price.

    Built by ``finance.build_lease_matrix`` from the row's price, including the row's
    own duration and distance; when the row's stored price differs from the built one
    (an external feed), every offer is scaled so the row's own offer is its price.
    """
    price = Decimal(row.total_price or 0)
    own = (row.contract_duration, row.annual_distance)
    matrix = finance.build_lease_matrix(
        price,
        durations=_options(finance.LEASE_DURATIONS, own[0]),
        distances=_options(finance.LEASE_DISTANCES, own[1]),
    )
    stored = row.monthly_installment
    if stored and own in matrix and matrix[own] != stored:
        factor = Decimal(stored) / matrix[own]
        matrix = {
            key: (value * factor).quantize(finance.CENT, ROUND_HALF_UP)
            for key, value in matrix.items()
        }
        matrix[own] = Decimal(stored)
    return matrix


def _down_payment_relief(down_payment: int, months: int) -> Decimal:
    """What paying ``down_payment`` up front takes off a lease's monthly price."""
    if not down_payment:
        return Decimal(0)
    return finance.monthly_installment(
        price=down_payment, annual_rate=finance.DEFAULT_LEASE_RATE, months=months
    )


def _private_lease(ctx: _Context) -> Calculation:
    t, row, choices = ctx.locale, ctx.row, ctx.choices
    matrix = lease_matrix(row)
    durations, distances = finance.lease_options(matrix)
    months = _nearest(choices.months, durations, row.contract_duration or durations[0])
    km = _nearest(choices.annual_km, distances, row.annual_distance or distances[0])
    max_down = _floor_step(ctx.price * MAX_DOWN_PAYMENT_SHARE["private_lease"])
    down = _clamp(choices.down_payment, max_down)

    def monthly_for(duration: int) -> Decimal:
        base = finance.private_lease_price(matrix, duration, km)
        return max(base - _down_payment_relief(down, duration), Decimal(0))

    monthly = monthly_for(months)
    figures = (
        Figure("monthly", gettext(t, "Monthly price"), money(monthly, t)),
        Figure("months", gettext(t, "Contract duration"), months_text(months, t)),
        Figure("annual_km", gettext(t, "Kilometres a year"), km_text(km, t)),
        Figure("monthly_km", gettext(t, "Kilometres a month"), km_text(round(km / 12), t)),
        Figure("down_payment", gettext(t, "Down payment"), money(Decimal(down), t)),
        Figure("total_payable", gettext(t, "Total over the contract"),
               money(monthly * months + down, t)),
    )
    disclaimers = [gettext(
        t, "The monthly price includes VAT, insurance, maintenance, road tax and roadside "
           "assistance. Extra kilometres are settled at the end of the contract. Subject to "
           "approval by the lease company.")]
    if row.disclaimer == MINI_LEASE:
        disclaimers.append(mini_lease_disclaimer(t))
    return Calculation(
        deal_type="private_lease", title=label("deal_type", "private_lease", t),
        choices=Choices("private_lease", months, km, down, 0), monthly=monthly,
        headline=_per_month(monthly, t), headline_note=ctx.vat_note(), figures=figures,
        controls=(
            ctx.months_control(durations, months),
            ctx.km_control(distances, km),
            ctx.amount_control("down_payment", gettext(t, "Down payment"), max_down, down),
        ),
        curve=_curve(ctx, ((d, monthly_for(d)) for d in durations)),
        example="", disclaimers=(*disclaimers, *_own_disclaimer(row)),
    )


def _residual_percent(row: PriceView, months: int, km: int) -> Decimal:
    """The business lease residual value in percent of the price, from the resale-value
    model, shifted so that the row's own choices give the row's stored residual value."""
    model = finance.expected_residual_share(months, km) * 100
    if not (row.remaining_balance is not None and row.total_price and row.contract_duration
            and row.annual_distance):
        return model
    stored = Decimal(row.remaining_balance) / Decimal(row.total_price) * 100
    if (months, km) == (row.contract_duration, row.annual_distance):
        return stored
    own = finance.expected_residual_share(row.contract_duration, row.annual_distance) * 100
    return max(Decimal(0), min(Decimal(100), model + stored - own))


def _business_lease(ctx: _Context) -> Calculation:
    t, row, choices = ctx.locale, ctx.row, ctx.choices
    durations = _options(finance.LEASE_DURATIONS, row.contract_duration)
    distances = _options(finance.LEASE_DISTANCES, row.annual_distance)
    months = _nearest(choices.months, durations, row.contract_duration or durations[0])
    km = _nearest(choices.annual_km, distances, row.annual_distance or distances[0])
    max_down = _floor_step(ctx.price * MAX_DOWN_PAYMENT_SHARE["business_lease"])
    down = _clamp(choices.down_payment, max_down)
    rate = row.borrowing_rate if row.borrowing_rate is not None else finance.DEFAULT_LEASE_RATE

    def quote_for(duration: int) -> FinanceQuote:
        # The residual value cannot exceed what is left to finance after the down payment.
        cap = (ctx.price - down) / ctx.price * 100
        residual = min(_residual_percent(row, duration, km), cap)
        return finance.business_lease_quote(price=ctx.price, residual_percent=residual,
                                            annual_rate=rate, months=duration, down_payment=down)

    quote = quote_for(months)
    residual_share = quote.remaining_balance / ctx.price * 100
    figures = (
        *_vat_pair(ctx, "monthly", gettext(t, "Monthly instalment"), quote.monthly_installment),
        Figure("months", gettext(t, "Contract duration"), months_text(months, t)),
        Figure("annual_km", gettext(t, "Kilometres a year"), km_text(km, t)),
        Figure("price", gettext(t, "Vehicle price excl. VAT"), money(ctx.price, t)),
        Figure("down_payment", gettext(t, "Down payment excl. VAT"), money(quote.down_payment, t)),
        Figure("residual_value", gettext(t, "Residual value excl. VAT"),
               f"{money(quote.remaining_balance, t)} ({percent(residual_share, t)})"),
        Figure("borrowing_rate", gettext(t, "Borrowing rate"), percent(quote.borrowing_rate, t)),
        Figure("total_payable", gettext(t, "Total payable excl. VAT"),
               money(quote.total_payable, t)),
    )
    return Calculation(
        deal_type="business_lease", title=label("deal_type", "business_lease", t),
        choices=Choices("business_lease", months, km, down, 0, choices.vat_included),
        monthly=quote.monthly_installment,
        headline=_per_month(ctx.shown(quote.monthly_installment), t),
        headline_note=ctx.vat_note(), figures=figures,
        controls=(
            ctx.months_control(durations, months),
            ctx.km_control(distances, km),
            ctx.amount_control("down_payment", gettext(t, "Down payment excl. VAT"), max_down,
                               down),
        ),
        curve=_curve(ctx, ((d, quote_for(d).monthly_installment) for d in durations)),
        example="",
        disclaimers=(
            business_disclaimer(ctx.country, t),
            gettext(t, "Financial lease: the vehicle becomes yours once the residual value "
                       "has been paid. Running costs such as insurance, maintenance and tyres "
                       "are not included."),
            *_own_disclaimer(row),
        ),
    )


def _finance(ctx: _Context) -> Calculation:
    t, row, choices = ctx.locale, ctx.row, ctx.choices
    deal_type = row.deal_type
    durations = _options(finance.FINANCE_DURATIONS, row.contract_duration)
    months = _nearest(choices.months, durations, row.contract_duration or 60)
    max_down = _floor_step(ctx.price * MAX_DOWN_PAYMENT_SHARE[deal_type])
    down = _clamp(choices.down_payment, max_down, _whole(row.down_payment))
    max_balloon = _floor_step(min(ctx.price * MAX_BALLOON_SHARE, ctx.price - down))
    balloon = _clamp(choices.balloon, max_balloon, _whole(row.remaining_balance))
    rate = row.borrowing_rate if row.borrowing_rate is not None else DEFAULT_FINANCE_RATE

    def quote_for(duration: int) -> FinanceQuote:
        return finance.finance_quote(price=ctx.price, annual_rate=rate, months=duration,
                                     down_payment=down, balloon=balloon)

    quote = quote_for(months)
    suffix = " " + gettext(t, "excl. VAT") if ctx.business else ""
    figures = [
        *_vat_pair(ctx, "monthly", gettext(t, "Monthly instalment"), quote.monthly_installment),
        Figure("price", gettext(t, "Vehicle price") + suffix, money(quote.cash_price, t)),
        Figure("down_payment", gettext(t, "Down payment") + suffix, money(quote.down_payment, t)),
        Figure("net_loan_amount", gettext(t, "Net loan amount"),
               money(quote.net_loan_amount, t)),
        Figure("months", gettext(t, "Contract duration"), months_text(months, t)),
        Figure("remaining_balance", gettext(t, "Final payment"),
               money(quote.remaining_balance, t)),
        Figure("borrowing_rate", _rate_label(row, t), percent(quote.borrowing_rate, t)),
        Figure("effective_rate", gettext(t, "Annual percentage rate (APR)"),
               percent(quote.effective_rate, t)),
        Figure("total_payable", gettext(t, "Total amount payable"), money(quote.total_payable, t)),
        Figure("cost_of_credit", gettext(t, "Total cost of credit"),
               money(quote.cost_of_credit, t)),
    ]
    if row.fixed_interest_period:
        figures.append(Figure("fixed_interest_period", gettext(t, "Fixed-interest period"),
                              label("fixed_interest_period", row.fixed_interest_period, t)))
    if row.bank:
        figures.append(Figure("bank", gettext(t, "Lender"), row.bank))
    figures.append(Figure("installment_protection", gettext(t, "Installment protection"),
                          _yes_no(row.installment_protection, t)))
    if ctx.business:
        example = ""
        disclaimers = [business_disclaimer(ctx.country, t)]
    else:
        example = representative_example(quote, bank=row.bank, rate_label=_rate_label(row, t),
                                         country=ctx.country, locale=t)
        disclaimers = list(_credit_notes(ctx.country, t))
    return Calculation(
        deal_type=deal_type, title=label("deal_type", deal_type, t),
        choices=Choices(deal_type, months, None, down, balloon, choices.vat_included),
        monthly=quote.monthly_installment,
        headline=_per_month(ctx.shown(quote.monthly_installment), t),
        headline_note=ctx.vat_note(), figures=tuple(figures),
        controls=(
            ctx.months_control(durations, months),
            ctx.amount_control("down_payment", gettext(t, "Down payment") + suffix, max_down,
                               down),
            ctx.amount_control("balloon", gettext(t, "Final payment") + suffix, max_balloon,
                               balloon),
        ),
        curve=_curve(ctx, ((d, quote_for(d).monthly_installment) for d in durations)),
        example=example, disclaimers=(*disclaimers, *_own_disclaimer(row)),
    )


def _rate_label(row: PriceView, locale: str) -> str:
    if row.fixed_interest_period == "variable":
        return gettext(locale, "Variable borrowing rate")
    return gettext(locale, "Fixed borrowing rate")


def _vat_pair(ctx: _Context, key: str, label_text: str, amount: Decimal) -> tuple[Figure, ...]:
    """A monthly amount; for business deal types both without and with VAT."""
    t = ctx.locale
    if not ctx.business:
        return (Figure(key, label_text, money(amount, t)),)
    return (
        Figure(key, f"{label_text} {gettext(t, 'excl. VAT')}", money(amount, t)),
        Figure(f"{key}_incl_vat", f"{label_text} {gettext(t, 'incl. VAT')}",
               money(finance.add_vat(amount, ctx.country), t)),
    )


def _curve(ctx: _Context, points: Iterable[tuple[int, Decimal]]) -> tuple[CurvePoint, ...]:
    shown = [(months, ctx.shown(amount)) for months, amount in points]
    return tuple(CurvePoint(months, float(amount), money(amount, ctx.locale),
                            months_text(months, ctx.locale))
                 for months, amount in shown)


def business_disclaimer(country: str, locale: str) -> str:
    """Business offers: who they are for and which VAT the inclusive amounts use."""
    return gettext(
        locale,
        "For business customers. Amounts exclude VAT unless stated otherwise; amounts "
        "including VAT use {rate} VAT. Subject to credit approval.",
        rate=percent(finance.vat_rate(country), locale, decimals=0),
    )


def _own_disclaimer(row: PriceView) -> tuple[str, ...]:
    text = (row.disclaimer or "").strip()
    return (text,) if text and text != MINI_LEASE else ()


# --- texts required by law and by the spec ----------------------------------------------------


def representative_example(
    quote: FinanceQuote, *, bank: str | None, rate_label: str, country: str, locale: str
) -> str:
    """The consumer-credit representative example (EU directive 2008/48/EC art. 4; Dutch
    Wft advertising rules, German PAngV § 17): every figure in one sentence."""
    t = locale
    text = gettext(
        t,
        "Representative example: vehicle price {price}, down payment {down_payment}, net loan "
        "amount {net_loan}, {months} monthly instalments of "
        "{installment} and a final payment of {balloon}. {rate_label} {borrowing_rate} "
        "a year, annual percentage rate (APR) {effective_rate}. Total amount payable {total}, "
        "total cost of credit {cost}.",
        price=money(quote.cash_price, t),
        down_payment=money(quote.down_payment, t),
        net_loan=money(quote.net_loan_amount, t),
        months=quote.months,
        installment=money(quote.monthly_installment, t),
        balloon=money(quote.remaining_balance, t),
        rate_label=rate_label,
        borrowing_rate=percent(quote.borrowing_rate, t),
        effective_rate=percent(quote.effective_rate, t),
        total=money(quote.total_payable, t),
        cost=money(quote.cost_of_credit, t),
    )
    if bank:
        text += " " + gettext(t, "Lender: {bank}.", bank=bank)
    if country.upper() == "DE":
        text += " " + gettext(t, "This is also the representative example under § 17 (4) PAngV.")
    return text


def _credit_notes(country: str, locale: str) -> tuple[str, ...]:
    """What consumer-credit advertising must say besides the example, per market."""
    notes = [gettext(locale, "Subject to a credit check; creditworthiness required.")]
    if country.upper() == "NL":
        # The Dutch regulator's mandatory warning in every consumer credit advertisement.
        notes.insert(0, gettext(locale, "Watch out! Borrowing money costs money."))
    return tuple(notes)


def mini_lease_disclaimer(locale: str) -> str:
    """SPEC §9: what a mini lease's monthly price includes."""
    return gettext(
        locale,
        "Mini lease: the monthly price includes insurance, service, green ownership transfer "
        "and {km} per month.",
        km=km_text(MINI_LEASE_KM_PER_MONTH, locale),
    )


# --- entry points --------------------------------------------------------------------------

_CALCULATORS = {
    "purchase": _purchase,
    "private_lease": _private_lease,
    "business_lease": _business_lease,
    "private_finance": _finance,
    "business_finance": _finance,
}


def calculate(
    prices: Sequence[PriceView], choices: Choices, *, country: str, locale: str
) -> Calculation | None:
    """The figures of one acquisition type for the visitor's choices; out-of-range
    choices are brought within the offer. None when the vehicle has no such row."""
    row = _row(prices, choices.deal_type)
    if row is None:
        return None
    return _CALCULATORS[row.deal_type](_Context(row, choices, country, locale))


def price_summaries(
    prices: Sequence[PriceView], *, country: str, locale: str
) -> list[Calculation]:
    """Every acquisition type the vehicle offers, at its price rows' own choices: the
    price block of the vehicle page."""
    summaries = []
    for deal_type in offered_deal_types(prices):
        row = _row(prices, deal_type)
        if row is not None:
            summaries.append(_CALCULATORS[deal_type](
                _Context(row, default_choices(row), country, locale)))
    return summaries


def calculation_query(calculation: Calculation) -> dict[str, str]:
    """The calculation as the interest form's query string carries it.

    ``deal`` (deal type), ``months``, ``km`` (a year, leases), ``down`` and ``balloon``
    (whole euros), ``vat`` ("incl"/"excl", business types) and ``monthly`` (per month
    in the deal type's VAT base, e.g. "411.73"). Purchase carries only ``deal``.
    """
    choices = calculation.choices
    query = {"deal": calculation.deal_type}
    if calculation.monthly is None:
        return query
    query["months"] = str(choices.months)
    if choices.annual_km:
        query["km"] = str(choices.annual_km)
    query["down"] = str(choices.down_payment or 0)
    if calculation.deal_type in FINANCE_DEAL_TYPES:
        query["balloon"] = str(choices.balloon or 0)
    if calculation.deal_type in BUSINESS_DEAL_TYPES:
        query["vat"] = "incl" if choices.vat_included else "excl"
    query["monthly"] = str(calculation.monthly)
    return query


def _int_param(query: Mapping[str, str], key: str) -> int | None:
    raw = query.get(key)
    if raw is None:
        return None
    try:
        number = Decimal(str(raw).strip())
    except InvalidOperation:
        return None
    if not number.is_finite() or number < 0 or number > 10_000_000:
        return None
    return int(number)


def choices_from_query(query: Mapping[str, str]) -> Choices | None:
    """The visitor's choices from a query string (``calculation_query``'s names);
    None without a known deal type. Unusable numbers count as not given."""
    deal_type = query.get("deal", "")
    if deal_type not in catalog.DEAL_TYPES:
        return None
    return Choices(
        deal_type=deal_type,
        months=_int_param(query, "months"),
        annual_km=_int_param(query, "km"),
        down_payment=_int_param(query, "down"),
        balloon=_int_param(query, "balloon"),
        vat_included=query.get("vat") == "incl",
    )


def calculation_from_query(
    prices: Sequence[PriceView], query: Mapping[str, str], *, country: str, locale: str
) -> Calculation | None:
    """The calculation a request link carries, recomputed from the vehicle's rows (the
    ``monthly`` in the URL is never trusted); None when the link carries none."""
    choices = choices_from_query(query)
    if choices is None:
        return None
    return calculate(prices, choices, country=country, locale=locale)


CHOICE_KEYS = ("months", "annual_km", "down_payment", "balloon", "vat_included")


def with_choice(choices: Choices, key: str, value: int | bool) -> Choices:
    """``choices`` with one value changed: a ``Control.key`` or "vat_included"."""
    if key not in CHOICE_KEYS:
        raise ValueError(f"unknown choice {key!r}")
    return replace(choices, **{key: value})


_DEAL_HINTS = {
    "purchase": N_("Buy the vehicle outright."),
    "private_lease": N_("An all-in monthly price for private drivers."),
    "business_lease": N_("Financial lease for entrepreneurs."),
    "private_finance": N_("Buy on credit and own the vehicle from day one."),
    "business_finance": N_("Financing for your business."),
}


def deal_hint(deal_type: str, locale: str) -> str:
    """One line saying what an acquisition type is, under its tab."""
    return gettext(locale, _DEAL_HINTS[deal_type])
