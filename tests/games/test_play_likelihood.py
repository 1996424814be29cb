"""Worlds weighed by the plays seen (``playout.PlayLikelihood``) and drawn again by weight (``resampled``).

In heuristic self-play the real deal explains the cards played better than the worlds dealt uniformly around
it; the weighed search plays whole hands legally in every option set; Manille's expert weighs its worlds,
Malilla's does not, and the fast budget (hints) weighs nothing.
"""

from __future__ import annotations

import random
import statistics
from typing import Any, TypeVar, cast

import pytest

from cardtable.engine.game import PLAY_VERB, Action, HandState, Hidden
from cardtable.engine.players import Budget, make_computer
from cardtable.games import find_game
from cardtable.games.malilla import expert as malilla_expert
from cardtable.games.malilla.rules import MalillaHand, MalillaView
from cardtable.games.manille import expert as manille_expert
from cardtable.games.manille.rules import ManilleHand, ManilleView
from cardtable.games.playout import (
    MISS_WEIGHT,
    PROPOSALS,
    PlayLikelihood,
    PointTrickGame,
    PointTrickSearcher,
    resampled,
)
from cardtable.games.search import SearchBudget
from tests.games.test_expert import OPTION_SETS
from tests.support import narrowed

Expert = TypeVar("Expert", bound=PointTrickSearcher[Any])


def trick_hand(state: HandState) -> ManilleHand | MalillaHand:
    """``state`` as the hand of one of the two games these tests weigh worlds in."""
    assert isinstance(state, ManilleHand | MalillaHand)
    return state


def playout_game(view: ManilleView | MalillaView) -> PointTrickGame:
    if isinstance(view, ManilleView):
        return manille_expert.playout_game(view.options, view.players, view.trump)
    return malilla_expert.playout_game(view.options, view.trump)


def decided(player: manille_expert.ManilleExpert | malilla_expert.MalillaExpert, view: object) -> Action:
    """What ``player`` plays from ``view``, which is its game's view."""
    if isinstance(player, manille_expert.ManilleExpert):
        return player.decide(narrowed(ManilleView, view))
    return player.decide(narrowed(MalillaView, view))


@pytest.mark.parametrize("game", ["manille", "malilla"])
def test_the_real_deal_explains_the_plays_better_than_the_worlds_around_it(game: str) -> None:
    rules = find_game(game)
    options = rules.parse_options({}, 4)
    rng = random.Random(3)
    above = []
    for number in range(8):
        dealer = number % 4
        hand = trick_hand(rules.new_hand(options, 4, dealer, rules.random_deal(rng, options, 4, dealer), [0] * 4))
        players = [make_computer(rules, "heuristic", random.Random(seat)) for seat in range(4)]
        while not hand.complete:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            if seat == 0 and view.only_plays and 2 <= len(view.tricks) <= 5:
                likelihood = PlayLikelihood(playout_game(view), view.trump, 0, 0.3, view.turned, view.dealer)
                real = likelihood.replay(trick_hand(rules.dealt_from_view(view, Hidden(tuple(hand.hands)))), view.log)
                dealt = rules.sample_hidden(view, rng, 24)
                weights = [likelihood.replay(trick_hand(rules.dealt_from_view(view, hidden)), view.log)
                           for hidden in dealt]  # fmt: skip
                assert all(0 < w <= 1 for w in weights)
                above.append(real > statistics.fmean(weights))
            hand.apply(players[seat].decide(view))
    assert len(above) >= 20
    assert sum(above) / len(above) >= 0.7


def test_a_world_counts_less_for_each_card_the_policy_would_not_have_played() -> None:
    rules = find_game("manille")
    options = rules.parse_options({}, 4)
    hand = narrowed(
        ManilleHand, rules.new_hand(options, 4, 0, rules.random_deal(random.Random(5), options, 4, 0), [0] * 4)
    )
    heuristic = make_computer(rules, "heuristic", random.Random(1))
    for _ in range(9):
        hand.apply(heuristic.decide(hand.view(hand.turn)))
    view = hand.view(hand.turn)
    likelihood = PlayLikelihood(playout_game(view), view.trump, view.seat, 0.5, view.turned, view.dealer)
    dealt = narrowed(ManilleHand, rules.dealt_from_view(view, Hidden(tuple(hand.hands))))
    weight = likelihood.replay(dealt, view.log)
    others_plays = sum(1 for action in view.log if action.verb == PLAY_VERB and action.seat != view.seat)
    # Each play by another seat either matched the policy or halved the weight; the replayed hand is the real one.
    assert weight in {0.5**misses for misses in range(others_plays + 1)}
    assert dealt.hands == hand.hands and dealt.trick == hand.trick


def test_the_partners_misses_can_count_apart_from_the_opponents() -> None:
    rules = find_game("manille")
    options = rules.parse_options({}, 4)
    heuristic = make_computer(rules, "heuristic", random.Random(1))
    hand = narrowed(
        ManilleHand, rules.new_hand(options, 4, 1, rules.random_deal(random.Random(3), options, 4, 1), [0] * 4)
    )
    while True:  # seat 0 to play in the fourth trick, the hand played without knocks
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        if seat == 0 and view.only_plays and len(view.tricks) == 3:
            break
        hand.apply(heuristic.decide(view))
    game = playout_game(view)

    def weighed(miss: float, partner_miss: float | None) -> PlayLikelihood:
        likelihood = PlayLikelihood(game, view.trump, view.seat, miss, view.turned, view.dealer)
        if partner_miss is not None:
            likelihood.misses[2] = partner_miss  # seat 0's partner
        return likelihood

    every_seat, opponents, partner = weighed(0.5, None), weighed(0.5, 1.0), weighed(1.0, 0.5)
    partner_missed = 0
    for hidden in rules.sample_hidden(view, random.Random(2), 30):
        by_partner, by_opponents, by_all = (likelihood.replay(trick_hand(rules.dealt_from_view(view, hidden)), view.log)
                                            for likelihood in (partner, opponents, every_seat))  # fmt: skip
        partner_missed += by_partner < 1
        # A world's weight is the opponents' misses' times the partner's.
        assert by_all == by_opponents * by_partner
    assert partner_missed  # some worlds make the partner play against the policy


def test_resampling_draws_each_world_in_proportion_to_its_weight() -> None:
    proposed: list[Any] = [(Hidden((i,)), None, w) for i, w in enumerate([1.0, 0.0001, 3.0, 0.5, 0.5])]
    kept = resampled(proposed, 10, random.Random(1))
    assert sum(times for _h, _s, times in kept) == 10
    drawn = {hidden.hands[0]: times for hidden, _s, times in kept}
    assert drawn[2] in (6, 7) and drawn[0] in (2, 3) and 1 not in drawn


@pytest.mark.parametrize("game", ["manille", "malilla"])
def test_the_weighed_expert_plays_whole_hands_legally(game: str) -> None:
    rules = find_game(game)
    budget = SearchBudget(Budget.NORMAL, 6)
    for players, raw in OPTION_SETS[game]:
        options = rules.parse_options(raw, players)
        hand = trick_hand(rules.new_hand(options, players, 0, rules.random_deal(random.Random(7), options, players, 0),
                                         [0] * players))  # fmt: skip
        # Manille's expert weighs its worlds as it plays; Malilla's is made to here (its own counts them alike).
        level = manille_expert.ManilleExpert if game == "manille" else weighing(malilla_expert.MalillaExpert)
        assert level.miss_weight == MISS_WEIGHT and level.proposals == PROPOSALS > 1
        experts = [level(random.Random(seat), budget) for seat in range(players)]
        while not hand.complete:
            seat = hand.to_act
            assert seat is not None
            hand.apply(decided(experts[seat], hand.view(seat)))  # apply refuses an illegal action


@pytest.mark.parametrize("game", ["manille", "malilla"])
def test_only_manilles_expert_weighs_its_worlds_never_at_the_fast_budget(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = find_game(game)
    options = rules.parse_options({}, 4)
    hand = trick_hand(rules.new_hand(options, 4, 0, rules.random_deal(random.Random(11), options, 4, 0), [0] * 4))
    heuristic = make_computer(rules, "heuristic", random.Random(2))
    while not (hand.view(hand.turn).only_plays and len(hand.view(hand.turn).tricks) >= 2):
        hand.apply(heuristic.decide(hand.view(hand.turn)))
    view = hand.view(hand.turn)
    replays: list[int] = []
    real_replay = PlayLikelihood.replay

    def counted(self: PlayLikelihood, *args: Any) -> float:
        replays.append(1)
        return real_replay(self, *args)

    monkeypatch.setattr(PlayLikelihood, "replay", counted)
    expert: type[manille_expert.ManilleExpert | malilla_expert.MalillaExpert] = (
        manille_expert.ManilleExpert if game == "manille" else malilla_expert.MalillaExpert
    )
    for level in (expert, weighing(expert)):
        replays.clear()
        decided(level(random.Random(1), SearchBudget(Budget.FAST, 16)), view)
        assert not replays
    decided(weighing(expert)(random.Random(1), SearchBudget(Budget.NORMAL, 8)), view)
    assert len(replays) == 8 * PROPOSALS
    replays.clear()
    decided(expert(random.Random(1), SearchBudget(Budget.NORMAL, 8)), view)
    assert len(replays) == (8 * PROPOSALS if game == "manille" else 0)


def weighing(level: type[Expert]) -> type[Expert]:
    """``level`` weighing its worlds as Manille's expert does."""
    # type() makes a subclass of ``level``, which mypy cannot see through: it types the result as plain ``type``.
    return cast(
        type[Expert], type(f"Weighing{level.__name__}", (level,), {"miss_weight": MISS_WEIGHT, "proposals": PROPOSALS})
    )
