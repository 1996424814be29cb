"""The trick in the middle: each card at its player's side, the leader and the winning card marked.

The two lower corners, where no seat plays, hold what lies beside the trick: a card turned up (Truco's
vira) and a short note (the manilhas).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container, Grid
from textual.widgets import Static

from .card import CardWidget, Face

# Cell of the 3 x 3 grid for each position around the table.
SLOTS = {"bottom": 7, "right": 5, "top-right": 2, "top": 1, "top-left": 0, "left": 3}
CENTRE = 4
ASIDE_CARD, ASIDE_NOTE = 6, 8


class TrickArea(Grid):
    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = {position: CardWidget(classes="in-trick") for position in SLOTS}
        self.centre = Static("", classes="centre", markup=False)
        self.centre_text = ""
        self.aside_card = CardWidget(classes="in-trick aside")
        self.aside_note = Static("", classes="aside-note", markup=False)
        self.aside_text = ""

    def compose(self) -> ComposeResult:
        by_cell = {cell: position for position, cell in SLOTS.items()}
        for index in range(9):
            with Container(classes="slot"):
                if index == CENTRE:
                    yield self.centre
                elif index == ASIDE_CARD:
                    yield self.aside_card
                elif index == ASIDE_NOTE:
                    yield self.aside_note
                elif index in by_cell:
                    yield self.cards[by_cell[index]]

    def on_mount(self) -> None:
        for card in self.cards.values():
            card.styles.visibility = "hidden"
        self.aside_card.display = self.aside_note.display = False

    def show(
        self, placed: dict[str, Face], centre: str = "", aside: Face | None = None, note: str = "", large: bool = False
    ) -> None:
        """``placed``: the face shown at each position (positions without a card are left empty); ``aside``
        and ``note``: what lies beside the trick."""
        # Out of the layout when unused: a table without a vira looks as it always did.
        if self.aside_card.display != (aside is not None):
            self.aside_card.display = aside is not None
        if aside is not None:
            self.aside_card.show(aside, large)
        if note != self.aside_text:
            self.aside_text = note
            self.aside_note.update(note, layout=False)
            self.aside_note.display = bool(note)
        if centre != self.centre_text:
            self.centre_text = centre
            self.centre.update(centre, layout=False)
        for position, card in self.cards.items():
            face = placed.get(position)
            # Hidden, not removed: an empty place keeps its size, so the screen needs no new layout.
            card.styles.visibility = "visible" if face is not None else "hidden"
            if face is not None:
                card.show(face, large)
