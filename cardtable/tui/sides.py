"""The sides of a table (partners share one), their names and their scores, as the screens show them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from rich.cells import cell_len

from cardtable.engine.game import GameRules, Number
from cardtable.engine.words import listed

#: The narrow side panel's text width: ``#side`` is 26 columns, less its border and its padding.
SIDE_TEXT = 23


def sides(rules: GameRules, players: int) -> list[list[int]]:
    """The seats of each side, in the order of each side's first seat."""
    found: dict[int, list[int]] = {}
    for seat in range(players):
        found.setdefault(rules.side_of(seat, players), []).append(seat)
    return list(found.values())


def side_name(names: Sequence[str], seats: Sequence[int], width: int | None = None) -> str:
    """A side, every player in it named: "Ana & Bo" for a pair, "Ana, Bo & Cy" for a team of three (six-player
    Truco). Where ``width`` is too narrow for that, the names are joined by "/" ("East/North/West"), then each
    name of several words by its initials ("You/NE/NW"), then every name by its first letter ("E/N/W")."""
    named = [names[seat] for seat in seats]
    full = listed(named, "&")
    if len(named) <= 2 or width is None or cell_len(full) <= width:
        return full
    shorter = ["/".join(named), "/".join(map(initials, named)), "/".join(name[:1] for name in map(initials, named))]
    return next((short for short in shorter if cell_len(short) <= width), shorter[-1])


def initials(name: str) -> str:
    """ "NE" for "North-east": a name of several words shortened to their first letters; a one-word name kept."""
    words = name.replace("-", " ").split()
    return "".join(word[0].upper() for word in words) if len(words) > 1 else name


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


#: How many, in words, of the seats a table holds besides yours.
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def seating_words(rules: GameRules, names: Sequence[str], kinds: Sequence[str]) -> str:
    """Who plays, as a person reads it: "you and an Expert partner against two Club players", "you against three
    Club players"; other people at the keyboard by their names. "You" is the first person's seat."""
    players = len(kinds)
    you = next((seat for seat, kind in enumerate(kinds) if kind == "human"), None)
    if you is None:
        return f"{listed(seat_groups(rules, names, kinds, range(players), partners=False))}, watched"
    side = rules.side_of(you, players)
    partners = [seat for seat in range(players) if seat != you and rules.side_of(seat, players) == side]
    others = [seat for seat in range(players) if rules.side_of(seat, players) != side]
    with_you = seat_groups(rules, names, kinds, partners, partners=True)
    against = listed(seat_groups(rules, names, kinds, others, partners=False))
    return f"{listed(['you', *with_you])} against {against}"


def seat_groups(rules: GameRules, names: Sequence[str], kinds: Sequence[str], seats: Sequence[int],
                partners: bool) -> list[str]:  # fmt: skip
    """The seats as a list says them: people by name, then each computer level with how many play it ("two Club
    players", "an Expert partner")."""
    people = [names[seat] for seat in seats if kinds[seat] == "human"]
    levels = list(rules.computer_levels())
    computers = sorted((kinds[seat] for seat in seats if kinds[seat] != "human"), key=lambda kind: (
        levels.index(kind) if kind in levels else len(levels), kind))  # fmt: skip
    groups = []
    for kind, same in groupby(computers):
        count = len(list(same))
        noun = rules.level_label(kind)
        if partners:
            noun = noun.removesuffix(" player") + " partner"
        if count == 1:
            groups.append(f"{'an' if noun[:1] in 'AEIOU' else 'a'} {noun}")
        else:
            groups.append(f"{NUMBER_WORDS.get(count, str(count))} {noun}s")
    return [*people, *groups]
