"""A side's chance of winning a match from the points each side still needs, for the players that search.

A search that adds up a hand's points plays every hand as if the match went on for ever.  Near its end that is
wrong: a side that needs 4 points gains little from taking 20 instead of 10, and a side whose opponents need 3
must above all keep them under 3.  ``MatchOdds`` turns the points each side may end a hand with into what they
change in the chance of winning the match, from how hands of the game end between two sides of equal strength.

Hands are taken as independent, each ending with a pair of gains (ours, theirs) drawn from the game's table of
hand outcomes, the same for both sides (each outcome counts once each way round).  A side wins once its score
reaches the target; when both would in the same hand, the game's own rule decides and here each wins half.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
