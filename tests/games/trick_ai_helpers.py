"""Helpers shared by the tests of the Manille and Malilla heuristic players (the games of ``tricks.py``).

Hints asked of replay the way a player at the table asks them, random positions late in a hand, and the
plain search over the real engine that the shared endgame solver (``cardtable.games.endgame``) is checked
against.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import cards_in
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.games import endgame, find_game
from cardtable.games.cardcount import CardCount
from tests.support import heuristic_hint


def hint(rec: dict[str, Any]) -> dict[str, Any]:
    """The heuristic's hint at the end of ``rec``, checked to be one of the legal actions."""
    return heuristic_hint(rec)


def hinted_card(rec: dict[str, Any]) -> str:
    card: str = hint(rec)["play"]
    return card


def view_at(rec: dict[str, Any]) -> Any:
    """The view of the seat to act at the end of ``rec``."""
    _out, status, match = replay(parse_record(rec, find_game))
    assert status == 0
    state = match.current
    assert state is not None and state.to_act is not None
    return state.view(state.to_act)


def random_endgames(rules: Any, options: Any, count: int, seed: int, stops: tuple[int, int]) -> list[Any]:
    """Four-player hands played at random until a number of cards in ``range(*stops)`` is gone.

    Only positions where the seat to act has a choice are kept.
    """
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = rules.new_hand(options, 4, 0, rules.random_deal(rng, options, 4, 0), [0] * 4)
        dealt = sum(h.bit_count() for h in state.hands)
        stop = rng.randrange(*stops)
        while not state.complete and dealt - sum(h.bit_count() for h in state.hands) < stop:
            view = state.view(state.to_act)
            state.apply(view.plays[rng.choice(cards_in(view.legal_mask))])
        if not state.complete and state.view(state.to_act).legal_mask.bit_count() > 1:
            out.append(state)
    return out


def clone(state: Any) -> Any:
    twin = copy.copy(state)
    twin.hands = list(state.hands)
    twin.trick = list(state.trick)
    return twin


def brute_force_points(state: Any, side: int) -> int:
    """Our side's final points under best play by everyone, by plain search over the real engine."""
    if state.complete:
        points: int = state.side_pips[side]
        return points
    values = []
    for card in cards_in(state.legal_play_mask()):
        child = clone(state)
        child.play_card(card)
        values.append(brute_force_points(child, side))
    return max(values) if state.turn % 2 == side else min(values)


def assert_solver_agrees_with_the_engine(state: Any, solver: endgame.Solver) -> None:
    """Every legal card of the seat to act is worth, to the solver, what a plain search of the engine says."""
    seat = state.to_act
    deal = tuple(state.hands)
    for card in cards_in(state.legal_play_mask()):
        child = clone(state)
        child.play_card(card)
        expected = brute_force_points(child, seat % 2) - state.side_pips[seat % 2]
        assert solver.value_after(deal, card) == expected


def assert_deals_fit(state: Any, count: CardCount) -> list[tuple[int, ...]]:
    """The deals ``consistent_deals`` lists for ``count``: distinct, the real one among them, each fitting."""
    deals = endgame.consistent_deals(count)
    assert tuple(state.hands) in deals
    assert len(set(deals)) == len(deals)
    for deal in deals:
        for seat in range(len(state.hands)):
            assert deal[seat].bit_count() == state.hands[seat].bit_count()
            assert deal[seat] & ~count.possible[seat] == 0
    return deals


def worth_by_card(
    solver: endgame.Solver, deals: Sequence[tuple[int, ...]], worth: Sequence[float], so_far: int, legal: int
) -> dict[int, float]:
    """For each card of ``legal``, its worth summed over ``deals`` (what the endgame search compares)."""
    return {card: sum(worth[so_far + solver.value_after(d, card)] for d in deals) for card in cards_in(legal)}


def assert_hints_are_repeatable(rules: Any, player_class: Any) -> None:
    """Through a random four-player hand, fresh players give the same action for the same view."""
    rng = random.Random(3)
    options = rules.parse_options({}, 4)
    state = rules.new_hand(options, 4, 0, rules.random_deal(rng, options, 4, 0), [0] * 4)
    while not state.complete:
        view = state.view(state.to_act)
        first = player_class().decide(view)
        assert player_class().decide(view) == first
        assert player_class().decide(state.view(state.to_act)) == first
        state.apply(first)


def assert_only_legal_actions(rules: Any, options: Any, players: int, player: Any) -> None:
    """Six hands where ``player`` is asked at every turn (and for its calls out of turn): all it says is legal.

    Half the seats then play at random so that the heuristic meets odd positions too.
    """
    rng = random.Random(5)
    for hand_number in range(6):
        dealer = hand_number % players
        state = rules.new_hand(options, players, dealer, rules.random_deal(rng, options, players, dealer),
                               [0] * players)  # fmt: skip
        while not state.complete:
            for seat, calls in state.optional_calls().items():
                call = player.consider(state.view(seat), calls)
                assert call is None or call in calls
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = player.decide(view)
            assert action in view.legal_actions()
            if seat % 2:
                action = rng.choice(view.legal_actions())
            state.apply(action)
