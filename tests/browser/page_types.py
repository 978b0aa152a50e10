"""The page types the browser checks visit, by path template, in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Locator, Page, Route, expect

PHONE = {"width": 360, "height": 740}
# Page types by path template; {vehicle} is a vehicle of the demo stock.
PAGES = {
    "nl": ["/", "/voorraad", "/voorraad/{vehicle}", "/voorraad/{vehicle}/lease-calculator",
           "/voorraad/{vehicle}/proefrit", "/voorraad/vergelijken", "/voorraad/favorieten",
           "/over-ons", "/nieuws", "/lease-aanbod", "/vestigingen", "/vestigingen/utrecht",
           "/voorraad/private-lease", "/werkplaats"],
    "de": ["/de", "/de/angebote", "/de/angebote/{vehicle}",
           "/de/angebote/{vehicle}/leasingrechner", "/de/angebote/{vehicle}/interesse",
           "/de/angebote/vergleichen", "/de/ueber-uns", "/de/aktuelles",
           "/de/leasingangebote", "/de/standorte/koeln", "/de/direktkontakt", "/de/termin"],
}


def connected(page: Page) -> None:
    """Wait until the app has taken over the page and reached the server (the loading bar
    at the top stops) and, on a request page, its form has replaced the served one: from
    then on links navigate inside the app."""
    expect(page.locator(".loading-bar")).not_to_have_class(re.compile("loading-bar--active"))
    expect(page.locator("#served-form")).to_have_count(0)


def drawn_in_its_font(page: Page) -> None:
    """Wait until the page's text is drawn in the font it keeps. Chromium lays text out in
    the fallback font, unseen, while the font is on its way (at most a moment for an
    'optional' font); a measure taken then is not what the visitor sees."""
    page.evaluate("document.body.getBoundingClientRect() && document.fonts.ready.then(() => true)")


@contextmanager
def scripts_held(page: Page) -> Iterator[None]:
    """The app's scripts wait until the block has ended: the served page alone, as a slow
    phone shows it before the app takes over."""
    held: list[Route] = []
    holding = True

    def hold(route: Route) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route("**/assets/*.js", hold)
    try:
        yield
    finally:
        holding = False
        for route in held:
            route.continue_()


def tick(box: Locator) -> None:
    """Tick a form's checkbox and see the tick, as a visitor does before sending. The box
    shows what the server has (the form's state controls it), and the server handles one
    visitor's changes in order: once ticked, it has everything typed before too. A submit
    clicked earlier could overtake them, as the server handles it in the background."""
    box.click()
    expect(box).to_be_checked()


# Puts text into a field as a page's own script could: React hears it as typing. The text
# ends in half of an emoji (a lone UTF-16 surrogate), which no keyboard types but a
# JavaScript string may hold.
WITH_LONE_SURROGATE = """(field, text) => {
  const value = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value");
  value.set.call(field, text + "\\ud83d");
  field.dispatchEvent(new Event("input", {bubbles: true}));
}"""


def type_with_lone_surrogate(field: Locator, text: str) -> None:
    """``text`` and a lone surrogate in ``field``, as the browser sends them to the server."""
    field.evaluate(WITH_LONE_SURROGATE, text)
