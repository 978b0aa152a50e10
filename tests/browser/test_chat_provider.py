"""The chat with an outside provider's script (DEALER_CHAT_PROVIDER_SCRIPT): loaded once,
only after the visitor allowed functional cookies; a provider that cannot be reached
gives the chat's error state, then the fallback."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.page_types import connected
from tests.browser.test_chat import RECORD_STATES
from tests.conftest import Site, consent_cookie
from tests.loopback import LoopbackService


def test_the_provider_loads_once_after_functional_consent(
        page: Page, integrations_site: Site, chat_provider: LoopbackService) -> None:
    chat_provider.requests.clear()
    page.add_init_script(RECORD_STATES)
    page.goto(integrations_site.url("/"))
    connected(page)
    bubble = page.get_by_role("button", name="Chat met ons")
    bubble.click()
    panel = page.get_by_role("dialog", name="Chat")
    # Only necessary cookies so far: the panel asks, nothing is loaded.
    allow = panel.get_by_role("button", name="Toestaan en chat openen")
    expect(allow).to_be_visible()
    page.wait_for_timeout(500)
    assert chat_provider.requested("/chat.js") == []
    allow.click()
    expect(panel).to_be_hidden()  # the provider's window takes over
    assert page.evaluate("[window.chatProviderRuns, window.providerOpenings]") == [1, 1]
    assert page.evaluate("window.chatStates") == ["loading"]  # then closed: the provider's
    bubble.click()
    page.wait_for_function("window.providerOpenings === 2")
    assert page.evaluate("window.chatProviderRuns") == 1
    assert len(chat_provider.requested("/chat.js")) == 1


def test_an_unreachable_provider_shows_error_then_the_fallback(
        browser: Browser, integrations_site: Site, chat_provider: LoopbackService) -> None:
    context = browser.new_context(locale="en-US", storage_state={
        "cookies": [consent_cookie(["functional"])], "origins": []})
    page = context.new_page()
    try:
        page.add_init_script(RECORD_STATES)
        page.route(chat_provider.origin + "/chat.js", lambda route: route.abort())
        page.goto(integrations_site.url("/de"))
        connected(page)
        page.get_by_role("button", name="Chatten Sie mit uns").click()
        panel = page.get_by_role("dialog", name="Chat")
        expect(panel.get_by_text("Der Chat ist zurzeit nicht verfügbar")).to_be_visible()
        assert page.evaluate("window.chatStates") == ["loading", "error", "fallback"]
        expect(panel.get_by_role("link", name="Kontaktformular")).to_have_attribute(
            "href", "/de/direktkontakt")
    finally:
        context.close()
