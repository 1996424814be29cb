"""Each game's table parts, found by the game's name: adding a game adds a module here, nothing else."""

from __future__ import annotations

import importlib
import importlib.util

from cardtable.games import available_games

from .base import TableParts


def playable_games() -> list[str]:
    """The games that have their table parts (a game's engine may land before its table)."""
    return [game for game in available_games() if importlib.util.find_spec(f"cardtable.tui.games.{game}") is not None]


def parts_for(game: str) -> TableParts:
    try:
        module = importlib.import_module(f"cardtable.tui.games.{game}")
    except ModuleNotFoundError:
        return TableParts(game)
    return module.PARTS  # type: ignore[no-any-return]
