"""Random-play deals per second per game, through the engine's own interface (median of 5 runs).

Two paths are timed for each game:

* ``engine``: the hand's fast interface a search uses: ``legal_play_mask()`` and ``play_card()`` for
  card plays, ``legal_actions()`` and ``apply()`` for everything else;
* ``sim``: what ``cardtable sim`` does: a ``RandomPlayer`` gets each seat's view and the match
  verifies and applies its action.

Run: ``python benchmarks/engine_speed.py [--seconds 1.0] [--game manille]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bare_reference import bare_deals_per_second

from cardtable.engine.cards import nth_bit
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, computer_levels
from cardtable.engine.sim import simulate
from cardtable.games import available_games, find_game


def engine_deals(game: str, seconds: float, seed: int) -> float:
    rules = find_game(game)
    players = rules.default_players
    options = rules.parse_options(None, players)
    rng = random.Random(seed)
    deals = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            dealer = deals % players
            state = rules.new_hand(
                options, players, dealer, rules.random_deal(rng, options, players, dealer), [0] * players
            )
            fast = hasattr(state, "legal_play_mask")
            while not state.complete:
                if fast and state.phase == "play":
                    mask = state.legal_play_mask()
                    state.play_card(nth_bit(mask, int(rng.random() * mask.bit_count())))
                else:
                    actions = state.legal_actions()
                    state.apply(actions[int(rng.random() * len(actions))])
            deals += 1
    return deals / (time.perf_counter() - started)


def sim_deals(game: str, seconds: float, seed: int) -> float:
    rules = find_game(game)
    players = rules.default_players
    options = rules.parse_options(None, players)
    rng = random.Random(seed)
    seats = [RandomPlayer(random.Random(seed + s)) for s in range(players)]
    deals = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        match = Match(rules, options, players)
        for _ in range(50):
            state = match.deal_new_hand(rng) if match.current is None and not match.over else None
            if state is None:
                match = Match(rules, options, players)
                state = match.deal_new_hand(rng)
            while not state.complete:
                seat = state.to_act
                match.apply(seats[seat].decide(state.view(seat)))
            deals += 1
    return deals / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run (default 1 s)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game built")
    parser.add_argument("--matches", type=int, default=20, help="matches per run for the decision times (default 20)")
    args = parser.parse_args()
    games = args.game or available_games()
    print(f"{'game':<10} {'engine deals/s':>15} {'sim deals/s':>12}   (median of {args.runs} runs of {args.seconds} s)")
    for game in games:
        engine = statistics.median(engine_deals(game, args.seconds, run) for run in range(args.runs))
        sim = statistics.median(sim_deals(game, args.seconds, run) for run in range(args.runs))
        print(f"{game:<10} {engine:>15,.0f} {sim:>12,.0f}")
    bare = statistics.median(bare_deals_per_second(args.seconds, run) for run in range(args.runs))
    print(f"{'reference':<10} {bare:>15,.0f} {'':>12}   (a bare inlined Manille loop: machine calibration)")
    print()
    print(f"{'game':<10} {'heuristic decisions':>20} {'mean ms':>8} {'p99 ms':>8}   (median of {args.runs} runs)")
    for game in games:
        timed = [heuristic_decision_times(game, args.matches, run) for run in range(args.runs)]
        timed = [t for t in timed if t is not None]
        if not timed:
            continue
        decisions = int(statistics.median(t["decisions"] for t in timed))
        mean = statistics.median(t["mean_ms"] for t in timed)
        p99 = statistics.median(t["p99_ms"] for t in timed)
        print(f"{game:<10} {decisions:>20,} {mean:>8.3f} {p99:>8.2f}")


def heuristic_decision_times(game: str, matches: int, seed: int) -> dict[str, float] | None:
    """Decision times of the heuristic level against random players, from sim's own clock."""
    rules = find_game(game)
    if "heuristic" not in computer_levels(rules):
        return None
    players = rules.default_players
    seats = ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
    result = simulate(rules, seats, rules.parse_options(None, players), matches=matches, seed=seed,
                      time_decisions=True)  # fmt: skip
    return result["decision_time"]["heuristic"]  # type: ignore[no-any-return]


if __name__ == "__main__":
    main()
