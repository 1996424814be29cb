"""Choose a set of cards from your hand (Tarot's discard, the trumps of a poignée).

Cards you may not choose are dimmed; trying one shows the engine's reason.  Cards you must include are
chosen already and stay chosen.  A chosen card carries a mark on its face and is listed under the hand,
so the choice reads without colour too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from cardtable.engine.game import Action
from cardtable.tui.dialogs.hinted import HINT_BINDING, HintedDialog
from cardtable.tui.keys import UNDO_BINDING
from cardtable.tui.widgets.card import CardWidget, Face
from cardtable.tui.widgets.hand import HandView

#: The most cards a row, and a card's width in columns.
CARDS_A_ROW = 12
CARD_WIDTH = 6


class PickCardsDialog(HintedDialog[frozenset[int] | None]):
    SHOWS_THE_HAND = True
    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("space", "toggle_card", "Choose"),
        Binding("enter", "done", "Done"),
        Binding("escape", "cancel", "Back"),
        HINT_BINDING,
        UNDO_BINDING,
    ]

    def __init__(self, title: str, faces: list[Face], *, allowed: set[int], must: set[int], count: int,
                 reason: Callable[[int], str], can_cancel: bool = False, note: str = "",
                 names: Callable[[int], str] | None = None, mark: str = "✓") -> None:  # fmt: skip
        """``names`` gives a card's glyph for the list of chosen cards; ``mark`` goes on a chosen card's face."""
        super().__init__()
        self.title_text = title
        self.note = note
        self.names = names
        self.mark = mark
        self.faces = faces
        self.allowed = allowed | must
        self.must = must
        self.count = count
        self.reason = reason
        self.can_cancel = can_cancel
        self.chosen: set[int] = set(must)
        #: Cards a row: twelve, fewer where the dialog stands beside the side panel in fewer columns.
        self.per_row = CARDS_A_ROW

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="pick-cards"):
            yield Label(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, id="pick-note", markup=False)
            yield HandView(id="pick-hand")
            yield Static("", id="pick-status")
            yield self.hint_line()
            yield Button("Done (Enter)", variant="primary", id="done", compact=True)
        yield self.footer()

    def on_mount(self) -> None:
        self.refresh_hand()

    def refresh_hand(self, message: str = "") -> None:
        hand = self.query_one(HandView)
        # The cursor stays where the player left it, on a refused card too: showing the hand would move it.
        cursor = hand.cursor
        # A card is too narrow for a border label: the mark goes before its rank ("✓10♠" fills it exactly).
        faces = [
            replace(face, rank=self.mark + face.rank) if face.index in self.chosen else face for face in self.faces
        ]
        hand.show(faces, self.allowed, row=self.per_row)
        if hand.cards:
            hand.cursor = min(cursor, len(hand.cards) - 1)
        for card in hand.cards:
            card.set_class(card.index in self.chosen, "chosen")
        status = f"{len(self.chosen)} of {self.count} chosen"
        if self.chosen and self.names is not None:
            status += ": " + " ".join(self.names(f.index) for f in self.faces if f.index in self.chosen)
        status += ".\nSpace chooses or puts back, Enter when done."
        self.query_one("#pick-status", Static).update(f"✗ {message}\n{status}" if message else status)

    def stand_in_place(self, box: Widget, table: Screen[Any]) -> bool:
        # As many cards a row as the box holds beside the panel, inside its frame and padding.
        width = box.styles.max_width
        columns = int(width.value) if width is not None else CARDS_A_ROW * CARD_WIDTH
        per_row = max(1, min(CARDS_A_ROW, (columns - box.styles.gutter.width) // CARD_WIDTH))
        if per_row != self.per_row:
            self.per_row = per_row
            self.query_one(HandView).styles.grid_size_columns = per_row
            self.refresh_hand()
        return True

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def toggle(self, position: int) -> None:
        hand = self.query_one(HandView)
        if not 0 <= position < len(hand.cards):
            return
        card = hand.cards[position].index
        if card in self.must:
            self.refresh_hand("That card must be in the set.")
        elif card not in self.allowed:
            self.refresh_hand(self.reason(card))
        elif card in self.chosen:
            self.chosen.discard(card)
            self.refresh_hand()
        elif len(self.chosen) >= self.count:
            self.refresh_hand(f"You have chosen {self.count} cards already: put one back first.")
        else:
            self.chosen.add(card)
            self.refresh_hand()

    def action_toggle_card(self) -> None:
        self.toggle(self.query_one(HandView).cursor)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self.toggle(message.position)

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        # A single click both moves the cursor and chooses the card here.
        hand = self.query_one(HandView)
        if message.card in hand.cards and message.chain == 1:
            hand.cursor = hand.cards.index(message.card)

    def point_at(self, action: Action | None, cards: frozenset[int]) -> bool:
        if len(cards) != self.count or not cards <= self.allowed or not self.must <= cards:
            return False
        self.chosen = set(cards)
        self.refresh_hand()
        return True

    def action_done(self) -> None:
        if len(self.chosen) == self.count:
            self.dismiss(frozenset(self.chosen))
        else:
            self.refresh_hand(f"Choose exactly {self.count} cards.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_done()

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.dismiss(None)
