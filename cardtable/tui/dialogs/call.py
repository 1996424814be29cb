"""A call to answer (a truco, an envido, a flor), asked at the side of the table.

It is the choices dialog, placed at the bottom right over the log rather than over the felt: the trick, the card
turned up beside it, the score and the player's own hand (its manilhas marked) stay in view while the answer is
weighed.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events

from cardtable.tui.widgets.hand import HandView

from .choice import ChoiceDialog

T = TypeVar("T")


class CallDialog(ChoiceDialog[T]):
    """The choices dialog at the side of the table (its place is in the table's style sheet), standing on the
    hand's title line so that it covers none of the hand's cards, small or large."""

    #: The footer names the hint key: the dialog keeps its rows for the question, clear of the score above it.
    ADVERTISE_HINT = False

    def on_mount(self) -> None:
        if self.text:  # the seat's own count, on the dialog's lower edge: a row saved for the choices
            self.query_one(".dialog-text").display = False
            self.query_one(".dialog").border_subtitle = self.text
        self.stand_above_the_hand()

    def on_resize(self, event: events.Resize) -> None:
        self.stand_above_the_hand()

    def stand_above_the_hand(self) -> None:
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        hands = below.query(HandView) if below is not None else None
        if not hands:
            return
        hand = hands.first().region
        # The dialog's own footer takes the last row, as the table's does: it stands on the hand's title row.
        cards_below = max(0, self.app.size.height - 1 - (hand.y + 1))
        self.query_one(".dialog").styles.margin = (0, 0, cards_below, 0)
