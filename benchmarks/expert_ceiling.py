"""How far reading the cards could take the expert: the same search, dealt only the world as it really is.

The expert deals itself the unseen cards in ways that fit its view and searches each way; its only ignorance
is which way is true.  ``clairvoyant`` is the expert with that ignorance taken away: every world it deals
itself is the true one (the other hands as they lie now), and it searches that world with the same playouts,
the same exact endgame and the same bids and knocks.  Its lead over the heuristic, on the same duplicate deals
as the expert's, is what perfect inference from the opponents' plays could bring this search at most; the gap
between the two is what weighting the worlds (by how likely the plays seen were) can close, and no more.

It cheats, so it is a measuring stick and never a level: it lives here, registered for this process only.

Run: ``python benchmarks/expert_ceiling.py --game manille --hands 100 --seed 13 [--worlds 8] [--seats ...]``;
it prints sim's ``--duplicate`` JSON (``--seats`` default ``clairvoyant,heuristic,clairvoyant,heuristic``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

import cardtable.engine.sim as sim
from cardtable.engine.game import GameRules, Hidden, View
from cardtable.engine.match import Match
from cardtable.engine.players import ComputerPlayer, computer_levels
from cardtable.games import find_game


class Seeing:
    """While a clairvoyant seat decides, the game's sampler deals the true world only."""

    def __init__(self, rules: GameRules, worlds: int) -> None:
        self.rules = rules
        self.worlds = worlds
        self.truth: Hidden | None = None
        self.sampler = rules.sample_hidden

    def sample_hidden(self, view: View, rng: random.Random, count: int) -> list[Hidden]:
        if self.truth is None:
            return self.sampler(view, rng, count)
        return [self.truth] * min(count, self.worlds)


def clairvoyant_level(rules: GameRules) -> type[ComputerPlayer[Any]]:
    expert = computer_levels(rules)["expert"]

    class Clairvoyant(expert):  # type: ignore[misc, valid-type]
        """The expert, searching only the true world (see the module's docstring)."""

    return Clairvoyant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="manille", choices=["manille", "malilla"])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--worlds", type=int, default=8, help="copies of the true world searched (playouts vary)")
    parser.add_argument("--seats", default="clairvoyant,heuristic,clairvoyant,heuristic")
    args = parser.parse_args()
    rules = find_game(args.game)
    seeing = Seeing(rules, args.worlds)
    clairvoyant = clairvoyant_level(rules)
    rules.add_level("clairvoyant", clairvoyant)
    rules.sample_hidden = seeing.sample_hidden  # type: ignore[method-assign]
    plain_play_hand = sim.play_hand

    def play_hand(match: Match, players: Sequence[ComputerPlayer[Any]], rng: random.Random, first_dealer: int,
                  clock: sim.DecisionClock | None = None) -> None:  # fmt: skip
        # sim's own loop, with the truth shown to the clairvoyant seats while they decide.
        for player in players:
            if isinstance(player, clairvoyant):
                decide, consider = player.decide, player.consider
                player.decide = lambda view, decide=decide: seen(decide, view)  # type: ignore[method-assign]
                player.consider = lambda view, calls, consider=consider: seen(consider, view, calls)  # type: ignore[method-assign]
        plain_play_hand(match, players, rng, first_dealer, clock)

    def seen(choose: Any, view: View, *rest: Any) -> Any:
        seeing.truth = current[0].hands[-1].state.hidden()
        try:
            return choose(view, *rest)
        finally:
            seeing.truth = None

    current: list[Match] = []
    plain_match = sim.Match

    def tracked_match(*given: Any, **named: Any) -> Match:
        match = plain_match(*given, **named)
        current[:] = [match]
        return match

    sim.Match = tracked_match  # type: ignore[misc, assignment]
    sim.play_hand = play_hand
    seats = args.seats.split(",")
    options = rules.parse_options({}, len(seats))
    out = sim.simulate(rules, seats, options, hands=args.hands, seed=args.seed, duplicate=True, time_decisions=True)
    json.dump(out, sys.stdout)
    print()


if __name__ == "__main__":
    main()
