"""How Truco reads: the calls that raise the stake and answer it, and cards played face down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.cards import RANK_NAMES, SPANISH_SUIT_NAMES, bits
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

if TYPE_CHECKING:  # the rule book reads its words: its view is named for the type checker only
    from .rules import TrucoView

CALL_LABELS = {"truco": "Truco! (raise the stake)", "raise": "Raise again", "accept": "Accept",
               "refuse": "Refuse (give up the hand)", "play": "Play the hand", "run": "Run (concede)"}  # fmt: skip


class TrucoWords(GameWords["TrucoView"]):
    # A trick is won or lost; its cards carry no points.
    trick_points = False

    def deal_story(self, view: TrucoView, names: Sequence[str]) -> list[str]:
        v = view
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
        if action.verb == "play" and action.value is None:  # a blind pick of a mão de ferro: no card is known
            return f"play the card in place {action.get('slot', 0) + 1}."
        # Three cards in hand: the hint names the card as it is drawn, "Play 4♣ face down."
        if action.verb == "play":
            return self.choice_label(action) + "."
        return super().hint_text(action)


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
    rank_names = {**RANK_NAMES, "J": "sota", "N": "caballo", "K": "rey"}

    def deal_story(self, view: View, names: Sequence[str]) -> list[str]:
        return []  # nothing is turned up: the order of the cards is fixed

    def describe_action(self, action: Action, names: Sequence[str], reveal: bool = False) -> str:
        who = names[action.seat]
        if action.verb == "call" and action.value in ARGENTINO_SAYINGS:
            verb, rest = ARGENTINO_SAYINGS[action.value]
            return f"{who} {says(who, verb)} {rest}" if rest else f"{who} {says(who, verb)}."
        return super().describe_action(action, names, reveal)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in ARGENTINO_LABELS:
            return ARGENTINO_LABELS[action.value]
        return super().choice_label(action)


WORDS = TrucoWords()
ARGENTINO_WORDS = ArgentinoWords()
