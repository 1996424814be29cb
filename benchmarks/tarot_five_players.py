"""What one heuristic seat can make of a five-player Tarot match, and what the game itself leaves it.

A five-player match is won by the seat that finishes strictly ahead of the four others.  Against random seats
the defenders of a deal nearly always beat a random taker, and the three defenders then score alike: a seat
that only defends ties with the others, and the holder of the called king shares a random taker's loss.  This
measures, one heuristic seat in each of the five seats in turn (``cardtable sim``'s deals and players):

- how often it finishes strictly first, and first with ties counted, against four random seats (the same
  matches as ``cardtable sim tarot --players 5 --seed S`` with the heuristic in that seat), with the
  five-player garde contre (``FIVE_PLAYER_CONTRE_FROM``) and without it;
- the same seat against four heuristic seats that go without the rule (a fair share is 1 in 5);
- two bounds read from its own matches against random: the share it would have if every contract it was the
  called partner of had been made (its taker plays at random), and if moreover every contract it defended
  had failed.  Its roles stay as they were dealt and bid; only the outcome of each contract is turned its way,
  with the same margin.

Run: ``python benchmarks/tarot_five_players.py [--matches 300] [--seed 1]`` (matches per seat).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence

from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.sim import MAX_HANDS_PER_MATCH, derived_rng, play_hand
from cardtable.games.tarot.ai import TarotHeuristic
from cardtable.games.tarot.rules import RULES, TarotHand

PLAYERS = 5


class WithoutFivePlayerContre(TarotHeuristic):
    """The heuristic as it bid before the five-player garde contre."""

    level = "heuristic-without-contre"
    five_player_contre_from = math.inf


RULES.add_level(WithoutFivePlayerContre.level, WithoutFivePlayerContre)


def first(scores: Sequence[float], seat: int) -> tuple[bool, bool]:
    """Whether ``seat`` finished strictly first, and first with ties."""
    best = max(scores)
    return scores[seat] == best and list(scores).count(best) == 1, scores[seat] == best


def play_match(seats: list[str], seed: int, m: int) -> Match:
    """One match exactly as ``cardtable sim`` plays its ``m``-th."""
    deal_rng = derived_rng(seed, "deal", m)
    computers = [make_computer(RULES, level, derived_rng(seed, "seat", m, s)) for s, level in enumerate(seats)]
    match = Match(RULES, RULES.parse_options({}, PLAYERS), PLAYERS)
    while not match.over and len(match.hands) < MAX_HANDS_PER_MATCH:
        play_hand(match, computers, deal_rng, m % PLAYERS, None)
    return match


def turned_its_way(match: Match, seat: int, partner_only: bool) -> list[float]:
    """The match's scores had each contract gone ``seat``'s way (only those it partnered, if ``partner_only``)."""
    scores = [0.0] * PLAYERS
    for played in match.hands:
        state = played.state
        assert isinstance(state, TarotHand)
        delta = state.score_delta() or [0] * PLAYERS
        flip = False
        if state.taker is not None and not state.annulled:
            attacking = state.side(seat) == 0
            made = delta[state.taker] > 0
            partnered = attacking and state.taker != seat
            flip = (partnered and not made) if partner_only else (attacking != made)
        for s in range(PLAYERS):
            scores[s] += -delta[s] if flip else delta[s]
    return scores


def measure(matches: int, seed: int) -> dict[str, object]:
    tally: dict[str, list[int]] = {}

    def count(name: str, sole: bool, tied: bool) -> None:
        row = tally.setdefault(name, [0, 0])
        row[0] += sole
        row[1] += tied

    for seat in range(PLAYERS):
        for level, others, name in (
            ("heuristic", "random", "heuristic v 4 random"),
            (WithoutFivePlayerContre.level, "random", "without the five-player garde contre v 4 random"),
            ("heuristic", WithoutFivePlayerContre.level, "heuristic v 4 without it"),
            (WithoutFivePlayerContre.level, WithoutFivePlayerContre.level, "without it v 4 without it"),
        ):
            seats = [level if s == seat else others for s in range(PLAYERS)]
            for m in range(matches):
                match = play_match(seats, seed, m)
                count(name, *first(match.scores, seat))
                if name == "heuristic v 4 random":
                    count("bound: every partnered contract made", *first(turned_its_way(match, seat, True), seat))
                    count("bound: and every defended one failed", *first(turned_its_way(match, seat, False), seat))
    total = matches * PLAYERS
    return {
        "matches": total,
        "seed": seed,
        "strictly_first": {name: round(row[0] / total, 3) for name, row in tally.items()},
        "first_with_ties": {name: round(row[1] / total, 3) for name, row in tally.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300, help="matches per seat")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(measure(args.matches, args.seed), indent=1))


if __name__ == "__main__":
    main()
