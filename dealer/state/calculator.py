"""The lease and finance calculator: the vehicle's price rows, the visitor's choices per
acquisition type, and the figures ``dealer.pricing`` computes for them on every move."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import reflex as rx

from dealer import pricing
from dealer.i18n import N_, gettext
from dealer.pageinfo import error_page
from dealer.params import MAX_DIGITS, integer
from dealer.pricing import Calculation, Choices
from dealer.state.request import page_request
from dealer.stock.repository import PriceView
from dealer.views.calculator import (
    CalculatorView,
    calculator_vehicle,
    calculator_view,
    request_href,
)
from dealer.views.chart import monthly_chart_html
from dealer.visible import for_log
from dealer.web.seo import page_title

logger = logging.getLogger(__name__)


@dataclass
class ControlRow:
    key: str = ""
    label: str = ""
    minimum: int = 0
    maximum: int = 0
    step: int = 1
    value: int = 0
    value_text: str = ""
    unit: str = ""
    text: str = ""  # what the number input shows: the value, or what is being typed


@dataclass
class FigureRow:
    key: str = ""
    label: str = ""
    value: str = ""


REQUEST_LABELS = {
    "purchase": N_("Request an offer"),
    "private_lease": N_("Lease this car online"),
    "business_lease": N_("Lease this car online"),
    "private_finance": N_("Apply for this finance online"),
    "business_finance": N_("Apply for this finance online"),
}


class CalculatorState(rx.State):
    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    found: bool = True
    title: str = ""  # the document title
    view: CalculatorView = CalculatorView()  # the presenter's, as one record
    # What the visitor's choices give, computed on every move.
    deal: str = ""
    hint: str = ""
    headline: str = ""
    headline_note: str = ""
    figures: list[FigureRow] = []  # noqa: RUF012
    controls: list[ControlRow] = []  # noqa: RUF012
    chart: str = ""  # the monthly chart's HTML; empty without a curve to draw
    example: str = ""
    disclaimers: list[str] = []  # noqa: RUF012
    business: bool = False
    vat_included: bool = False
    request_href: str = ""
    request_label: str = ""

    # Server only: the vehicle's rows and the visitor's choices per acquisition type.
    _prices: tuple[PriceView, ...] = ()
    _country: str = "NL"
    _choices: dict[str, Choices] = {}  # noqa: RUF012
    _slug: str = ""
    _brand: str = ""

    @property
    def _locale(self) -> str:
        return page_request(self).locale

    @rx.event
    def load(self) -> None:
        request = page_request(self)
        params, locale = request.params, request.locale
        vehicle = calculator_vehicle(params)
        self.found = vehicle is not None
        if vehicle is None:
            self.title = error_page("vehicle_not_found", request.path, locale,
                                    request.screen).title
            self.loaded_path = request.path
            return
        self._brand = params.get("brand", "")
        self._slug = vehicle.slug
        self._prices = vehicle.prices
        self._country = vehicle.location.country
        self.view = calculator_view(vehicle, locale, self._brand or None)
        self.title = page_title(self.view.heading)
        offered = [deal.value for deal in self.view.deals]
        self._choices = {
            row.deal_type: pricing.default_choices(row)
            for row in vehicle.prices if row.deal_type in offered
        }
        # A link may name the tab to open (?deal=business_lease), e.g. from a price block.
        wanted = request.query.get("deal", "")
        monthly = [deal for deal in offered if deal != "purchase"]
        self.deal = wanted if wanted in offered else (monthly or offered)[0]
        self._compute()
        self.loaded_path = request.path

    @rx.event
    def choose_deal(self, deal: str) -> None:
        if deal in self._choices:
            self.deal = deal
            self._compute()

    @rx.event
    def slide(self, key: str, values: list[float]) -> None:
        number = integer(values[0]) if isinstance(values, list) and values else None
        if number is not None:
            self._set(key, number)

    @rx.event
    def type_value(self, key: str, text: str | int) -> None:
        """A slider moved or a number typed: figures follow every complete number at once."""
        # The browser's value may arrive as a number already.
        digits = str(text).strip()[:MAX_DIGITS + 1]
        number = integer(digits)
        if number is not None:
            self._set(key, number, typed=digits)
        else:
            self._keep_text(key, digits)

    @rx.event
    def commit(self, key: str) -> None:
        """Leaving a number input shows the value the figures were computed for."""
        self._compute()

    @rx.event
    def set_vat_included(self, checked: bool) -> None:
        self._choices = {
            deal: pricing.with_choice(choices, "vat_included", checked)
            if deal in pricing.BUSINESS_DEAL_TYPES else choices
            for deal, choices in self._choices.items()
        }
        self._compute()

    def _set(self, key: str, value: int, typed: str | None = None) -> None:
        if self.deal not in self._choices or key not in pricing.CHOICE_KEYS:
            return
        self._choices = {
            **self._choices, self.deal: pricing.with_choice(self._choices[self.deal], key, value)
        }
        self._compute(typing=(key, typed) if typed is not None else None)

    def _keep_text(self, key: str, text: str) -> None:
        self.controls = [
            ControlRow(**{**vars(row), "text": text}) if row.key == key else row
            for row in self.controls
        ]

    def _compute(self, typing: tuple[str, str] | None = None) -> None:
        locale = self._locale
        try:
            calculation = pricing.calculate(self._prices, self._choices[self.deal],
                                            country=self._country, locale=locale)
        except (KeyError, ValueError):
            logger.exception("calculation failed for %s (%s)", for_log(self._slug),
                             self.deal)
            calculation = None
        if calculation is None:
            self.found = False
            return
        # Keep the clamped choices, so the next move starts from what is shown.
        self._choices = {**self._choices, self.deal: calculation.choices}
        self._show(calculation, locale, typing)

    def _show(self, calc: Calculation, locale: str, typing: tuple[str, str] | None) -> None:
        self.hint = pricing.deal_hint(calc.deal_type, locale)
        self.headline = calc.headline
        self.headline_note = calc.headline_note
        self.figures = [FigureRow(f.key, f.label, f.value) for f in calc.figures]
        self.controls = [
            ControlRow(c.key, c.label, c.minimum, c.maximum, c.step, c.value, c.value_text,
                       c.unit, typing[1] if typing and typing[0] == c.key else str(c.value))
            for c in calc.controls
        ]
        self.chart = monthly_chart_html(calc.curve, calc.choices.months or 0, locale)
        self.example = calc.example
        self.disclaimers = list(calc.disclaimers)
        self.business = calc.deal_type in pricing.BUSINESS_DEAL_TYPES
        self.vat_included = calc.choices.vat_included
        self.request_href = request_href(self._slug, calc, locale, self._brand or None)
        self.request_label = gettext(locale, REQUEST_LABELS[calc.deal_type])
