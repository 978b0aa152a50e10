"""The chat: a round bubble above the sticky contact button and the panel it opens.

A function of values and handlers (``ChatValues``, ``ChatHandlers``); ``pages/frame.py``
wires it to the chat state. The bubble shows ``BUBBLE_DELAY_MS`` after the app has taken
over the page (SPEC §9: chat bubble delay 1 s) and is fixed to the window, so it moves
nothing; neither it nor the panel is drawn while the consent banner is shown
(``assets/site.css``), and both sit above the sticky contact button, never over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx
from reflex.vars import VarData

from dealer import styles
from dealer.components.consent import consent_given, grant
from dealer.i18n import gettext
from dealer.javascript import script

BUBBLE_DELAY_MS = 1000
PANEL_ID = "chat-panel"
TITLE_ID = "chat-title"
INPUT_ID = "chat-question"
QUESTION_MAX = 300


@dataclass(frozen=True)
class ChatValues:
    is_open: rx.Var[bool]
    status: rx.Var[str]  # closed | loading | ready | error | fallback
    messages: rx.Var[list]
    answering: rx.Var[bool]
    offer: rx.Var[str]  # "" | handover | test_drive
    contact_errors: rx.Var[dict]
    contact_failure: rx.Var[str]
    sending: rx.Var[bool]
    phone: rx.Var[str]
    phone_href: rx.Var[str]
    email: rx.Var[str]
    email_href: rx.Var[str]
    form_href: rx.Var[str]


@dataclass(frozen=True)
class ChatHandlers:
    open: Any
    toggle: Any
    close: Any
    send: Any  # the question form's submit (form data: "question")
    submit_contact: Any  # the contact form's submit (form data: its fields)


# Escape inside the panel closes it, as its close button does.
CLOSE_ON_ESCAPE = script(__file__, "chat_close_on_escape", panel_id=PANEL_ID)


def bubble_shown() -> rx.Var[bool]:
    """False until ``BUBBLE_DELAY_MS`` after the app took over the page (and, with it,
    Escape closes the panel)."""
    return rx.Var(
        "rxChatBubbleShown",
        _var_data=VarData(
            imports={"react": ["useState", "useEffect"]},
            hooks={
                "const [rxChatBubbleShown, setRxChatBubbleShown] = useState(false);": None,
                script(__file__, "chat_bubble_delay", delay_ms=BUBBLE_DELAY_MS): None,
                CLOSE_ON_ESCAPE: None,
            },
        ),
    ).to(bool)


def _field(label: str, name: str, errors: rx.Var[dict], **props: Any) -> rx.Component:
    field_id = f"chat-{name}"
    failing = errors.contains(name)
    return rx.box(
        rx.el.label(label, html_for=field_id, class_name="chat-label"),
        rx.input(id=field_id, name=name, size="2", aria_invalid=rx.cond(failing, "true", "false"),
                 aria_describedby=f"{field_id}-error", **props),
        rx.text(rx.cond(failing, errors[name].to(str), ""), id=f"{field_id}-error", size="1",
                color=rx.color("red", 11)),
        width="100%",
    )


def contact_form(locale: str, values: ChatValues, on: ChatHandlers) -> rx.Component:
    """Name, email, phone (and a day for a test drive), the consent: the form rules check
    them on the server, the errors show under the fields."""
    privacy_error = rx.cond(values.contact_errors.contains("privacy"),
                            values.contact_errors["privacy"].to(str), "")
    return rx.form(
        rx.vstack(
            rx.heading(rx.cond(values.offer == "test_drive",
                               gettext(locale, "Request a test drive"),
                               gettext(locale, "Talk to a colleague")), as_="h3", size="2"),
            _field(gettext(locale, "Name"), "name", values.contact_errors,
                   auto_complete="name", max_length=80, aria_required="true"),
            _field(gettext(locale, "Email address"), "email", values.contact_errors,
                   type="email", auto_complete="email", max_length=254,
                   aria_required="true"),
            _field(gettext(locale, "Phone number"), "phone", values.contact_errors,
                   type="tel", auto_complete="tel", max_length=20),
            rx.cond(values.offer == "test_drive",
                    _field(gettext(locale, "Preferred date"), "preferred_date",
                           values.contact_errors, type="date", aria_required="true")),
            rx.el.label(
                rx.el.input(type="checkbox", name="privacy", id="chat-privacy",
                            class_name="chat-check",
                            aria_describedby="chat-privacy-error"),
                gettext(locale, "I agree that my details are used to handle this request."),
                html_for="chat-privacy", class_name="chat-consent",
            ),
            rx.text(privacy_error, id="chat-privacy-error", size="1", color=rx.color("red", 11)),
            rx.cond(values.contact_failure != "",
                    rx.text(values.contact_failure, size="2", color=rx.color("red", 11),
                            role="alert")),
            rx.button(gettext(locale, "Send my details"), type="submit", loading=values.sending,
                      size="2"),
            spacing="2",
            align="start",
        ),
        on_submit=on.submit_contact,
        reset_on_submit=False,
        # The form rules answer on the server, in the page's language, not the browser.
        no_validate=True,
        class_name="chat-contact",
        aria_labelledby=TITLE_ID,
    )


def _message(message: rx.Var) -> rx.Component:
    return rx.box(
        rx.text(message.text, size="2"),
        rx.foreach(
            message.vehicles,
            lambda vehicle: rx.link(
                rx.text(vehicle.label, weight="bold", size="2"),
                rx.text(vehicle.value, size="1", color=rx.color("gray", 11)),
                href=vehicle.href, class_name="chat-vehicle",
            ),
        ),
        rx.cond(message.link.href != "",
                rx.link(message.link.label, href=message.link.href, size="2", weight="medium")),
        class_name=rx.cond(message.role == "visitor", "chat-message chat-message--visitor",
                           "chat-message"),
    )


def conversation(locale: str, values: ChatValues, on: ChatHandlers) -> rx.Component:
    return rx.fragment(
        rx.box(
            rx.foreach(values.messages, _message),
            rx.cond(values.answering, rx.text(gettext(locale, "Typing…"), size="1",
                                              color=rx.color("gray", 11))),
            role="log",
            aria_live="polite",
            tab_index=0,  # a keyboard can scroll it
            aria_label=gettext(locale, "Conversation"),
            class_name="chat-log",
        ),
        rx.cond(values.offer != "", contact_form(locale, values, on)),
        rx.form(
            rx.el.label(gettext(locale, "Your question"), html_for=INPUT_ID,
                        style=styles.visually_hidden),
            rx.hstack(
                rx.input(id=INPUT_ID, name="question", max_length=QUESTION_MAX,
                         placeholder=gettext(locale, "Ask a question…"), auto_complete="off",
                         auto_focus=True, size="2", flex="1"),
                rx.button(gettext(locale, "Send"), type="submit", size="2",
                          loading=values.answering),
                spacing="2",
                width="100%",
            ),
            on_submit=on.send,
            reset_on_submit=True,
        ),
    )


def fallback(locale: str, values: ChatValues, on: ChatHandlers) -> rx.Component:
    """SPEC §8: chat unavailable, with the other ways to reach us."""
    return rx.vstack(
        rx.text(gettext(locale, "The chat is unavailable right now. You can reach us like "
                                "this:"), size="2", role="status"),
        rx.cond(values.phone != "",
                rx.link(rx.icon("phone", size=16, aria_hidden="true"), values.phone,
                        href=values.phone_href, size="2")),
        rx.cond(values.email != "",
                rx.link(rx.icon("mail", size=16, aria_hidden="true"), values.email,
                        href=values.email_href, size="2")),
        rx.link(gettext(locale, "Contact form"), href=values.form_href, size="2"),
        rx.button(gettext(locale, "Try again"), on_click=on.open, variant="soft", size="2"),
        spacing="2",
        align="start"
    )


def _status(locale: str, values: ChatValues, on: ChatHandlers) -> rx.Component:
    return rx.match(
        values.status,
        ("loading", rx.hstack(rx.spinner(size="2"),
                              rx.text(gettext(locale, "The chat is opening…"), size="2"),
                              role="status", spacing="2")),
        ("error", rx.callout(gettext(locale, "The chat could not be opened."), color_scheme="red",
                             role="alert", size="1")),
        ("fallback", fallback(locale, values, on)),
        conversation(locale, values, on),
    )


def _provider_consent(locale: str) -> rx.Component:
    """An outside provider's chat waits for the visitor's 'functional' consent."""
    return rx.vstack(
        rx.text(gettext(locale, "Our chat comes from another service. To open it, please "
                                "allow functional cookies."), size="2"),
        rx.button(gettext(locale, "Allow and open the chat"),
                  on_click=grant("functional"), size="2"),
        spacing="2",
        align="start"
    )


def chat(locale: str, values: ChatValues, on: ChatHandlers, *,
         external: bool = False) -> rx.Component:
    status = _status(locale, values, on)
    if external:
        status = rx.cond(consent_given("functional"), status, _provider_consent(locale))
    panel = rx.el.section(
        rx.hstack(
            rx.heading(gettext(locale, "Chat"), as_="h2", size="3", id=TITLE_ID),
            rx.spacer(),
            rx.icon_button(rx.icon("x", size=18), on_click=on.close, variant="ghost",
                           size="2", aria_label=gettext(locale, "Close the chat"),
                           custom_attrs={"data-chat-close": ""}),
            align="center",
        ),
        status,
        id=PANEL_ID,
        role="dialog",
        aria_labelledby=TITLE_ID,
        class_name="chat-panel",
        data_status=values.status,
    )
    return rx.fragment(
        rx.cond(bubble_shown(), rx.icon_button(
            rx.icon("message-square-text", size=22, aria_hidden="true"),
            on_click=on.toggle,
            size="3",
            radius="full",
            aria_label=gettext(locale, "Chat with us"),
            aria_expanded=rx.cond(values.is_open, "true", "false"),
            aria_controls=PANEL_ID,
            class_name="chat-bubble",
            data_testid="chat-bubble",
        )),
        rx.cond(values.is_open, panel),
    )
