"""Where the table keeps its files, the autosave, and the player's settings (no Textual here).

The folder is ``$CARDTABLE_HOME`` when set (tests use it), else the platform's user data folder.
A file that cannot be read is moved aside, never overwritten or deleted, so nothing a player had is lost.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from cardtable.engine.errors import RecordError
from cardtable.engine.players import computer_levels
from cardtable.engine.records import Record, dump_record, parse_record, save_record
from cardtable.games import find_game

AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"


def data_dir() -> Path:
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("cardtable", appauthor=False))


@dataclass
class SeatConfig:
    """One seat at the table: a human with a name, or a computer level."""

    name: str
    kind: str  # "human", or a computer level such as "heuristic"

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass
class TableConfig:
    """What a table needs beyond the record to go on: who sits where, and the seed of the deals."""

    game: str
    players: int
    seats: list[SeatConfig]
    options: dict[str, Any]
    seed: int
    first_dealer: int

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "seats": [asdict(s) for s in self.seats]}

    @classmethod
    def from_json(cls, raw: object) -> TableConfig:
        if not isinstance(raw, dict):
            raise RecordError("table must be an object")
        try:
            seats = [SeatConfig(str(s["name"]), str(s["kind"])) for s in raw["seats"]]
            return cls(str(raw["game"]), int(raw["players"]), seats, dict(raw.get("options") or {}),
                       int(raw["seed"]), int(raw["first_dealer"]))  # fmt: skip
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"table: {error}") from None


@dataclass
class SavedTable:
    config: TableConfig
    record: Record
    raw: dict[str, Any]


def write_autosave(config: TableConfig, record: dict[str, Any], folder: Path | None = None) -> Path:
    """Save the match atomically (temporary file, then rename) with the table's seating."""
    path = (folder or data_dir()) / AUTOSAVE
    save_record({**record, "table": config.to_json()}, path)
    return path


def read_autosave(folder: Path | None = None) -> SavedTable | None:
    """The unfinished match, if any; ``RecordError`` if the file is there but cannot be used."""
    path = (folder or data_dir()) / AUTOSAVE
    if not path.exists():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError(f"the save file {path} cannot be read ({error.__class__.__name__})") from None
    if not isinstance(raw, dict):
        raise RecordError(f"the save file {path} does not hold a record")
    record = parse_record(raw, find_game)
    config = TableConfig.from_json(raw.get("table"))
    if config.game != record.rules.name or config.players != record.players or len(config.seats) != record.players:
        raise RecordError(f"the save file {path} does not match its own table")
    return SavedTable(config, record, raw)


def move_aside(folder: Path | None = None, name: str = AUTOSAVE) -> Path | None:
    """Rename an unreadable file so that it is kept for a bug report but no longer in the way."""
    path = (folder or data_dir()) / name
    if not path.exists():
        return None
    target = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


def finish_autosave(folder: Path | None = None) -> None:
    """A finished match is kept as the last game's history, no longer offered for resuming."""
    path = (folder or data_dir()) / AUTOSAVE
    if path.exists():
        path.replace(path.with_name("last-match.json"))


@dataclass
class Settings:
    """The player's table preferences."""

    speed: str = "normal"  # pause before each computer play: slow, normal, fast, instant
    four_colour: bool = False
    ascii_cards: bool = False
    theme: str = "textual-dark"

    SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}

    @property
    def pause(self) -> float:
        return self.SPEEDS.get(self.speed, 0.8)


def load_settings(folder: Path | None = None) -> Settings:
    path = (folder or data_dir()) / SETTINGS
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values = {k: v for k, v in raw.items() if k in known} if isinstance(raw, dict) else {}
    try:
        settings = Settings(**values)
    except TypeError:
        return Settings()
    return settings if settings.speed in Settings.SPEEDS else Settings()


def store_settings(settings: Settings, folder: Path | None = None) -> None:
    path = (folder or data_dir()) / SETTINGS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_record(asdict(settings)), encoding="utf-8")


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
