"""The small pages the HTTP layer serves itself: the site's look, and everything given
to them escaped."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from dealer.web.notice_page import STYLE, notice_page


class Elements(HTMLParser):
    """The tags of a document, and the text of its <style> and <title>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in:
            self.texts[self._in] = self.texts.get(self._in, "") + data

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def names(self) -> list[str]:
        return [tag for tag, _ in self.tags]


def parsed(locale: str, title: str, body: Markup | str) -> tuple[Elements, str]:
    response = notice_page(locale, title, body)
    document = response.body.decode()
    elements = Elements()
    elements.feed(document)
    return elements, document


@pytest.mark.parametrize(("locale", "lang", "home", "back"), [
    ("nl", "nl-NL", "/", "Naar de website van Rijnland Autogroep"),
    ("de", "de-DE", "/de", "Zur Website von Rijnland Autogroep"),
])
def test_a_page_in_the_sites_look(locale: str, lang: str, home: str, back: str) -> None:
    response = notice_page(locale, "Titel", Markup("<p>Tekst</p>"), 404)
    assert response.status_code == 404
    assert response.headers["x-robots-tag"] == "noindex"
    assert "no-store" in response.headers["cache-control"]
    elements, document = parsed(locale, "Titel", Markup("<p>Tekst</p>"))
    assert ("html", {"lang": lang}) in elements.tags
    assert ("meta", {"name": "robots", "content": "noindex"}) in elements.tags
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}
            ) in elements.tags
    # Landmarks, one heading, the logo and the footer leading to the language's home page.
    assert [name for name in elements.names() if name in ("header", "main", "h1", "footer")
            ] == ["header", "main", "h1", "footer"]
    homes = [attrs for tag, attrs in elements.tags if tag == "a" and attrs["href"] == home]
    assert len(homes) == 2 and homes[0]["aria-label"].startswith("Rijnland Autogroep")
    assert back in document and "<p>Tekst</p>" in document
    # The one inline stylesheet is the one the page's policy allows by its hash.
    assert elements.texts["style"] == STYLE
    digest = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
    policy = response.headers["content-security-policy"]
    assert f"'sha256-{digest}'" in policy and "'unsafe-inline'" not in policy
    assert "default-src 'none'" in policy and "form-action 'self'" in policy


def test_an_unknown_language_is_the_default_one() -> None:
    elements, _ = parsed("xx", "Titel", "")
    assert ("html", {"lang": "nl-NL"}) in elements.tags


@given(st.text(max_size=80), st.text(max_size=80))
def test_title_and_text_are_escaped(title: str, text: str) -> None:
    """Whatever a title or a text holds, it is text on the page: no element, no attribute
    and no character reference of its own."""
    elements, document = parsed("de", title, text)
    assert elements.names().count("script") == 0
    assert elements.names() == parsed("de", "", "")[0].names()
    body = document[document.index("</h1>") + len("</h1>"):document.index("</main>")]
    assert Markup(body).unescape() == text
    heading = re.search(r"<h1>(.*)</h1>", document, re.DOTALL)
    assert heading is not None and Markup(heading.group(1)).unescape() == title
