"""``cardtable sim``: the fixed output shape, and the same JSON for the same arguments, timings aside."""

from __future__ import annotations

import json
import math
import statistics
import tracemalloc
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine.quantiles import exact_quantile
from cardtable.engine.sim import DecisionClock, simulate
from cardtable.games import find_game

TIMINGS = ("elapsed_s", "hands_per_s", "decision_time")
ARGS = ["sim", "manille", "--matches", "20", "--seats", "random,random,random,random", "--seed", "4", "--json"]


def run_sim(capsys: pytest.CaptureFixture[str], args: list[str]) -> dict[str, Any]:
    assert main(args) == 0
    out = capsys.readouterr().out
    result: dict[str, Any] = json.loads(out)  # nothing but the JSON on stdout, as JSON: any shape
    return result


def without_timings(result: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in result.items() if k not in TIMINGS}


def test_sim_prints_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_sim(capsys, ARGS)
    for key in ("game", "players", "seats", "seed", "matches", "hands", "wins_by_seat", "mean_score_by_seat",
                "elapsed_s", "hands_per_s", "options"):  # fmt: skip
        assert key in result
    assert result["matches"] == 20 and result["players"] == 4
    wins = result["wins_by_seat"]
    assert isinstance(wins, list) and wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] == 20
    # A partnership match always has one winning side: every win is a sole win.
    assert result["sole_wins_by_seat"] == wins


def test_a_tie_for_first_place_is_a_win_but_no_sole_win(capsys: pytest.CaptureFixture[str]) -> None:
    """Tarot's winners are every seat with the highest score: defenders who shared every deal tie."""
    args = ["sim", "tarot", "--matches", "30", "--seats", "random,random,random,random", "--seed", "2", "--json"]
    result = run_sim(capsys, args)
    wins, sole = result["wins_by_seat"], result["sole_wins_by_seat"]
    assert isinstance(wins, list) and isinstance(sole, list)
    assert all(s <= w for s, w in zip(sole, wins, strict=True))
    assert sum(sole) <= 30 < sum(wins)


def test_the_same_arguments_give_the_same_json_twice(capsys: pytest.CaptureFixture[str]) -> None:
    first = json.dumps(without_timings(run_sim(capsys, ARGS)), sort_keys=True)
    second = json.dumps(without_timings(run_sim(capsys, ARGS)), sort_keys=True)
    assert first == second
    other_seed = run_sim(capsys, [*ARGS[:-3], "--seed", "5", "--json"])
    assert json.dumps(without_timings(other_seed), sort_keys=True) != first


def test_single_hands_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "manille", "--hands", "30", "--seats", "random,random,random", "--option", "target=50", "--json"]
    result = run_sim(capsys, args)
    assert result["hands"] == 30 and result["matches"] == 0 and result["players"] == 3
    assert result["options"]["target"] == 50


def test_decision_times_are_reported_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_sim(capsys, [*ARGS, "--time-decisions"])
    times = result["decision_time"]["random"]
    assert times["decisions"] > 0 and times["mean_ms"] >= 0 and times["cpu_mean_ms"] >= 0
    assert set(times) == {"mean_ms", "p99_ms", "cpu_mean_ms", "cpu_p99_ms", "decisions"}


#: Decision times from a microsecond to ten milliseconds, as a run from the heuristic to the expert spans.
SPREAD = [10 ** (-6 + 4 * i / 999) for i in range(1000)]


def time_decisions(clock: DecisionClock, rounds: int) -> None:
    for _ in range(rounds):
        for i, seconds in enumerate(SPREAD):
            clock.add(i % 2, seconds, seconds / 3)


def test_the_decision_clock_does_not_grow_with_the_decisions() -> None:
    """A million Truco hands once kept 748 MB of times: the clock now keeps a summary of a fixed size."""
    clock = DecisionClock(["expert", "heuristic"])
    time_decisions(clock, 2)
    tracemalloc.start()
    try:
        time_decisions(clock, 20)
        grown = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # Twenty thousand more decisions: kept one by one they would take some 800 kB.
    assert grown < 16_000


def test_the_decision_clock_reports_within_one_percent_of_every_time_kept() -> None:
    clock = DecisionClock(["expert", "heuristic"])
    time_decisions(clock, 3)
    summary = clock.summary()
    for seat, level in enumerate(("expert", "heuristic")):
        wall = SPREAD[seat::2] * 3
        cpu = [seconds / 3 for seconds in wall]
        times = summary[level]
        assert times["decisions"] == len(wall)
        for key, samples in (("mean_ms", wall), ("cpu_mean_ms", cpu)):
            assert times[key] == round(statistics.fmean(samples) * 1000, 4)
        for key, samples in (("p99_ms", wall), ("cpu_p99_ms", cpu)):
            exact = exact_quantile(samples, 0.99) * 1000
            assert math.isclose(times[key], exact, rel_tol=0.01, abs_tol=0.0001), (key, times[key], exact)


def test_a_plain_run_keeps_nothing_per_hand() -> None:
    """Each deal's scores are kept for ``--duplicate``'s confidence interval alone; a plain run's memory stays flat."""
    rules = find_game("truco")
    options = rules.parse_options({}, 2)
    simulate(rules, ["random", "random"], options, hands=300)  # the same deals again: the games' caches warm
    traced: dict[int, int] = {}

    def measure(done: int, _total: int) -> None:
        if done in (50, 300):
            traced[done] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        simulate(rules, ["random", "random"], options, hands=300, progress=measure)
    finally:
        tracemalloc.stop()
    # Kept deal by deal, the 250 deals between the two measures took some 60 kB.
    assert traced[300] - traced[50] < 32_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "manille", "--seats", "random,random"], "--players"),
        (["sim", "manille", "--seats", "random,random,random,random", "--players", "3"], "--seats"),
        (["sim", "manille", "--seats", "wizard,random,random,random"], "unknown level"),
        (["sim", "manille", "--seats", "random,random,random,random", "--option", "colour=blue"], "colour is not"),
        (["sim", "manille", "--seats", "random,random,random", "--option", "auction=true"], "4 players"),
        (["sim", "manille", "--seats", "random,random,random,random", "--option", "target"], "NAME=VALUE"),
    ],
)
def test_bad_sim_arguments_give_a_clear_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err and captured.out == ""
