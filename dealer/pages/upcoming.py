"""Screens whose capability is still being built: they say what will be there."""

from __future__ import annotations

import reflex as rx

from dealer.i18n import N_, gettext
from dealer.pages.context import PageContext
from dealer.pages.frame import framed
from dealer.routes import path_for

SCREEN_TITLES = {
    "direct_contact": N_("Direct contact"),
    "compare": N_("Compare vehicles"),
    "favourites": N_("Favourites"),
    "brands": N_("Brands"),
    "brand_models": N_("Models"),
    "brand_model": N_("Model"),
    "model_contact": N_("Contact about this model"),
    "model_test_drive": N_("Test drive this model"),
    "locations": N_("Locations"),
    "location": N_("Location"),
    "brand_location": N_("Location"),
    "employees": N_("Employees"),
    "news": N_("News"),
    "news_article": N_("News"),
    "lease_offers": N_("Lease offers"),
    "lease_offer": N_("Lease offer"),
    "vehicle": N_("Vehicle"),
    "brand_vehicle": N_("Vehicle"),
    "vehicle_interest": N_("Request information"),
    "vehicle_test_drive": N_("Request a test drive"),
    "lease_calculator": N_("Lease calculator"),
    "brand_vehicle_interest": N_("Request information"),
    "brand_vehicle_test_drive": N_("Request a test drive"),
    "brand_lease_calculator": N_("Lease calculator"),
}


def builder(screen: str):
    def page(ctx: PageContext) -> rx.Component:
        locale = ctx.locale
        return framed(
            ctx,
            rx.vstack(
                rx.heading(gettext(locale, SCREEN_TITLES[screen]), as_="h1", size="7"),
                rx.text(gettext(locale, "This page is being prepared."), size="4"),
                rx.link(gettext(locale, "To the home page"), href=path_for("content", locale)),
                spacing="4",
                padding_y="2rem",
            ),
        )

    return page
