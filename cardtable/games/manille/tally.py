"""What the statistics count of a Manille player: knocks and counters made, and those whose hand was won.

A knock (the defenders' doubling) or a counter (the trump side's answer) is won when the side that made it
scores the hand.
"""

from __future__ import annotations

from typing import ClassVar

from cardtable.engine.game import CALL_VERB, Action, HandState, SeatTally

from .rules import COUNTER, KNOCK


class ManilleTally(SeatTally):
    labels: ClassVar[dict[str, str]] = {
        "knocks": "Knocks",
        "knocks_won": "Knocks won",
        "counters": "Counters",
        "counters_won": "Counters won",
    }

    def __init__(self, seat: int, options: object, players: int) -> None:
        super().__init__(seat, options, players)
        self.made: list[str] = []

    def before_action(self, state: HandState, action: Action) -> None:
        if action.seat == self.seat and action.verb == CALL_VERB and action.value in (KNOCK, COUNTER):
            name = "knocks" if action.value == KNOCK else "counters"
            self.counts[name] += 1
            self.made.append(name)

    def after_hand(self, state: HandState) -> None:
        if self.won_hand(state):
            for name in self.made:
                self.counts[f"{name}_won"] += 1
        self.made = []
