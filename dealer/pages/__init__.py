"""Which page module serves which screen of the route table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx

from dealer.i18n import gettext
from dealer.pages import (
    calculator,
    cms_models,
    cms_pages,
    compare,
    employees,
    favourites,
    forms,
    lease_offers,
    locations,
    stock,
    vehicle,
)
from dealer.pages.context import PageContext
from dealer.seo import page_title


@dataclass(frozen=True)
class PageSpec:
    build: Callable[[PageContext], rx.Component]
    on_load: Any = None
    # A msgid, a function of the page context, or a Var for titles that depend on data.
    title: str | Callable[[PageContext], str] | rx.Var | None = None

    def title_for(self, ctx: PageContext) -> str | rx.Var:
        if isinstance(self.title, rx.Var):
            return self.title
        if callable(self.title):
            return page_title(self.title(ctx))
        return page_title(gettext(ctx.locale, self.title) if self.title else None)


PAGES: dict[str, PageSpec] = {
    **{
        screen: PageSpec(cms_pages.page, cms_pages.on_load, cms_pages.title)
        for screen in ("content", "news", "news_article", "brands")
    },
    "brand_models": PageSpec(cms_models.models_page, cms_models.on_load, cms_models.title),
    "brand_model": PageSpec(cms_models.model_page, cms_models.on_load, cms_models.title),
    "stock": PageSpec(stock.page, stock.on_load, stock.heading),
    **{
        screen: PageSpec(vehicle.page, vehicle.on_load, vehicle.title)
        for screen in ("vehicle", "brand_vehicle")
    },
    "brand_stock": PageSpec(stock.page, stock.on_load, stock.heading),
    "compare": PageSpec(compare.page, compare.on_load, compare.TITLE),
    "favourites": PageSpec(favourites.page, favourites.on_load, favourites.TITLE),
    "locations": PageSpec(locations.list_page, locations.list_on_load, locations.LOCATIONS_TITLE),
    **{
        screen: PageSpec(locations.detail_page, locations.detail_on_load, locations.detail_title)
        for screen in ("location", "brand_location")
    },
    "employees": PageSpec(employees.page, employees.on_load, employees.TITLE),
    **{screen: PageSpec(forms.build, forms.on_load, forms.title) for screen in forms.SCREENS},
    **{
        screen: PageSpec(calculator.page, calculator.on_load, calculator.title)
        for screen in ("lease_calculator", "brand_lease_calculator")
    },
    "lease_offers": PageSpec(lease_offers.overview, lease_offers.overview_on_load,
                             lease_offers.OVERVIEW_TITLE),
    "lease_offer": PageSpec(lease_offers.detail, lease_offers.detail_on_load,
                            lease_offers.detail_title),
}
