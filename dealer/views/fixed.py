"""Fixed pages without data of their own: their description.

Compare and favourites are public pages too: what a visitor finds there (their own list)
lives in their browser, but the page itself says what the tool does and leads to the
stock, which is worth finding ("auto's vergelijken")."""

from __future__ import annotations

from dealer.forms.definitions import SCREEN_FORMS
from dealer.i18n import N_, gettext
from dealer.pageinfo import PageInfo
from dealer.routes import PageRequest
from dealer.views.forms import form_title, load_subject, with_form

FIXED_PAGES = {
    "direct_contact": N_("Questions about a car, a test drive or financing? Contact our "
                         "team by form, phone or e-mail."),
    "compare": N_("Compare up to six vehicles from our stock side by side: price, mileage, "
                  "equipment and running costs at a glance. Tick “Compare” on the vehicles "
                  "you are interested in; your selection stays on this device."),
    "favourites": N_("Keep the vehicles you like: tick “Favourite” on a vehicle in our stock "
                     "and find it here again, on this device, without an account."),
}


async def describe(request: PageRequest) -> PageInfo:
    path, locale, params, query = request.path, request.locale, request.params, request.query
    screen = request.screen
    info = PageInfo(screen, locale, params, path, description=gettext(locale, FIXED_PAGES[screen]))
    if screen not in SCREEN_FORMS:
        return info
    # The direct contact form is titled as the page titles it (the form's own title), and
    # served as a form that works before the app has taken over.
    info.title = form_title(screen, locale)
    subject = await load_subject(screen, locale, params, query)
    return info if subject is None else with_form(info, subject, query)
