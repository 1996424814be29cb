"""How Truco reads: the calls that raise the stake and answer it, and cards played face down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.cards import SPANISH_RANK_NAMES, SPANISH_SUIT_NAMES, bits
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

if TYPE_CHECKING:  # the rule book reads its words: its view is named for the type checker only
    from .rules import TrucoView

CALL_LABELS = {"truco": "Truco! (raise the stake)", "raise": "Raise again", "accept": "Accept",
               "refuse": "Refuse (give up the hand)", "play": "Play the hand", "run": "Run (concede)"}  # fmt: skip


def blind_card(action: Action) -> str:
    """A blind pick of a mão de ferro, before it is turned up: nobody knows the card, only its place."""
    return f"the card in place {action.get('slot', 0) + 1}"


class TrucoWords(GameWords["TrucoView"]):
    # A trick is won or lost; its cards carry no points.
    trick_points = False

    def deal_story(self, view: TrucoView, names: Sequence[str]) -> list[str]:
        v = view
        if v.vira is None or not v.manilhas:
            return []
        rank = v.deck.codes[next(bits(v.manilhas))][:-1]
        return [f"The vira is {self.glyph(v.deck.codes[v.vira])}: the {self.rank_plural(rank)} are manilhas."]

    def rank_plural(self, rank: str) -> str:
        """A rank's cards together, as the manilhas are named: "the queens", "the sixes"."""
        name = self.rank_names.get(rank, rank)
        return name + ("es" if name.endswith("x") else "s")

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
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
        if action.verb == "play" and action.value is None:
            return f"{who} {says(who, 'plays')} {blind_card(action)}, unseen."
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in CALL_LABELS:
            return CALL_LABELS[action.value]
        if action.verb == "play" and action.value is None:
            return f"Play {blind_card(action)}"
        return super().choice_label(action)

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "play" and action.value is None:
            return f"play {blind_card(action)}"
        if action.verb == "call" and action.value == "truco":
            return "call truco"
        return super().advice(action, view)


#: The Argentine calls in sentences; a waiting call is answered by "accept"/"refuse" as in the other variants.
ARGENTINO_SAYINGS = {
    "truco": ("calls", "TRUCO!"),
    "raise": ("raises", "the stake!"),
    "accept": ("accepts", ""),
    "refuse": ("refuses", ""),
    "envido": ("calls", "envido!"),
    "real_envido": ("calls", "real envido!"),
    "falta_envido": ("calls", "falta envido!"),
    "flor": ("sings", "flor!"),
    "contraflor": ("calls", "contraflor!"),
    "contraflor_al_resto": ("calls", "contraflor al resto!"),
    "mazo": ("goes", "to the deck: the hand is given up."),
}
#: The Argentine calls as advice (the hint); the answers read as their labels do.
ARGENTINO_ADVICE = {
    "truco": "call truco",
    "envido": "call envido",
    "real_envido": "call real envido",
    "falta_envido": "call falta envido",
    "flor": "sing flor",
    "contraflor": "call contraflor",
    "contraflor_al_resto": "call contraflor al resto",
}
ARGENTINO_LABELS = {
    "truco": "Truco!",
    "raise": "Raise (retruco, vale cuatro)",
    "accept": "Accept",
    "refuse": "Refuse",
    "envido": "Envido",
    "real_envido": "Real envido",
    "falta_envido": "Falta envido",
    "flor": "Flor",
    "contraflor": "Contraflor",
    "contraflor_al_resto": "Contraflor al resto",
    "mazo": "Go to the deck (give up the hand)",
}


class ArgentinoWords(TrucoWords):
    """Truco Argentino is played with the Spanish pack, whose suits and court cards keep their own names."""

    suit_names = SPANISH_SUIT_NAMES
    rank_names = SPANISH_RANK_NAMES

    def deal_story(self, view: View, names: Sequence[str]) -> list[str]:
        return []  # nothing is turned up: the order of the cards is fixed

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call" and action.value in ARGENTINO_SAYINGS:
            verb, rest = ARGENTINO_SAYINGS[action.value]
            return f"{who} {says(who, verb)} {rest}" if rest else f"{who} {says(who, verb)}."
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in ARGENTINO_LABELS:
            return ARGENTINO_LABELS[action.value]
        return super().choice_label(action)

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "call" and action.value in ARGENTINO_ADVICE:
            return ARGENTINO_ADVICE[action.value]
        return super().advice(action, view)


WORDS = TrucoWords()
ARGENTINO_WORDS = ArgentinoWords()
