"""Visitor text in the log and in the dealer's terminal: one line, visible, bounded
(dealer/visible.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.visible import LOG_LIMIT, for_log, has_unseen, visible


@pytest.mark.parametrize(("text", "shown"), [
    ("Jan\nINFO admin logged in", "Jan<U+000A>INFO admin logged in"),
    ("\x1b]0;pwned\x07\x1b[2J", "<U+001B>]0;pwned<U+0007><U+001B>[2J"),
    ("a\u200eb\u200fc\u061cd\u2028e", "a<U+200E>b<U+200F>c<U+061C>d<U+2028>e"),
    ("fdp\u202eexe.pdf", "fdp<U+202E>exe.pdf"),
    ("half \ud83d", "half <U+D83D>"),
    ("Jörg Müller-Lüdenscheidt 😀", "Jörg Müller-Lüdenscheidt 😀"),
])
def test_what_does_not_show_is_written_as_its_code(text: str, shown: str) -> None:
    assert visible(text) == shown
    assert has_unseen(text) == (text != shown)


def test_a_long_value_is_cut_and_says_how_long_it_was() -> None:
    line = for_log("x" * 60_000)
    assert line == "x" * LOG_LIMIT + "... (60000 characters)"
    assert for_log("short") == "short"


@given(st.text(max_size=2_000))
def test_any_text_is_one_bounded_printable_line(text: str) -> None:
    line = for_log(text)
    assert "\n" not in line and "\r" not in line and not has_unseen(line)
    assert len(line) <= LOG_LIMIT + len("... (2000 characters)")
    line.encode("utf-8")  # a log file can hold it
