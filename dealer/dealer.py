"""Builds the app: every screen of the route table, registered in both locales."""

import asyncio
import functools

import reflex as rx

from dealer import styles
from dealer.brands import PLATFORM_BRANDS
from dealer.leads.outbox import run_outbox
from dealer.locations.places import places
from dealer.locations.postcodes import areas
from dealer.pages import PAGES
from dealer.pages.context import PageContext
from dealer.routes import registrations
from dealer.state.failures import event_failed
from dealer.web.server import site_layer

app = rx.App(
    style=styles.BASE_STYLE,
    stylesheets=[*styles.STYLESHEETS, "/site.css"],
    api_transformer=site_layer,
    backend_exception_handler=event_failed,
    head_components=[rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml")],
)
# Stored leads are delivered to the dealer in the background while the server runs.
app.register_lifespan_task(run_outbox)


async def load_places() -> None:
    """The towns and postcode areas visitors look for branches from, read before the first
    search needs them."""
    await asyncio.to_thread(places)
    await asyncio.to_thread(areas)


app.register_lifespan_task(load_places)

for route, reflex_route, fixed in registrations(list(PLATFORM_BRANDS)):
    page = PAGES[route.screen]
    # Locale and fixed parts are bound here, at compile time, so each route
    # prerenders in its own language.
    context = PageContext(route.locale, route, fixed)
    build = functools.partial(page.build, context)
    # The build compiles a page's components into a module named after this; the page
    # module's own name keeps each page's code (charts, drawers, forms) off other pages.
    build.__module__ = page.build.__module__
    app.add_page(
        build,
        route=reflex_route,
        title=page.title_for(context),
        on_load=page.on_load,
    )
