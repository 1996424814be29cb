"""CPU time of the Manille and Malilla expert's decisions at a budget, in every house of Manille.

``cardtable sim --time-decisions`` reports wall time, which the machine's other work inflates; this counts
the deciding process's CPU time (``time.process_time``) over the expert's decisions in a few seeded hands of
expert self-play, beside the calibration row of the same run.

Run: ``python benchmarks/expert_decisions.py [--hands 3] [--budget normal] [--game manille --option house=belgian]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bare_reference import bare_deals_per_second

from cardtable.engine.players import Budget, make_computer
from cardtable.engine.quantiles import exact_quantile
from cardtable.games import find_game

CLOCK = time.process_time
#: (game, options) measured by default.
SETS = [
    ("manille", {}),
    ("manille", {"house": "french"}),
    ("manille", {"house": "belgian"}),
    ("manille", {"talk": True}),
    ("manille", {"doubling": True, "auction": True}),
    ("malilla", {}),
]


def decision_times(game: str, raw: dict[str, object], hands: int, budget: Budget) -> list[float]:
    rules = find_game(game)
    options = rules.parse_options(raw, 4)
    rng = random.Random(1)
    players = [make_computer(rules, "expert", random.Random(seat), budget=budget) for seat in range(4)]
    times: list[float] = []
    for number in range(hands):
        dealer = number % 4
        state = rules.new_hand(options, 4, dealer, rules.random_deal(rng, options, 4, dealer), [0] * 4)
        while not state.complete:
            seat = state.to_act
            view = state.view(seat)
            started = CLOCK()
            action = players[seat].decide(view)
            times.append(CLOCK() - started)
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--budget", default="normal", choices=[b.value for b in Budget])
    parser.add_argument("--game", help="only this game (then --option applies)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for --game")
    args = parser.parse_args()
    sets = SETS
    if args.game:
        raw: dict[str, object] = {}
        for option in args.option:
            name, _, value = option.partition("=")
            raw[name] = {"true": True, "false": False}.get(value, value)
        sets = [(args.game, raw)]
    print(f"{'game':<10} {'options':<40} {'decisions':>9} {'mean ms':>8} {'p99 ms':>7} {'max ms':>7}   (CPU)")
    for game, raw_options in sets:
        times = sorted(decision_times(game, raw_options, args.hands, Budget(args.budget)))
        p99 = exact_quantile(times, 0.99)
        label = ", ".join(f"{k}={v}" for k, v in raw_options.items()) or "defaults"
        print(f"{game:<10} {label:<40} {len(times):>9} {1000 * statistics.fmean(times):>8.1f} {1000 * p99:>7.1f}"
              f" {1000 * times[-1]:>7.1f}")  # fmt: skip
    bare = statistics.median(bare_deals_per_second(0.5, run, CLOCK) for run in range(3))
    print(f"{'reference':<10} {'':<40} {bare:>9,.0f}   (bare inlined random Manille deals/s: calibration)")


if __name__ == "__main__":
    main()
