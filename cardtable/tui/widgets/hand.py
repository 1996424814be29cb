"""The viewer's hand: a row of cards with a cursor; illegal cards are dimmed, and clicks select."""

from __future__ import annotations

from dataclasses import replace

from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive

from .card import CardWidget, Face


class HandView(Horizontal):
    """Cards in display order; ``cursor`` is the selected position."""

    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """The player wants to play the card at ``position`` (Enter, a digit, or a second click)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[CardWidget] = []

    def show(self, faces: list[Face], legal: set[int] | None, *, large: bool = False, row: int = 12) -> None:
        """Show ``faces``; ``legal`` holds the playable card indexes (None: nothing to play now).

        ``large`` draws the cards large; more than ``row`` cards (Tarot's 18 and 24) go on two rows.
        """
        self.set_class(len(faces) > row, "two-rows")
        self.set_class(large, "large")
        while len(self.cards) < len(faces):
            card = CardWidget()
            self.cards.append(card)
            self.mount(card)
        while len(self.cards) > len(faces):
            self.cards.pop().remove()
        for position, (card, face) in enumerate(zip(self.cards, faces, strict=True)):
            illegal = legal is not None and face.index not in legal
            card.show(replace(face, illegal=illegal, subtitle=str(position + 1) if position < 9 else ""), large)
        if self.cards:
            self.cursor = min(self.cursor, len(self.cards) - 1)
            if legal:
                positions = [i for i, f in enumerate(faces) if f.index in legal]
                if self.cursor not in positions:
                    self.cursor = positions[0]
        self._mark_cursor()

    def watch_cursor(self) -> None:
        self._mark_cursor()

    def _mark_cursor(self) -> None:
        for position, card in enumerate(self.cards):
            card.set_class(position == self.cursor, "selected")

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        if message.card not in self.cards:
            return
        position = self.cards.index(message.card)
        if position == self.cursor or message.chain >= 2:
            self.cursor = position
            self.post_message(self.Chosen(position))
        else:
            self.cursor = position
