"""A seat around the table: its name, whether it deals or acts, and the backs of its cards."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from textual.content import Content
from textual.strip import Strip
from textual.widgets import Static

from .painted import PaintedByLook


class SeatPanel(PaintedByLook, Static):
    #: Each seat's paint by its look, shared by all seats: a name, its count of cards and its turn come back
    #: every hand.
    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]] = {}
    shown = ""

    def show(self, name: str, cards: int, *, dealer: bool, acting: bool, note: str = "") -> None:
        line = self.label(name, dealer=dealer, acting=acting)
        backs = "▒" * min(cards, 10 if self.has_class("side") else 12)
        count = f"{cards} card{'s' if cards != 1 else ''}"
        # A seat at the side is narrow: its backs and their count on lines of their own, not cut anywhere.
        held = f"{backs}\n{count}" if self.has_class("side") else f"{backs} {count}"
        text = f"{line}\n{held}" + (f"\n{note}" if note else "")
        if text != self.shown:
            # A note that comes or goes (a bid, "pass") changes the seat's height: only then is it laid out again.
            grown = text.count("\n") != self.shown.count("\n")
            self.shown = text
            self.update(Content(text), layout=grown)  # plain text: a name is never markup
        self.set_class(acting, "acting")

    def label(self, name: str, *, dealer: bool, acting: bool) -> str:
        """The seat's first line, "▶ Eve (dealer)", as it fits the seat's width (unknown before its first layout):
        at the side "(dealer)" goes to a line of its own, above it the name ends in "…" where it would not fit
        (wrapped, a long name would break mid-word and push the backs out of a seat above)."""
        mark = "▶ " if acting else ""
        dealt = " (dealer)" if dealer else ""
        width = self.content_region.width
        if width <= 0 or cell_len(mark + name + dealt) <= width:
            return mark + name + dealt
        if self.has_class("side"):
            return mark + cut(name, width - cell_len(mark)) + ("\n(dealer)" if dealer else "")
        return mark + cut(name, width - cell_len(mark + dealt)) + dealt


def cut(name: str, width: int) -> str:
    """``name`` in ``width`` columns, its end replaced by "…" if it is longer (at least its first letter)."""
    if cell_len(name) <= width:
        return name
    return set_cell_size(name, max(width - 1, 1)).rstrip() + "…"
