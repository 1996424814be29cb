"""What every Truco variant shares: the deal of three cards, who is winning a trick, who wins the hand from its
tricks, and a finished trick as replay prints it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from cardtable.engine.cards import Deck
from cardtable.engine.game import Deal

FACE_DOWN = 0  # a card played face down has strength 0, whatever it is
#: ``hand_result`` while the tricks played do not settle the hand yet.
UNDECIDED = -1


TIED_TRICK_LEAD_HELP = (
    "After a tied trick: opener = the seat that led it leads again; "
    "first_tying_card = the seat that played its first tying card."
)


class TrucoDeal(Deal):
    """Three cards per seat and, in Paulista, the vira (out of play for the whole hand)."""

    def __init__(self, hands: Sequence[int], vira: int | None) -> None:
        super().__init__(hands)
        self.vira = vira

    def to_json(self, deck: Deck) -> dict[str, Any]:
        out = super().to_json(deck)
        if self.vira is not None:
            out["vira"] = deck.codes[self.vira]
        return out


def best_of(trick: Sequence[tuple[int, int, bool]], strength: Sequence[int]) -> tuple[int | None, int]:
    """Who is winning ``trick`` so far: the seat (None while two teams tie) and where the first best card lies.

    A face-down card counts as the weakest card of all.
    """
    scores = [FACE_DOWN if hidden else strength[card] for _seat, card, hidden in trick]
    top = max(scores)
    first = scores.index(top)
    teams = {trick[k][0] % 2 for k, s in enumerate(scores) if s == top}
    return (trick[first][0] if len(teams) == 1 else None), first


def hand_result(results: Sequence[int | None]) -> int | None:
    """Who wins the hand from the trick results so far (a team, None for a tied trick).

    Two tricks win; a tied trick goes to the winner of the first untied trick; after a split the third
    decides, and if it ties the winner of the first trick takes the hand.  Returns ``UNDECIDED`` while
    the tricks do not settle it, and None for nobody (three ties).
    """
    if len(results) < 2:
        return UNDECIDED
    first, second = results[0], results[1]
    if len(results) == 2:
        if first is not None and second in (first, None):
            return first
        if first is None and second is not None:
            return second
        return UNDECIDED
    third = results[2]
    if first is None and second is None:
        return third
    return third if third is not None else first


class TrucoTrick(NamedTuple):
    """A finished trick as replay prints it: face-down cards are listed by their real codes."""

    leader: int
    cards: tuple[str, ...]
    hidden: tuple[int, ...]
    winner: int | None
    points: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "hidden": list(self.hidden),
                "winner": self.winner, "points": 0}  # fmt: skip
