"""The ladder random < beginner < heuristic, game by game (slow: whole tournaments, run with ``--run-slow``).

Each row plays the stronger level against the weaker one as the ladder of docs/STRENGTH.md does (alternating
seats in the partnership games, one seat against the others elsewhere) and checks that the stronger one finishes
first more often than its fair share (a side of two seats, or one seat among n); docs/STRENGTH.md gives the
measured figures and the commands.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.sim import simulate
from cardtable.games import find_game

ROWS: list[tuple[str, int, dict[str, Any]]] = [
    ("malilla", 4, {}),
    ("manille", 4, {}),
    ("manille", 3, {}),
    ("truco", 2, {}),
    ("truco", 4, {"variant": "mineiro"}),
    ("truco", 6, {"variant": "argentino"}),
    ("tarot", 3, {}),
    ("tarot", 4, {}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "raw"), ROWS)
@pytest.mark.parametrize(("strong", "weak"), [("beginner", "random"), ("heuristic", "beginner")])
def test_each_level_beats_the_one_below(game: str, players: int, raw: dict[str, Any], strong: str,
                                        weak: str) -> None:  # fmt: skip
    rules = find_game(game)
    options = rules.parse_options(raw, players)
    partnership = game != "tarot" and players % 2 == 0
    lineup = [strong if seat % 2 == 0 else weak for seat in range(players)] if partnership else \
        [strong] + [weak] * (players - 1)  # fmt: skip
    matches = 200
    result = simulate(rules, lineup, options, matches=matches, seed=11)
    share = result["sole_wins_by_seat"][0] / matches
    # One seat against the others shares first place with nobody less often than a side of two does.
    fair = 0.5 if partnership else 1 / players
    assert share > fair + (0.1 if partnership else 0.02), result
