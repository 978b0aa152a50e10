"""The cookie consent banner (vanilla-cookieconsent) as the app's outermost wrapper, and
what pages use of it: whether a category is accepted, a shortcut that grants one, the
footer's 'Cookie settings'.

The wrapper's own code (``consent.jsx``) is a few lines on every page; the library and
its stylesheet are fetched only when there is something to show (a first visit, the
preferences), after the page has been drawn.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import FunctionStringVar, VarData

from dealer.consent import banner_config

LIBRARY = "$/public" + rx.asset("consent.jsx", shared=True)
BANNER_PACKAGE = "vanilla-cookieconsent@3.1.0"


class ConsentManager(rx.Component):
    library = LIBRARY
    tag = "ConsentManager"
    lib_dependencies: list[str] = [BANNER_PACKAGE]  # noqa: RUF012 - the framework's field

    settings: rx.Var[dict]


def consent_manager(*children: rx.Component) -> rx.Component:
    return ConsentManager.create(*children, settings=banner_config())


def _imported(name: str) -> VarData:
    return VarData(imports={LIBRARY: [rx.ImportVar(tag=name)]})


def _consent_hook(hook: str, name: str, category: str) -> rx.Var[bool]:
    return rx.Var(
        name,
        _var_data=VarData.merge(
            _imported(hook),
            VarData(hooks={f"const {name} = {hook}({category!r});": None}),
        ),
    ).to(bool)


def consent_given(category: str) -> rx.Var[bool]:
    """True in the browser once the visitor has accepted ``category``."""
    return _consent_hook("useConsent", f"consent_{category}", category)


def consent_refused(category: str) -> rx.Var[bool]:
    """True in the browser once the visitor has chosen without ``category`` (refused it,
    or withdrew it); false until the page knows the choice."""
    return _consent_hook("useConsentRefused", f"refused_{category}", category)


def grant(category: str) -> rx.Var:
    """A click handler that accepts ``category`` besides what was accepted before."""
    return FunctionStringVar.create(
        f"(() => grantConsent({category!r}))", _var_data=_imported("grantConsent"))


def withdraw(category: str) -> rx.Var:
    """A click handler that withdraws ``category``, keeping the rest of the choice."""
    return FunctionStringVar.create(
        f"(() => withdrawConsent({category!r}))", _var_data=_imported("withdrawConsent"))


def open_preferences() -> rx.Var:
    """A click handler that opens the consent preferences."""
    return FunctionStringVar.create("openConsentPreferences",
                                    _var_data=_imported("openConsentPreferences"))
