"""Wires the page frame to the states it shows (language switch, loading, counters)."""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData

from dealer.brands import favicon
from dealer.components.chat import ChatHandlers, ChatValues, chat
from dealer.components.errors import broken_link
from dealer.components.layout import once_per_locale, page_frame
from dealer.i18n import LANGUAGE_TAGS, chosen_language_href, gettext
from dealer.javascript import script
from dealer.pageinfo import error_page
from dealer.pages.context import PageContext
from dealer.pages.recently_viewed import forget_when_refused
from dealer.routes import broken_links, counterpart, path_for
from dealer.settings import get_settings
from dealer.state.chat import ChatState
from dealer.state.locale import LocaleState
from dealer.state.shortlists import ShortlistState


def switch_href(ctx: PageContext) -> rx.Var | str:
    """The language switch target: exact from the first paint on static pages; on pages
    with parameters, the hreflang link the server put in the head until the page is
    connected; then from the live URL (query string included)."""
    static = ctx.static_path
    if static is not None:
        before_hydration: rx.Var | str = chosen_language_href(
            counterpart(static, ctx.other_locale), ctx.other_locale)
    else:
        before_hydration = rx.Var(script(
            __file__, "language_switch_before_app",
            choice=chosen_language_href("", ctx.other_locale),
            link=f"link[rel=alternate][hreflang={LANGUAGE_TAGS[ctx.other_locale]}]",
            home=path_for("content", ctx.other_locale),
        )).to(str)
    return rx.cond(rx.State.is_hydrated, LocaleState.switch_href, before_hydration)


def framed(ctx: PageContext, *content: rx.Component) -> rx.Component:
    broken = at_broken_link(ctx.locale)
    if broken is not None:  # the server's broken-link page, also once the app has it
        content = (rx.cond(broken, broken_link(ctx.locale), rx.fragment(*content)),)
    return page_frame(
        ctx.locale,
        *content,
        page_icon(favicon(ctx.fixed.get("brand"))),
        # Once the browser's stored lists have reached the server: drop sold vehicles.
        rx.cond(rx.State.is_hydrated, rx.box(on_mount=ShortlistState.prune, display="none")),
        forget_when_refused(),
        switch_href=switch_href(ctx),
        is_loading=~rx.State.is_hydrated,
        compare_count=ShortlistState.compare_count,
        favourite_count=ShortlistState.favourite_count,
        chat=once_per_locale(chat_widget, ctx.locale)() if get_settings().chat_enabled else None,
    )


def chat_widget(locale: str) -> rx.Component:
    """The chat bubble and panel, compiled once per locale (shared by every page)."""
    state = ChatState
    return chat(
        locale,
        ChatValues(
            is_open=state.is_open, status=state.status, messages=state.messages,
            answering=state.answering, offer=state.offer, contact_errors=state.contact_errors,
            contact_failure=state.contact_failure, sending=state.sending, phone=state.phone,
            phone_href=state.phone_href, email=state.email, email_href=state.email_href,
            form_href=state.form_href,
        ),
        ChatHandlers(open=state.open_chat, toggle=state.toggle_chat, close=state.close_chat,
                     send=state.send, submit_contact=state.submit_contact),
        external=bool(get_settings().chat_provider_script),
    )


def client_path() -> rx.Var[str]:
    """The path the browser shows right now (React Router), before any server round trip."""
    return rx.Var(
        "rxClientLocation.pathname",
        _var_data=VarData(
            imports={"react-router": ["useLocation"]},
            hooks={"const rxClientLocation = useLocation();": None},
        ),
    ).to(str)


def at_broken_link(locale: str) -> rx.Var[bool] | None:
    """Whether the browser shows an address of ``locale`` that a route rule sends nowhere
    (SPEC §2): the page is the broken-link error there, as the server answers it. None
    when no rule does (the pages then carry no check at all)."""
    paths = broken_links(locale)
    if not paths:
        return None
    return rx.Var.create(paths).contains(client_path())


# The title the server gave the document, at the address it was served for: read once,
# before the app's first render replaces it (none on the build's prerender).
SERVED_TITLE = rx.Var(script(__file__, "served_title")).to(str)


def document_title(locale: str, title: str | rx.Var) -> str | rx.Var:
    """A page's title. One that depends on data is the server's until the page's state has
    it (else the document has no title for as long as the first load takes). At an
    address a route rule sends nowhere: the server's title of the broken-link page."""
    if isinstance(title, rx.Var):
        title = rx.cond(title != "", title, SERVED_TITLE)
    broken = at_broken_link(locale)
    if broken is None:
        return title
    return rx.cond(broken, error_page("broken_link", "", locale, "content").title, title)


def page_icon(href: str) -> rx.Component:
    """Nothing to see: makes ``href`` the document's icon while the page is shown (a
    brand page's own, SPEC §9). The served document has the icon of its page; moving
    inside the app, each page sets its own."""
    effect = script(__file__, "page_icon", href=href)
    return rx.fragment(rx.Var("''", _var_data=VarData(imports={"react": ["useEffect"]},
                                                     hooks={effect: None})))


def screen_at_least(width: str) -> rx.Var[bool]:
    """Whether the browser's window is at least ``width`` wide, following its changes;
    false on the server and while the page is taken over, so that markup matches."""
    name = "rxScreenAtLeast" + "".join(c for c in width if c.isalnum())
    query = f"(min-width: {width})"
    return rx.Var(
        name,
        _var_data=VarData(
            imports={"react": ["useSyncExternalStore"]},
            hooks={f"const {name} = {script(__file__, 'screen_at_least', query=query)};": None},
        ),
    ).to(bool)


def waiting(locale: str) -> rx.Component:
    """What a page shows until its values for the current URL have arrived."""
    return rx.center(rx.spinner(size="3"), min_height="50vh", aria_busy="true",
                     aria_label=gettext(locale, "Loading"))


def at_current_url(loaded_path: rx.Var[str]) -> rx.Var[bool]:
    """Whether the state's values were loaded for the path the browser shows
    (``loaded_path``): the guard of ``for_current_url``. A list page whose filters change
    the query only keeps its previous search's values under it until the new load has
    answered, as its served parts stay until the first has (``components.stock.served_html``)."""
    return loaded_path == client_path()


def for_current_url(loaded_path: rx.Var[str], content: rx.Component, locale: str, *,
                    until: rx.Component | None = None) -> rx.Component:
    """``content`` only once the state holds the values of the URL the browser shows:
    after a client-side navigation the previous page's values never show under the new
    address. ``loaded_path`` is the path the state's values were loaded for; ``until``
    what shows before (``waiting``, unless the page waits in its own way)."""
    return rx.cond(rx.State.is_hydrated & at_current_url(loaded_path), content,
                   waiting(locale) if until is None else until)
