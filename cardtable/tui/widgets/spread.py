"""Cards laid face up on the table for everyone to see, in place of a trick (Tarot's chien), with a line on them."""

from __future__ import annotations

import math

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from .card import CardWidget, Face

#: The width a card takes in the spread (its own width and a column between two cards).
CARD_COLUMNS = 7


class CardSpread(Vertical):
    """A few cards in as few rows as the width allows, the rows as even as they can be."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = Static("", classes="spread-label", markup=False)
        self.shown: tuple[str, tuple[Face, ...], int] | None = None
        self.faces: tuple[Face, ...] = ()
        self.text = ""

    def compose(self) -> ComposeResult:
        yield self.label

    def per_row(self) -> int:
        """How many cards go in a row: all of them if they fit, else rows of even length."""
        count = len(self.faces)
        room = max(1, self.size.width // CARD_COLUMNS) if self.size.width else 3
        rows = math.ceil(count / room) if count else 1
        return max(1, math.ceil(count / rows))

    def show(self, text: str, faces: list[Face]) -> None:
        self.text, self.faces = text, tuple(faces)
        self._lay_out()

    def _lay_out(self) -> None:
        wanted = (self.text, self.faces, self.per_row())
        if wanted == self.shown:
            return
        self.shown = wanted
        self.label.update(self.text)
        for row in self.query(".spread-row"):
            row.remove()
        per_row = wanted[2]
        for start in range(0, len(self.faces), per_row):
            cards = [CardWidget(face, classes="in-spread") for face in self.faces[start : start + per_row]]
            self.mount(Horizontal(*cards, classes="spread-row"))

    def on_resize(self, event: events.Resize) -> None:
        if self.faces:
            self._lay_out()
