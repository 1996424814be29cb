"""``cardtable sim truco`` with random players at every table size and in both variants."""

from __future__ import annotations

import pytest

from cardtable.engine.sim import simulate
from cardtable.games.truco.rules import RULES


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_random_matches_finish(players: int, variant: str) -> None:
    options = RULES.parse_options({"variant": variant}, players)
    out = simulate(RULES, ["random"] * players, options, matches=20, seed=3)
    assert sum(out["wins_by_seat"][:2]) == 20  # every match has a winning team
    assert out["wins_by_seat"] == [out["wins_by_seat"][s % 2] for s in range(players)]
    again = simulate(RULES, ["random"] * players, options, matches=20, seed=3)
    assert {k: v for k, v in out.items() if k not in ("elapsed_s", "hands_per_s")} == {
        k: v for k, v in again.items() if k not in ("elapsed_s", "hands_per_s")
    }


def test_single_hands() -> None:
    out = simulate(RULES, ["random"] * 4, RULES.parse_options({}, 4), hands=50, seed=1)
    assert out["hands"] == 50
