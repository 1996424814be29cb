"""Where the table keeps its files: a save per unfinished match, every finished one, the settings.

The folder is ``$CARDTABLE_HOME`` when set (tests use it), else the platform's user data folder.
Every match in play has its own save, ``saves/ID.json`` (a record with the table's seating), written
atomically after every action by the one table that holds the operating system's lock on it
(``saves/ID.lock``); other tables may read it but never write it.  A save starts with its ``schema`` (the
version of its form: one written without is of this version's) and a ``summary`` of what the start screen
says of it, so the list of unfinished matches is read from a few hundred bytes of each save, without
replaying any.  A file that cannot be used is renamed ``NAME.unreadable-DATE.json`` beside it, never
overwritten or deleted, and the player is told what is wrong with it; a file of a newer cardtable (a higher
``schema``) is left exactly as it is, for that version to find again.  A finished match goes into the archive,
``archive/ID.json.gz`` (its save's record and table, compressed, written atomically once and never again;
``cardtable.archive`` reads it), and is also kept as ``last-match.json``.  No Textual here.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeGuard

from cardtable.engine.errors import RecordError
from cardtable.engine.game import Number
from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import Budget, computer_levels
from cardtable.engine.records import (
    Record,
    RewrittenFile,
    parse_record,
    record_pieces,
    save_record,
    write_atomically,
)
from cardtable.engine.visible import is_visible, shows_something, visible
from cardtable.files import (
    NewerFile,
    OsLock,
    UnreadableFile,
    describe_os_error,
    local_time,
    move_aside,
    quote,
    read_head,
    read_json,
)
from cardtable.games import find_game

SAVES = "saves"
ARCHIVE = "archive"
#: How an archived match's file name ends: one compressed JSON object per match.
ARCHIVE_SUFFIX = ".json.gz"
LAST_MATCH = "last-match.json"
SETTINGS = "settings.json"
#: The single save of earlier versions, moved into ``saves/`` when first seen.
LEGACY_AUTOSAVE = "autosave.json"
#: Long enough for any name a player types; a longer one would not fit a seat's panel anyway.
MAX_NAME = 40
#: The longest title of a match a save's summary may hold (the game, its variant and its options in words).
MAX_TITLE = 200
#: How much of an error's reason a notice quotes (an engine message may quote a long bad value).
MAX_REASON = 200
#: The version of the form of the files this version writes about a match (saves and archive entries), in their
#: ``schema`` key: raised when a version writes them in a form that earlier ones would misread.
MATCH_SCHEMA = 1
SCHEMA_KEY = "schema"
#: What the start screen says of an unfinished match, kept at the start of its save (``SaveSummary``).
SUMMARY_KEY = "summary"
#: The keys this version writes in a save: the record's (``Match.to_record``), the table's and the save's own.
#: Any other key was written by another version, and is written back as it was.
SAVE_KEYS = frozenset(
    {"format", "game", "options", "players", "start_scores", "hands", "assisted", "table", SCHEMA_KEY, SUMMARY_KEY}
)
#: The longest match file (a save, an archived match unpacked) the table reads. A match has no limit of hands,
#: but a read must have one. A Tarot hand takes 2 to 2.8 kB as saves are written now and up to 5 kB as earlier
#: versions wrote them (their saves stopped at 10,000 hands: 50 MB); the other games take less (Malilla 1.4 kB,
#: Manille 1.1 kB, Truco 0.5 kB). So this is some 22,000 hands of five-player Tarot, hundreds of hours of play;
#: a match read back takes some 13 bytes of memory for each byte of its file, nearly a gigabyte at this size.
MAX_MATCH_BYTES = 64 * 1024 * 1024
#: A save's text before its first hand (its summary among it) takes a multiple of this many bytes, so that the
#: summary's changes (the hand's number, the scores) seldom change its length: the save after one of them
#: writes that text and the hand in play, not every hand again (``records.RewrittenFile``).
SAVE_HEAD_ROOM = 64
#: A summary's hand number stays below this: no match file the table reads holds as many (a hand takes some
#: hundreds of bytes at least, and a match file at most ``MAX_MATCH_BYTES``).
MAX_HANDS = MAX_MATCH_BYTES // 100
#: The scores a summary may hold stay well inside this (a score sheet's numbers are a few hundred at most).
MAX_SCORE = 10**9


def data_dir() -> Path:
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("cardtable", appauthor=False))


def shorten(reason: str) -> str:
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


def printable_name(name: str, seat: int) -> str:
    """A name the screen can show as it is: what a terminal would act on (controls, direction overrides, broken
    Unicode) written out as escapes, the joiners and variation selectors that names need kept."""
    kept = visible(name.strip())
    # Cut, then stripped again: a name kept once is kept as it is (the statistics check their names so).
    kept = kept[:MAX_NAME].rstrip()
    return kept if shows_something(kept) else f"Seat {seat + 1}"


def kept_as_it_is(name: object, seat: int) -> bool:
    """Whether ``name`` is text that ``printable_name`` leaves as it is (at once for a name of printable
    characters, as nearly all are)."""
    if not isinstance(name, str):
        return False
    if name.isprintable() and 0 < len(name) <= MAX_NAME and name == name.strip():
        return True
    return printable_name(name, seat) == name


@dataclass
class SeatConfig:
    """One seat at the table: a human with a name, or a computer level."""

    name: str
    kind: str  # "human", or a computer level such as "heuristic"

    @property
    def human(self) -> bool:
        return self.kind == "human"


def whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_number(raw: dict[str, Any], key: str) -> int:
    value = raw.get(key)
    if not whole_number(value):
        raise RecordError(f"table.{key} must be a whole number, not {quote(value)}")
    return value


@dataclass
class TableConfig:
    """What a table needs beyond the record to go on: who sits where, and the seed of the deals."""

    game: str
    players: int
    seats: list[SeatConfig]
    options: dict[str, Any]
    seed: int
    first_dealer: int

    def __post_init__(self) -> None:
        for seat, config in enumerate(self.seats):
            config.name = printable_name(config.name, seat)

    @property
    def names(self) -> list[str]:
        """The seats' names at the table.

        "You" is the one person at a table of computers.  At a table of computers (watched) or of several
        people sharing the keyboard it would be nobody, or each of them in turn, so a seat named so takes its
        place's name.
        """
        names = [seat.name for seat in self.seats]
        if sum(seat.human for seat in self.seats) != 1:
            for seat, name in enumerate(names):
                if name.lower() == "you":
                    names[seat] = next(n for n in ("South", "Bottom", f"Seat {seat + 1}") if n not in names)
        return names

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "options": self.options,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
        }

    @classmethod
    def from_json(cls, raw: object) -> TableConfig:
        """The table's part of a save; ``RecordError`` naming the field that is wrong."""
        if not isinstance(raw, dict):
            raise RecordError("the save does not say who sits at the table (its table is missing)")
        rules = find_game(raw.get("game"))
        players = _whole_number(raw, "players")
        if players not in rules.player_counts:
            raise RecordError(f"table.players must be a player count of {rules.title}, not {players}")
        raw_seats = raw.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != players:
            raise RecordError(f"table.seats must list {players} seats")
        kinds = ["human", *computer_levels(rules)]
        seats = []
        for seat, entry in enumerate(raw_seats):
            if not isinstance(entry, dict):
                raise RecordError(f"table.seats[{seat}] must have a name and a kind")
            name, kind = entry.get("name"), entry.get("kind")
            if not isinstance(name, str):
                raise RecordError(f"table.seats[{seat}].name must be text, not {quote(name)}")
            if not isinstance(kind, str) or kind not in kinds:
                raise RecordError(f"table.seats[{seat}].kind must be one of {', '.join(kinds)}, not {quote(kind)}")
            seats.append(SeatConfig(name, kind))
        options = raw.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("table.options must be an object")
        try:
            rules.parse_options(options, players)
        except RecordError as error:
            raise RecordError(f"table.{error.reason}") from None
        seed = _whole_number(raw, "seed")
        first_dealer = _whole_number(raw, "first_dealer")
        if not 0 <= first_dealer < players:
            raise RecordError(f"table.first_dealer must be a seat from 0 to {players - 1}, not {first_dealer}")
        return cls(rules.name, players, seats, dict(options), seed, first_dealer)


@dataclass
class SavedTable:
    config: TableConfig
    record: Record
    raw: dict[str, Any]

    @property
    def hints(self) -> int:
        """How many hints the table gave in this match so far (its record's ``assisted`` key)."""
        return self.assisted("hints")

    @property
    def undos(self) -> int:
        """How many decisions the table took back in this match so far (its record's ``assisted`` key)."""
        return self.assisted("undos")

    def assisted(self, key: str) -> int:
        """A count of the record's ``assisted`` key; 0 when it is missing or is not a count."""
        assisted = self.raw.get("assisted")
        count = assisted.get(key) if isinstance(assisted, dict) else 0
        return count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0


def check_schema(raw: dict[str, Any]) -> None:
    """``NewerFile`` for a match file of a newer cardtable, ``RecordError`` for a schema that is no version's.

    A file without one is of this version: files had none before this version gave them one.
    """
    schema = raw.get(SCHEMA_KEY, MATCH_SCHEMA)
    if not whole_number(schema) or schema < 1:
        raise RecordError(f"{SCHEMA_KEY} must be a whole number from 1, not {quote(schema)}")
    if schema > MATCH_SCHEMA:
        raise NewerFile(schema, raw)


@dataclass(frozen=True)
class SaveSummary:
    """What the start screen says of an unfinished match, kept in its save by the table that writes it.

    The game with its variant as the table names it (``title``), the hand to play, every seat's name as the
    table shows it and every seat's score as the table shows it now.  Read from a file, it is only trusted when
    every field has the type and range a table writes (``from_json``): otherwise the save is replayed.
    """

    game: str
    title: str
    players: int
    hand: int
    names: tuple[str, ...]
    scores: tuple[Number, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "players": self.players, "hand": self.hand,
                "names": list(self.names), "scores": list(self.scores)}  # fmt: skip

    @classmethod
    def from_json(cls, raw: object) -> SaveSummary | None:
        """The summary a save holds, or None when it has none this version can trust."""
        if not isinstance(raw, dict):
            return None
        game, title, players, hand = raw.get("game"), raw.get("title"), raw.get("players"), raw.get("hand")
        names, scores = raw.get("names"), raw.get("scores")
        try:
            rules = find_game(game)
        except RecordError:
            return None
        if not (whole_number(players) and players in rules.player_counts and whole_number(hand)):
            return None
        if not (1 <= hand <= MAX_HANDS and isinstance(title, str) and 0 < len(title) <= MAX_TITLE):
            return None
        if not (is_visible(title) and isinstance(names, list) and isinstance(scores, list)):
            return None
        if len(names) != players or len(scores) != players:
            return None
        if not all(kept_as_it_is(name, seat) for seat, name in enumerate(names)):
            return None
        if not all(isinstance(score, int | float) and not isinstance(score, bool) and abs(score) < MAX_SCORE
                   for score in scores):  # fmt: skip
            return None
        return cls(rules.name, title, players, hand, tuple(names), tuple(scores))


def read_save(path: Path) -> SavedTable:
    """A save file, checked whole; ``UnreadableFile`` or ``RecordError`` naming what is wrong, ``NewerFile``,
    ``OSError``."""
    return table_and_record(read_json(path, MAX_MATCH_BYTES))


def table_and_record(raw: object) -> SavedTable:
    """A match file's content (a save, an archived match): its record and its table, checked against each other;
    ``NewerFile`` for a file of a newer cardtable."""
    if not isinstance(raw, dict):
        raise UnreadableFile("it does not hold a match (a JSON object)")
    check_schema(raw)
    record = parse_record(raw, find_game)
    config = TableConfig.from_json(raw.get("table"))
    if config.game != record.rules.name or config.players != record.players:
        raise RecordError("its table and its record are not of the same game and players")
    if record.rules.parse_options(config.options, config.players) != record.options:
        raise RecordError("its table and its record have different options")
    return SavedTable(config, record, raw)


class SaveFailed(Exception):
    """A save could not be written; ``reason`` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MatchSave:
    """One match's save file, and the lock that makes a single table at a time its writer."""

    def __init__(self, path: Path, home: Path) -> None:
        self.path = path
        self.home = home
        self.lock = OsLock(path.with_suffix(".lock"))
        #: What the save held that this version does not write (keys of another version), written back as it was.
        self.kept: dict[str, Any] = {}
        #: The file, written after every action at the cost of what changed (its spare copy beside it).
        self.file = RewrittenFile(path)

    @classmethod
    def new(cls, home: Path | None = None) -> MatchSave:
        home = home or data_dir()
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.json"
        return cls(home / SAVES / name, home)

    def __repr__(self) -> str:
        return f"MatchSave({str(self.path)!r})"

    def claim(self) -> bool:
        """Lock the match for this table: False if another one has it, ``OSError`` if no lock can be taken."""
        if self.lock.held:
            return True
        if not self.lock.acquire():
            return False
        # Only the lock's holder writes this save, so temporary files left by a killed table are stale.
        for stale in self.path.parent.glob(f"{self.path.name}*.tmp"):
            stale.unlink(missing_ok=True)
        return True

    def release(self) -> None:
        if self.lock.held:
            with contextlib.suppress(OSError):  # a spare left behind is cleared by the next table to claim the save
                self.file.discard_spare()
        self.lock.release()

    def write(self, config: TableConfig, record: dict[str, Any], summary: SaveSummary | None = None) -> None:
        """Save the match atomically (its spare copy written, then renamed over it: ``RewrittenFile``); ``SaveFailed``
        if that cannot be done."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.claim():
                raise SaveFailed("this match is open in another window, and only that window saves it")
            self.file.write(record_pieces(self.content(config, record, summary), SAVE_HEAD_ROOM))
        except OSError as error:
            raise SaveFailed(describe_os_error(error, self.path.parent)) from None

    def content(
        self, config: TableConfig, record: dict[str, Any], summary: SaveSummary | None = None
    ) -> dict[str, Any]:
        """What the file holds: its schema and summary first (the start screen reads no further: ``read_head``),
        then what another version wrote there, the record and the table."""
        head: dict[str, Any] = {SCHEMA_KEY: MATCH_SCHEMA}
        if summary is not None:
            head[SUMMARY_KEY] = summary.to_json()
        return {**head, **self.kept, **record, "table": config.to_json()}

    def finish(self, config: TableConfig, record: dict[str, Any]) -> None:
        """The match is over: archived and kept as the last match, no longer offered for resuming (``SaveFailed``).

        The save goes only once the archive holds the match, so a crash in between leaves a finished save
        that the next start finishes again (writing the same archive entry).
        """
        try:
            if not self.claim():
                return  # the window that has it open finishes it
            content = self.content(config, record)
            keep_in_archive(self.home, self.path.stem, content)
            save_record(content, self.home / LAST_MATCH)
            self.path.unlink(missing_ok=True)
            # A table that opened the lock file before it goes may yet lock it, but finds no save to write.
            self.lock.path.unlink(missing_ok=True)
        except OSError as error:
            raise SaveFailed(describe_os_error(error, self.home)) from None
        finally:
            self.release()

    def set_aside(self) -> Path:
        """Keep a save that cannot be used under another name (the caller holds its lock); ``OSError``."""
        kept = move_aside(self.path)
        self.lock.path.unlink(missing_ok=True)
        return kept

    def load(self) -> tuple[SavedTable, Match]:
        """Read and replay the save; ``UnreadableFile`` with a player's reason for anything wrong with it,
        ``NewerFile`` for the save of a newer cardtable."""
        with in_plain_words("it does not replay"):
            saved = read_save(self.path)
            match = resume_match(saved.record)
        self.kept = {key: value for key, value in saved.raw.items() if key not in SAVE_KEYS}
        return saved, match


class SaveWriter:
    """Writes one match's saves in a thread of its own, so that the table never waits for the disk.

    A save is a record put into JSON, written to a spare copy, flushed to the disk and renamed over the last one
    (``MatchSave.write``): about 10 ms of waiting for the disk, and a millisecond of JSON for the hand in play.
    Saves are written one at a time, in order; one asked for while another is being written replaces any
    still waiting (the newest record holds all the older ones do).  ``done`` is called in the writer's
    thread after each save with the failure, or None.  The thread is not a daemon: the program ends only
    once the save being written is on disk.
    """

    def __init__(self, save: MatchSave, done: Callable[[SaveFailed | None], None]) -> None:
        self.save = save
        self.done = done
        self._changed = threading.Condition()
        self._waiting: tuple[TableConfig, dict[str, Any], SaveSummary | None] | None = None
        self._busy = False

    def submit(self, config: TableConfig, record: dict[str, Any], summary: SaveSummary | None = None) -> None:
        """Write ``record`` soon (the caller hands it over: it must not change it afterwards)."""
        with self._changed:
            self._waiting = (config, record, summary)
            if self._busy:
                return
            self._busy = True
        threading.Thread(target=self._write_waiting, name="cardtable-save").start()

    def wait(self) -> None:
        """Return once every save asked for is written (or has failed)."""
        with self._changed:
            while self._busy:
                self._changed.wait()

    def _write_waiting(self) -> None:
        while True:
            with self._changed:
                job, self._waiting = self._waiting, None
                if job is None:
                    self._busy = False
                    self._changed.notify_all()
                    return
            self.write(*job)

    def write(self, config: TableConfig, record: dict[str, Any], summary: SaveSummary | None = None) -> None:
        """Write one save now, in the calling thread, and tell ``done`` what it came to."""
        try:
            self.save.write(config, record, summary)
        except SaveFailed as failure:
            self.done(failure)
        else:
            self.done(None)


def keep_in_archive(home: Path, match_id: str, entry: dict[str, Any]) -> Path:
    """Write a finished match into the archive (atomically, as compact compressed JSON); ``OSError``.

    One file per match: writing one never touches another, so neither a crash nor two windows finishing
    matches at once can damage what is already archived.  ``finished`` says when, in UTC.
    """
    path = home / ARCHIVE / f"{match_id}{ARCHIVE_SUFFIX}"
    when = entry.get("finished") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    entry = {SCHEMA_KEY: MATCH_SCHEMA, **entry, "finished": when}
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    write_atomically(path, gzip.compress(text.encode("utf-8"), mtime=0))
    return path


@contextlib.contextmanager
def in_plain_words(otherwise: str) -> Iterator[None]:
    """Reading a match file: whatever goes wrong becomes ``UnreadableFile`` with a player's reason (``otherwise``
    for a failure nobody foresaw); a missing file stays ``FileNotFoundError``, a newer cardtable's ``NewerFile``."""
    try:
        yield
    except (FileNotFoundError, UnreadableFile, NewerFile):
        raise
    except RecordError as error:
        where = f" (hand {error.hand + 1})" if isinstance(error.hand, int) else ""
        raise UnreadableFile(shorten(error.reason) + where) from None
    except OSError as error:
        raise UnreadableFile(f"it cannot be read: {describe_os_error(error)}") from None
    except Exception as error:  # whatever else a damaged file provokes, it must not stop the table
        raise UnreadableFile(f"{otherwise} ({shorten(str(error)) or error.__class__.__name__})") from None


@dataclass
class FoundMatch:
    """An unfinished match on the start screen: its save, and what the start screen may say of it.

    ``summary`` is what the save says of itself.  A save without one to trust (an earlier version's) was
    replayed: ``config`` and ``match`` are then its table and the match, from which the table makes the summary.
    A save open in another window that could not be read has neither; one of a newer cardtable is only listed.
    """

    save: MatchSave
    modified: float
    locked: bool = False
    newer: bool = False
    summary: SaveSummary | None = None
    config: TableConfig | None = None
    match: Match | None = None

    @property
    def resumable(self) -> bool:
        return not (self.locked or self.newer)


def matches_folder_problem(home: Path | None = None) -> str | None:
    """Why matches cannot be saved in the data folder, if they cannot (found by writing a small file)."""
    home = home or data_dir()
    if home.exists() and not home.is_dir():
        return f"the data folder {home} is a file, not a folder"
    saves = home / SAVES
    try:
        saves.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return describe_os_error(error)
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=saves)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return describe_os_error(error, saves)
    return None


_SAVE_NAME = re.compile(r"[A-Za-z0-9_-]+\.json")
_TEMPORARY_NAME = re.compile(r"([A-Za-z0-9_-]+\.json).+\.tmp")


def save_files(home: Path) -> tuple[list[Path], dict[str, list[Path]]]:
    """The saves of unfinished matches (the one of earlier versions first moved in among them), and the temporary
    files beside them by the name of the save each was written for; the folder is read once."""
    saves = home / SAVES
    legacy = home / LEGACY_AUTOSAVE
    found: list[Path] = []
    temporaries: dict[str, list[Path]] = {}
    if legacy.is_file():
        moved = MatchSave.new(home).path
        try:
            saves.mkdir(parents=True, exist_ok=True)
            legacy.rename(moved)
        except FileNotFoundError:
            pass  # another table moved it first
        except OSError:
            found.append(legacy)  # it cannot move (a read-only folder): offer it where it is
    with contextlib.suppress(OSError), os.scandir(saves) as entries:  # no saves folder: no saves
        for entry in entries:
            if _SAVE_NAME.fullmatch(entry.name):
                if entry.is_file():
                    found.append(Path(entry.path))
            elif temporary := _TEMPORARY_NAME.fullmatch(entry.name):
                temporaries.setdefault(temporary.group(1), []).append(Path(entry.path))
    return found, temporaries


def clear_unborn_saves(home: Path, temporaries: dict[str, list[Path]], saves: Sequence[Path]) -> None:
    """Delete what a table killed while writing a match's very first save left: a temporary file alone."""
    there = {path.name for path in saves}
    for name in temporaries:
        if name in there:
            continue  # the lock's holder clears a save's own temporary files
        save = MatchSave(home / SAVES / name, home)
        try:
            save.claim()  # once no table is writing it, the claim clears it (its lock file stays: see finish)
        except OSError:
            pass
        finally:
            save.release()


#: One reading of the saves at a time in this process: each takes every save's lock for a moment, and two
#: readings would take each other's for another window's.
_READING = threading.Lock()


def find_unfinished(
    home: Path | None = None, stop: threading.Event | None = None
) -> tuple[list[FoundMatch], list[str]]:
    """Every unfinished match (most recent first, those of a time no date can be made of last), and a notice for
    each save that had to be set aside.  ``stop`` ends the reading early (the player has gone elsewhere)."""
    home = home or data_dir()
    found: list[FoundMatch] = []
    notices: list[str] = []
    with _READING:
        paths, temporaries = save_files(home)
        clear_unborn_saves(home, temporaries, paths)
        for path in paths:
            if stop is not None and stop.is_set():
                break
            save = MatchSave(path, home)
            try:
                entry = examine(save, notices, temporaries.get(path.name, ()))
            finally:
                save.release()
            if entry is not None:
                found.append(entry)
    found.sort(key=lambda entry: (local_time(entry.modified) is not None, entry.modified), reverse=True)
    return found, notices


#: What ``examine`` reads of a save: what it says of itself, at its start.
HEAD_KEYS = (SCHEMA_KEY, SUMMARY_KEY)


def examine(save: MatchSave, notices: list[str], temporaries: Sequence[Path] = ()) -> FoundMatch | None:
    """A save as the start screen lists it: from the summary at its start, or else (a save of an earlier version,
    a summary that cannot be trusted) from its replay; None when it is gone, finished or set aside (said in
    ``notices``).  A summary is trusted for the list only: the match is replayed, every check made, when opened.
    """
    try:
        claimed: bool | None = save.lock.acquire()
    except OSError:
        claimed = None  # no lock can be taken here (a read-only folder): no table can write it either
    if claimed:  # only the lock's holder writes a save: its temporary files were left by a table killed writing
        for stale in temporaries:
            with contextlib.suppress(OSError):
                stale.unlink(missing_ok=True)
    locked = claimed is False
    try:
        modified = save.path.stat().st_mtime
        head = read_head(save.path, HEAD_KEYS)
    except FileNotFoundError:
        return None  # finished or set aside by another table meanwhile
    except OSError:
        modified, head = 0.0, {}  # the replay below meets it again, and says what it is
    schema = head.get(SCHEMA_KEY)
    if whole_number(schema) and schema > MATCH_SCHEMA:
        return FoundMatch(save, modified, locked, newer=True)
    summary = SaveSummary.from_json(head.get(SUMMARY_KEY)) if schema == MATCH_SCHEMA else None
    if summary is not None:
        return FoundMatch(save, modified, locked, summary=summary)
    try:
        saved, match = save.load()
    except FileNotFoundError:
        return None
    except NewerFile:
        return FoundMatch(save, modified, locked, newer=True)
    except (UnreadableFile, OSError) as error:
        if locked:  # the table that has it open knows better
            return FoundMatch(save, 0.0, locked=True)
        reason = error.reason if isinstance(error, UnreadableFile) else describe_os_error(error)
        notices.append(set_aside_notice(save, reason))
        return None
    if match.over:
        if claimed:
            with contextlib.suppress(SaveFailed):  # it is offered no more either way; the next start tries again
                save.finish(saved.config, match.to_record())
        return None
    return FoundMatch(save, modified, locked, config=saved.config, match=match)


def set_aside_notice(save: MatchSave, reason: str) -> str:
    """Move a save that cannot be used aside (or say why it stays) and tell the player what was wrong."""
    said = f"A saved match could not be used: {reason}."
    try:
        kept = save.set_aside()
    except OSError as error:
        problem = describe_os_error(error, save.path.parent)
        return f"{said} It could not be moved aside ({problem}), so it stays as {save.path}."
    return f"{said} The file was kept as {kept}."


# ---------------------------------------------------------------------------------------------- settings
SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
#: How large the table draws its cards: by the terminal's size, or always small or large.
CARD_SIZES = ("auto", "small", "large")
#: The expert's budgets, as the settings name them.
EXPERT_BUDGETS = tuple(budget.value for budget in Budget)
#: The deck's colours: as the theme draws it, or always two (red and black) or four colours.
DECK_STYLES = ("theme", "two", "four")


@dataclass
class Settings:
    """The player's table preferences; keys this version does not know are kept as they were."""

    speed: str = "normal"  # pause before each computer play: slow, normal, fast, instant
    #: The deck's colours (``DECK_STYLES``): the colour-blind theme draws four colours, the others two.
    deck: str = "theme"
    ascii_cards: bool = False
    #: A table theme (its name), or a Textual theme chosen in the command palette.
    theme: str = "green-felt"
    card_size: str = "auto"
    #: How long the expert level thinks over a decision at the table: fast, normal or strong.
    expert_budget: str = "normal"
    #: Cards move: a played card to its place in the trick, a won trick towards its winner.
    animations: bool = True
    #: A Truco hand ends with a line (who won it, the points, the score) and the next is dealt after a pause;
    #: off, the full score sheet waits for a key after every hand.
    brief_hand_ends: bool = True
    #: A card that is the only thing you may do is played by itself.
    play_forced_cards: bool = False
    #: Whether a hint may suggest a bluff (named as one); off, a hint offers the sound play only.
    hint_bluffs: bool = False
    #: Other keys for the table's bindings, by binding id: ``{"calls": "x", "hint": "t,f2"}``.
    keymap: dict[str, str] = field(default_factory=dict)
    #: The last game started from the new-game form or the start screen: its game, options, players and seats
    #: (the seed is not kept: playing again is a new shuffle).
    last_setup: TableConfig | None = None
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)

    SPEEDS = SPEEDS

    @property
    def pause(self) -> float:
        return SPEEDS.get(self.speed, 0.8)

    def to_json(self) -> dict[str, Any]:
        kept = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("unknown", "last_setup")}
        if self.last_setup is not None:
            kept["last_setup"] = setup_json(self.last_setup)
        return {**self.unknown, **kept}


def setup_json(config: TableConfig) -> dict[str, Any]:
    """A table's setup as the settings keep it: everything but the seed and the first dealer."""
    return {key: value for key, value in config.to_json().items() if key not in ("seed", "first_dealer")}


def setup_from_json(raw: object) -> TableConfig:
    """The setup the settings keep, checked as a save's table is (``RecordError`` naming what is wrong), with a
    new shuffle: the seed and first dealer are drawn afresh when it is played."""
    if not isinstance(raw, dict):
        raise RecordError("it is not a game's setup (a JSON object)")
    return TableConfig.from_json({**raw, "seed": 0, "first_dealer": 0})


def _setting_problem(name: str, value: object) -> str | None:
    default = getattr(Settings, name)
    if name == "speed":
        if not isinstance(value, str) or value not in SPEEDS:
            return f"speed must be slow, normal, fast or instant, not {quote(value)}"
    elif name == "expert_budget":
        if not isinstance(value, str) or value not in EXPERT_BUDGETS:
            return f"the expert's thinking must be fast, normal or strong, not {quote(value)}"
    elif name == "card_size":
        if not isinstance(value, str) or value not in CARD_SIZES:
            return f"card size must be auto, small or large, not {quote(value)}"
    elif name == "deck":
        if not isinstance(value, str) or value not in DECK_STYLES:
            return f"the deck must be theme, two or four (colours), not {quote(value)}"
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            return f"{name.replace('_', ' ')} must be true or false, not {quote(value)}"
    elif not isinstance(value, str) or not value or len(value) > 60:
        return f"{name} must be the name of a theme, not {quote(value)}"
    return None


#: At most this many of a keymap's bad entries are named one by one.
KEYMAP_NOTICES = 3


def _keymap_entries(value: object) -> tuple[dict[str, str], list[str]]:
    """The entries of a keymap that have its form (binding id to keys as text), and a notice for the others.

    Whether an id names a binding and its keys are keys is for the table to say: it knows its bindings.
    """
    if not isinstance(value, dict):
        return {}, [f'In your settings, the keymap must map key ids to keys, such as {{"calls": "x"}}, not '
                    f"{quote(value)}: the table keeps its own keys."]  # fmt: skip
    entries: dict[str, str] = {}
    bad: list[str] = []
    for binding_id, keys in value.items():
        if isinstance(keys, str) and keys.strip() and len(keys) <= 60:
            entries[binding_id] = keys
        else:
            bad.append(binding_id)
    notices = [f'In your settings, the keymap must give {quote(binding_id)} its keys as text, such as "x" or '
               f'"ctrl+x,f5", not {quote(value[binding_id])}: it keeps its own keys.'
               for binding_id in bad[:KEYMAP_NOTICES]]  # fmt: skip
    if len(bad) > KEYMAP_NOTICES:
        notices.append(f"In your settings, {len(bad) - KEYMAP_NOTICES} more entries of the keymap are not keys either.")
    return entries, notices


def load_settings(home: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings, and a notice for each thing that could not be used (the file, or a value in it)."""
    path = (home or data_dir()) / SETTINGS
    try:
        raw = read_json(path)
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), []  # no settings yet; a data folder that is not a folder is reported on its own
    except OSError as error:
        return Settings(), [f"Your settings could not be read ({describe_os_error(error)}); the defaults are used."]
    except UnreadableFile as error:
        return Settings(), [damaged_settings_notice(path, error.reason)]
    if not isinstance(raw, dict):
        return Settings(), [damaged_settings_notice(path, "it does not hold settings (a JSON object)")]
    settings = Settings()
    known = {f.name for f in fields(Settings)} - {"unknown"}
    notices = []
    for name, value in raw.items():
        if name == "four_colour":  # before the deck followed the theme: on is four colours, off the theme's deck
            if "deck" in raw or value is False:
                continue
            if value is True:
                settings.deck = "four"
            else:
                notices.append(f"In your settings, four colour must be true or false, not {quote(value)}: "
                               "the table draws the theme's deck.")  # fmt: skip
            continue
        if name not in known:
            settings.unknown[name] = value
            continue
        if name == "keymap":
            settings.keymap, keymap_notices = _keymap_entries(value)
            notices.extend(keymap_notices)
            continue
        if name == "last_setup":
            try:
                settings.last_setup = setup_from_json(value)
            except RecordError as error:
                notices.append(f"In your settings, the last game's setup cannot be used ({shorten(error.reason)}): "
                               "the new-game form opens on a game's usual setup.")  # fmt: skip
            continue
        problem = _setting_problem(name, value)
        if problem is None:
            setattr(settings, name, value)
        else:
            notices.append(f"In your settings, {problem}: the table uses {quote(getattr(settings, name))} instead.")
    return settings, notices


def damaged_settings_notice(path: Path, reason: str) -> str:
    said = f"Your settings could not be used: {reason}."
    try:
        kept = move_aside(path)
    except OSError as error:
        problem = describe_os_error(error, path.parent)
        return f"{said} The file could not be moved aside ({problem}), so the defaults are used."
    return f"{said} The file was kept as {kept}; the defaults are used until you change a setting."


def store_settings(settings: Settings, home: Path | None = None) -> None:
    """Write the settings atomically; ``OSError`` if that cannot be done."""
    save_record(settings.to_json(), (home or data_dir()) / SETTINGS)


DEFAULT_NAMES = {
    2: ["You", "North"],
    3: ["You", "East", "West"],
    4: ["You", "East", "North", "West"],
    5: ["You", "East", "North-east", "North-west", "West"],
    6: ["You", "East", "North-east", "North", "North-west", "West"],
}


def default_seats(game: str, players: int) -> list[SeatConfig]:
    """You at the bottom; everyone else the strongest computer level of the game."""
    levels = list(computer_levels(find_game(game)))
    strongest = "heuristic" if "heuristic" in levels else levels[-1]
    names = DEFAULT_NAMES.get(players, [f"Seat {i}" for i in range(players)])
    return [SeatConfig(names[0], "human")] + [SeatConfig(name, strongest) for name in names[1:]]
