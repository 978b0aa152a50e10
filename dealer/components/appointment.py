"""The booking provider's widget in the browser (``appointment.jsx``): whether it is
there to take a Button's click, and the click that opens it."""

from __future__ import annotations

import reflex as rx
from reflex.vars import FunctionStringVar, VarData

from dealer.components.consent import consent_given
from dealer.consent import FUNCTIONAL

LIBRARY = "$/public" + rx.asset("appointment.jsx", shared=True)


def _imported(name: str) -> VarData:
    return VarData(imports={LIBRARY: [rx.ImportVar(tag=name)]})


def provider_ready() -> rx.Var[bool]:
    """True in the browser once the provider's widget (loaded after 'functional' consent)
    can take a Button's click; always false when no provider is configured."""
    consented = consent_given(FUNCTIONAL)
    name = "appointment_provider"
    return rx.Var(
        name,
        _var_data=VarData.merge(
            consented._get_all_var_data(),
            _imported("useAppointmentProvider"),
            VarData(hooks={f"const {name} = useAppointmentProvider({consented!s});": None}),
        ),
    ).to(bool)


def open_in_provider(options: rx.Var) -> rx.Var:
    """A click handler that opens the provider's widget with the plugin's options."""
    return FunctionStringVar.create(
        # The framework calls a click handler with the click's fields first, the event next.
        f"((_click, event) => openAppointment(event, {options!s}))",
        _var_data=VarData.merge(_imported("openAppointment"), options._get_all_var_data()),
    )


def return_focus() -> rx.Var:
    """The dialog's close-auto-focus handler: the focus goes back to the Button that
    opened it (the dialog has no trigger of its own)."""
    return FunctionStringVar.create("returnFocus", _var_data=_imported("returnFocus"))
