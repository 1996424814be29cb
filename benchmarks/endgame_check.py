"""The reference the endgame solver is held to: random endings of a hand and a plain search of the engine.

The plain search tries every legal card of the engine at every turn, so it is slow but cannot share a mistake
with the solver's own duty rules; the tests and ``benchmarks/solver_check.py`` compare the two on the endings.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action
from cardtable.games import find_game

if TYPE_CHECKING:
    from cardtable.games.tricks import TrickHand


def random_endings(
    game: str, raw: dict[str, Any], count: int, seed: int, tricks: tuple[int, int] = (2, 4)
) -> list[Any]:
    """Four-player hands played at random until ``range(*tricks)`` tricks are left (sometimes inside a trick),
    where the seat to act has a choice; a hand whose dealer names trump gets a random suit or no trump."""
    rules = find_game(game)
    options = rules.parse_options(raw, 4)
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        dealt = rules.new_hand(options, 4, 0, rules.random_deal(rng, options, 4, 0), [0] * 4)
        state = cast("TrickHand[Any]", dealt)  # the games the solver plays are trick games
        if state.phase == "trump":
            state.apply(Action(0, "trump", rng.choice(["S", "H", "D", "C", "none"])))
        each = state.cards_each
        stop = 4 * (each - rng.randrange(*tricks)) + rng.randrange(4)
        while not state.complete and 4 * each - sum(h.bit_count() for h in state.hands) < stop:
            state.play_card(rng.choice(cards_in(state.legal_play_mask())))
        if not state.complete and state.phase == "play" and state.legal_play_mask().bit_count() > 1:
            out.append(state)
    return out


def side_points(state: Any, side: int) -> int:
    """The points of the tricks won so far by ``side`` (seats ``side`` and ``side + 2``)."""
    return sum(points for _leader, _cards, winner, points in state.trick_history if winner % 2 == side)


def plain_points(state: Any, side: int) -> int:
    """The side's points at the end of the hand under best play by all, every legal card of the engine tried."""
    if state.complete:
        return side_points(state, side)
    values = []
    for card in cards_in(state.legal_play_mask()):
        child = state.clone()
        child.play_card(card)
        values.append(plain_points(child, side))
    return max(values) if state.turn % 2 == side else min(values)
