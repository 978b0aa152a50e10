"""What a visitor is told when an event fails on the server: in the page's language; and
what the server does with an error the browser reports."""

import json
import logging

import reflex as rx
from reflex.event import EventSpec

from dealer.i18n import N_, gettext
from dealer.visible import for_log

logger = logging.getLogger(__name__)

FAILED = N_("Something went wrong on our side.")
TRY_AGAIN = N_("Please try again in a moment; nothing you entered is lost.")


def in_page_language(msgid: str) -> rx.Var:
    """The text in the language of the page the browser shows (the server that failed
    may not know which page that is)."""
    german, dutch = (json.dumps(gettext(locale, msgid)) for locale in ("de", "nl"))
    return rx.Var(f"(document.documentElement.lang.startsWith('de') ? {german} : {dutch})")


# No postponed annotations here: the framework checks this handler's return annotation
# by evaluating it.
def event_failed(exception: Exception) -> EventSpec:
    """The app's handler of exceptions in event handlers: the log gets the traceback, the
    visitor a short notice (no exception text)."""
    logger.error("an event handler failed", exc_info=exception)
    return rx.toast.error(in_page_language(FAILED), description=in_page_language(TRY_AGAIN),
                          id="backend_error", position="top-center")


def browser_failed(exception: Exception) -> None:
    """The app's handler of errors the browser reports over the websocket: a line in the
    log, not an error event. The browser's own reporter sends the event, with the replay
    the visitor consented to; an error-level record here would report it a second time,
    from the server and whatever the visitor's choice. The browser's words are the
    visitor's to choose: one bounded line (``visible.for_log``)."""
    logger.warning("the browser reported an error: %s", for_log(exception))
