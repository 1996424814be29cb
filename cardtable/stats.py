"""Statistics across sessions, computed from the archive of finished matches by replaying their records.

Each archived match is replayed through the engine once, with its game's tally for the player's seat (the
first human at the table), into a ``MatchSummary``; the summaries are kept in ``stats.json`` with a schema
version, so the statistics are read without replaying everything each time.  That file is only a cache of
the archive: a match in the archive that it lacks is added, one it lists that the archive lost is dropped, and
a damaged file (or one of another schema) is set aside and rebuilt from the archive, as ``cardtable stats
--rebuild`` does on demand; a match a newer cardtable archived is left out, with a notice, and left as it is.
The groups a player reads (per game, variant and opponent level: played, won, streaks, best hand, the game's
own counts) are added up from the summaries.  No Textual here.
"""

from __future__ import annotations

import functools
import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from cardtable.archive import (
    FINISHED,
    MATCH_ID,
    ArchivedMatch,
    NewerArchived,
    archived_ids,
    read_archived,
    set_aside_archived,
)
from cardtable.engine.errors import RecordError
from cardtable.engine.game import Number
from cardtable.engine.players import computer_levels
from cardtable.engine.records import write_atomically
from cardtable.engine.tally import tally_match
from cardtable.engine.visible import is_visible, visible
from cardtable.files import NewerFile, OsLock, UnreadableFile, describe_os_error, quote, read_json, set_aside_saying
from cardtable.games import find_game
from cardtable.saves import data_dir, printable_name

STATS = "stats.json"
#: Raised whenever a summary's fields or a count's meaning change: a file of another schema is rebuilt.
SCHEMA = 1
HOT_SEAT = "hot-seat"
#: How long a window waits for another one that is updating the statistics file.
LOCK_WAIT_S = 2.0
#: How many of the latest results a group keeps for its chart.
RECENT = 40


@dataclass
class MatchSummary:
    """One finished match, from the player's seat: what the statistics add up."""

    match_id: str
    finished: str
    game: str
    variant: str
    level: str
    seat: int
    names: list[str]
    won: bool
    #: The final score as the player reads it: their side first, e.g. "12 : 7".
    score: str
    hands: int
    best_hand: Number | None
    best_hand_number: int | None
    counts: dict[str, int]
    assisted: dict[str, int]
    special: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: object) -> MatchSummary:
        """A summary from the statistics file; ``ValueError`` saying what is wrong unless it is one this version
        writes.

        Every field is checked for what ``summarize`` puts there, since the screens and ``cardtable stats`` use
        the summaries as they are: a game this version knows, whole numbers that are not true or false, texts
        on one line, the names as the table keeps them, the game's own counts.
        """
        if not isinstance(raw, dict):
            raise ValueError(f"a match is {quote(raw)}, not an object")
        wanted = [f.name for f in fields(cls)]
        if sorted(raw) != sorted(wanted):
            odd = sorted(set(raw) ^ set(wanted))
            raise ValueError(f"a match has other fields than the statistics keep ({', '.join(map(quote, odd[:4]))})")
        match_id = raw["match_id"]
        if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
            raise ValueError(f"a match's id is {quote(match_id)}, not the name of an archived match")
        where = f"match {match_id}"
        finished = raw["finished"]
        if not isinstance(finished, str) or not FINISHED.fullmatch(finished):
            raise ValueError(f"the end of {where} is {quote(finished)}, not a time such as 2026-12-01T10:00:00Z")
        try:
            rules = find_game(raw["game"])
        except RecordError:
            raise ValueError(f"the game of {where} is {quote(raw['game'])}, not one this version knows") from None
        names = raw["names"]
        if not isinstance(names, list) or len(names) not in rules.player_counts:
            raise ValueError(f"the names of {where} are {quote(names)}, not one per seat at {rules.title}")
        for seat, name in enumerate(names):
            if not isinstance(name, str) or name != printable_name(name, seat):
                raise ValueError(f"a name in {where} is {quote(name)}, not a name the table keeps")
        seat = raw["seat"]
        if not _is_count(seat) or seat >= len(names):
            raise ValueError(f"the player's seat in {where} is {quote(seat)}, not a seat at the table")
        levels = computer_levels(rules)
        level = raw["level"]
        if level != HOT_SEAT and not (isinstance(level, str) and all(part in levels for part in level.split("+"))):
            raise ValueError(f"the opponents of {where} are {quote(level)}, not computer levels of {rules.title}")
        for key in ("variant", "score"):
            _check_line(raw[key], f"the {key} of {where}")
        if raw["special"] is not None:
            _check_line(raw["special"], f"the end of {where}")
        if not isinstance(raw["won"], bool):
            raise ValueError(f"whether {where} was won is {quote(raw['won'])}, not true or false")
        if not _is_count(raw["hands"]):
            raise ValueError(f"the hands of {where} are {quote(raw['hands'])}, not a count")
        best, number = raw["best_hand"], raw["best_hand_number"]
        if not ((best is None and number is None) or (_is_number(best) and _is_count(number))):
            raise ValueError(f"the best hand of {where} is {quote(best)} (hand {quote(number)}), not a score")
        _check_counts(raw["counts"], count_labels(rules.name), f"the counts of {where}")
        _check_counts(raw["assisted"], ("undos", "hints"), f"the help in {where}")
        return cls(**raw)


#: The longest variant, score or ending a summary holds (the table writes a few words).
MAX_LINE = 200


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_line(value: object, what: str) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_LINE or not is_visible(value):
        raise ValueError(f"{what} is {quote(value)}, not a line of text")


def _check_counts(value: object, keys: Iterable[str], what: str) -> None:
    """``value`` must count exactly ``keys``, each a whole number from 0."""
    if not isinstance(value, dict) or sorted(value) != sorted(keys) or not all(map(_is_count, value.values())):
        raise ValueError(f"{what} are {quote(value)}, not counts of {', '.join(keys)}")


@functools.cache
def count_labels(game: str) -> dict[str, str]:
    """The game's own counts, in its order: key to label."""
    return find_game(game).tally(0, None, 0).labels


def player_seat(archived: ArchivedMatch) -> int | None:
    """Whose statistics a match adds to: the first person at the table (None when only computers played)."""
    return next((seat for seat, config in enumerate(archived.config.seats) if config.human), None)


def opponent_level(archived: ArchivedMatch, seat: int) -> str:
    """The computer level the player faced (levels joined by "+" when mixed), or "hot-seat" against people."""
    rules = archived.record.rules
    players = archived.record.players
    side = rules.side_of(seat, players)
    kinds = {c.kind for s, c in enumerate(archived.config.seats) if rules.side_of(s, players) != side}
    if "human" in kinds:
        return HOT_SEAT
    levels = list(rules.computer_levels())
    return "+".join(sorted(kinds, key=lambda kind: levels.index(kind) if kind in levels else len(levels)))


def level_words(game: str, level: str) -> str:
    """The opponents' level as the new-game form names it ("Club player", "Expert + Club player"), or hot-seat."""
    if level == HOT_SEAT:
        return level
    rules = find_game(game)
    return " + ".join(rules.level_label(part) for part in level.split("+"))


def summarize(archived: ArchivedMatch) -> MatchSummary | None:
    """Replay an archived match for the player's seat; ``RecordError`` if it does not replay cleanly."""
    seat = player_seat(archived)
    if seat is None:
        return None
    record = archived.record
    tallied = tally_match(record, seat)
    match = tallied.match
    if not match.over:
        raise UnreadableFile("its record stops before the match is over")
    rules = record.rules
    sides: dict[int, Number] = {}
    for s in range(record.players):
        sides.setdefault(rules.side_of(s, record.players), match.scores[s])
    ours = rules.side_of(seat, record.players)
    if len(sides) == 2:
        score = " : ".join(str(value) for _side, value in sorted(sides.items(), key=lambda item: item[0] != ours))
    else:  # every seat for itself: the player's score beside the best of the others
        score = f"{sides[ours]}, best other {max(value for side, value in sides.items() if side != ours)}"
    return MatchSummary(
        match_id=archived.match_id,
        finished=archived.finished,
        game=rules.name,
        variant=rules.variant_name(record.options, record.players),
        level=opponent_level(archived, seat),
        seat=seat,
        names=[config.name for config in archived.config.seats],
        won=seat in (match.winner or []),
        score=score,
        hands=tallied.hands,
        best_hand=tallied.best_hand,
        best_hand_number=tallied.best_hand_number,
        counts=tallied.counts,
        assisted=archived.assisted,
        special=match.special,
    )


# ---------------------------------------------------------------------------------------------- groups
@dataclass
class GroupStats:
    """The statistics of one game, variant and opponent level (or of a whole game, with "all" for both)."""

    game: str
    variant: str
    level: str
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    assisted: int = 0
    best_hand: Number | None = None
    best_hand_match: str | None = None
    best_hand_number: int | None = None
    counts: Counter[str] = field(default_factory=Counter)
    #: The latest results, oldest first: True for a win.
    recent: list[bool] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def add(self, summary: MatchSummary) -> None:
        self.played += 1
        self.won += summary.won
        self.current_streak = self.current_streak + 1 if summary.won else 0
        self.best_streak = max(self.best_streak, self.current_streak)
        self.assisted += any(summary.assisted.values())
        if summary.best_hand is not None and (self.best_hand is None or summary.best_hand > self.best_hand):
            self.best_hand, self.best_hand_match = summary.best_hand, summary.match_id
            self.best_hand_number = summary.best_hand_number
        for key, value in summary.counts.items():
            self.counts[key] += value
        self.recent = [*self.recent, summary.won][-RECENT:]

    def labelled_counts(self) -> list[tuple[str, str, int]]:
        """The game's own counts in its order: (key, label, value)."""
        return [(key, label, self.counts.get(key, 0)) for key, label in count_labels(self.game).items()]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "variant": self.variant, "level": self.level,
            "played": self.played, "won": self.won, "win_rate": round(self.win_rate, 4),
            "current_streak": self.current_streak, "best_streak": self.best_streak,
            "best_hand": None if self.best_hand is None else
            {"points": self.best_hand, "match": self.best_hand_match, "hand": self.best_hand_number},
            "assisted": self.assisted,
            "counts": {key: value for key, _label, value in self.labelled_counts()},
        }  # fmt: skip


@dataclass
class Statistics:
    """Every counted match, oldest first, and the groups they add up to; and the matches a newer cardtable
    archived, which are not counted."""

    matches: list[MatchSummary]
    newer: list[NewerArchived] = field(default_factory=list)

    def groups(self, game: str | None = None) -> list[GroupStats]:
        """One group per game, variant and opponent level that has matches, in the games' order."""
        found: dict[tuple[str, str, str], GroupStats] = {}
        for summary in self.matches:
            if game is None or summary.game == game:
                key = (summary.game, summary.variant, summary.level)
                found.setdefault(key, GroupStats(*key)).add(summary)
        return sorted(found.values(), key=lambda g: (find_game(g.game).position, g.game, g.variant, g.level))

    def game_totals(self, game: str) -> GroupStats:
        """Every match of a game, whatever its variant and level."""
        total = GroupStats(game, "all", "all")
        for summary in self.matches:
            if summary.game == game:
                total.add(summary)
        return total

    def games(self) -> list[str]:
        return sorted({s.game for s in self.matches}, key=lambda name: (find_game(name).position, name))

    def by_id(self, match_id: str) -> MatchSummary | None:
        return next((s for s in self.matches if s.match_id == match_id), None)


# ---------------------------------------------------------------------------------------------- the file
class StatsFailed(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _read_cache(path: Path, notices: list[str]) -> dict[str, MatchSummary] | None:
    """The summaries in the statistics file, or None (with a notice if it was damaged) when it must be rebuilt."""
    try:
        raw = read_json(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        notices.append(f"The statistics file could not be read ({describe_os_error(error)}); it is rebuilt.")
        return None
    except UnreadableFile as error:
        notices.append(_set_aside(path, error.reason))
        return None
    if isinstance(raw, dict) and raw.get("schema") != SCHEMA and isinstance(raw.get("schema"), int):
        return None  # another version's counts: rebuilt from the archive, nothing is lost
    try:
        if not isinstance(raw, dict) or not isinstance(raw.get("matches"), list):
            raise ValueError('it does not hold statistics ({"schema": 1, "matches": [...]})')
        summaries = [MatchSummary.from_json(entry) for entry in raw["matches"]]
        known = {summary.match_id: summary for summary in summaries}
        if len(known) != len(summaries):
            raise ValueError("it counts a match twice")
    except ValueError as error:
        notices.append(_set_aside(path, str(error)[:200]))
        return None
    return known


def _set_aside(path: Path, reason: str) -> str:
    said = f"The statistics file could not be used: {reason}; it is rebuilt from the archive of finished matches."
    return set_aside_saying(path, said)


def _take(lock: OsLock) -> bool:
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            if lock.acquire():
                return True
        except OSError:
            return False
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def load_statistics(home: Path | None = None, rebuild: bool = False) -> tuple[Statistics, list[str]]:
    """The statistics, brought up to date with the archive, and a notice for each file that had to be set aside.

    ``rebuild`` replays every archived match again instead of trusting the statistics file.  The file is
    written (atomically, under a lock: two windows may finish matches at once) only when it changes;
    ``StatsFailed`` only when ``rebuild`` was asked for and the file cannot be written.
    """
    home = home or data_dir()
    path = home / STATS
    notices: list[str] = []
    lock = OsLock(home / "stats.lock")
    locked = home.is_dir() and _take(lock)
    try:
        cache = None if rebuild else _read_cache(path, notices)
        changed = cache is None
        known = cache or {}
        summaries: list[MatchSummary] = []
        newer: list[NewerArchived] = []
        ids = archived_ids(home)
        changed = changed or any(match_id not in ids for match_id in known)
        for match_id in ids:
            if match_id in known:
                summaries.append(known[match_id])
                continue
            try:
                summary = _summarize_entry(match_id, home, notices)
            except NewerFile as file:  # read again next time: nothing of it goes into the statistics file
                newer.append(NewerArchived.of(match_id, file))
                continue
            changed = True
            if summary is not None:
                summaries.append(summary)
        summaries.sort(key=lambda s: (s.finished, s.match_id))
        if newer:
            notices.append(newer_notice(len(newer)))
        if changed and (ids or path.exists()):
            problem = _store(path, summaries) if locked else "another window holds the statistics file"
            if problem is not None:
                if rebuild:
                    raise StatsFailed(problem)
                notices.append(f"The statistics could not be saved ({problem}); they are worked out again next time.")
        return Statistics(summaries, newer), notices
    finally:
        lock.release()


def played_with_help(count: int) -> str:
    """ "1 of these matches was played", "3 of these matches were played"."""
    return f"{count} of these matches {'was' if count == 1 else 'were'} played"


def newer_notice(count: int) -> str:
    which = "1 finished match" if count == 1 else f"{count} finished matches"
    return (f"{which} in the archive {'was' if count == 1 else 'were'} kept by a newer cardtable: left as "
            f"{'it is' if count == 1 else 'they are'} and out of these statistics.")  # fmt: skip


def _summarize_entry(match_id: str, home: Path, notices: list[str]) -> MatchSummary | None:
    """One archived match summarized, or None (set aside with a notice if it cannot be); ``NewerFile``."""
    try:
        archived = read_archived(match_id, home)
        return summarize(archived)
    except FileNotFoundError:
        return None
    except NewerFile:
        raise  # never set aside: the newer version finds it again
    except UnreadableFile as error:
        notices.append(set_aside_archived(match_id, error.reason, home))
    except Exception as error:  # a record that does not replay, whatever the way: set aside, never a traceback
        reason = getattr(error, "reason", None) or str(error) or error.__class__.__name__
        notices.append(set_aside_archived(match_id, f"it does not replay ({str(reason)[:200]})", home))
    return None


def _store(path: Path, summaries: Iterable[MatchSummary]) -> str | None:
    text = json.dumps({"schema": SCHEMA, "matches": [s.to_json() for s in summaries]}, ensure_ascii=False)
    try:
        write_atomically(path, (text + "\n").encode("utf-8"))
    except OSError as error:
        return describe_os_error(error, path.parent)
    return None


# ---------------------------------------------------------------------------------------------- output
def statistics_json(statistics: Statistics, game: str | None = None) -> dict[str, Any]:
    """``cardtable stats --json``: every group, and each game's totals."""
    games = [game] if game is not None else statistics.games()
    return {
        "schema": SCHEMA,
        "matches": sum(1 for s in statistics.matches if game is None or s.game == game),
        "games": {name: statistics.game_totals(name).to_json() for name in games},
        "groups": [group.to_json() for group in statistics.groups(game)],
    }


def percent(rate: float) -> str:
    return f"{100 * rate:.0f} %"


def statistics_text(statistics: Statistics, game: str | None = None) -> list[Any]:
    """``cardtable stats``: a table of the groups per game, and each game's own counts (Rich renderables).

    What came from the statistics file goes in as ``Text``, never as markup, made visible first.
    """
    from rich.table import Table
    from rich.text import Text

    games = [game] if game is not None else statistics.games()
    if not games or not any(s.game in games for s in statistics.matches):
        which = f"{find_game(game).title} " if game else ""
        return [f"No finished {which}match yet: statistics start with the first match you finish at the table."]
    out: list[Any] = []
    for name in games:
        rules = find_game(name)
        groups = statistics.groups(name)
        if not groups:
            continue
        table = Table(title=rules.title, title_justify="left")
        for column in ("variant", "against", "played", "won", "rate", "streak", "best", "best hand"):
            table.add_column(column, justify="left" if column in ("variant", "against") else "right")
        for group in groups:
            best = "" if group.best_hand is None else str(group.best_hand)
            against = Text(visible(level_words(name, group.level)))
            table.add_row(Text(visible(group.variant)), against, str(group.played), str(group.won),
                          percent(group.win_rate), str(group.current_streak), str(group.best_streak), best)  # fmt: skip
        out.append(table)
        total = statistics.game_totals(name)
        counts = [f"{label}: {value}" for _key, label, value in total.labelled_counts()]
        if counts:
            out.append("  " + " · ".join(counts))
        if total.assisted:
            out.append(f"  {played_with_help(total.assisted)} with hints or undos.")
    return out
