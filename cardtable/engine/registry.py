"""One registry maps game names to their rules; games register themselves on import."""

from __future__ import annotations

import importlib

from .errors import RecordError, quote
from .game import GameRules

GAME_NAMES = ("malilla", "manille", "truco", "tarot")
_loaded: dict[str, GameRules] = {}


def available_games() -> list[str]:
    """Names of the games that are implemented in this build."""
    found = []
    for name in GAME_NAMES:
        try:
            find_game(name)
        except RecordError:
            continue
        found.append(name)
    return found


def find_game(name: object) -> GameRules:
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise RecordError(f"game must be one of {', '.join(GAME_NAMES)}, not {quote(name)}")
    if name not in _loaded:
        try:
            module = importlib.import_module(f"cardtable.games.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"cardtable.games.{name}":
                raise
            raise RecordError(f"game {quote(name)} is not available yet in this version of cardtable") from None
        _loaded[name] = module.RULES
    return _loaded[name]
