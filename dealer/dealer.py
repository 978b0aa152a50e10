"""Builds the app: every screen of the route table, registered in both locales."""

import asyncio
import functools

import reflex as rx

from dealer import reporting, styles
from dealer.alerts.store import run_alerts
from dealer.brands import PLATFORM_BRANDS, SITE_FAVICON
from dealer.components.consent import consent_manager
from dealer.components.errors import app_failed
from dealer.components.measurement import measurement
from dealer.components.reporting import error_reporting, report_app_error
from dealer.framework.app import add_page, use_error_boundary
from dealer.framework.build import static_dir
from dealer.framework.uploads import FrameworkUploadTargets
from dealer.leads.outbox import run_outbox
from dealer.locations.places import places
from dealer.locations.postcodes import areas
from dealer.pages import PAGES
from dealer.pages.context import PageContext
from dealer.pages.frame import document_title
from dealer.reservations.background import run_reservations
from dealer.routes import registrations
from dealer.settings import get_settings
from dealer.state.analytics import AnalyticsState
from dealer.state.failures import browser_failed, event_failed
from dealer.web.server import ShellCache, site_layer

app = rx.App(
    style=styles.BASE_STYLE,
    stylesheets=[*styles.STYLESHEETS, "/site.css"],
    backend_exception_handler=event_failed,
    frontend_exception_handler=browser_failed,
    head_components=[rx.el.link(rel="icon", href=SITE_FAVICON, type="image/svg+xml")],
    # Outside every page: the visitor's cookie choice and the banner asking for it, the
    # data layer's clicks and Core Web Vitals, the browser's error reporter.
    extra_app_wraps={(60, "Consent"): lambda _stateful: consent_manager(),
                     (61, "Measurement"): lambda _stateful: measurement(),
                     (62, "ErrorReporting"): lambda _stateful: error_reporting()},
)
# The HTTP layer in front of the app; it asks the app which uploads it can take.
app.api_transformer = functools.partial(site_layer, uploads=FrameworkUploadTargets(app))
# SPEC §8: what no page catches shows the site's own something-went-wrong page; the
# framework's handler tells the server's log, the error reporter (when configured) is told.
use_error_boundary(app, app_failed, report_app_error)
# The server's error reporter, when configured; events name the build as their release.
reporting.start(get_settings(), lambda: ShellCache().build_id(static_dir()))
# Stored leads are delivered to the dealer in the background while the server runs.
app.register_lifespan_task(run_outbox)
app.register_lifespan_task(run_alerts)
# Refunds the payments provider refused are tried again.
app.register_lifespan_task(run_reservations)


async def load_places() -> None:
    """The towns and postcode areas visitors look for branches from, read before the first
    search needs them."""
    await asyncio.to_thread(places)
    await asyncio.to_thread(areas)


app.register_lifespan_task(load_places)

def _events(on_load: object) -> list:
    if on_load is None:
        return []
    return list(on_load) if isinstance(on_load, list | tuple) else [on_load]


for route, reflex_route, fixed in registrations(list(PLATFORM_BRANDS)):
    page = PAGES[route.screen]
    # Locale and fixed parts are bound here, at compile time, so each route
    # prerenders in its own language.
    context = PageContext(route.locale, route, fixed)
    add_page(
        app,
        functools.partial(page.build, context),
        # Each page's code (charts, drawers, forms) in its page module's own file.
        module=page.build.__module__,
        route=reflex_route,
        title=document_title(route.locale, page.title_for(context)),
        # Every page shown pushes its analytics events, after its own loading.
        on_load=[*_events(page.on_load), AnalyticsState.page_shown],
    )
