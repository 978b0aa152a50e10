"""Text a visitor sent, made safe to show to people who read it as plain text: the log and
the dealer's tools in a terminal.

Characters that do not show as themselves are written as their code (``<U+000A>``):
controls (a newline that forges a log line of its own, ESC and BEL that steer a
terminal), format characters (direction marks and overrides that show 'fdp.exe' as
'exe.pdf', zero-width characters), line and paragraph separators, and lone surrogates
(which no file or terminal can encode). Everything else is kept as typed.
"""

from __future__ import annotations

import unicodedata

# Unicode's categories of characters that steer the display instead of showing: controls,
# line and paragraph separators, lone surrogates; and with the format characters, every
# character that does not show as itself. (Format characters have their place in some
# names: a zero-width non-joiner in Persian ones.)
CONTROL_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
UNSEEN_CATEGORIES = CONTROL_CATEGORIES | {"Cf"}
LOG_LIMIT = 300  # characters of one visitor value in a log line


def has_unseen(text: str) -> bool:
    """Whether ``text`` holds a character that does not show as itself."""
    return not text.isprintable() and any(map(_is_unseen, text))


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character (a TAB, a newline, ESC)."""
    return not text.isprintable() and any(
        unicodedata.category(char) in CONTROL_CATEGORIES for char in text)


def visible(value: object, keep: str = "") -> str:
    """``value`` as text with every character that does not show as itself as its code,
    but for those in ``keep``."""
    text = str(value)
    if text.isprintable():  # the common case: nothing to look at one by one
        return text
    return "".join(f"<U+{ord(char):04X}>" if _is_unseen(char) and char not in keep else char
                   for char in text)


def _is_unseen(char: str) -> bool:
    return unicodedata.category(char) in UNSEEN_CATEGORIES


def for_log(value: object, limit: int = LOG_LIMIT) -> str:
    """A visitor's value for a log line: one line, visible (see ``visible``), at most
    ``limit`` characters of it, and how long it was when it was longer."""
    text = str(value)
    shown = visible(text[:limit])
    if len(shown) > limit:  # codes are longer than the characters they stand for
        shown = shown[:limit]
    return shown if len(text) <= limit else f"{shown}... ({len(text)} characters)"
