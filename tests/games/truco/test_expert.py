"""The ``expert`` Truco player: its playout rule, the equity behind its calls and answers, what the opponents'
calls tell it, its measured bluff, legality in every variant and player count, and hint invariance.

Positions are cut from one-hand records (the helpers of the heuristic's tests); the player thinks with a small
fixed budget so each test stays quick.  Unless a test says otherwise the vira is 7D: the queens are the
manilhas (QC zap 14, QH 13, QS 12, QD 11).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from cardtable.engine.players import Budget
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import simulate
from cardtable.games import find_game
from cardtable.games.search import Outcome, SearchBudget
from cardtable.games.truco import expert
from cardtable.games.truco.argentino import ArgentinoView
from cardtable.games.truco.argentino_ai import HeuristicByVariant
from cardtable.games.truco.expert import BLUFF_RATE, TrucoExpert, playout_card
from cardtable.games.truco.rules import DECK, RULES, TrucoView
from tests.games.test_contract import swapped, view_after
from tests.games.truco.argentino_helpers import new_hand as argentino_hand
from tests.games.truco.helpers import new_hand, play
from tests.games.truco.test_ai import code, record, view_at

SMALL = SearchBudget(Budget.FAST, 24)


def expert_code(rec: dict[str, Any], budget: SearchBudget = SMALL) -> str | None:
    return code(TrucoExpert(budget=budget).decide(view_at(rec)))


def argentino_view(hands: list[str], actions: str = "", **raw: Any) -> ArgentinoView:
    state = argentino_hand(hands, actions, **raw)
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert isinstance(view, ArgentinoView)
    return view


# ===================================================================== the playout's card rule
def card(state: Any) -> str:
    return DECK.codes[playout_card(state, state.strength)]


def test_playout_card_wins_cheaply_and_throws_low_when_it_cannot() -> None:
    state = new_hand(["3S 5D 6D", "KH QD 2C"], vira="7D")
    play(state, "0:3S")
    assert card(state) == "QD"  # the only card above a 3 (a manilha)
    state = new_hand(["KS 5D 6D", "KH QD 2C"], vira="7D")
    play(state, "0:KS")
    assert card(state) == "2C"  # the 2 beats the king more cheaply than the manilha
    state = new_hand(["QC 5D 6D", "KH QD 2C"], vira="7D")
    play(state, "0:QC")
    assert card(state) == "KH"  # nothing beats the zap: the lowest card goes


def test_playout_card_leads_the_middle_card_first_and_plays_low_behind_a_partner() -> None:
    state = new_hand(["4S 2H QC", "5S 6S 7S"], vira="7D")
    assert card(state) == "2H"
    # Four players: seat 2 (seat 0's partner) holds the trick with the zap; seat 3... plays for its side.
    state = new_hand(["4S 5H 6H", "5S 6S 7S", "QC 4D 4H", "KS 3S 2S"], vira="7D")
    play(state, "0:4S 1:5S 2:QC")
    assert card(state) == "KS"  # nothing beats the zap: seat 3 throws its lowest
    state = new_hand(["QC 5H 6H", "5S 6S 7S", "4D 5D 2D", "KS 3S 2S"], vira="7D")
    play(state, "0:QC 1:5S")
    assert card(state) == "4D"  # the partner's zap holds the trick: seat 2 plays low


# ===================================================================== calls and answers from the equity
def test_the_best_cards_never_refuse_a_truco() -> None:
    # Seat 1 holds the zap, copas and espadas: a truco is accepted or raised.
    rec = record(["4S 5D 6D", "QC QH QS"], "0:truco")
    assert expert_code(rec) in ("accept", "raise")


def test_the_worst_cards_refuse_a_truco_after_losing_the_first_trick() -> None:
    # Seat 1 lost trick 1 to the zap and holds two 4s against a caller that still holds copas.
    rec = record(["QC QH 5D", "4S 5C 4H"], "0:QC 1:4S 0:truco")
    assert expert_code(rec) == "refuse"


def test_sure_cards_raise_the_stakes() -> None:
    # Seat 0 holds the three best manilhas and leads: it calls truco rather than play for one point.
    rec = record(["QC QH QS", "4S 5C 6H"])
    assert expert_code(rec) == "truco"


def test_a_mao_de_onze_is_played_with_good_cards_and_run_from_bad_ones() -> None:
    good = record(["QC QH 3S", "4S 5C 6H"], scores=[11, 3])
    bad = record(["4D 5C 6H", "QC QH 3S"], scores=[11, 3])
    assert expert_code(good) == "play"
    assert expert_code(bad) == "run"


def test_mineiro_answers_from_its_own_manilhas() -> None:
    # Mineiro: 4C (zap), 7H, AS are the top three manilhas.
    rec = record(["4S 5D 6D", "4C 7H AS"], "0:truco", vira=None)
    assert expert_code(rec) in ("accept", "raise")


def test_argentino_calls_envido_with_a_high_count_and_refuses_one_with_nothing() -> None:
    # 7S 6S = 33 envido: on its own turn the mano calls an envido word.
    view = argentino_view(["7S 6S 4C", "KH JD 4D"])
    choice = TrucoExpert(budget=SMALL).decide(view)
    assert choice.verb == "call" and choice.value in ("envido", "real_envido", "falta_envido", "truco")
    # Seat 1 with figures only (count 0... its best single value) answers an envido by refusing it.
    view = argentino_view(["7S 6S 4C", "KH JD NC"], "0:envido")
    assert TrucoExpert(budget=SMALL).decide(view).value == "refuse"


def test_argentino_accepts_an_envido_it_is_sure_to_win() -> None:
    view = argentino_view(["4C 5H KD", "7S 6S 4D"], "0:envido")
    assert TrucoExpert(budget=SMALL).decide(view).value in ("accept", "real_envido", "falta_envido", "envido")


# ===================================================================== what the opponents' calls say
def test_a_truco_makes_worlds_where_the_caller_would_call_count_more() -> None:
    rec = record(["4S 5D 6D", "KH JS 2C"], "0:truco")
    view = view_at(rec)
    player = TrucoExpert(budget=SMALL)
    worlds = RULES.sample_hidden(view, random.Random(3), 60)
    weights = [player.likelihood(view, RULES.state_from_view(view, w)) for w in worlds]
    assert max(weights) == 1.0 and min(weights) < 1.0
    assert set(weights) <= {1.0, expert.BLUFF_LIKELIHOOD}
    # Without a call from the other side every world counts alike.
    quiet = view_at(record(["4S 5D 6D", "KH JS 2C"]))
    for hidden in RULES.sample_hidden(quiet, random.Random(3), 10):
        assert player.likelihood(quiet, RULES.state_from_view(quiet, hidden)) == 1.0


# ===================================================================== the measured bluff
class Always(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def test_a_cheap_raise_is_bluffed_at_the_bluff_rate_and_a_costly_one_never() -> None:
    view = view_at(record(["4S 5D 6D", "KH JS 2C"]))
    candidates = view.legal_actions()
    truco = next(i for i, a in enumerate(candidates) if a.value == "truco")
    player = TrucoExpert(budget=SMALL)
    means = [1.0] * len(candidates)
    means[truco] = 1.0 - expert.BLUFF_COST / 2
    cheap = Outcome(means, 10)
    assert player.pick_action(candidates, cheap, Always(BLUFF_RATE / 2)).value == "truco"
    assert player.pick_action(candidates, cheap, Always(BLUFF_RATE * 2)).value != "truco"
    means[truco] = 1.0 - 2 * expert.BLUFF_COST
    assert player.pick_action(candidates, Outcome(means, 10), Always(0.0)).value != "truco"


# ===================================================================== legality, determinism, invariance
@pytest.mark.parametrize("variant", ["paulista", "mineiro", "argentino"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_decision_is_legal_in_every_variant_and_player_count(variant: str, players: int) -> None:
    """Hands from random match scores (so brink hands come up), the expert in every other seat."""
    rng = random.Random(players * 10 + len(variant))
    options = RULES.parse_options({"variant": variant}, players)
    experts = [TrucoExpert(random.Random(seat), budget=SearchBudget(Budget.FAST, 4)) for seat in range(players)]
    others = HeuristicByVariant(random.Random(1))
    decisions = 0
    for hand in range(4 if players < 6 else 2):
        dealer = hand % players
        team_scores = [rng.randrange(options.target) for _team in (0, 1)]
        state = RULES.new_hand(options, players, dealer, RULES.random_deal(rng, options, players, dealer),
                               [team_scores[s % 2] for s in range(players)])  # fmt: skip
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            action = (experts[seat] if seat % 2 == 0 else others).decide(view)
            assert action in view.legal_actions()
            state.apply(action)
            decisions += seat % 2 == 0
    assert decisions >= 4


def test_the_same_view_gives_the_same_decision() -> None:
    rec = record(["4S 5D 3D", "KH JS 2C"], "0:truco")
    assert expert_code(rec) == expert_code(rec)


@pytest.mark.parametrize(
    ("hands", "actions", "vira"),
    [
        (["4S 5D 3D", "KH JS 2C"], "0:truco", "7D"),
        (["QC 5D 6D", "KH JS 2C", "AS 2D 3H", "4H 5S KC"], "0:QC 1:KH 2:AS", "7D"),
        (["QC 5D 6D", "KH JS 2C"], "0:QC 1:KH 1:JS", None),
    ],
)
def test_swapping_unseen_cards_leaves_the_hint_alone(hands: list[str], actions: str, vira: str | None) -> None:
    rec = record(hands, actions, vira=vira)
    _out, status, match = replay(parse_record(rec, find_game))
    assert status == 0 and match.current is not None
    seat = match.current.to_act
    assert seat is not None
    view = match.current.view(seat)
    unseen = [c for c in " ".join(h for s, h in enumerate(hands) if s != seat).split() if c not in actions]
    choice = TrucoExpert(budget=SMALL).decide(view)
    for first, second in itertools.pairwise(unseen):
        other = view_after(swapped(rec, first, second), seat)
        assert other == view
        assert isinstance(other, TrucoView)
        assert TrucoExpert(budget=SMALL).decide(other) == choice


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_expert_beats_the_heuristic_in_paulista(players: int) -> None:
    seats = ["expert", "heuristic"] * (players // 2)
    out = simulate(RULES, seats, RULES.parse_options({}, players), matches=100, seed=7, duplicate=True)
    wins = out["wins_by_seat"]
    assert wins[0] > 0.6 * (wins[0] + wins[1])
