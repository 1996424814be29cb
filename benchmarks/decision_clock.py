"""``sim --time-decisions`` keeps a summary of the decision times, not every time: how close it stays, how small.

The run is ``cardtable sim`` itself, with a clock that also keeps every time it is given; each reported figure is
set beside the one computed from the whole list (the exact mean and nearest-rank 99th percentile), with their
relative difference, and the memory the list takes beside the summary's.

Run: ``python benchmarks/decision_clock.py [--game truco] [--seats heuristic,heuristic] [--hands 20000]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tracemalloc
from collections.abc import Sequence

from cardtable.engine import sim
from cardtable.engine.quantiles import QuantileSketch, exact_quantile
from cardtable.games import find_game


class KeepingClock(sim.DecisionClock):
    """The run's clock, keeping every time too, as the clock did before it kept a summary."""

    made: list[KeepingClock] = []

    def __init__(self, seats: Sequence[str]) -> None:
        super().__init__(seats)
        self.kept: dict[str, tuple[list[float], list[float]]] = {level: ([], []) for level in seats}
        KeepingClock.made.append(self)

    def add(self, seat: int, seconds: float, cpu_seconds: float) -> None:
        super().add(seat, seconds, cpu_seconds)
        wall, cpu = self.kept[self.seated[seat]]
        wall.append(seconds)
        cpu.append(cpu_seconds)


def list_bytes(samples: list[float]) -> int:
    return sys.getsizeof(samples) + sum(sys.getsizeof(value) for value in samples)


def summary_bytes(samples: list[float]) -> int:
    """What a summary of ``samples`` holds once built (traced, so the run itself is not slowed)."""
    tracemalloc.start()
    try:
        sketch = QuantileSketch()
        for value in samples:
            sketch.add(value)
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="truco")
    parser.add_argument("--seats", default="heuristic,heuristic")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = find_game(args.game)
    seats = args.seats.split(",")
    sim.DecisionClock = KeepingClock  # type: ignore[misc]  # sim makes its clock: this run's keeps every time
    out = sim.simulate(rules, seats, rules.parse_options({}, len(seats)), hands=args.hands, seed=args.seed,
                       time_decisions=True)  # fmt: skip
    clock = KeepingClock.made[-1]
    print(f"{args.game}, {args.hands:,} hands, seats {args.seats}")
    print(f"{'level':<10} {'figure':<12} {'summary ms':>11} {'every time ms':>14} {'difference':>11}")
    for level, reported in out["decision_time"].items():
        wall, cpu = clock.kept[level]
        exact = {
            "mean_ms": statistics.fmean(wall),
            "p99_ms": exact_quantile(wall, 0.99),
            "cpu_mean_ms": statistics.fmean(cpu),
            "cpu_p99_ms": exact_quantile(cpu, 0.99),
        }
        for key, seconds in exact.items():
            summary = clock.by_level[level] if key in ("mean_ms", "p99_ms") else clock.cpu_by_level[level]
            estimate = summary.mean if key.endswith("mean_ms") else summary.quantile(0.99)
            difference = abs(estimate - seconds) / seconds if seconds else 0.0
            print(f"{level:<10} {key:<12} {reported[key]:>11.4f} {1000 * seconds:>14.4f} {difference:>10.3%}")
        kept = list_bytes(wall) + list_bytes(cpu)
        summarised = summary_bytes(wall) + summary_bytes(cpu)
        print(f"{level:<10} {reported['decisions']:,} decisions: every time kept {kept / 1e6:.1f} MB, "
              f"their summary {summarised / 1e3:.1f} kB "
              f"({clock.by_level[level].buckets} + {clock.cpu_by_level[level].buckets} buckets)")  # fmt: skip


if __name__ == "__main__":
    main()
