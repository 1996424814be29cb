"""How often the Truco expert raises, and how many of its raises are bluffs, in matches against the heuristic.

The matches are sim's (the same seeds for the deals and for each seat's player).  On every decision of an
expert seat where a raise (truco or a raise) is open this counts a *chance*; a chance where the raise is within
``BLUFF_COST`` of the search's best action without being it is a *bluff chance*; and it counts the raises the
search chose and the bluffs made.

Run: ``python benchmarks/truco_expert_bluffs.py [--players 2] [--matches 100] [--seed 1] [--variant paulista]``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Sequence

from cardtable.engine.game import CALL_VERB, Action
from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.sim import MAX_HANDS_PER_MATCH, derived_rng
from cardtable.games.search import Outcome
from cardtable.games.truco.expert import BLUFF_COST, RAISES, TrucoExpert
from cardtable.games.truco.rules import RULES


class CountingExpert(TrucoExpert):
    """The expert, counting its raises by why it made them."""

    tally: Counter[str] = Counter()

    def pick_action(self, candidates: Sequence[Action], outcome: Outcome, rng: random.Random) -> Action:
        action = super().pick_action(candidates, outcome, rng)
        raises = [i for i, c in enumerate(candidates) if c.verb == CALL_VERB and c.value in RAISES]
        if not raises or not outcome.worlds:
            return action
        best = max(range(len(candidates)), key=lambda i: (outcome.means[i], -i))
        self.tally["chances"] += 1
        if best in raises:
            self.tally["raises chosen by the search"] += 1
        elif any(outcome.means[i] >= outcome.means[best] - BLUFF_COST for i in raises):
            self.tally["bluff chances"] += 1
            self.tally["bluffs"] += action.verb == CALL_VERB and action.value in RAISES
        return action


def measure(players: int, matches: int, seed: int, variant: str) -> dict[str, object]:
    seats = ["expert", "heuristic"] * (players // 2)
    options = RULES.parse_options({"variant": variant}, players)
    CountingExpert.tally = Counter()
    for m in range(matches):
        deal_rng = derived_rng(seed, "deal", m)
        computers = [CountingExpert(derived_rng(seed, "seat", m, s)) if level == "expert"
                     else make_computer(RULES, level, derived_rng(seed, "seat", m, s))
                     for s, level in enumerate(seats)]  # fmt: skip
        match = Match(RULES, options, players)
        while not match.over and len(match.hands) < MAX_HANDS_PER_MATCH:
            state = match.deal_new_hand(deal_rng, m % players)
            while not state.complete:
                seat = state.to_act
                assert seat is not None
                match.apply(computers[seat].decide(state.view(seat)))
    tally = dict(CountingExpert.tally)
    chances = tally.get("bluff chances", 0)
    return {"players": players, "matches": matches, "seed": seed, "variant": variant, "counts": tally,
            "bluff_rate": round(tally.get("bluffs", 0) / chances, 4) if chances else None}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 4, 6))
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="paulista", choices=("paulista", "mineiro", "argentino"))
    args = parser.parse_args()
    print(json.dumps(measure(args.players, args.matches, args.seed, args.variant)))


if __name__ == "__main__":
    main()
