"""Playing for the match, an experiment the experts do not play: a side's chance of winning a match from the
points each side still needs, and the Manille and Malilla experts valuing each card by it (``formatch``).

A search that adds up a hand's points plays every hand as if the match went on for ever.  Near its end that is
wrong: a side that needs 4 points gains little from taking 20 instead of 10, and a side whose opponents need 3
must above all keep them under 3.  ``MatchOdds`` turns the points each side may end a hand with into what they
change in the chance of winning the match, from how hands of the game end between two sides of equal strength.

Hands are taken as independent, each ending with a pair of gains (ours, theirs) drawn from the game's table of
hand outcomes, the same for both sides (each outcome counts once each way round).  A side wins once its score
reaches the target; when both would in the same hand, the game's own rule decides and here each wins half.

It won no more matches against the club player in either game, nor head to head in short matches, so the
experts value a card by its points; ``benchmarks/expert_variants.py`` joins ``formatch`` as a level to measure
it again (``--seats formatch,expert,formatch,expert --duplicate``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from cardtable.engine.game import GameRules
from cardtable.games.malilla.ai import hand_ends
from cardtable.games.malilla.expert import MalillaExpert
from cardtable.games.malilla.rules import MalillaView
from cardtable.games.manille.ai import Table, hand_gains
from cardtable.games.manille.expert import ManilleExpert
from cardtable.games.manille.rules import ManilleView
from cardtable.games.playout import CardPlay, PointTrickGame
from cardtable.games.search import Outcome

#: Points a side gains in a typical hand: the step over which ``local_points`` measures what a point is worth.
TYPICAL_GAIN = 6


def outcomes_from_rows(rows: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
    """A table of hand outcomes from counts by row: ``rows[i][j]`` hands ended with one side gaining ``i`` points
    and the other ``j``."""
    return {(more, less): count for more, row in enumerate(rows) for less, count in enumerate(row) if count}


class MatchOdds:
    """The chance of winning a match to ``target`` by the points each side still needs, for one game's hands."""

    def __init__(self, outcomes: Mapping[tuple[int, int], int], target: int) -> None:
        counts: dict[tuple[int, int], int] = {}
        for (ours, theirs), count in outcomes.items():
            for pair in ((ours, theirs), (theirs, ours)):
                counts[pair] = counts.get(pair, 0) + count
        total = sum(counts.values())
        # A hand that scores nothing for either side leaves the match where it was: it only delays the next one.
        nothing = counts.pop((0, 0), 0) / total
        self.outcomes = [(ours, theirs, count / total / (1 - nothing)) for (ours, theirs), count in counts.items()]
        self.target = target
        self.chances = self.chance_table(target)

    def chance_table(self, target: int) -> list[list[float]]:
        """``table[a][b]``: our chance of winning when we need ``a`` points more and they need ``b`` (1 to target)."""
        table = [[0.0] * (target + 1) for _ in range(target + 1)]
        for a in range(1, target + 1):
            row = table[a]
            for b in range(1, target + 1):
                chance = 0.0
                for ours, theirs, share in self.outcomes:
                    left_us, left_them = a - ours, b - theirs
                    if left_us <= 0:
                        chance += share * (0.5 if left_them <= 0 else 1.0)
                    elif left_them > 0:
                        chance += share * table[left_us][left_them]
                row[b] = chance
        return table

    def chance(self, ours: int, theirs: int) -> float:
        """Our chance of winning with match scores ``ours`` and ``theirs`` (a score at the target has won)."""
        need_us, need_them = self.target - ours, self.target - theirs
        if need_us <= 0 or need_them <= 0:
            return 0.5 if need_us <= 0 and need_them <= 0 else float(need_us <= 0)
        return self.chances[min(need_us, self.target)][min(need_them, self.target)]

    def local_points(self, ours: int, theirs: int, chances: Sequence[float]) -> list[float]:
        """``chances`` (after the hand, one per way it may end) as points gained from scores ``ours``, ``theirs``.

        A point here is what a point is worth now: the difference between our taking a typical hand's points
        and their taking them, over twice those points.  Early in a match the result is close to our gain less
        theirs, and a hand that leaves the chance as it is, is worth nothing.
        """
        now = self.chance(ours, theirs)
        swing = self.chance(ours + TYPICAL_GAIN, theirs) - self.chance(ours, theirs + TYPICAL_GAIN)
        step = max(swing / (2 * TYPICAL_GAIN), 1e-6)
        return [(chance - now) / step for chance in chances]


# ----------------------------------------------------------------- the two games

#: How hands end at four players, by what the side that scores gains (none, 1, 2 ... 30 points before the
#: hand's factors): 5,357 hands of club-player self-play, 300 matches to 101 (``benchmarks/hand_outcomes.py``).
MANILLE_OUTCOMES = outcomes_from_rows([
    (153,), (327,), (344,), (337,), (342,), (326,), (310,), (278,), (295,), (255,), (236,), (229,), (217,), (219,),
    (197,), (187,), (147,), (150,), (121,), (128,), (96,), (109,), (91,), (68,), (61,), (36,), (29,), (11,), (5,),
    (2,), (51,),
])  # fmt: skip


@functools.cache
def manille_odds(target: int) -> MatchOdds:
    return MatchOdds(MANILLE_OUTCOMES, target)


def manille_match_worth(table: Table) -> list[float]:
    """``hand_worth`` for a side playing for the match: for each pip total our side may end the hand with, what
    it does to our chance of winning the match, in points as they are worth at this score."""
    view = table.view
    odds = manille_odds(view.options.target)
    ours, theirs = int(view.scores[view.seat]), int(view.scores[(view.seat + 1) % 4])
    stake = view.stake
    chances = [odds.chance(ours + stake * gained, theirs + stake * lost) for gained, lost in hand_gains(table)]
    return [worth + pips / 1000 for pips, worth in enumerate(odds.local_points(ours, theirs, chances))]


#: How hands end, by what the side that gains more gains (none, 1, 2 ... 40 points) and what the other gains (0
#: to 5: its trump or albur bonus): 9,729 hands of club-player self-play, 2,000 matches to 35
#: (``benchmarks/hand_outcomes.py``).
MALILLA_OUTCOMES = outcomes_from_rows([
    (152, 0, 0, 0, 0, 0), (344, 37, 0, 0, 0, 0), (315, 71, 20, 0, 0, 0), (385, 61, 51, 24, 0, 0),
    (388, 69, 44, 52, 19, 0), (389, 44, 49, 49, 39, 15), (441, 24, 27, 29, 18, 26), (373, 16, 21, 26, 19, 15),
    (377, 29, 18, 21, 9, 16), (415, 22, 26, 24, 16, 14), (346, 18, 18, 22, 18, 13), (366, 11, 21, 23, 14, 16),
    (341, 28, 15, 12, 12, 11), (319, 12, 15, 20, 9, 6), (280, 16, 11, 21, 8, 9), (287, 9, 11, 12, 9, 10),
    (280, 8, 14, 11, 6, 8), (240, 6, 14, 7, 3, 5), (244, 8, 8, 15, 5, 0), (219, 12, 11, 6, 4, 4),
    (195, 9, 5, 10, 5, 2), (187, 10, 5, 5, 7, 4), (169, 10, 10, 7, 2, 1), (122, 8, 2, 3, 1, 0),
    (124, 5, 3, 4, 6, 2), (101, 3, 3, 2, 1, 1), (80, 7, 5, 2, 1, 1), (78, 3, 1, 3, 0, 0),
    (57, 2, 1, 2, 3, 0), (61, 0, 1, 1, 0, 1), (61, 1, 1, 1, 0, 0), (38, 0, 2, 1, 0, 0),
    (28, 1, 1, 1, 0, 0), (19, 1, 0, 0, 0, 0), (14, 0, 0, 0, 0, 0), (33, 0, 2, 1, 0, 0),
    (6,), (11,), (5,), (4,), (7,),
])  # fmt: skip


@functools.cache
def malilla_odds(target: int) -> MatchOdds:
    return MatchOdds(MALILLA_OUTCOMES, target)


def malilla_match_worth(view: MalillaView) -> list[float]:
    """``hand_worth`` for a side playing for the match: for each point total our side may end the hand with,
    what it does to our chance of winning the match, in points as they are worth at this score."""
    odds = malilla_odds(view.options.target)
    us = view.seat % 2
    ours, theirs = int(view.scores[us]), int(view.scores[1 - us])
    chances = [odds.chance(new_ours, new_theirs) if decided is None else float(decided)
               for new_ours, new_theirs, decided in hand_ends(view)]  # fmt: skip
    return [worth + points / 1000 for points, worth in enumerate(odds.local_points(ours, theirs, chances))]


class ManilleForMatch(ManilleExpert):
    """Manille's expert valuing each card by the match at four players (at three, by the hand, as it plays)."""

    level = "formatch"

    def search_cards(self, rules: GameRules, view: ManilleView, decision: CardPlay, game: PointTrickGame,
                     turned: int | None, dealer: int) -> Outcome:  # fmt: skip
        if view.players == 4:
            decision.worth = manille_match_worth(Table(view))
        return super().search_cards(rules, view, decision, game, turned, dealer)


class MalillaForMatch(MalillaExpert):
    """Malilla's expert valuing each card by the match."""

    level = "formatch"

    def search_cards(self, rules: GameRules, view: MalillaView, decision: CardPlay, game: PointTrickGame,
                     turned: int | None, dealer: int) -> Outcome:  # fmt: skip
        decision.worth = malilla_match_worth(view)
        return super().search_cards(rules, view, decision, game, turned, dealer)
