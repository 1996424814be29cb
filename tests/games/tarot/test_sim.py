"""``cardtable sim tarot``: 3 to 5 players, the contract success rate, and wins for the best-scoring seats."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.engine.sim import simulate
from cardtable.games.tarot.rules import RULES

TIMINGS = ("elapsed_s", "hands_per_s", "decision_time")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_plays_matches_at_every_size(capsys: pytest.CaptureFixture[str], players: int) -> None:
    seats = ",".join(["random"] * players)
    assert main(["sim", "tarot", "--players", str(players), "--seats", seats, "--matches", "6", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == players and result["matches"] == 6
    # Every counted deal has a taker; annulled deals (petit sec, all pass) do not count.
    assert result["contracts"] == 6 * 4 <= result["hands"]
    assert 0 <= result["contract_success_rate"] <= 1
    # A match is won by every seat with the highest score: at least one winner a match.
    assert sum(result["wins_by_seat"]) >= 6


def test_the_same_seed_gives_the_same_result() -> None:
    options = RULES.parse_options({"deals": 2}, 4)
    first = simulate(RULES, ["random"] * 4, options, matches=5, seed=9)
    second = simulate(RULES, ["random"] * 4, options, matches=5, seed=9)
    assert {k: v for k, v in first.items() if k not in TIMINGS} == {k: v for k, v in second.items() if k not in TIMINGS}


def test_single_hands_count_a_win_for_the_side_that_scored_best() -> None:
    options = RULES.parse_options({}, 5)
    result = simulate(RULES, ["random"] * 5, options, hands=40, seed=2)
    # Each played hand has one winning side (the attack or the defence): between 1 and 4 seats.
    played = result["contracts"]
    assert played <= sum(result["wins_by_seat"]) <= 4 * played
    assert result["matches"] == 0 and result["hands"] == 40
