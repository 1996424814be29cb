"""How French Tarot reads: trumps by their number, the Excuse, contracts, the écart, poignées, the chelem."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, counted, listed, says

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


class Count(Protocol):
    """The attack's count as a view gives it: oudlers, card points so far, what they need, the écart's share."""

    @property
    def oudlers(self) -> int: ...

    @property
    def points(self) -> int | float: ...

    @property
    def needed(self) -> int: ...

    @property
    def ecart(self) -> int | float | None: ...


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

    def card_text(self, code: str) -> str:
        """A trump says it is one ("trump 16"): a bare number in a sentence could be anything."""
        if code == EXCUSE:
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}"
        return super().card_text(code)

    def card_list(self, codes: Iterable[str], last: str = "or") -> str:
        """Suit cards as drawn, then the trumps as numbers after one "trump(s)", then the Excuse:
        "K♥, trumps 3, 5 or the Excuse"."""
        cards = list(codes)
        items = [self.glyph(code) for code in cards if not is_trump(code)]
        trumps = [code[1:] for code in cards if code.startswith("T")]
        if trumps:
            items.append(("trump " if len(trumps) == 1 else "trumps ") + trumps[0])
            items.extend(trumps[1:])
        if EXCUSE in cards:
            items.append("the Excuse")
        return listed(items, last)

    def card_name(self, code: str) -> str:
        if code == EXCUSE:
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}" + (" (the Petit)" if code == "T1" else "")
        return super().card_name(code)

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "bid" and action.value != "pass":
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
        return super().describe_action(action, names, reveal, view)

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

    def king_call_label(self, action: Action, held: bool) -> str:
        """A king call in the taker's dialog; calling a card of his own hand means playing alone."""
        label = self.choice_label(action)
        return f"{label}: yours, so you play alone" if held else label

    def chien_label(self, taker: str) -> str:
        """The line over the chien while it lies face up on the table."""
        return f"The chien: {taker} {says(taker, 'takes')} it"

    def chien_heading(self, codes: Iterable[str]) -> str:
        """The écart dialog's reminder of the cards the chien brought (they are in the hand it shows)."""
        return f"The chien brought {self.card_list(codes, 'and')}."

    def count_lines(self, count: Count) -> list[str]:
        """The side panel's count of the attack, under its contract: its oudlers and what they need, the points
        it has taken (the écart's among them, for the taker)."""
        return [f"  {counted(count.oudlers, 'oudler')}: {count.needed} needed",
                f"  {counted(count.points, 'point')} taken"]  # fmt: skip

    def ecart_line(self, codes: Iterable[str], points: int | float | None) -> str:
        """The taker's reminder of his écart, and what it counts for him."""
        worth = f", {counted(points, 'point')}" if points is not None else ""
        return f"Your écart{worth}: {self.glyphs(codes)}"

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "bid" and action.value != "pass":
            return f"bid {action.value.replace('_', ' ')}"
        if action.verb == "king":
            return f"call {self.card_text(action.value)}"
        if action.verb == "discard":
            return f"put {self.card_list(action.value, 'and')} in the écart"
        if action.verb == "declare":
            if action.value == "poignee":
                return f"show a poignée: {self.card_list(action.get('cards') or (), 'and')}"
            return {"chelem": "announce a chelem", "no_chelem": "announce no chelem"}[action.value]
        return super().advice(action, view)


WORDS = TarotWords()
