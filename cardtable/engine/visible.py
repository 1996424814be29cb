"""Text from outside the program, made safe to put on a terminal.

A name typed by a player, a value read from ``settings.json``, a record's field, and soon a message from the
network may hold characters a terminal acts on instead of showing: ESC opens a control sequence (a crafted one
retitles the window or writes to the clipboard), BEL rings, C1 controls are escapes of their own, and the
bidirectional overrides turn the text after them around so that it reads as something else.  ``visible`` is
the one place such characters are dealt with: each is written out as the escape a programmer would type
(``\\x1b``, ``\\u202e``), so the text stays whole and readable and nothing in it reaches the terminal raw.

What stays: every printable character, and the zero-width joiners and variation selectors that names written
in many scripts (and emoji) need.  Tab and newline stay only where the text may span lines.
"""

from __future__ import annotations

import re
import unicodedata

# C0 but tab and newline, DEL and C1, the soft hyphen (terminals draw it as nothing or as a hyphen, so the columns
# after it disagree with the layout's), the bidirectional embeddings, overrides and isolates, the line and
# paragraph separators (a line break the layout does not expect), and lone surrogates (a terminal cannot encode
# them).
_SHOWN_ESCAPED_IN_LINES = "\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_IN_LINES = re.compile(f"[{_SHOWN_ESCAPED_IN_LINES}]")
_ON_ONE_LINE = re.compile(f"[\t\n{_SHOWN_ESCAPED_IN_LINES}]")


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\t":
        return "\\t"
    if char == "\n":
        return "\\n"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every character a terminal would act on written out as its escape.

    ``lines`` keeps tab and newline (a text shown over several lines, such as a guide); otherwise they are
    escaped too, so a name or a setting stays on its one line.
    """
    return (_IN_LINES if lines else _ON_ONE_LINE).sub(_escaped, text)


def shows_something(text: str) -> bool:
    """Whether ``text`` has a character that leaves a mark: not only spaces, joiners, marks and other format
    characters (a name of nothing but those would be an empty place on the screen)."""
    return any(not unicodedata.category(char).startswith(("C", "M", "Z")) for char in text)


def is_visible(text: str, *, lines: bool = False) -> bool:
    """Whether ``visible`` would leave ``text`` as it is."""
    return (_IN_LINES if lines else _ON_ONE_LINE).search(text) is None
