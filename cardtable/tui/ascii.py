"""ASCII everywhere: every cell the table paints, turned into plain ASCII when the player (or the terminal) wants it.

One filter over what Textual paints, rather than a second spelling of every screen: card faces, borders,
card backs, arrows, suit glyphs in sentences and accented letters all go through it, and each character
becomes exactly as many cells as it took, so no layout moves.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

#: Characters with an ASCII stand-in of their own (the rest are worked out from their Unicode names).
STAND_INS = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
    "…": ".", "—": "-", "\u2013": "-", "·": ".", "•": "*", "✗": "x", "✓": "v", "\xd7": "x", "▶": ">", "►": ">",
    "▸": ">", "◀": "<", "◂": "<", "▼": "v", "▾": "v", "▲": "^", "▴": "^", "←": "<", "→": ">", "↑": "^",
    "↓": "v", "★": "*", "“": '"', "”": '"', "\u2018": "'", "\u2019": "'", "«": '"', "»": '"', "\xa0": " ",
}  # fmt: skip
HEAVY_CORNER = re.compile(r"BOX DRAWINGS HEAVY (DOWN|UP) AND (LEFT|RIGHT)")


def stand_in(char: str) -> str:
    """The ASCII text drawn instead of ``char``, as many cells wide as ``char`` is."""
    if char in STAND_INS:
        return STAND_INS[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        return frame_stand_in(name)
    if name.startswith(("LOWER ", "UPPER ")) and "BLOCK" in name:
        return "_" if name.startswith("LOWER") else "-"
    if name.startswith(("LEFT ", "RIGHT ")) and "BLOCK" in name:
        return "|"
    if "SHADE" in name or "BLOCK" in name or "QUADRANT" in name:
        return "#"
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii() and c.isprintable())
    if len(plain) == 1:
        return plain
    return "??" if unicodedata.east_asian_width(char) in "WF" else "?"


def frame_stand_in(name: str) -> str:
    """The ASCII for a box-drawing character (by its Unicode name), keeping the card frames apart without colour.

    A card's marks are the shapes of its frame (``cardtable.tcss``): round for a plain card, square for a trump,
    heavy for the chosen one, double for the card winning the trick.  In ASCII they stay apart: a round frame's
    corners are ``.`` and ``'``, a square one's ``+``, a heavy one is ``#`` and ``=`` (``#====#``), a double one
    ``+`` and ``=`` (``+====+``).
    """
    if "ARC" in name:
        return "." if "DOWN" in name else "'"
    if name in ("BOX DRAWINGS HEAVY HORIZONTAL", "BOX DRAWINGS DOUBLE HORIZONTAL"):
        return "="
    if name == "BOX DRAWINGS HEAVY VERTICAL" or HEAVY_CORNER.fullmatch(name):
        return "#"
    across, down = "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name, "VERTICAL" in name
    across = across and not any(word in name for word in ("DOWN", "UP"))
    down = down or (not across and ("DOWN" in name or "UP" in name) and "AND" not in name)
    return "|" if down and not across else "-" if across and not down else "+"


class _StandIns(dict[int, str]):
    """``str.translate``'s table, filled in as characters turn up."""

    def __missing__(self, code: int) -> str:
        text = stand_in(chr(code))
        self[code] = text
        return text


TO_ASCII = _StandIns()


def to_ascii(text: str) -> str:
    return text if text.isascii() else text.translate(TO_ASCII)


class AsciiFilter(LineFilter):
    """Paints ASCII only; ``suit_marks`` draws the suit glyphs as a pack's own letters (the Spanish suits')."""

    def __init__(self, suit_marks: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.stand_ins = _StandIns({ord(glyph): mark for glyph, mark in (suit_marks or {}).items()})

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        stand_ins = self.stand_ins
        return [segment if segment.text.isascii() else
                Segment(segment.text.translate(stand_ins), segment.style, segment.control)
                for segment in segments]  # fmt: skip


def terminal_draws_unicode(environ: Mapping[str, str]) -> bool:
    """Whether the locale the player's terminal runs in can draw suit glyphs and box lines (UTF-8).

    Python turns a C locale into C.UTF-8 for itself (setting LC_CTYPE): LANG=C with that LC_CTYPE still
    means the terminal was asked for plain C. A locale that says nothing is taken to draw Unicode.
    """
    lc_all, lc_ctype, lang = (environ.get(name, "") for name in ("LC_ALL", "LC_CTYPE", "LANG"))
    if not lc_all and lc_ctype == "C.UTF-8" and lang in ("C", "POSIX"):
        return False
    chosen = lc_all or lc_ctype or lang
    if not chosen:
        return True
    plain = chosen.upper().replace("-", "")
    return plain not in ("C", "POSIX") and ("UTF8" in plain)
