"""How Manille reads: the turned card, the auction's bids, the knock and the counter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

if TYPE_CHECKING:  # the rule book reads its words: its view is named for the type checker only
    from .rules import ManilleView

CALL_LABELS = {"knock": "Knock (x2)", "counter": "Counter (x4)", "pass": "Pass"}
#: The knock round's calls as advice; a pass says which call it declines (``declined``).
CALL_ADVICE = {"knock": "knock (the hand counts double)", "counter": "counter (the hand counts four times)"}


@runtime_checkable
class KnockRound(Protocol):
    """What the words read of a Manille view to say which call a pass declines (the view itself is the rules')."""

    knocker: int | None


def declined(view: View | None) -> str | None:
    """The call a pass in the knock round declines: "knock", or "counter" once the other side has knocked.

    ``None`` without a view of the hand (the action alone does not say which round it was).
    """
    if not isinstance(view, KnockRound):
        return None
    return "knock" if view.knocker is None else "counter"


class ManilleWords(GameWords["ManilleView"]):
    def deal_lines(self, view: ManilleView, names: Sequence[str]) -> list[str]:
        v = view
        if v.turned is None:
            return ["No card is turned: the auction decides trump."]
        code = v.deck.codes[v.turned]
        dealer = names[v.dealer]
        return [f"{dealer} {says(dealer, 'turns')} {self.card_name(code)}: {self.suit_names[code[-1]]} are trump."]

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call":
            if action.value == "pass":
                call = declined(view)
                if call is None:
                    return f"{who} {says(who, 'lets')} the stake stand."
                return f"{who} {says(who, 'does')} not {call}."
            return {"knock": f"{who} {says(who, 'knocks')}: the hand counts double.",
                    "counter": f"{who} {says(who, 'counters')}: the hand counts four times."}[action.value]  # fmt: skip
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call":
            return CALL_LABELS[action.value]
        return super().choice_label(action)

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "call":
            if action.value == "pass":
                call = declined(view)
                return "let the stake stand" if call is None else f"do not {call}"
            return CALL_ADVICE[action.value]
        return super().advice(action, view)


WORDS = ManilleWords()
