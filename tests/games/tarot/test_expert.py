"""The ``expert`` Tarot player: its bid and chelem from deals played out, legality at 3, 4 and 5 players,
determinism, and hint invariance under swaps of the cards it cannot see.

The player thinks with a small fixed budget here so each test stays quick.
"""

from __future__ import annotations

import json
import random
from typing import Any
from unittest.mock import patch

import pytest

from cardtable.engine.players import Budget
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import simulate
from cardtable.games import find_game
from cardtable.games.search import SearchBudget
from cardtable.games.tarot import expert
from cardtable.games.tarot.ai import TarotHeuristic, bid_by_the_count
from cardtable.games.tarot.expert import TarotExpert
from cardtable.games.tarot.rules import BID, CHELEM, DECK, RULES, TarotHand, TarotView
from tests.games.tarot.helpers import cards, fill, new_hand, trumps
from tests.games.test_contract import swapped, view_after
from tests.support import narrowed

SMALL = SearchBudget(Budget.FAST, 12)  # two worlds per deal played out


def view_of(state: TarotHand) -> TarotView:
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert isinstance(view, TarotView)
    return view


STRONG = cards("KS KH KD") + trumps(21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 1) + ["EX"]
WEAK = cards("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C") + trumps(2, 3)


def test_a_hand_far_from_a_bid_passes_without_a_search() -> None:
    state = new_hand(fill(4, {0: WEAK}, cards("6S 7S 6H 7H 6D 7D")), dealer=3)
    view = view_of(state)
    player = TarotExpert(budget=SMALL)
    with patch.object(player, "weigh", None):  # a search would fail here
        assert player.decide(view).value == "pass"


def test_a_hand_full_of_trumps_and_oudlers_bids_at_least_a_garde() -> None:
    state = new_hand(fill(4, {0: STRONG}, cards("6S 7S 6H 7H 6D 7D")), dealer=3)
    choice = TarotExpert(budget=SMALL).decide(view_of(state))
    assert choice.value in ("garde", "garde_sans", "garde_contre")


def searched_bids(player: TarotExpert, view: TarotView) -> tuple[list[str], Any]:
    """The bids ``player`` weighs for ``view`` (in order), and the one it makes."""
    seen: list[list[Any]] = []
    weigh = player.weigh

    def spy(v: TarotView, candidates: Any) -> Any:
        seen.append([c.value for c in candidates])
        return weigh(v, candidates)

    with patch.object(player, "weigh", spy):
        choice = player.decide(view)
    assert choice in view.legal_actions()
    return (seen[0] if seen else []), choice


#: Count near the heuristic's petite: three oudlers, a few trumps, a king (the heuristic bids a petite).
BORDERLINE = cards("KS 2S 3S 4H 5H 6H 2D 3D 4D 2C 3C 4C 5C") + trumps(1, 21, 5, 6) + ["EX"]


def test_where_the_heuristic_takes_the_search_weighs_only_how_high() -> None:
    state = new_hand(fill(4, {0: BORDERLINE}, cards("6S 7S 6D 7D 8D 9D")), dealer=3)
    view = view_of(state)
    assert bid_by_the_count(view).value == "petite"
    seen, choice = searched_bids(TarotExpert(budget=SMALL), view)
    assert seen == ["petite", "garde"] and choice.value in seen


#: A hand the heuristic passes, near enough a bid to be searched.
NEAR_A_BID = cards("KS 10S 3S AS QH JH JD 3D JC 10C 4C 2C") + trumps(19, 18, 16, 15, 4, 2)


def test_a_borderline_hand_is_searched_and_its_bid_is_legal() -> None:
    state = new_hand(fill(4, {0: NEAR_A_BID}, cards("6S 7S 6D 7D 8D 9D")), dealer=3)
    view = view_of(state)
    assert bid_by_the_count(view).value == "pass"
    seen, _choice = searched_bids(TarotExpert(budget=SMALL), view)
    assert seen and seen[0] == "pass" and "petite" in seen and "garde" in seen


def test_the_search_keeps_the_heuristic_s_choice_within_the_margin() -> None:
    state = new_hand(fill(4, {0: STRONG}, cards("6S 7S 6H 7H 6D 7D")), dealer=3)
    view = view_of(state)
    player = TarotExpert(budget=SMALL)
    usual = bid_by_the_count(view)
    candidates = [a for a in view.legal_actions() if a.value in ("pass", "petite", usual.value)]

    class Near:
        worlds = 2
        means = [0.0 if a == usual else expert.MARGIN / 2 - expert.TAKE_BONUS for a in candidates]

    with patch.object(player, "weigh", lambda v, c: Near):
        assert player.chosen(view, candidates, usual) == usual


def test_the_taker_decides_the_chelem_by_the_deals_played_out() -> None:
    state = new_hand(fill(4, {0: STRONG}, cards("6S 7S 6H 7H 6D 7D")), dealer=3)
    heuristic = TarotHeuristic()
    while state.phase != CHELEM and state.to_act is not None:
        view = view_of(state)
        state.apply(TarotExpert(budget=SMALL).decide(view) if view.seat == 0 and view.phase == BID
                    else heuristic.decide(view))  # fmt: skip
    assert state.phase == CHELEM
    view = view_of(state)
    assert TarotExpert(budget=SMALL).decide(view) in view.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_decision_is_legal_at_every_player_count(players: int) -> None:
    """Deals where the expert's hand is dealt strong enough to bid, so its bid, chelem and play all come up."""
    rng = random.Random(players)
    player = TarotExpert(random.Random(0), budget=SearchBudget(Budget.FAST, 6))
    heuristic = TarotHeuristic()
    options = RULES.parse_options({}, players)
    searched = 0
    for dealer in range(2):
        state = RULES.new_hand(options, players, dealer, RULES.random_deal(rng, options, players, dealer),
                               [0] * players)  # fmt: skip
        while state.to_act is not None:
            view = state.view(state.to_act)
            assert isinstance(view, TarotView)
            action = (player if view.seat == 0 else heuristic).decide(view)
            assert action in view.legal_actions() or view.phase not in (BID, CHELEM)
            searched += view.seat == 0 and view.phase in (BID, CHELEM)
            state.apply(action)
    assert searched >= 1


def test_the_same_view_gives_the_same_bid() -> None:
    hand = cards("KS 2S 3S 4H 5H 6H 2D 3D 4D 2C 3C 4C 5C") + trumps(1, 21, 5, 6) + ["EX"]
    view = view_of(new_hand(fill(4, {0: hand}, cards("6S 7S 6D 7D 8D 9D")), dealer=3))
    assert TarotExpert(budget=SMALL).decide(view) == TarotExpert(budget=SMALL).decide(view)


def test_swapping_unseen_cards_leaves_the_bid_alone() -> None:
    hand = cards("KS 2S 3S 4H 5H 6H 2D 3D 4D 2C 3C 4C 5C") + trumps(1, 21, 5, 6) + ["EX"]
    deal = fill(4, {0: hand}, cards("6S 7S 6D 7D 8D 9D"))
    record = {
        "format": "cardtable-record/1", "game": "tarot", "options": {}, "players": 4, "start_scores": [0] * 4,
        "hands": [{"dealer": 3, "deal": json.loads(json.dumps(deal.to_json(DECK))), "actions": []}],
    }  # fmt: skip
    _out, status, match = replay(parse_record(record, find_game))
    assert status == 0 and match.current is not None
    view = narrowed(TarotView, match.current.view(0))
    choice = TarotExpert(budget=SMALL).decide(view)
    rng = random.Random(2)
    unseen = [c for c in DECK.codes if c not in hand]
    for _ in range(3):
        first, second = rng.sample(unseen, 2)
        other = view_after(swapped(record, first, second), 0)
        assert other == view
        assert isinstance(other, TarotView)
        assert TarotExpert(budget=SMALL).decide(other) == choice


@pytest.mark.slow
def test_expert_scores_above_the_heuristic_at_four_players() -> None:
    seats = ["expert", "heuristic", "heuristic", "heuristic"]
    out = simulate(RULES, seats, RULES.parse_options({}, 4), hands=100, seed=11, duplicate=True)
    assert out["duplicate"]["mean_diff"] > 0
