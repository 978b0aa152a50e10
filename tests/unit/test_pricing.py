"""Prices as visitors see them: every acquisition type, both languages, against reference
values worked out independently (float annuity formulas, hand-checked)."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817 - short for the many amounts below

from dealer import pricing
from dealer.pricing import Choices, calculate, price_summaries
from dealer.stock import demo
from dealer.stock.repository import PriceView

BANK = "Rijnland Financial Services"


def row(deal_type: str = "purchase", **values) -> PriceView:
    fields = dict(
        deal_type=deal_type, total_price=None, monthly_installment=None, down_payment=None,
        contract_duration=None, interest_rate=None, borrowing_rate=None,
        fixed_interest_period=None, annual_distance=None, installment_protection=False,
        bank=None, net_loan_amount=None, remaining_balance=None, discount=None, disclaimer=None,
        actions=("testdrive", "interest"), test_drive_mode="form",
    )
    return PriceView(**{**fields, **values})


PURCHASE = row(total_price=D(24_895), discount=D(1_000))
PRIVATE_FINANCE = row(
    "private_finance", total_price=D(24_895), monthly_installment=D("443.44"),
    down_payment=D(2_495), contract_duration=60, borrowing_rate=D("6.99"),
    fixed_interest_period="fixed", bank=BANK, installment_protection=True,
)
BUSINESS_LEASE = row(
    "business_lease", total_price=D("20574.38"), monthly_installment=D("318.19"),
    contract_duration=48, annual_distance=20_000, borrowing_rate=D("5.5"),
    remaining_balance=D("8584.22"),
)
BUSINESS_FINANCE = row(
    "business_finance", total_price=D("20574.38"), monthly_installment=D("422.47"),
    contract_duration=48, borrowing_rate=D("5.5"), remaining_balance=D(3_000),
    fixed_interest_period="variable", bank=BANK,
)
PRICES = (PURCHASE, PRIVATE_FINANCE, BUSINESS_LEASE, BUSINESS_FINANCE)


def calc(choices: Choices, prices=PRICES, country: str = "NL", locale: str = "nl"):
    result = calculate(prices, choices, country=country, locale=locale)
    assert result is not None
    return result


def test_private_finance_reference_figures_in_dutch() -> None:
    # 22,400 at 6.99 % over 60 months: float annuity 443.4412 -> 443.44; APR 7.2183 -> 7.22.
    result = calc(Choices("private_finance"))
    assert result.monthly == D("443.44")
    assert result.headline == "€ 443,44 per maand"
    assert result.figure("net_loan_amount") == "€ 22.400,00"
    assert result.figure("effective_rate") == "7,22%"
    assert result.figure("borrowing_rate") == "6,99%"
    assert result.figure("total_payable") == "€ 26.606,40"  # 60 x 443.44
    assert result.figure("cost_of_credit") == "€ 4.206,40"
    assert result.figure("bank") == BANK
    assert result.figure("installment_protection") == "Ja"
    assert result.figure("fixed_interest_period") == "Vast voor de hele looptijd"


def test_private_finance_reference_figures_in_german() -> None:
    result = calc(Choices("private_finance"), locale="de")
    assert result.headline == "443,44 € pro Monat"
    assert result.figure("effective_rate") == "7,22\u00a0%"  # no break before %
    assert result.figure("net_loan_amount") == "22.400,00 €"


def test_representative_example_per_market() -> None:
    dutch = calc(Choices("private_finance"))
    assert dutch.example.startswith("Representatief voorbeeld: voertuigprijs € 24.895,00")
    for part in ("kredietbedrag € 22.400,00", "60 maandtermijnen van € 443,44",
                 "Vaste debetrentevoet 6,99% per jaar", "jaarlijks kostenpercentage (JKP) 7,22%",
                 "Totaal te betalen bedrag € 26.606,40", f"Kredietverstrekker: {BANK}."):
        assert part in dutch.example
    assert "Let op! Geld lenen kost geld." in dutch.disclaimers
    german = calc(Choices("private_finance"), country="DE", locale="de")
    assert german.example.startswith("Repräsentatives Beispiel: Fahrzeugpreis 24.895,00 €")
    assert "effektiver Jahreszins 7,22\u00a0%" in german.example
    assert german.example.endswith("Zugleich repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV.")
    assert not any("Geld leihen" in text for text in german.disclaimers)


def test_choices_move_the_finance_figures() -> None:
    # Zero down payment and a 10,000 final payment over 36 months at 6.99 %:
    # (24895 g - 10000) r / (g - 1) with r = 0.0699 / 12, g = (1 + r)^36.
    result = calc(Choices("private_finance", months=36, down_payment=0, balloon=10_000))
    assert result.monthly == D("518.10")  # float: 518.0963
    assert result.figure("remaining_balance") == "€ 10.000,00"
    assert result.choices == Choices("private_finance", 36, None, 0, 10_000)


def test_out_of_range_choices_are_brought_within_the_offer() -> None:
    result = calc(Choices("private_finance", months=1_000, down_payment=99_999, balloon=99_999))
    controls = {control.key: control for control in result.controls}
    assert result.choices.months == 120 == controls["months"].maximum
    assert result.choices.down_payment == controls["down_payment"].maximum == 12_400
    # The final payment can never exceed what is left to finance.
    assert result.choices.balloon == controls["balloon"].maximum == 12_400
    odd = calc(Choices("private_finance", months=41))
    assert odd.choices.months == 36  # the nearest offered duration


def test_business_lease_residual_value_and_vat() -> None:
    # Residual 0.92 x 0.89^4 - 0.000002 x 20,000 x 4 = 41.72 % of 20,574.38 = 8,584.22;
    # annuity down to it at 5.5 % over 48 months: 318.1932 -> 318.19; with 21 % VAT 385.01.
    result = calc(Choices("business_lease"))
    assert result.monthly == D("318.19")
    assert result.headline == "€ 318,19 per maand" and result.headline_note == "excl. btw"
    assert result.figure("monthly_incl_vat") == "€ 385,01"
    assert result.figure("residual_value") == "€ 8.584,22 (41,72%)"
    with_vat = calc(Choices("business_lease", vat_included=True))
    assert with_vat.headline == "€ 385,01 per maand" and with_vat.headline_note == "incl. btw"
    assert with_vat.monthly == D("318.19")  # the request still carries the base amount
    german_branch = calc(Choices("business_lease", vat_included=True), country="DE",
                         locale="de")
    assert german_branch.headline == "378,65 € pro Monat"  # 19 % VAT
    assert german_branch.headline_note == "inkl. MwSt."


def test_business_lease_depends_on_distance_and_duration() -> None:
    base = calc(Choices("business_lease")).monthly
    assert calc(Choices("business_lease", annual_km=30_000)).monthly > base
    assert calc(Choices("business_lease", months=60)).monthly < base
    curve = calc(Choices("business_lease")).curve
    assert [point.months for point in curve] == [24, 36, 48, 60, 72]
    assert [point.amount for point in curve] == sorted((p.amount for p in curve), reverse=True)


def test_business_finance_reference_and_no_consumer_example() -> None:
    # (20574.38 g - 3000) r / (g - 1), r = 5.5 / 1200, g = (1 + r)^48: 422.468 -> 422.47.
    result = calc(Choices("business_finance"))
    assert result.monthly == D("422.47")
    assert result.figure("monthly_incl_vat") == "€ 511,19"
    assert result.figure("borrowing_rate") == "5,50%"
    labels = {figure.key: figure.label for figure in result.figures}
    assert labels["borrowing_rate"] == "Variabele debetrentevoet"
    assert result.example == ""
    assert any("zakelijke klanten" in text and "21% btw" in text for text in result.disclaimers)


def test_zero_rate_finance_divides_evenly() -> None:
    free = row("private_finance", total_price=D(30_000), monthly_installment=D("416.67"),
               down_payment=D(5_000), contract_duration=36, borrowing_rate=D(0),
               remaining_balance=D(10_000))
    result = calc(Choices("private_finance"), prices=(free,))
    assert result.monthly == D("416.67")  # (30,000 - 5,000 - 10,000) / 36
    assert result.figure("effective_rate") == "0,00%"


def test_purchase_price_and_discount() -> None:
    result = calc(Choices("purchase"))
    assert result.headline == "€ 24.895" and result.monthly is None
    assert result.figure("price_before_discount") == "€ 25.895"
    assert result.figure("discount") == "€ 1.000"
    assert result.controls == () and result.curve == ()
    assert pricing.calculation_query(result) == {"deal": "purchase"}
    assert calc(Choices("purchase"), locale="de").headline == "24.895 €"


def test_private_lease_from_the_matrix_with_mini_lease_disclaimer() -> None:
    matrix_price = pricing.lease_matrix(row("private_lease", total_price=D(30_000)))
    lease = row("private_lease", total_price=D(30_000),
                monthly_installment=matrix_price[24, 10_000], contract_duration=24,
                annual_distance=10_000, disclaimer=pricing.MINI_LEASE)
    result = calc(Choices("private_lease"), prices=(lease,))
    assert result.monthly == matrix_price[24, 10_000]
    assert result.figure("monthly_km") == "833 km"
    assert ("Minilease: de maandprijs is inclusief verzekering, service, groene tenaamstelling "
            "en 2.000 km per maand.") in result.disclaimers
    german = calc(Choices("private_lease"), prices=(lease,), locale="de")
    assert any("2.000 km pro Monat" in text for text in german.disclaimers)
    longer = calc(Choices("private_lease", months=48, annual_km=20_000), prices=(lease,))
    assert longer.monthly == matrix_price[48, 20_000]
    # A down payment lowers the monthly price by its annuity at the lease rate:
    # 2,000 at 5.5 % over 24 months = 88.19.
    down = calc(Choices("private_lease", down_payment=2_000), prices=(lease,))
    assert down.monthly == matrix_price[24, 10_000] - D("88.19")


def test_a_feed_price_calibrates_the_lease_matrix() -> None:
    built = pricing.lease_matrix(row("private_lease", total_price=D(30_000)))
    feed = row("private_lease", total_price=D(30_000), monthly_installment=D(399),
               contract_duration=48, annual_distance=10_000)
    calibrated = pricing.lease_matrix(feed)
    assert calibrated[48, 10_000] == D(399)
    factor = D(399) / built[48, 10_000]
    assert calibrated[60, 5_000] == (built[60, 5_000] * factor).quantize(D("0.01"))


def test_the_query_string_carries_and_restores_the_calculation() -> None:
    result = calc(Choices("business_lease", months=36, annual_km=25_000, down_payment=1_000,
                          vat_included=True))
    query = pricing.calculation_query(result)
    assert query == {"deal": "business_lease", "months": "36", "km": "25000", "down": "1000",
                     "vat": "incl", "monthly": str(result.monthly)}
    again = pricing.calculation_from_query(PRICES, {**query, "monthly": "1.00"},
                                           country="NL", locale="nl")
    assert again is not None and again.monthly == result.monthly  # recomputed, not trusted
    assert pricing.calculation_from_query(PRICES, {"deal": "<script>"}, country="NL",
                                          locale="nl") is None
    hostile = pricing.choices_from_query({"deal": "private_finance", "months": "-4",
                                          "down": "1e9", "balloon": "x"})
    assert hostile == Choices("private_finance")


def test_offered_types_skip_rows_without_a_price() -> None:
    empty_lease = row("private_lease", total_price=D(20_000))
    assert pricing.offered_deal_types((BUSINESS_LEASE, empty_lease, PURCHASE)) == [
        "purchase", "business_lease"]
    assert calculate((PURCHASE,), Choices("private_lease"), country="NL", locale="nl") is None


def test_demo_rows_are_what_the_calculator_computes() -> None:
    """One source of truth: at a row's own choices the calculator shows the stored row."""
    stock = demo.generate(400, seed=11)
    country = {location["slug"]: location["country"] for location in stock.locations}
    branch = {vehicle["external_id"]: country[vehicle["location"]] for vehicle in stock.vehicles}
    columns = [name for name in PriceView.__dataclass_fields__ if name != "actions"]
    by_vehicle: dict[str, list[PriceView]] = {}
    for price in stock.prices:
        values = {name: price.get(name) for name in columns}
        by_vehicle.setdefault(price["external_id"], []).append(
            PriceView(**values, actions=tuple(price["actions"])))
    checked = 0
    for external_id, prices in by_vehicle.items():
        for summary in price_summaries(prices, country=branch[external_id], locale="nl"):
            stored = next(p for p in prices if p.deal_type == summary.deal_type)
            if summary.monthly is not None:
                assert summary.monthly == stored.monthly_installment, (external_id, stored)
                checked += 1
    assert checked > 500
