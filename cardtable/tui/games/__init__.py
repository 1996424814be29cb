"""Each game's table parts, found by the game's name: adding a game adds a module here, nothing else."""

from __future__ import annotations

import importlib

from .base import TableParts


def parts_for(game: str) -> TableParts:
    try:
        module = importlib.import_module(f"cardtable.tui.games.{game}")
    except ModuleNotFoundError:
        return TableParts(game)
    return module.PARTS  # type: ignore[no-any-return]
