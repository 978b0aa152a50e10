"""How the app is put together where the framework offers no public way to say it."""

from __future__ import annotations

import functools
from collections.abc import Callable

import reflex as rx
from reflex.components.base.error_boundary import ErrorBoundary
from reflex.state import FrontendEventExceptionState

# The framework's own error boundary around every page, by its place among the app's wraps.
ERROR_BOUNDARY = (55, "ErrorBoundary")


def use_error_boundary(app: rx.App, fallback: Callable[[], rx.Component],
                       reporter: Callable[[], object]) -> None:
    """A drawing error anywhere in ``app`` shows ``fallback()`` instead of the framework's
    screen; the framework's handler still tells the server's log, and ``reporter()`` (an
    event) is told too."""
    app.app_wraps[ERROR_BOUNDARY] = lambda _stateful: ErrorBoundary.create(
        fallback_render=fallback(),
        on_error=[FrontendEventExceptionState.handle_frontend_exception, reporter()])


def add_page(app: rx.App, build: functools.partial, *, module: str, **options: object) -> None:
    """``build`` added as a page of ``app``; the build compiles a page's components into a
    file named after ``module``, so each page module's code (charts, drawers, forms) stays
    off the other pages."""
    build.__module__ = module  # type: ignore[attr-defined]
    app.add_page(build, **options)
