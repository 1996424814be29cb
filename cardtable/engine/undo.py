"""Taking a decision back: the match as it stood just before a seat's last action, with all that followed gone.

Nothing is undone in place: a new match is made as the old one stood at that moment (``Match.up_to``: the hand
of the decision dealt again from the deal the record keeps and played again up to it, the way a save is resumed),
so the hand comes back exactly as it was and the history that remains is clean, as if the decisions taken back
had never been made.  A hand that is dealt again afterwards gets the same cards, since every deal comes from the
match's seed and the hand's number.

A finished match is final: its result is kept, and nothing in it can be taken back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from .game import Action
from .match import Match


@dataclass(frozen=True)
class Place:
    """Where an action lies in a match: its hand and its position among that hand's actions, from 0."""

    hand: int
    index: int


@dataclass(frozen=True)
class TakenBack:
    """What an undo did: the match as it stood before ``decision``, which it took back at ``place``."""

    match: Match
    decision: Action
    place: Place
    #: How many actions went: the decision and every one made after it, by any seat.
    actions: int
    #: How many hands the match went back (0: the decision was in the hand in play).
    hands: int


def last_decision(
    match: Match, seats: Collection[int], passed_over: Callable[[Place], bool] | None = None
) -> Place | None:
    """The place of the last action one of ``seats`` took, or None when they have taken none.

    ``passed_over`` says which of their actions were no decision (a card played by itself, the only one the
    seat could play): an undo that stopped there would see it played again at once, and never get further back.
    """
    for number in range(len(match.hands) - 1, -1, -1):
        actions = match.hands[number].actions
        for index in range(len(actions) - 1, -1, -1):
            if actions[index].seat in seats and (passed_over is None or not passed_over(Place(number, index))):
                return Place(number, index)
    return None


def take_back(
    match: Match, seats: Collection[int], passed_over: Callable[[Place], bool] | None = None
) -> TakenBack | None:
    """Undo the last decision of ``seats`` (``passed_over``: as ``last_decision``) and everything every seat
    did after it.

    None when there is nothing to take back: ``seats`` have made no decision yet, or the match is over.
    """
    if match.over:
        return None
    place = last_decision(match, seats, passed_over)
    if place is None:
        return None
    later = sum(len(hand.actions) for hand in match.hands[place.hand + 1 :])
    undone = len(match.hands[place.hand].actions) - place.index + later
    decision = match.hands[place.hand].actions[place.index]
    return TakenBack(match.up_to(place.hand, place.index), decision, place, undone, len(match.hands) - 1 - place.hand)
