"""What the statistics count of a Truco player: the raises made, accepted and won, and the bluffs among them.

A raise is the call of truco or of the next value.  It is accepted when the other side answers it with accept
or a raise of its own, and won when the caller's side takes the hand (a refused raise is won at once).  A bluff
is a raise made from a position that the heuristic player's measure calls weak, judged on the caller's view
at the moment of the call: no manilha, fewer than two strong cards, and no first trick won without a loss.
Argentino counts its raises the same way, but its bluffs are not judged (its player weighs hands otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.engine.game import CALL_VERB, Action, HandState, SeatTally, View

from .rules import ACCEPT, RAISE, REFUSE, TRUCO, TrucoView


class TrucoTally(SeatTally):
    labels: ClassVar[dict[str, str]] = {
        "raises": "Raises called",
        "raises_accepted": "Raises accepted",
        "raises_won": "Raises won",
        "bluffs": "Bluffs",
        "bluffs_won": "Bluffs won",
    }

    def __init__(self, seat: int, options: Any, players: int, weak: Callable[[TrucoView], bool]) -> None:
        super().__init__(seat, options, players)
        self.weak = weak
        #: This hand's raises by the seat: whether each was a bluff.
        self.raised: list[bool] = []
        self.waiting = False  # a raise of the seat's is waiting for its answer

    def before_action(self, state: HandState, action: Action) -> None:
        if action.verb != CALL_VERB:
            return
        ours = action.seat % 2 == self.seat % 2
        if action.seat == self.seat and action.value in (TRUCO, RAISE):
            view: View = state.view(self.seat)
            bluff = isinstance(view, TrucoView) and self.weak(view)
            self.raised.append(bluff)
            self.counts["raises"] += 1
            self.counts["bluffs"] += bluff
            self.waiting = True
        elif self.waiting and not ours and action.value in (ACCEPT, RAISE, REFUSE):
            self.waiting = False  # (an envido called meanwhile leaves the raise waiting)
            self.counts["raises_accepted"] += action.value != REFUSE

    def after_hand(self, state: HandState) -> None:
        if self.won_hand(state):
            self.counts["raises_won"] += len(self.raised)
            self.counts["bluffs_won"] += sum(self.raised)
        self.raised = []
        self.waiting = False
