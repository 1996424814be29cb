"""Records: reading one with its form checked field by field, and writing one."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bounded import UnreadableFile, read_file
from .errors import RecordError, quote
from .game import Action, Deal, GameRules, Number
from .jsontext import read_json
from .match import RECORD_FORMAT, HandLines, Match

#: The most a record given to ``replay`` may hold.  A record is read whole, and Python holds parsed JSON in
#: several times its size.  The longest record a player could mean, 10,000 hands of five-player Tarot (a
#: hundred of its longest matches end to end), is 50 MB as cardtable writes it (28 MB compact, 70 MB indented
#: by two spaces) and replays in 0.4 GB and 4 s; at 64 MB, the costliest JSON we found (a list of empty
#: objects) takes 1.7 GB and 4 s of processor time to refuse (``benchmarks/hostile_reads.py``).
MAX_RECORD_BYTES = 64 * 1024 * 1024

#: The game of a record's ``game`` field (``RecordError`` for an unknown one): ``cardtable.games.find_game``.
GameFinder = Callable[[object], GameRules]


@dataclass
class HandEntry:
    dealer: int
    deal: Deal
    actions: list[Action]


@dataclass
class Record:
    rules: GameRules
    options: Any
    players: int
    start_scores: list[Number] | None
    hands: list[HandEntry]

    def new_match(self) -> Match:
        return Match(self.rules, self.options, self.players, self.start_scores)


def parse_record(data: object, find_game: GameFinder) -> Record:
    """Check the form of a whole record (header, every hand, every action) before anything is played.

    ``find_game`` names the games a record may be of: the engine knows no game by itself.
    """
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format must be {RECORD_FORMAT!r}, not {quote(data.get('format'))}")
    rules = find_game(game_name(data.get("game")))
    players = data.get("players")
    if players is None:
        players = rules.default_players
    if isinstance(players, bool) or not isinstance(players, int) or players not in rules.player_counts:
        counts = " or ".join(str(n) for n in rules.player_counts)
        raise RecordError(f"players must be {counts} for {rules.name}, not {quote(players)}")
    options = rules.parse_options(data.get("options"), players)
    start_scores = _parse_start_scores(data.get("start_scores"), rules, options, players)
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        raise RecordError("hands must be a list")
    hands: list[HandEntry] = []
    previous_dealer: int | None = None
    for h, raw in enumerate(raw_hands):
        try:
            entry = _parse_hand(raw, rules, options, players)
        except RecordError as error:
            error.hand = h if error.hand is None else error.hand
            raise
        if rules.fixed_rotation and previous_dealer is not None and entry.dealer != (previous_dealer + 1) % players:
            expected = (previous_dealer + 1) % players
            raise RecordError(f"hands[{h}].dealer must be {expected} (the next seat), not {entry.dealer}", hand=h)
        previous_dealer = entry.dealer
        hands.append(entry)
    return Record(rules, options, players, start_scores, hands)


def game_name(name: object) -> object:
    """A game's name as the registry knows it: names are read in any case, like card codes."""
    return name.lower() if isinstance(name, str) else name


def _parse_start_scores(raw: object, rules: GameRules, options: Any, players: int) -> list[Number] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f"start_scores must be a list of {players} numbers")
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RecordError(f"start_scores must hold numbers, not {quote(value)}")
    rules.validate_start_scores(list(raw), options, players)
    return list(raw)


def _parse_hand(raw: object, rules: GameRules, options: Any, players: int) -> HandEntry:
    if not isinstance(raw, dict):
        raise RecordError("a hand entry must be an object")
    for key in ("dealer", "deal", "actions"):
        if key not in raw:
            raise RecordError(f"the hand has no {key}")
    dealer = raw["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat from 0 to {players - 1}, not {quote(dealer)}")
    deal = rules.parse_deal(raw["deal"], options, players, dealer)
    raw_actions = raw["actions"]
    if not isinstance(raw_actions, list):
        raise RecordError("actions must be a list")
    actions = []
    for i, raw_action in enumerate(raw_actions):
        try:
            actions.append(rules.parse_action(raw_action, options, players))
        except RecordError as error:
            error.action = i
            raise
    return HandEntry(dealer, deal, actions)


def load_record_text(text: str, find_game: GameFinder) -> Record:
    return parse_record(read_json(text), find_game)


def load_record_file(path: str | os.PathLike[str], find_game: GameFinder) -> Record:
    return load_record_bytes(read_bytes(path), quote(str(path)), find_game)


def load_record_bytes(data: bytes, where: str, find_game: GameFinder) -> Record:
    """A record from the bytes of a file (UTF-8, with or without a byte-order mark)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"{where} is not UTF-8 text (byte {error.start})") from None
    return load_record_text(text, find_game)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A record file's bytes: a regular file of at most ``MAX_RECORD_BYTES`` (``RecordError`` saying why not)."""
    try:
        return read_file(path, MAX_RECORD_BYTES, "a record")
    except UnreadableFile as refused:
        raise RecordError(f"cannot read {quote(str(path))}: {refused.reason}") from None
    except (OSError, ValueError) as error:  # ValueError: a path holding a NUL character
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise RecordError(f"cannot read {quote(str(path))}: {why}") from None


def dump_record(record: dict[str, Any]) -> str:
    """The record as its files hold it (``record_pieces``), in one text."""
    return b"".join(record_pieces(record)).decode("utf-8")


def record_pieces(record: dict[str, Any], head_room: int = 1) -> list[bytes]:
    """The record as JSON in UTF-8, in pieces to write one after the other: indented by one space, as
    ``json.dumps(record, indent=1)`` writes it, but for its hands, each on a line of its own in compact JSON.

    A hand's line is the longest part of a record and the only one that grows; a long match's save is written
    after every action, so its hands take as few bytes as they can (half as many as indented), and those of a
    record whose ``hands`` are ``HandLines`` are already in JSON: they are written as they are.

    The first piece is all that comes before the first hand, padded with spaces to a multiple of ``head_room``
    bytes: a change there (a save's summary of the hand in play) then seldom changes its length, and a file
    written again (``RewrittenFile``) writes it in its place, the hands after it left as they are.
    """
    hands = record.get("hands")
    if not isinstance(hands, list | tuple):
        return [(json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")]
    lines = hands if isinstance(hands, HandLines) else [_compact(hand).encode("utf-8") for hand in hands]
    pieces: list[bytes] = []
    text = "{"
    for key, value in record.items():
        text += ("" if text == "{" else ",") + "\n " + json.dumps(key, ensure_ascii=False) + ": "
        if key != "hands":
            text += json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n ")
        elif not lines:
            text += "[]"
        else:
            # Each line a piece of its own, between pieces that part them: joined, a long match's whole save
            # would be copied once more.
            hands_pieces = [BETWEEN_HANDS] * (2 * len(lines) - 1)
            hands_pieces[::2] = lines
            head = f"{text}[".encode()
            pieces.append(head + b" " * (-(len(head) + 3) % head_room) + b"\n  ")
            pieces += hands_pieces
            text = "\n ]"
    pieces.append(f"{text}\n}}\n".encode())
    return pieces


BETWEEN_HANDS = b",\n  "


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def save_record(record: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record atomically (``write_atomically``)."""
    write_atomically(Path(path), record_pieces(record))


#: How many pieces one system call writes (the least ``IOV_MAX`` POSIX allows is 16; Linux and macOS allow 1024).
WRITTEN_AT_ONCE = 1024


def write_atomically(target: Path, data: bytes | list[bytes]) -> None:
    """Write ``data`` (or its pieces, one after the other) whole or not at all: a temporary file in the same
    folder, flushed to disk, then a rename.

    A crash leaves either the old file or the new one, and at worst a ``NAME*.tmp`` beside them; ``OSError``.
    """
    pieces = [data] if isinstance(data, bytes) else data
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb", buffering=0) as out:
            _write_pieces(out.fileno(), pieces)
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class RewrittenFile:
    """A file written whole again and again, atomically, each write costing what changed since the one before
    the last: a long match's save is written after every action, and all of it but the hand in play stays.

    Each write goes into a spare copy beside the file (``NAME.spare.tmp``), is flushed to the disk and renamed
    over the file, whose old copy, given a second name just before (``NAME.swap.tmp``), becomes the spare. The
    spare holds what the write before the last wrote: the pieces the new content begins with that are the same
    (the same objects, as ``Match.to_record_lines`` gives a finished hand's line, or equal) are not written
    again, nor are those after a first piece that changed but kept its length. A crash at any moment leaves
    the file as it was or as it is to be, and at worst the two ``NAME.*.tmp`` files, which the next writer
    clears; a write that fails removes them, and the next is whole. Where a file cannot have a second name
    (some file systems), every write is whole. The spare takes as much room on the disk as the file.

    One writer at a time (a save's lock holder). A reader reads the file whole at once: a copy renamed away is
    written into again two writes later.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.spare = path.with_name(f"{path.name}.spare.tmp")
        self.swap = path.with_name(f"{path.name}.swap.tmp")
        #: What the file and the spare hold, as the pieces this object wrote there and their length in bytes
        #: (None: not known).
        self._in_file: tuple[list[bytes], int] | None = None
        self._in_spare: tuple[list[bytes], int] | None = None

    def write(self, pieces: list[bytes]) -> None:
        """Make the file hold the pieces, one after the other, whole or not at all; ``OSError`` (the spare is then
        removed)."""
        try:
            self._write(pieces)
        except BaseException:
            with contextlib.suppress(OSError):
                self.discard_spare()
            raise

    def _write(self, pieces: list[bytes]) -> None:
        in_file, in_spare = self._in_file, self._in_spare
        self._in_file = self._in_spare = None  # not known until this write is done
        head = same = offset = 0
        if in_spare is not None:
            kept, size = in_spare
            # A first piece that changed and kept its length (a save's head, padded) is written in its place.
            head = int(bool(kept) and bool(pieces) and kept[0] != pieces[0] and len(kept[0]) == len(pieces[0]))
            same = _same_start(kept, pieces, head)
            offset = size - sum(map(len, kept[same:]))  # counted from the end: only the last pieces differ
        flags = os.O_RDWR | os.O_CREAT
        if sys.platform == "win32":  # pragma: no cover - the suite runs on POSIX
            flags |= os.O_BINARY
        fd = os.open(self.spare, flags, 0o600)
        try:
            if head:
                _write_pieces(fd, pieces[:1])
            os.lseek(fd, offset, os.SEEK_SET)
            _write_pieces(fd, pieces[same:])
            size = offset + sum(map(len, pieces[same:]))
            os.ftruncate(fd, size)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.swap.unlink(missing_ok=True)
        try:
            os.link(self.path, self.swap)
            swapped = True
        except OSError:  # no file yet, or a file system without second names
            swapped = False
        os.replace(self.spare, self.path)
        if swapped:
            os.replace(self.swap, self.spare)
        self._in_file, self._in_spare = (pieces, size), in_file if swapped else None

    def discard_spare(self) -> None:
        """Remove the spare (the file is done with, or left to another writer); ``OSError``."""
        self._in_file = self._in_spare = None
        self.spare.unlink(missing_ok=True)
        self.swap.unlink(missing_ok=True)


#: How many pieces are compared at once in C, looking for the first that differs.
COMPARED_AT_ONCE = 1024


def _same_start(old: list[bytes], new: list[bytes], same: int = 0) -> int:
    """How many pieces ``new`` begins with that ``old`` begins with too, the first ``same`` taken as the same."""
    count = min(len(old), len(new))
    # A list comparison takes a piece that is the same object as equal at once: all but the last pieces are.
    while same < count:
        step = min(COMPARED_AT_ONCE, count - same)
        if old[same : same + step] != new[same : same + step]:
            while old[same] == new[same]:
                same += 1
            return same
        same += step
    return same


def _write_pieces(fd: int, pieces: list[bytes]) -> None:
    """Write every piece to ``fd``, many in one system call where the system can (not joined: a copy fewer)."""
    for start in range(0, len(pieces), WRITTEN_AT_ONCE):
        batch = pieces[start : start + WRITTEN_AT_ONCE]
        written = os.writev(fd, batch) if os.name == "posix" else 0  # Windows has no writev
        if written < sum(len(piece) for piece in batch):
            rest = memoryview(b"".join(batch))[written:]
            while rest:
                rest = rest[os.write(fd, rest) :]
