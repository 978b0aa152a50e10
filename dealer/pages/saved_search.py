"""The stock overview's form for saving its search, wired to its state."""

from __future__ import annotations

import reflex as rx

from dealer.components.forms import check_field, field_spec, radio_field, text_field
from dealer.components.saved_search import saved_search_form
from dealer.forms.definitions import FORM_ERROR, SAVED_SEARCH
from dealer.forms.messages import DOMAIN
from dealer.i18n import N_, gettext
from dealer.pages.context import PageContext
from dealer.state.saved_search import SavedSearchState as S

_SUBMIT = N_("Save this search")
_SENT = N_("Check your mail: we sent you a link to confirm the alert. Nothing is sent "
           "before you click it.")


def saved_search(ctx: PageContext) -> rx.Component:
    def spec(name: str):
        return field_spec(SAVED_SEARCH.field(name), SAVED_SEARCH.id,
                          lambda msgid: gettext(ctx.locale, msgid, DOMAIN))

    def error(name: str) -> rx.Var:
        return S.errors.get(name, "")

    return saved_search_form(
        gettext(ctx.locale, SAVED_SEARCH.title, DOMAIN),
        gettext(ctx.locale, SAVED_SEARCH.intro, DOMAIN),
        gettext(ctx.locale, _SUBMIT, DOMAIN), gettext(ctx.locale, _SENT, DOMAIN),
        [
            text_field(spec("email"), S.email, error("email"), S.set_email, S.set_email),
            radio_field(spec("frequency"), S.frequency, error("frequency"), S.set_frequency),
            check_field(spec("consent"), S.consent, error("consent"), S.set_consent),
        ],
        S.errors.get(FORM_ERROR, ""),
        S.sent,
        S.save,
    )
