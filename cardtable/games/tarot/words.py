"""How French Tarot reads: trumps by their number, the Excuse, contracts, the écart, poignées, the chelem."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

CONTRACT_LABELS = {
    "pass": "Pass",
    "petite": "Petite",
    "garde": "Garde",
    "garde_sans": "Garde sans (the chien is not taken)",
    "garde_contre": "Garde contre (the chien goes to the defence)",
}
EXCUSE = "EX"
#: The Excuse on a card: too long a word for a card's face, so its first letters.
EXCUSE_FACE = "Exc"


def is_trump(code: str) -> bool:
    """Whether a card is one of the trumps (``T1`` to ``T21``) or the Excuse, which plays like one."""
    return code.startswith("T") or code == EXCUSE


class TarotWords(GameWords[View]):  # no line of a deal reads Tarot's own facts
    def face(self, code: str, ascii_cards: bool = False) -> tuple[str, str]:
        if code == EXCUSE:
            return EXCUSE_FACE, ""
        if code.startswith("T"):
            return code[1:], ""  # a trump shows its number, as on the card itself
        return super().face(code, ascii_cards)

    def glyph(self, code: str) -> str:
        return "Excuse" if code == EXCUSE else super().glyph(code)

    def card_name(self, code: str) -> str:
        if code == EXCUSE:
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}" + (" (the Petit)" if code == "T1" else "")
        return super().card_name(code)

    def describe_action(self, action: Action, names: Sequence[str], reveal: bool = False) -> str:
        who = names[action.seat]
        if action.verb == "bid":
            if action.value == "pass":
                return f"{who} {says(who, 'passes')}."
            return f"{who} {says(who, 'bids')} {action.value.replace('_', ' ')}."
        if action.verb == "king":
            return f"{who} {says(who, 'calls')} {self.card_name(action.value)}."
        if action.verb == "discard":
            shown = [c for c in action.value if is_trump(c)]
            extra = f" (trumps shown: {self.glyphs(shown)})" if shown else ""
            return f"{who} {says(who, 'puts')} {len(action.value)} cards in the écart{extra}."
        if action.verb == "declare":
            if action.value == "poignee":
                cards = action.get("cards") or ()
                return f"{who} {says(who, 'shows')} a poignée of {len(cards)}: {self.glyphs(cards)}."
            if action.value == "chelem":
                return f"{who} {says(who, 'announces')} a chelem!"
            return f"{who} {says(who, 'announces')} no chelem."
        return super().describe_action(action, names, reveal)

    def choice_label(self, action: Action) -> str:
        if action.verb == "bid":
            return CONTRACT_LABELS.get(action.value, str(action.value))
        if action.verb == "king":
            return f"Call {self.card_name(action.value)}"
        if action.verb == "declare":
            if action.value == "poignee":
                return f"Show a poignée of {len(action.get('cards') or ())} trumps"
            return {"chelem": "Announce a chelem (all the tricks)", "no_chelem": "No chelem"}[action.value]
        return super().choice_label(action)


WORDS = TarotWords()
