"""The ``expert`` Tarot player's card play: the fast playout it rolls deals out with, the cards it tells apart,
and the search over them (legal, deterministic, blind to the cards it cannot see).

The player thinks with a small fixed budget here so each test stays quick.
"""

from __future__ import annotations

import random
from typing import Any
from unittest.mock import patch

import pytest

from cardtable.engine.players import Budget
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.games import find_game
from cardtable.games.search import SearchBudget
from cardtable.games.tarot.ai import TarotHeuristic
from cardtable.games.tarot.expert import TarotExpert, discards, representatives
from cardtable.games.tarot.playout import TarotPlayout
from cardtable.games.tarot.rules import DECK, PLAY, RULES, TarotHand, TarotView
from tests.games.secrets import HIDDEN
from tests.games.tarot.helpers import cards
from tests.games.test_contract import swapped, view_after
from tests.support import narrowed

SMALL = SearchBudget(Budget.FAST, 6)


def heuristic_record(players: int, seed: int, cards_played: int = 0) -> tuple[dict[str, Any], TarotHand]:
    """A record of a random deal with a taker, played by the heuristic up to ``cards_played`` cards into the
    play, and the hand it stops at."""
    rng = random.Random(seed)
    heuristic = TarotHeuristic()
    options = RULES.parse_options({}, players)
    while True:
        deal = RULES.random_deal(rng, options, players, 0)
        state = RULES.new_hand(options, players, 0, deal, [0] * players)
        assert isinstance(state, TarotHand)
        actions = []
        while state.to_act is not None:
            if state.phase == PLAY and len(state.trick_history) * players + len(state.trick) >= cards_played:
                break
            action = heuristic.decide(state.view(state.to_act))
            actions.append(action.to_json())
            state.apply(action)
        if state.phase == PLAY:
            record = {"format": "cardtable-record/1", "game": "tarot", "options": {}, "players": players,
                      "start_scores": [0] * players,
                      "hands": [{"dealer": 0, "deal": deal.to_json(DECK), "actions": actions}]}  # fmt: skip
            return record, state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_playout_plays_only_legal_cards_to_a_settled_deal(players: int) -> None:
    for seed in range(4):
        _record, state = heuristic_record(players, seed)
        twin = state.clone()
        playout = TarotPlayout(0)
        while not state.complete:
            legal = state.legal_play_mask()
            card = playout.choose(state)
            assert legal >> card & 1, f"{DECK.codes[card]} is not legal"
            state.play_card(card)
        assert state.delta is not None and sum(state.delta) == 0
        # A rollout is the same playout: the seat's score for the deal.
        assert TarotPlayout(0).final_score(twin) == state.delta[0]


def play_view(hand: str, trick: tuple[tuple[int, int], ...] = (), discard: str = "") -> TarotView:
    """A view of the play with the hand, trick and discard given (the rest from a real deal)."""
    _record, state = heuristic_record(4, 3)
    view = state.view(state.turn)
    view.hand = view.legal_mask = DECK.mask_of(cards(hand))
    view.tricks = ()
    view.trick = trick
    view.discard = DECK.mask_of(cards(discard))
    return view


def test_cards_that_play_alike_stand_for_one_another() -> None:
    standing = representatives(play_view("4S 6S 7S KS T3 T4 T20 T21 EX"))
    code = {DECK.codes[card]: DECK.codes[stands] for card, stands in standing.items()}
    # 5S may be elsewhere: 4S and 6S differ; 6S and 7S play alike; the king, the 21 and the Excuse stand alone.
    assert code == {"4S": "4S", "6S": "6S", "7S": "6S", "KS": "KS", "T3": "T3", "T4": "T3", "T20": "T20",
                    "T21": "T21", "EX": "EX"}  # fmt: skip


def test_a_card_seen_elsewhere_joins_two_cards_and_one_in_the_trick_keeps_them_apart() -> None:
    four, six = DECK.index["4S"], DECK.index["6S"]
    assert representatives(play_view("4S 6S", discard="5S")) == {four: four, six: four}
    trick = ((0, DECK.index["5S"]),)
    assert representatives(play_view("4S 6S", trick=trick)) == {four: four, six: six}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_card_the_expert_plays_is_legal_and_the_same_for_the_same_view(players: int) -> None:
    _record, state = heuristic_record(players, 10 + players)
    heuristic = TarotHeuristic()
    searched = 0
    assert state.taker is not None
    while not state.complete:
        seat = state.turn
        view = state.view(seat)
        if seat == state.taker:
            choice = TarotExpert(budget=SMALL).decide(view)
            assert choice in view.legal_actions()
            if view.only_plays and view.legal_mask & (view.legal_mask - 1) and searched < 3:
                assert TarotExpert(budget=SMALL).decide(view) == choice
                searched += 1
        else:
            choice = heuristic.decide(view)
        state.apply(choice)
    assert searched == 3


@pytest.mark.parametrize("players", [4, 5])
def test_swapping_unseen_cards_leaves_the_card_alone(players: int) -> None:
    rng = random.Random(4)
    compared = 0
    for cards_played in (2 * players + 1, 3 * players + 2, 4 * players + 3):
        record, _state = heuristic_record(players, 21, cards_played)
        _out, status, match = replay(parse_record(record, find_game))
        assert status == 0 and match.current is not None
        seat = match.current.to_act
        assert seat is not None
        view = narrowed(TarotView, match.current.view(seat))
        choice = TarotExpert(budget=SMALL).decide(view)
        hidden = DECK.codes_of(HIDDEN["tarot"](match.current, seat))
        for _ in range(2):
            first, second = rng.sample(hidden, 2)
            other = view_after(swapped(record, first, second), seat)
            if other is None:
                continue
            assert other == view
            assert TarotExpert(budget=SMALL).decide(narrowed(TarotView, other)) == choice
            compared += 1
    assert compared >= 3


def until(players: int, seed: int, phase: str) -> TarotHand:
    """A random deal played by the heuristic until the step ``phase`` (a deal that reaches it)."""
    rng = random.Random(seed)
    heuristic = TarotHeuristic()
    options = RULES.parse_options({}, players)
    while True:
        state = RULES.new_hand(options, players, 0, RULES.random_deal(rng, options, players, 0), [0] * players)
        assert isinstance(state, TarotHand)
        while state.to_act is not None and state.phase != phase:
            state.apply(heuristic.decide(state.view(state.to_act)))
        if state.phase == phase:
            return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_discards_weighed_are_legal_and_so_is_the_one_made(players: int) -> None:
    state = until(players, 2, "discard")
    view = state.view(state.turn)
    shapes = discards(view)
    assert len(shapes) > 1
    for action in shapes:
        state.clone().verify(action)
    choice = TarotExpert(budget=SMALL).decide(view)
    state.verify(choice)
    assert TarotExpert(budget=SMALL).decide(view) == choice


def test_the_king_call_is_searched_among_the_legal_calls() -> None:
    state = until(5, 3, "king")
    view = state.view(state.turn)
    player = TarotExpert(budget=SMALL)
    seen: list[Any] = []
    weigh = player.weigh

    def spy(v: TarotView, candidates: Any) -> Any:
        seen.extend(candidates)
        return weigh(v, candidates)

    with patch.object(player, "weigh", spy):
        choice = player.decide(view)
    assert seen == view.legal_actions() and choice in seen
