"""Playing for the match (``benchmarks/match_odds.py``, an experiment the experts do not play): the chance of
winning a match from the points each side needs, and the worth of a hand's end by it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.match_odds import (
    MALILLA_OUTCOMES,
    MANILLE_OUTCOMES,
    MatchOdds,
    malilla_match_worth,
    manille_match_worth,
    outcomes_from_rows,
)
from cardtable.games.malilla.ai import hand_ends
from cardtable.games.manille.ai import Table, hand_worth
from cardtable.games.manille.rules import DECK, RULES, ManilleDeal, ManilleView

from .malilla.helpers import SEED_DEAL
from .malilla.helpers import new_hand as malilla_hand
from .manille.helpers import deal, options


def manille_view_at(scores: tuple[int, int, int, int]) -> ManilleView:
    """Seat 0's view of a fresh Manille hand (hearts turned) with the match at ``scores``."""
    manille_deal = ManilleDeal([DECK.mask_of(cards) for cards in deal({})], DECK.parse("7H"))
    state = RULES.new_hand(options(), 4, 3, manille_deal, list(scores))
    return state.view(0)


def test_a_point_a_hand_to_either_side_gives_the_chances_worked_by_hand() -> None:
    # Each hand one side or the other scores a point, as likely either way; a hand scoring nothing only delays.
    odds = MatchOdds(outcomes_from_rows([(5,), (1,)]), target=2)
    assert odds.chance(1, 1) == pytest.approx(0.5)
    assert odds.chance(1, 0) == pytest.approx(0.75)  # win now, or back to 1 : 1
    assert odds.chance(0, 1) == pytest.approx(0.25)
    assert odds.chance(0, 0) == pytest.approx(0.5)
    assert odds.chance(2, 1) == 1.0 and odds.chance(1, 2) == 0.0


@given(st.integers(0, 100), st.integers(0, 100))
def test_the_two_sides_chances_add_up_to_one(ours: int, theirs: int) -> None:
    odds = MatchOdds(MANILLE_OUTCOMES, 101)
    assert odds.chance(ours, theirs) + odds.chance(theirs, ours) == pytest.approx(1.0)


@pytest.mark.parametrize(("outcomes", "target"), [(MANILLE_OUTCOMES, 101), (MALILLA_OUTCOMES, 35)])
def test_more_points_never_lower_the_chance(outcomes: dict[tuple[int, int], int], target: int) -> None:
    odds = MatchOdds(outcomes, target)
    for theirs in range(0, target, 7):
        chances = [odds.chance(ours, theirs) for ours in range(target + 1)]
        assert chances == sorted(chances)


def test_early_in_a_match_a_point_is_worth_a_point() -> None:
    odds = MatchOdds(MANILLE_OUTCOMES, 101)
    gains = [0, 5, 10, 20, 30]
    worth = odds.local_points(0, 0, [odds.chance(gain, 0) for gain in gains])
    assert worth == pytest.approx(gains, abs=0.6)


def test_near_the_end_the_points_that_win_count_most() -> None:
    # We need 11, they need 6: their sixth point costs far more than their fifth.
    odds = MatchOdds(MANILLE_OUTCOMES, 101)
    ours, theirs = 90, 95
    worth = odds.local_points(ours, theirs, [odds.chance(ours, theirs + lost) for lost in (4, 5, 6)])
    assert worth[1] - worth[2] > 3 * (worth[0] - worth[1])


def test_manille_match_worth_is_the_hand_worth_at_the_start_and_not_at_the_end() -> None:
    view = manille_view_at(scores=(0, 0, 0, 0))
    table = Table(view)
    assert manille_match_worth(table) == pytest.approx(hand_worth(table), abs=1.0)
    view = manille_view_at(scores=(90, 96, 90, 96))
    late = manille_match_worth(Table(view))
    they_score = [60 - view.options.quota - gain for gain in (3, 4, 5)]  # our pips when they score 3, 4 or 5
    # They need 5: their fifth point (the match) costs us far more than their fourth, where at 0 : 0 the two
    # cost alike.
    assert late[they_score[1]] - late[they_score[2]] > 3 * (late[they_score[0]] - late[they_score[1]])


def test_malilla_match_worth_counts_a_hand_that_wins_the_match_as_won() -> None:
    view = malilla_hand(SEED_DEAL, "7H", scores=[30, 0, 30, 0]).view(0)
    worth = malilla_match_worth(view)
    ends = hand_ends(view)
    winning = next(points for points, (_ours, _theirs, decided) in enumerate(ends) if decided)
    # The least that wins the match is worth far more than a point over one point fewer, and a point more little.
    assert worth[winning] - worth[winning - 1] > 3
    assert worth[winning + 1] - worth[winning] < 0.01
