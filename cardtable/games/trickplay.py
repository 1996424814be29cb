"""How the heuristic players of the trick games that share ``tricks.py`` (Manille, Malilla) pick a card.

Each game's ``ai.py`` gathers the facts of a decision in its own ``Table`` and writes its rules' strategy tips
as functions of that table; what the two players do alike around the tips is here: a lone legal card is
played at once, the last tricks go to the game's endgame search (``cardtable.games.endgame``), and otherwise
the tips are tried in their order of precedence until one answers (``first_answer``).  ``low_from_longest``
is the discard both games' tips describe in the same words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from cardtable.engine.cards import Deck, cards_in
from cardtable.engine.game import Action, View
from cardtable.engine.players import ComputerPlayer

T = TypeVar("T")
V = TypeVar("V", bound=View)


def first_answer(tips: Sequence[Callable[[T], int | None]], table: T) -> int | None:
    """The card of the first tip that applies (tried in order), or ``None`` when none does."""
    for tip in tips:
        card = tip(table)
        if card is not None:
            return card
    return None


def play_card(
    player: ComputerPlayer[V],
    view: V,
    make_table: Callable[[V], T],
    tips_choice: Callable[[T], int],
    endgame_search: Callable[[T, random.Random], int],
    endgame_tricks: int,
) -> Action:
    """The play ``player`` makes from ``view``: the only legal card, the endgame search's, or the tips'.

    The search takes over once the seat holds ``endgame_tricks`` cards or fewer; its randomness (which deals
    to sample) comes from ``player.random_for(view)``.
    """
    legal = view.legal_mask
    if legal & (legal - 1) == 0:
        return view.plays[legal.bit_length() - 1]
    table = make_table(view)
    if view.hand.bit_count() <= endgame_tricks:
        card = endgame_search(table, player.random_for(view))
    else:
        card = tips_choice(table)
    return view.plays[card]


def low_from_longest(pool: int, points: Sequence[int], deck: Deck, hand: int, trump: int) -> int:
    """The card of ``pool`` (not empty) with the fewest points, from the longest side suit of ``hand``.

    Trumps come after every side suit; ties go to the lowest rank, then to the suit order.
    """
    fewest = min(points[card] for card in cards_in(pool))
    candidates = [card for card in cards_in(pool) if points[card] == fewest]
    suit_of = deck.suit_of
    suit_masks = deck.suit_masks
    strength_of = deck.strength_of

    def preference(card: int) -> tuple[int, int, int]:
        suit = suit_of[card]
        length = -1 if suit == trump else (hand & suit_masks[suit]).bit_count()
        return (-length, strength_of[card], suit)

    return min(candidates, key=preference)
