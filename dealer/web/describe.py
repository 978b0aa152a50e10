"""What a URL shows, in plain Python: the describer the route table names for its screen.

The HTTP layer (status codes, head tags, HTML for clients without JavaScript) and the
Reflex pages (titles, not-found states) both end in the same presenters
(``dealer.views``), so they can never disagree about a page. Every describer has one
signature, ``(request: PageRequest) -> PageInfo`` (the URL's route resolved once, here),
sync or async; a sync one reads the database and runs in a worker thread.

The pages described last are kept for a moment (``described_lately``): the app asks for
a page's analytics events right after the page was served, and takes the page the HTTP
answer described instead of describing it again. Nothing else reads them: a page served
reads its data as it is now.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
from collections.abc import Callable, Mapping
from functools import cache

from dealer.content.repository import ContentUnavailable
from dealer.kept import KeptLately
from dealer.pageinfo import PageInfo, error_page, not_found
from dealer.routes import SCREENS, PageRequest, request_for
from dealer.visible import for_log

logger = logging.getLogger(__name__)

Describer = Callable[..., PageInfo]


@cache
def describer_for(screen: str) -> Describer | None:
    """The function ``SCREENS[screen].describer`` ("module:function") names, if any."""
    name = SCREENS[screen].describer
    if not name:
        return None
    module, function = name.split(":")
    return getattr(importlib.import_module(f"dealer.views.{module}"), function)


# The pages described in the last 30 s, by URL, for analytics of the same page view.
_LATELY: KeptLately[PageInfo] = KeptLately(30.0, 512)


async def described_lately(path: str, query: Mapping[str, str] | None = None) -> PageInfo:
    """The page as ``describe`` gave it a moment ago for the same URL, else described now:
    for analytics of a page view, never for what a visitor sees."""
    return _LATELY.get(path, query) or await describe(path, query)


async def describe(path: str, query: Mapping[str, str] | None = None) -> PageInfo:
    """The page a path shows; an unknown path gives the not-found page, a describer that
    fails the something-went-wrong page with status 500 (the log and the error reporter
    get the exception, the visitor never sees it); one whose content the content service
    cannot give right now the temporarily-unavailable page with status 503."""
    info = await _described(path, query)
    _LATELY.keep(path, query, info)
    return info


async def _described(path: str, query: Mapping[str, str] | None) -> PageInfo:
    request = request_for(path, query)
    if not request.screen:
        return not_found(path, request.locale)
    info = await _answer(request)
    # The page in the other language, for its hreflang and language switch, from the
    # route already resolved (a content page's translated slug is its own describer's).
    info.alternate_paths = info.alternate_paths or request.alternate_paths
    return info


async def _answer(request: PageRequest) -> PageInfo:
    screen, locale, params, path = request.screen, request.locale, request.params, request.path
    describer = describer_for(screen)
    if describer is None:
        return PageInfo(screen=screen, locale=locale, params=params, path=path)
    try:
        if inspect.iscoroutinefunction(describer):
            return await describer(request)
        return await asyncio.to_thread(describer, request)
    except ContentUnavailable:  # an outage is no missing page and no error of ours
        return error_page("content_unavailable", path, locale, screen, status=503,
                          params=params, href=path)
    except Exception:  # any failure of a page's data: the one error page, never a trace
        logger.exception("describing %s failed", for_log(path))
        return error_page("something_went_wrong", path, locale, screen, status=500,
                          params=params)
