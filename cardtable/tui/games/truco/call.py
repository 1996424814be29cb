"""A call to answer (a truco, an envido, a flor), asked at the side of the table.

It is the choices dialog, placed at the bottom left of the table, over the prompt (whose question it asks) and the
empty side of the hand: the trick, the card turned up beside it, the side panel whole with the score, and the
player's own hand (its manilhas marked) stay in view while the answer is weighed.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.geometry import Spacing
from textual.screen import Screen
from textual.widget import Widget

from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.widgets.hand import HandView

T = TypeVar("T")


class CallDialog(ChoiceDialog[T]):
    """The choices dialog at the bottom left of the table (its place is in the table's style sheet), over the
    prompt it answers and beside the hand's cards, whose free columns bound its width."""

    #: The footer names the hint key: the dialog keeps its rows for the question, clear of the trick above it.
    ADVERTISE_HINT = False
    ASKS_OVER_THE_PROMPT = True

    def on_mount(self) -> None:
        if self.text:  # the seat's own count, on the dialog's lower edge: a row saved for the choices
            self.query_one(".dialog-text").display = False
            self.query_one(".dialog").border_subtitle = self.text

    def stand_in_place(self, box: Widget, table: Screen[Any]) -> bool:
        hands = table.query(HandView)
        cards = hands.first().cards if hands else []
        if not cards:
            return True
        if not cards[0].region:  # the hand's cards not laid out yet
            return False
        # Left of the first card, a column apart from it: the box stands on the footer, over the hand's empty side.
        top, right, _bottom, left = box.styles.margin
        box.styles.margin = Spacing(top, right, 0, left)
        beside_the_panel = self.app.size.width - left - right
        box.styles.max_width = max(1, min(cards[0].region.x - 1 - left, beside_the_panel))
        return True
