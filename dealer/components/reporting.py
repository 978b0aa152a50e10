"""The browser's error reporter (@sentry/react) as a wrapper of the app: loaded after the
page and only when error reporting is configured (``dealer.reporting``); ``report_app_error``
hands it what the app's error boundary caught."""

from __future__ import annotations

import reflex as rx
from reflex.vars import FunctionStringVar, VarData

LIBRARY = "$/public" + rx.asset("reporting.jsx", shared=True)
REPORTER_PACKAGE = "@sentry/react@11.12.0"


class ErrorReporting(rx.Component):
    library = LIBRARY
    tag = "ErrorReporting"
    lib_dependencies: list[str] = [REPORTER_PACKAGE]  # noqa: RUF012 - the framework's field


def error_reporting(*children: rx.Component) -> rx.Component:
    return ErrorReporting.create(*children)


def report_app_error() -> rx.Var:
    """An ``on_error`` handler of an error boundary that reports the error."""
    return FunctionStringVar.create(
        "reportAppError",
        _var_data=VarData(imports={LIBRARY: [rx.ImportVar(tag="reportAppError")]}))
