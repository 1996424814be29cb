"""How often the Truco Argentino heuristic bluffs in real matches, measured the way ``cardtable sim`` plays them.

The matches are sim's (the same seeds for the deals and for each seat's player); on every decision of a
heuristic seat this counts a *chance* to bluff — the truco is open and the cards do not call it (tip 10),
or the envido is open on its turn and its count does not call it (tip 6) — and whether it bluffed.

Run: ``python benchmarks/truco_argentino_bluffs.py [--players 2] [--matches 500] [--seed 1] [--flor]``.
"""

from __future__ import annotations

import argparse
import json

from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.sim import MAX_HANDS_PER_MATCH, derived_rng
from cardtable.games.truco import argentino_ai as ai
from cardtable.games.truco.argentino import ArgentinoView, Call, Phase
from cardtable.games.truco.rules import RULES


def classify(view: ArgentinoView) -> tuple[str, Call] | None:
    """Which bluff this decision could be and its word, or None when the cards themselves decide the call."""
    if view.phase is not Phase.PLAY:
        return None
    table = ai.Table(view)
    if view.envido_open and ai.envido_by_count(table) is None:
        return ("envido as dealer" if table.dealer else "envido, not dealing"), Call.ENVIDO
    if not view.envido_open and table.raise_word() is Call.TRUCO and ai.call_truco(table) is None:
        after_first = table.won_first and not table.lost_any
        return ("truco after winning trick 1" if after_first else "truco otherwise"), Call.TRUCO
    return None


def measure(players: int, matches: int, seed: int, flor: bool) -> dict[str, object]:
    seats = ["heuristic", "random"] * (players // 2)
    options = RULES.parse_options({"variant": "argentino", "flor": flor}, players)
    counts: dict[str, list[int]] = {}
    for m in range(matches):
        deal_rng = derived_rng(seed, "deal", m)
        computers = [make_computer(RULES, level, derived_rng(seed, "seat", m, s)) for s, level in enumerate(seats)]
        match = Match(RULES, options, players)
        while not match.over and len(match.hands) < MAX_HANDS_PER_MATCH:
            state = match.deal_new_hand(deal_rng, m % players)
            while not state.complete:
                seat = state.to_act
                assert seat is not None
                view = state.view(seat)
                action = computers[seat].decide(view)
                chance = classify(view) if seats[seat] == "heuristic" and isinstance(view, ArgentinoView) else None
                if chance is not None:
                    kind, word = chance
                    tally = counts.setdefault(kind, [0, 0])
                    tally[1] += 1
                    tally[0] += action.value == word
                match.apply(action)
    rates = {kind: {"bluffs": b, "chances": c, "rate": round(b / c, 4)} for kind, (b, c) in sorted(counts.items())}
    return {"players": players, "matches": matches, "seed": seed, "flor": flor, "bluffs": rates}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 4, 6))
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flor", action="store_true")
    args = parser.parse_args()
    print(json.dumps(measure(args.players, args.matches, args.seed, args.flor)))


if __name__ == "__main__":
    main()
