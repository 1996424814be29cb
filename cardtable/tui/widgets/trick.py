"""The trick in the middle: each card at its player's side, the leader and the winning card marked.

The two lower corners, where no seat plays, hold what lies beside the trick: a card turned up (Truco's
vira) and a short note (the manilhas).

A place can be held empty while its card is still on its way there (``hold``, ``release``): the card in motion
is drawn over the table, and the place shows it once it has landed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container, Grid
from textual.geometry import Region
from textual.widgets import Static

from .card import CardWidget, Face

# Cell of the 3 x 3 grid for each position around the table.
SLOTS = {"bottom": 7, "right": 5, "top-right": 2, "top": 1, "top-left": 0, "left": 3}
CENTRE = 4
ASIDE_CARD, ASIDE_NOTE = 6, 8


class TrickArea(Grid):
    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = {position: CardWidget(classes="in-trick", empty=True) for position in SLOTS}
        self.centre = Static("", classes="centre", markup=False)
        self.centre_text = ""
        self.aside_card = CardWidget(classes="in-trick aside")
        self.aside_note = Static("", classes="aside-note", markup=False)
        self.aside_text = ""
        #: Places whose card is still on its way there: drawn empty until it lands.
        self.held: set[str] = set()
        #: The face each place shows, or shows once its card has landed.
        self.faces: dict[str, Face] = {}

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
        self.faces = dict(placed)
        for position, card in self.cards.items():
            face = placed.get(position)
            # Emptied, not hidden nor removed: the screen needs no new layout.
            if face is None or position in self.held:
                card.clear(large)
            else:
                card.show(face, large)

    def hold(self, position: str) -> None:
        """Keep ``position`` empty, whatever ``show`` places there, until ``release``."""
        self.held.add(position)
        self.cards[position].clear()

    def release(self, position: str) -> None:
        """The card on its way to ``position`` has landed: the place shows its face again."""
        self.held.discard(position)
        face = self.faces.get(position)
        if face is not None:
            self.cards[position].show(face)

    def place(self, position: str) -> Region:
        """Where the card at ``position`` is drawn on screen (empty before the trick is first laid out)."""
        return self.cards[position].region
