"""How a game's cards and actions read, for the table and for ``cardtable replay`` alike.

Each game gives its rules a ``GameWords`` (its own module ``words.py``); this base names French-suited
cards and the actions every trick game shares.  A card has two forms: its *glyph*, as the table draws
it on a card (``Q♦``, ``10♣``), and its *name* in a sentence ("the queen of diamonds").  Record codes
(``QD``) are the record's business and never appear in what a player reads.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from .cards import RANK_NAMES, SUIT_GLYPHS, SUIT_NAMES, split_code

if TYPE_CHECKING:
    from .cards import Deck
    from .game import Action, View

#: The view a game's words read (its deal lines take the hand's view of the dealt cards).
V = TypeVar("V", bound="View")


def says(who: str, verb: str) -> str:
    """The verb agreeing with its subject: "West plays", but "You play"."""
    if who.lower() != "you":
        return verb
    return verb[:-2] if verb.endswith(("sses", "ches", "shes", "xes")) else verb[:-1]


def holder(who: str) -> str:
    """Whose card it is: "West's", or "yours"."""
    return "yours" if who.lower() == "you" else f"{who}'s"


class GameWords(Generic[V]):
    """French suit and rank names; plays, bids and passes in plain sentences.

    A game's words are typed with its own view (``MalillaWords(GameWords[MalillaView])``), which they read
    for the lines of a deal.
    """

    suit_names: ClassVar[dict[str, str]] = SUIT_NAMES
    rank_names: ClassVar[dict[str, str]] = RANK_NAMES
    #: Whether a trick's card points are worth saying (in Truco a trick is only won or lost).
    trick_points: ClassVar[bool] = True

    # ------------------------------------------------------------- cards
    def face(self, code: str, ascii_cards: bool = False) -> tuple[str, str]:
        """The rank text and suit mark printed on a card (``("10", "♥")``, or ``("10", "H")`` in ASCII)."""
        rank, suit = split_code(code)
        return rank, suit if ascii_cards else SUIT_GLYPHS[suit]

    def glyph(self, code: str) -> str:
        """A card as the table draws it: ``Q♦``."""
        rank, suit = self.face(code)
        return rank + suit

    def glyphs(self, codes: Iterable[str]) -> str:
        """Cards as the table draws them, side by side: ``Q♦ 10♣ 7♠``."""
        return " ".join(self.glyph(code) for code in codes)

    def card_name(self, code: str) -> str:
        """A card in a sentence: "the queen of diamonds"."""
        rank, suit = split_code(code)
        return f"the {self.rank_names.get(rank, rank)} of {self.suit_names[suit]}"

    def glyphs_in(self, text: str, deck: Deck) -> str:
        """``text`` (an engine's sentence) with each card code of ``deck`` in it drawn as a glyph instead."""
        return _code_pattern(deck).sub(lambda found: self.glyph(found.group()), text)

    def played_card(self, action: Action, reveal: bool = False) -> str:
        """The glyph of a played card, or ``(face down)`` for a card its player hid (named when ``reveal``)."""
        if action.get("hidden"):
            return f"({self.glyph(action.value)} face down)" if reveal else "(face down)"
        return self.glyph(action.value)

    # ------------------------------------------------------------- actions
    def describe_action(self, action: Action, names: Sequence[str], reveal: bool = False) -> str:
        """A plain sentence for the log: "West plays the ace of hearts."

        A card played face down is not named, unless ``reveal`` (a replay asked to show everything).
        """
        who = names[action.seat]
        if action.verb == "play":
            if action.get("hidden"):
                card = f" ({self.card_name(action.value)})" if reveal else ""
                return f"{who} {says(who, 'plays')} a card face down{card}."
            return f"{who} {says(who, 'plays')} {self.card_name(action.value)}."
        if action.verb == "bid":
            if action.value == "pass":
                return f"{who} {says(who, 'passes')}."
            suit = action.get("suit")
            return f"{who} {says(who, 'bids')} {action.value}" + (f" in {self.suit_names[suit]}." if suit else ".")
        return f"{who}: {action.value}."

    def choice_label(self, action: Action) -> str:
        """The label of an action in the choices dialog."""
        if action.verb == "play":
            return f"Play {self.glyph(action.value)}" + (" face down" if action.get("hidden") else "")
        if action.verb == "bid" and action.value != "pass":
            suit = action.get("suit")
            return f"Bid {action.value}" + (f" {self.suit_names[suit]}" if suit else "")
        return str(action.value).replace("_", " ").capitalize()

    def hint_text(self, action: Action) -> str:
        """What the hint key suggests: "play the ace of hearts." """
        if action.verb == "play":
            return f"play {self.card_name(action.value)}" + (" face down." if action.get("hidden") else ".")
        return f"{self.choice_label(action)}."

    def deal_lines(self, view: V, names: Sequence[str]) -> list[str]:
        """What the table's log says when a hand is dealt (the turned card, say), from what every seat may see."""
        return []

    def deal_story(self, view: V, names: Sequence[str]) -> list[str]:
        """What a hand history says of a deal: the log's lines, and what the table shows aside at a glance."""
        return self.deal_lines(view, names)


@functools.cache
def _code_pattern(deck: Deck) -> re.Pattern[str]:
    """The deck's codes as whole words (``7S`` but not the ``S`` of a word), longest first."""
    codes = sorted(deck.codes, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, codes)) + r")(?![\w])")
