"""How Truco reads: the calls that raise the stake and answer it, and cards played face down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

CALL_LABELS = {"truco": "Truco! (raise the stake)", "raise": "Raise again", "accept": "Accept",
               "refuse": "Refuse (give up the hand)", "play": "Play the hand", "run": "Run (concede)"}  # fmt: skip


class TrucoWords(GameWords):
    # A trick is won or lost; its cards carry no points.
    trick_points = False

    def deal_story(self, view: View, names: Sequence[str]) -> list[str]:
        v: Any = view
        if v.vira is None or not v.manilhas:
            return []
        rank = v.deck.codes[next(bits(v.manilhas))][:-1]
        plural = self.rank_names.get(rank, rank)
        plural += "es" if plural.endswith("x") else "s"
        return [f"The vira is {self.glyph(v.deck.codes[v.vira])}: the {plural} are manilhas."]

    def describe_action(self, action: Action, names: Sequence[str], reveal: bool = False) -> str:
        who = names[action.seat]
        if action.verb == "call":
            words = {
                "truco": f"{who} {says(who, 'calls')} TRUCO!",
                "raise": f"{who} {says(who, 'raises')} the stake!",
                "accept": f"{who} {says(who, 'accepts')}.",
                "refuse": f"{who} {says(who, 'refuses')}: the hand ends.",
                "play": f"{who} {says(who, 'decides')} to play the hand.",
                "run": f"{who} {says(who, 'runs')}: the other team scores.",
            }
            return words.get(action.value, f"{who}: {action.value}.")
        return super().describe_action(action, names, reveal)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in CALL_LABELS:
            return CALL_LABELS[action.value]
        return super().choice_label(action)

    def hint_text(self, action: Action) -> str:
        # Three cards in hand: the hint names the card as it is drawn, "Play 4♣ face down."
        if action.verb == "play":
            return self.choice_label(action) + "."
        return super().hint_text(action)


WORDS = TrucoWords()
