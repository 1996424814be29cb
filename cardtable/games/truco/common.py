"""What every Truco variant shares: the deal of three cards, who is winning a trick, who wins the hand from its
tricks, and a finished trick as replay prints it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardtable.engine.cards import Deck
from cardtable.engine.game import UNSEEN, Action, Deal, Hidden

FACE_DOWN = 0  # a card played face down has strength 0, whatever it is
#: ``hand_result`` while the tricks played do not settle the hand yet.
UNDECIDED = -1


TIED_TRICK_LEAD_HELP = "Who leads after a tied trick: the seat that led it, or the one that first played a tying card."
#: How the new-game form names the variants.
VARIANT_NAMES = {"paulista": "Paulista", "mineiro": "Mineiro", "argentino": "Argentino"}
#: How the new-game form names the choices of ``tied_trick_lead``.
TIED_TRICK_LEAD_NAMES = {"opener": "Who led it", "first_tying_card": "Who first tied"}


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


#: A finished trick as a view shows it: (leader, cards with others' face-down ones as None, face-down seats,
#: winner).
ViewTrick = tuple[int, tuple[int | None, ...], tuple[int, ...], int | None]


def cards_played(history_length: int, trick_length: int, players: int) -> int:
    """How many cards have been played in a hand: every seat plays to every trick."""
    return history_length * players + trick_length


def viewed_plays(players: int, tricks: Sequence[ViewTrick], trick: Sequence[tuple[int, int | None]],
                 trick_hidden: Sequence[int]) -> Iterator[tuple[int, int | None, bool]]:  # fmt: skip
    """Every card played so far as a view shows it: (seat, card or None when unseen, face down), in order."""
    for leader, cards, hidden, _winner in tricks:
        for offset, card in enumerate(cards):
            seat = (leader + offset) % players
            yield seat, card, seat in hidden
    for seat, card in trick:
        yield seat, card, seat in trick_hidden


def truco_log(players: int, tricks: Sequence[ViewTrick], trick: Sequence[tuple[int, int | None]],
              trick_hidden: Sequence[int], calls: Sequence[tuple[int, str]], call_cards: Sequence[int],
              plays: Sequence[Sequence[Action]], hidden_plays: Sequence[Sequence[Action]],
              call_actions: Sequence[Mapping[Any, Action]]) -> tuple[Action, ...]:  # fmt: skip
    """A Truco view's log: the calls, each before the card that followed it, and the cards (others' face-down
    cards unseen).  ``call_cards[i]`` is how many cards had been played when call ``i`` was made."""
    actions: list[Action] = []
    pending = 0
    for index, (seat, card, face_down) in enumerate(viewed_plays(players, tricks, trick, trick_hidden)):
        while pending < len(calls) and call_cards[pending] <= index:
            caller, word = calls[pending]
            actions.append(call_actions[caller][word])
            pending += 1
        if card is None:
            actions.append(Action(seat, hidden_plays[seat][0].verb, UNSEEN, hidden_plays[seat][0].extra))
        else:
            actions.append(hidden_plays[seat][card] if face_down else plays[seat][card])
    for caller, word in calls[pending:]:
        actions.append(call_actions[caller][word])
    return tuple(actions)


@dataclass(frozen=True, slots=True)
class TrucoHidden(Hidden):
    """Where a seat's unseen cards lie: the hands, and every card played face down, in playing order."""

    face_down: tuple[int, ...] = ()


def dealt_from_log(hands: Sequence[int], log: Sequence[Action], face_down: Sequence[int], deck: Deck
                   ) -> tuple[list[int], list[Action]]:  # fmt: skip
    """The hands as dealt in a world (the hands now and every card played since), and the log with each unseen
    face-down card named from ``face_down``."""
    dealt = list(hands)
    filled: list[Action] = []
    face_down_cards = iter(face_down)
    for action in log:
        if action.verb == "play":
            if action.get("hidden"):
                card = next(face_down_cards)
                if action.value is UNSEEN:
                    action = Action(action.seat, action.verb, deck.codes[card], action.extra)
            dealt[action.seat] |= 1 << deck.index[action.value]
        filled.append(action)
    return dealt, filled
