"""The sides of a table (partners share one), their names and their scores, as the screens show them."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import GameRules, Number


def sides(rules: GameRules, players: int) -> list[list[int]]:
    """The seats of each side, in the order of each side's first seat."""
    found: dict[int, list[int]] = {}
    for seat in range(players):
        found.setdefault(rules.side_of(seat, players), []).append(seat)
    return list(found.values())


def side_name(names: Sequence[str], seats: Sequence[int]) -> str:
    """ "Ana & Bo" for a pair; "Ana +2" for a larger team (six-player Truco), to fit a side panel."""
    if len(seats) <= 2:
        return " & ".join(names[s] for s in seats)
    return f"{names[seats[0]]} +{len(seats) - 1}"


def score_items(rules: GameRules, names: Sequence[str], scores: Sequence[Number]) -> list[str]:
    """Every side's name and score: "Ana & Cy 12", or each seat's where each plays alone ("Ana -160")."""
    return [f"{side_name(names, seats)} {scores[seats[0]]}" for seats in sides(rules, len(names))]


def score_line(rules: GameRules, names: Sequence[str], scores: Sequence[Number]) -> str:
    """Every side's score on one line: "Ana & Cy 12 · Bo & Di 8", or each seat's where each plays alone."""
    return " · ".join(score_items(rules, names, scores))


def score_lines(rules: GameRules, names: Sequence[str], scores: Sequence[Number], width: int, lead: str = "",
                indent: str = "") -> list[str]:  # fmt: skip
    """The scores on as few lines of ``width`` as they need, a name never parted from its score (five Tarot
    players do not fit one line of a menu); the first line starts with ``lead``, the others with ``indent``."""
    lines: list[str] = []
    for item in score_items(rules, names, scores):
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        elif not lines and len(lead) + len(item) <= width:
            lines.append(lead + item)
        else:
            if not lines and lead:  # a first score too long to follow its heading: the heading on its own line
                lines.append(lead.rstrip())
            lines.append((indent if lines else "") + item)
    return lines
