"""``cardtable sim --duplicate``: every deal played once per rotation of the seats, and the levels compared."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine.players import make_computer
from cardtable.engine.sim import derived_rng, duplicate_summary, play_round, rotations
from cardtable.games import find_game


def run_sim(capsys: pytest.CaptureFixture[str], args: list[str]) -> dict[str, Any]:
    assert main(args) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def test_a_partnership_deal_is_played_with_the_teams_swapped(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "manille", "--seats", "heuristic,random,heuristic,random", "--duplicate", "--hands", "6",
            "--seed", "3", "--json"]  # fmt: skip
    result = run_sim(capsys, args)
    duplicate = result["duplicate"]
    assert result["hands"] == 12 and duplicate["pairs"] == 6
    levels = duplicate["levels"]
    assert set(levels) == {"heuristic", "random"}
    assert duplicate["mean_diff"] == pytest.approx(levels["heuristic"] - levels["random"], abs=1e-3)
    low, high = duplicate["ci95"]
    assert low <= duplicate["mean_diff"] <= high and low < high
    # By position in --seats: partners share their side's score in both rotations.
    by_position = result["mean_score_by_seat"]
    assert by_position[0] == by_position[2] == pytest.approx(levels["heuristic"], abs=1e-3)
    assert by_position[1] == by_position[3] == pytest.approx(levels["random"], abs=1e-3)
    wins = result["wins_by_seat"]
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] <= 12
    assert run_sim(capsys, args)["duplicate"] == duplicate  # reproducible


def test_every_rotation_deals_the_same_cards() -> None:
    rules = find_game("manille")
    options = rules.parse_options({}, 4)
    lineups = [["heuristic", "random", "heuristic", "random"], ["random", "heuristic", "random", "heuristic"]]
    deals = []
    for turn, seated in enumerate(lineups):
        computers = [make_computer(rules, level, derived_rng(9, "seat", 0, s, turn)) for s, level in enumerate(seated)]
        played = play_round(rules, options, computers, derived_rng(9, "deal", 0), 0, True, None, None, 10)
        deals.append(played.match.to_record()["hands"][0]["deal"])
        assert played.hands == 1 and not played.unfinished
    assert deals[0] == deals[1]


def test_tarot_puts_each_level_in_each_seat_and_counts_its_contracts(capsys: pytest.CaptureFixture[str]) -> None:
    assert rotations(find_game("tarot"), 4) == 4 and rotations(find_game("manille"), 4) == 2
    args = ["sim", "tarot", "--seats", "heuristic,random,random,random", "--duplicate", "--hands", "3", "--seed", "1",
            "--json"]  # fmt: skip
    result = run_sim(capsys, args)
    assert result["hands"] == 12 and result["duplicate"]["pairs"] == 3
    by_level = result["stats_by_level"]
    assert set(by_level) == {"heuristic", "random"}
    # Each level sat in each seat once per deal: the heuristic played every deal once, random three times.
    assert by_level["random"]["deals"] == 3 * by_level["heuristic"]["deals"]
    for counts in by_level.values():
        assert counts.get("contracts_made", 0) <= counts.get("contracts_taken", 0)


def test_whole_matches_can_be_played_in_duplicate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "malilla", "--seats", "heuristic,random,heuristic,random", "--duplicate", "--matches", "2",
            "--seed", "5", "--json"]  # fmt: skip
    result = run_sim(capsys, args)
    assert result["duplicate"]["pairs"] == 2 and sum(result["wins_by_seat"][:2]) + result["unfinished"] == 4


def test_the_summary_of_one_level_or_no_deal_compares_nothing() -> None:
    assert duplicate_summary(["random"], [{"random": 3.0}])["mean_diff"] == 0.0
    assert duplicate_summary(["a", "b"], [])["pairs"] == 0
    summary = duplicate_summary(["a", "b"], [{"a": 4.0, "b": 1.0}, {"a": 2.0, "b": 1.0}])
    assert summary["mean_diff"] == 2.0 and summary["ci95"][0] < 2.0 < summary["ci95"][1]
