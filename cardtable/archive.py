"""The archive of finished matches: reading it back, the player's stars, and exporting a match as a record.

Each finished match is one file, ``archive/ID.json.gz`` (written by ``saves.keep_in_archive``): its record,
with the version of its form (``schema``), the table's seating (``table``), when it ended (``finished``) and,
for a match played with help, how much (``assisted``).  Replay ignores those keys, as it ignores every key a
record's format does not name.  A file that cannot be used is renamed beside the others and the player is
told why, never shown a traceback; one of a newer cardtable (a higher ``schema``) is left as it is, listed
but neither opened nor counted.  No Textual here.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine.bounded import read_file
from cardtable.engine.errors import RecordError
from cardtable.engine.loop import resume_match
from cardtable.engine.records import Record, dump_record, write_atomically
from cardtable.files import (
    MAX_FILE_BYTES,
    NewerFile,
    OsLock,
    UnreadableFile,
    describe_os_error,
    parse_json,
    read_json,
    set_aside_saying,
)
from cardtable.games import available_games
from cardtable.saves import (
    ARCHIVE,
    ARCHIVE_SUFFIX,
    MAX_MATCH_BYTES,
    SCHEMA_KEY,
    TableConfig,
    data_dir,
    in_plain_words,
    shorten,
    table_and_record,
)

STARS = "stars.json"
EXPORTS = "exports"
#: The top-level keys a table adds to a record, besides the format's own: kept in the archive, not exported.
TABLE_KEYS = ("table", "finished", SCHEMA_KEY)
#: An archived match's id: its file's name, less the suffix.
MATCH_ID = re.compile(r"[A-Za-z0-9_-]+")
#: When an archived match ended, in UTC: ``2026-12-01T10:00:00Z``.
FINISHED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
_ENTRY_NAME = re.compile(f"({MATCH_ID.pattern})" + re.escape(ARCHIVE_SUFFIX))


@dataclass
class ArchivedMatch:
    """One finished match from the archive, checked whole."""

    match_id: str
    record: Record
    config: TableConfig
    #: When the match ended, ``YYYY-MM-DDTHH:MM:SSZ`` (UTC).
    finished: str
    assisted: dict[str, int]
    raw: dict[str, Any]

    def exported(self) -> dict[str, Any]:
        """The match as a record file: the format's keys and ``assisted``, without the table's own."""
        return {key: value for key, value in self.raw.items() if key not in TABLE_KEYS}


@dataclass(frozen=True)
class NewerArchived:
    """A finished match archived by a newer cardtable: this version lists it, and neither opens nor counts it."""

    match_id: str
    #: When it ended, where the file says so as this version writes it; else "".
    finished: str
    #: Its game, where the file names one this version has; else None.
    game: str | None

    @classmethod
    def of(cls, match_id: str, newer: NewerFile) -> NewerArchived:
        finished, game = newer.raw.get("finished"), newer.raw.get("game")
        return cls(match_id, finished if isinstance(finished, str) and FINISHED.fullmatch(finished) else "",
                   game if isinstance(game, str) and game in available_games() else None)  # fmt: skip


def archive_folder(home: Path | None = None) -> Path:
    return (home or data_dir()) / ARCHIVE


def archived_ids(home: Path | None = None) -> list[str]:
    """The ids of the archived matches (unordered); none when there is no archive."""
    try:
        names = [path.name for path in archive_folder(home).iterdir()]
    except OSError:
        return []
    return [found.group(1) for name in names if (found := _ENTRY_NAME.fullmatch(name))]


def entry_path(match_id: str, home: Path | None = None) -> Path:
    return archive_folder(home) / f"{match_id}{ARCHIVE_SUFFIX}"


def read_compressed(path: Path) -> object:
    """The JSON in a compressed file; ``UnreadableFile`` with the reason, ``OSError`` if it cannot be read.

    Bounded twice: the file itself, as every file is, and what it unpacks to, since a few kilobytes of
    compressed zeros unpack to gigabytes.
    """
    packed = read_file(path, MAX_FILE_BYTES, "a finished match")
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(packed), mode="rb") as stream:
            data = stream.read(MAX_MATCH_BYTES + 1)
    except (EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise UnreadableFile(f"it is not a complete compressed file ({shorten(str(error)).lower()})") from None
    if len(data) > MAX_MATCH_BYTES:
        raise UnreadableFile("it unpacks to far more than a match holds")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"it is not text (byte {error.start + 1} is not UTF-8)") from None
    return parse_json(text)


def _counts(raw: object) -> dict[str, int]:
    """A record's ``assisted`` key: how many undos and hints helped the match (absent: none)."""
    if raw is None:
        return {"undos": 0, "hints": 0}
    if not isinstance(raw, dict):
        raise RecordError('assisted must be an object such as {"undos": 0, "hints": 2}')
    counts = {}
    for key in ("undos", "hints"):
        value = raw.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RecordError(f"assisted.{key} must be a count, not {value!r}"[:120])
        counts[key] = value
    return counts


def read_archived(match_id: str, home: Path | None = None) -> ArchivedMatch:
    """One archived match; ``UnreadableFile`` with a player's reason for anything wrong with it, ``NewerFile``
    for a match a newer cardtable archived."""
    path = entry_path(match_id, home)
    with in_plain_words("it cannot be used"):
        saved = table_and_record(read_compressed(path))
        raw, record, config = saved.raw, saved.record, saved.config
        finished = raw.get("finished")
        if not isinstance(finished, str) or not FINISHED.fullmatch(finished):
            raise RecordError("it does not say when the match ended (finished)")
        return ArchivedMatch(match_id, record, config, finished, _counts(raw.get("assisted")), raw)


def read_replayable(match_id: str, home: Path | None = None) -> ArchivedMatch:
    """An archived match whose record replays from its first action to its last, as watching it does;
    ``UnreadableFile`` saying what is wrong (the statistics file may still count a match damaged since)."""
    archived = read_archived(match_id, home)
    try:
        resume_match(archived.record)
    except RecordError as error:
        raise UnreadableFile(f"it does not replay ({shorten(error.reason)})") from None
    return archived


def set_aside_archived(match_id: str, reason: str, home: Path | None = None) -> str:
    """Move an archived match that cannot be used out of the way, and say what was wrong in a player's words."""
    said = f"A finished match in the archive could not be used: {reason}."
    return set_aside_saying(entry_path(match_id, home), said, "; the statistics leave it out")


# ---------------------------------------------------------------------------------------------- stars
def _locked(home: Path, name: str) -> OsLock:
    lock = OsLock(home / f"{name}.lock")
    home.mkdir(parents=True, exist_ok=True)
    return lock


def load_stars(home: Path | None = None) -> tuple[set[str], list[str]]:
    """The ids of the matches the player starred, and a notice if the file of stars could not be used."""
    path = (home or data_dir()) / STARS
    try:
        raw = read_json(path)
    except (FileNotFoundError, NotADirectoryError):
        return set(), []
    except OSError as error:
        return set(), [f"Your starred matches could not be read ({describe_os_error(error)})."]
    except UnreadableFile as error:
        return set(), [_damaged_stars(path, error.reason)]
    starred = raw.get("starred") if isinstance(raw, dict) else None
    if not isinstance(starred, list) or not all(isinstance(s, str) for s in starred):
        return set(), [_damaged_stars(path, 'it does not list starred matches ({"starred": [...]})')]
    return set(starred), []


def _damaged_stars(path: Path, reason: str) -> str:
    said = f"Your starred matches could not be used: {reason}."
    return set_aside_saying(path, said, "; star the matches again to keep them listed")


def set_star(match_id: str, starred: bool, home: Path | None = None) -> set[str]:
    """Star or unstar a match, atomically and under a lock (two windows may star at once); ``OSError``."""
    home = home or data_dir()
    lock = _locked(home, STARS)
    if not lock.acquire():
        raise OSError("another window is changing the starred matches; try again")
    try:
        stars, _notices = load_stars(home)
        (stars.add if starred else stars.discard)(match_id)
        text = json.dumps({"schema": 1, "starred": sorted(stars)}, indent=1) + "\n"
        write_atomically(home / STARS, text.encode("utf-8"))
        return stars
    finally:
        lock.release()


# ---------------------------------------------------------------------------------------------- export
def export_path(match: ArchivedMatch, typed: str | None, home: Path | None = None) -> Path:
    """Where an export goes: the path the player typed (``~`` expanded), else ``exports/`` in the data folder."""
    if typed and typed.strip():
        return Path(typed.strip()).expanduser()
    game = match.record.rules.name
    return (home or data_dir()) / EXPORTS / f"{game}-{match.match_id}.json"


def export_match(match: ArchivedMatch, path: Path) -> Path:
    """Write the match as a record file at ``path`` (a folder gets a file named after the match); ``OSError``."""
    if path.is_dir():
        path = path / f"{match.record.rules.name}-{match.match_id}.json"
    write_atomically(path, dump_record(match.exported()).encode("utf-8"))
    return path
