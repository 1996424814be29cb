"""The exact endgame solver shared by Manille and Malilla, against a plain search of the real engine.

The solver prunes (alpha-beta, a table of positions, bounds on the points left) and plays the last two
tricks by a shorter path of its own; none of that may change a value.  Each ending here is a hand played at
random to a few tricks from the end, and every legal card of the seat to act must be worth to the solver
exactly what trying every card of the engine's own legal moves says.  (``benchmarks/solver_check.py`` runs
the same comparison on thousands of endings, and against the solver before its rewrite.)
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.endgame_check import plain_points, random_endings, side_points
from cardtable.engine.cards import cards_in
from cardtable.games import endgame
from cardtable.games.malilla import ai as malilla_ai
from cardtable.games.manille import ai as manille_ai
from cardtable.games.manille.rules import DECK, PIPS, RULES, follow_rules


def solver_values(game: str, state: Any) -> list[int]:
    view = state.view(state.to_act)
    if game == "manille":
        rules, forbidden = manille_ai.endgame_rules(manille_ai.Table(view)), 0
    else:
        table = malilla_ai.Table(view)
        rules, forbidden = malilla_ai.endgame_rules(table), table.forbidden
    seat = state.to_act
    solver = endgame.Solver(rules, seat, list(state.trick), state.hands[seat].bit_count(), forbidden)
    return [solver.value_after(tuple(state.hands), card) for card in cards_in(state.legal_play_mask())]


@pytest.mark.parametrize(
    ("game", "raw"),
    [("manille", {}), ("manille", {"must_beat": False, "last_trick_bonus": True}), ("manille", {"house": "french"}),
     ("manille", {"house": "belgian"}), ("malilla", {}), ("malilla", {"deck": "spanish48"})],
)  # fmt: skip
def test_the_solver_values_every_card_as_a_plain_search_of_the_engine(game: str, raw: dict[str, Any]) -> None:
    for state in random_endings(game, raw, 10, seed=41):
        seat = state.to_act
        done = side_points(state, seat % 2)
        expected = []
        for card in cards_in(state.legal_play_mask()):
            child = state.clone()
            child.play_card(card)
            expected.append(plain_points(child, seat % 2) - done)
        assert solver_values(game, state) == expected


def test_in_the_belgian_house_the_solver_does_not_let_a_seat_under_trump() -> None:
    # In the Belgian house a seat void in the led suit that cannot overtrump must throw a plain card if it holds
    # one.  This ending (diamonds trump, seat 2 to lead; found among random ones) is one where the rule changes a
    # value: a solver that let the seat under-trump gave the ace of clubs 16 points; the engine's plain search 17.
    options = RULES.parse_options({"house": "belgian"}, 4)
    rules = endgame.EndgameRules(DECK, PIPS, DECK.suits.index("D"), follow_rules(options), 4)
    hands = [DECK.mask_of(codes) for codes in (["8S", "AS", "KD"], ["JH", "8D", "JC"], ["7S", "8C", "AC"],
                                               ["9S", "QD", "QC"])]  # fmt: skip
    solver = endgame.Solver(rules, 2, [], 3)
    assert [solver.value_after(tuple(hands), card) for card in cards_in(hands[2])] == [10, 6, 17]
