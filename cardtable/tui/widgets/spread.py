"""Cards laid face up on the table for everyone to see, in place of a trick (Tarot's chien), with a line on them."""

from __future__ import annotations

import math

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Grid, Vertical
from textual.widgets import Static

from .card import CardWidget, Face

#: The width a card takes in the spread: its own six columns and one between two cards.
CARD_COLUMNS = 7


class CardSpread(Vertical):
    """A few cards in as few rows as the width allows, the rows as even as they can be."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = Static("", classes="spread-label", markup=False)
        self.grid = Grid(classes="spread-cards")
        self.cards: list[CardWidget] = []
        self.text = ""

    def compose(self) -> ComposeResult:
        yield self.label
        # Alignment places the children as one block, which the full-width label would span: centre the grid alone.
        with Center():
            yield self.grid

    def per_row(self, width: int) -> int:
        """How many cards go in a row: all of them if they fit, else rows of even length."""
        count = len(self.cards)
        room = max(1, width // CARD_COLUMNS) if width else count
        rows = math.ceil(count / room) if count else 1
        return max(1, math.ceil(count / rows))

    def show(self, text: str, faces: list[Face]) -> None:
        if text != self.text:
            self.text = text
            self.label.update(text)
        while len(self.cards) < len(faces):
            card = CardWidget(classes="in-spread")
            self.cards.append(card)
            self.grid.mount(card)
        while len(self.cards) > len(faces):
            self.cards.pop().remove()
        for card, face in zip(self.cards, faces, strict=True):
            card.show(face)
        self._arrange(self.size.width)

    def _arrange(self, width: int) -> None:
        columns = self.per_row(width)
        rows = math.ceil(len(self.cards) / columns) if self.cards else 1
        styles = self.grid.styles
        if styles.grid_size_columns != columns or styles.grid_size_rows != rows:
            styles.grid_size_columns = columns
            styles.grid_size_rows = rows
            styles.width = columns * CARD_COLUMNS - 1
            styles.height = rows * 3

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width)
