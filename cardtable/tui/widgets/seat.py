"""A seat around the table: its name, whether it deals or acts, and the backs of its cards."""

from __future__ import annotations

from typing import ClassVar

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
        marks = []
        if acting:
            marks.append("▶ ")
        line = "".join(marks) + name + (" (dealer)" if dealer else "")
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
