"""Screen variants of the Manille and Malilla expert against each other with ``cardtable sim --duplicate``.

Each variant is the expert with some of its search settings changed, joined to both games as an extra level,
so that ``--seats weighed,uniform,weighed,uniform`` plays the same deals both ways.  Two experiments the expert
does not play join the same way: ``formatch`` (``match_odds.py``) and ``omniscient`` (below).  ``--scores FILE`` also
writes each deal's mean score by level, so that two runs against the same level on the same seed (say
``weighed,heuristic`` and ``uniform,heuristic``) can be compared deal by deal.

Run: ``python benchmarks/expert_variants.py [--scores FILE] sim manille --seats weighed,uniform,weighed,uniform
--duplicate --hands 100 --seed 7 --json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from match_odds import MalillaForMatch, ManilleForMatch

from cardtable.cli import main
from cardtable.engine import sim
from cardtable.engine.game import GameRules, View
from cardtable.games.malilla.expert import MalillaExpert
from cardtable.games.malilla.rules import RULES as MALILLA
from cardtable.games.manille.expert import ManilleExpert
from cardtable.games.manille.rules import RULES as MANILLE
from cardtable.games.playout import (
    MISS_WEIGHT,
    PROPOSALS,
    CardPlay,
    PlayLikelihood,
    Playout,
    PointTrickGame,
    PointTrickSearcher,
)
from cardtable.games.search import Outcome
from cardtable.games.tricks import TrickHand

#: Each variant's settings (class attributes of ``PointTrickSearcher``).
VARIANTS: dict[str, dict[str, Any]] = {
    "uniform": {"miss_weight": None},
    "weighed": {"miss_weight": 0.3, "proposals": 1},
    "resampled": {"miss_weight": 0.3, "proposals": 3},
    "sharp": {"miss_weight": 0.1, "proposals": 3},
    "sharper": {"miss_weight": 0.03, "proposals": 4},  # Manille's expert as it plays
    # The last four tricks solved exactly in every playout (the whole decision from five cards in hand).
    "sharper4": {"miss_weight": 0.03, "proposals": 4, "exact_tricks": 4, "root_exact": 5},
    "uniform4": {"miss_weight": None, "exact_tricks": 4, "root_exact": 5},
    # Only the last two tricks of a playout solved exactly (the decision itself still from four cards in hand).
    "sharper2": {"miss_weight": 0.03, "proposals": 4, "exact_tricks": 2, "root_exact": 4},
    # The club player's card kept unless the search finds one better by more than this many points.
    "usual03": {"usual_within": 0.3},
    # With four cards in hand, the trick in progress played out by the policy and only the last three exact.
    "root3": {"root_exact": 3},
}


class OmniscientPlayout(Playout):
    """A playout whose every seat plays knowing the world's hands, where the expert's judges from what it saw.

    The policy reads what a seat may hold as the live cards less those it showed it lacks; told that each
    seat lacks every card but its own, it reads each hand as it lies.
    """

    def choose(self, state: TrickHand[Any], seat: int, excluded: Sequence[int]) -> int:
        return super().choose(state, seat, [~hand for hand in state.hands])


class OmniscientPlayouts(PointTrickSearcher[Any]):
    """The expert with its card decisions played out by ``OmniscientPlayout`` (its bids and redeals as it plays)."""

    level = "omniscient"

    def search_cards(self, rules: GameRules, view: View, decision: CardPlay, game: PointTrickGame,
                     turned: int | None, dealer: int) -> Outcome:  # fmt: skip
        plain = decision.playout
        decision.playout = OmniscientPlayout(game, plain.trump, plain.seat, plain.exact_tricks)
        return super().search_cards(rules, view, decision, game, turned, dealer)


class ManilleOmniscient(OmniscientPlayouts, ManilleExpert):
    pass


class MalillaOmniscient(OmniscientPlayouts, MalillaExpert):
    pass


class PartnerUnweighed(PointTrickSearcher[Any]):
    """Manille's weighing (in both games), the partner's plays left out of it: each world counts by the
    opponents' misses only, since a partner that searches is not the playout policy."""

    level = "partner1"
    proposals = PROPOSALS

    def play_likelihood(self, game: PointTrickGame, trump: int | None, seat: int, turned: int | None,
                        dealer: int) -> PlayLikelihood:  # fmt: skip
        likelihood = super().play_likelihood(game, trump, seat, turned, dealer)
        if game.rules.players == 4:
            likelihood.misses[(seat + 2) % 4] = 1.0
        return likelihood


class ManillePartner1(PartnerUnweighed, ManilleExpert):
    pass


class MalillaPartner1(PartnerUnweighed, MalillaExpert):
    miss_weight = MISS_WEIGHT  # Malilla's expert weighs no world


#: Each experiment as its Manille and its Malilla level.
EXPERIMENTS: dict[str, tuple[type[ManilleExpert], type[MalillaExpert]]] = {
    # Each card valued by what the hand's end does to the chance of winning the match.
    "formatch": (ManilleForMatch, MalillaForMatch),
    # Every seat of a playout plays knowing the world's hands, where it would otherwise judge from what it saw.
    "omniscient": (ManilleOmniscient, MalillaOmniscient),
    # The partner's cards not weighed at all: a partner that searches is not the playout policy.
    "partner1": (ManillePartner1, MalillaPartner1),
}


def join_variants() -> None:
    for name, settings in VARIANTS.items():
        for rules, expert in ((MANILLE, ManilleExpert), (MALILLA, MalillaExpert)):
            rules.add_level(name, type(f"{expert.__name__}_{name}", (expert,), {**settings, "level": name}))
    for name, (manille, malilla) in EXPERIMENTS.items():
        MANILLE.add_level(name, manille)
        MALILLA.add_level(name, malilla)


def write_scores_to(path: str) -> None:
    summary = sim.duplicate_summary

    def summary_and_scores(levels: Sequence[str], level_scores: Sequence[dict[str, float]]) -> dict[str, Any]:
        with open(path, "w", encoding="utf-8") as out:
            json.dump([dict(scores) for scores in level_scores], out)
        return summary(levels, level_scores)

    sim.duplicate_summary = summary_and_scores


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scores", help="write each deal's mean score by level to this JSON file")
    args, rest = parser.parse_known_args()
    join_variants()
    if args.scores:
        write_scores_to(args.scores)
    sys.exit(main(rest))
