"""A page that breaks while drawing shows the site's something-went-wrong page in its
language, titled '500 - message', with a button home and nothing of the error itself."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.conftest import Site

SOCKET_EVENT = re.compile(r"(42(?:/[^,\[]*,)?\d*)(\[.*)", re.DOTALL)
BROKEN = {"broken": "no text"}  # an object where the page draws a text: React refuses it


def break_the_heading(update: dict) -> bool:
    """Makes the vehicle page's heading an object, as a server bug could."""
    for substate in (update.get("delta") or {}).values():
        for key, value in substate.items():
            if key.startswith("view") and isinstance(value, dict) and "heading" in value:
                value["heading"] = BROKEN
                return True
    return False


def serve_broken_data(page: Page) -> None:
    """The first page's data arrives broken; everything after it as the server sends it."""
    broken: list[bool] = []

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            # A socket.io event: "42", the namespace and a comma, then a JSON list.
            frame = SOCKET_EVENT.match(message) if isinstance(message, str) else None
            if not broken and frame:
                name, update = [*json.loads(frame.group(2)), None, None][:2]
                if name == "event" and isinstance(update, dict) and break_the_heading(update):
                    broken.append(True)
                    message = frame.group(1) + json.dumps([name, update])
            socket.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/_event"), route)


@pytest.mark.parametrize(("path", "heading", "button", "home"), [
    ("/voorraad/{vehicle}", "Oeps, er is iets misgegaan", "Naar de homepage", "/"),
    ("/de/angebote/{vehicle}", "Ups, etwas ist schief gelaufen", "Zur Startseite", "/de"),
])
def test_a_page_that_breaks_shows_the_error_page(page: Page, site: Site, vehicle: str,
                                                 path: str, heading: str, button: str,
                                                 home: str) -> None:
    serve_broken_data(page)
    page.goto(site.url(path.format(vehicle=vehicle)))
    screen = page.get_by_test_id("error-screen")
    expect(screen.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page).to_have_title(f"500 - {heading}")
    expect(page.get_by_text(re.compile("TypeError|Error:|at .*\\.js|Objects are not"))
           ).to_have_count(0)
    expect(page.get_by_role("dialog")).to_have_count(0)
    # Home, loaded afresh: the site works again.
    screen.get_by_role("link", name=button).click()
    expect(page).to_have_url(site.url(home))
    expect(page.locator("#main-content h1")).not_to_have_text(heading)
