"""Records: reading one with its form checked field by field, and writing one."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bounded import UnreadableFile, read_file
from .errors import RecordError, quote
from .game import Action, Deal, GameRules, Number
from .jsontext import read_json
from .match import RECORD_FORMAT, Match

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
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def save_record(record: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record atomically (``write_atomically``)."""
    write_atomically(Path(path), dump_record(record).encode("utf-8"))


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` whole or not at all: a temporary file in the same folder, flushed to disk, then a rename.

    A crash leaves either the old file or the new one, and at worst a ``NAME*.tmp`` beside them; ``OSError``.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
