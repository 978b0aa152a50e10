"""The page of every screen, found through the route table's ``page`` names."""

from __future__ import annotations

import importlib

from dealer.pages.context import Page
from dealer.routes import SCREENS


def page_for(screen: str) -> Page:
    """The ``Page`` record that ``SCREENS[screen].page`` ("module:attribute") names."""
    module, attribute = SCREENS[screen].page.split(":")
    return getattr(importlib.import_module(f"dealer.pages.{module}"), attribute)


PAGES: dict[str, Page] = {screen: page_for(screen) for screen, entry in SCREENS.items()
                          if entry.page}
