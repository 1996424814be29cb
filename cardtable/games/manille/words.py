"""How Manille reads: the turned card, the auction's bids, the knock and the counter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.game import Action
from cardtable.engine.words import GameWords, says

if TYPE_CHECKING:  # the rule book reads its words: its view is named for the type checker only
    from .rules import ManilleView

CALL_LABELS = {"knock": "Knock (x2)", "counter": "Counter (x4)", "pass": "Pass"}


class ManilleWords(GameWords["ManilleView"]):
    def deal_lines(self, view: ManilleView, names: Sequence[str]) -> list[str]:
        v = view
        if v.turned is None:
            return ["No card is turned: the auction decides trump."]
        code = v.deck.codes[v.turned]
        dealer = names[v.dealer]
        return [f"{dealer} {says(dealer, 'turns')} {self.card_name(code)}: {self.suit_names[code[-1]]} are trump."]

    def describe_action(self, action: Action, names: Sequence[str], reveal: bool = False) -> str:
        who = names[action.seat]
        if action.verb == "call":
            return {"knock": f"{who} {says(who, 'knocks')}: the hand counts double.",
                    "counter": f"{who} {says(who, 'counters')}: the hand counts four times.",
                    "pass": f"{who} {says(who, 'passes')}."}[action.value]  # fmt: skip
        return super().describe_action(action, names, reveal)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call":
            return CALL_LABELS[action.value]
        return super().choice_label(action)


WORDS = ManilleWords()
