"""Count how hands end in club-player self-play: the tables of hand outcomes playing for the match reads.

Each hand of ``--matches`` whole matches (four ``heuristic`` seats, the game's default options) ends with a
gain for each side; the count of each pair of gains, the larger first, is printed as rows: row ``i`` holds the
hands in which one side gained ``i`` and the other 0, 1, 2 ... (``benchmarks/match_odds.py`` reads such rows,
and its ``MANILLE_OUTCOMES`` and ``MALILLA_OUTCOMES`` hold the counts this printed).

Run: ``python benchmarks/hand_outcomes.py --game manille --matches 300`` (``--game malilla --matches 2000``).
"""

from __future__ import annotations

import argparse
from collections import Counter

from cardtable.engine import sim
from cardtable.engine.players import make_computer
from cardtable.games import find_game


def hand_outcomes(game: str, matches: int, seed: int) -> tuple[Counter[tuple[int, int]], int]:
    """The count of each (larger gain, smaller gain) over the hands of ``matches`` matches, and the hands."""
    rules = find_game(game)
    options = rules.parse_options({}, 4)
    outcomes: Counter[tuple[int, int]] = Counter()
    hands = 0
    for match in range(matches):
        players = [make_computer(rules, "heuristic", sim.derived_rng(seed, "seat", match, seat)) for seat in range(4)]
        played = sim.play_round(rules, options, players, sim.derived_rng(seed, "deal", match), match % 4, False, None,
                                None, sim.MAX_HANDS_PER_MATCH)  # fmt: skip
        for hand in played.match.hands:
            delta = hand.state.score_delta()
            if delta:
                gains = (int(delta[0]), int(delta[1]))
                outcomes[max(gains), min(gains)] += 1
                hands += 1
    return outcomes, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="manille", choices=["manille", "malilla"])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    outcomes, hands = hand_outcomes(args.game, args.matches, args.seed)
    print(f"{hands} hands of {args.matches} matches")
    widest = max(less for _more, less in outcomes) + 1
    for more in range(max(more for more, _less in outcomes) + 1):
        print(tuple(outcomes[more, less] for less in range(widest)))


if __name__ == "__main__":
    main()
