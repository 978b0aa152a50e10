"""The stock overview's small form that saves the search for e-mail alerts."""

from __future__ import annotations

from typing import Any

import reflex as rx

from dealer.components.forms import form_alert


def saved_search_form(title: str, intro: str, submit: str, sent_text: str,
                      fields: list[rx.Component], failure: rx.Var, sent: rx.Var,
                      on_submit: Any) -> rx.Component:
    """The form, replaced by ``sent_text`` once the confirmation mail is on its way;
    ``failure`` says above its button why it was not saved (the fields keep their
    values)."""
    return rx.card(
        rx.heading(title, as_="h2", size="4"),
        rx.cond(
            sent,
            rx.callout(sent_text, icon="mail", role="status", width="100%",
                       data_testid="saved-search-sent"),
            rx.form(
                rx.vstack(
                    rx.text(intro, size="2"),
                    *fields,
                    form_alert(failure, "saved-search-failure"),
                    rx.button(submit, type="submit", size="3"),
                    spacing="3",
                    width="100%",
                ),
                on_submit=on_submit,
                reset_on_submit=False,
                width="100%",
            ),
        ),
        width="100%",
        data_testid="saved-search",
    )
