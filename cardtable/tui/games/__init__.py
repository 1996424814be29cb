"""Each game's table parts, found by the game's name: adding a game adds a package here, nothing else.

Every game has the same shape: ``<game>/__init__.py`` holds its parts (``PARTS``) and the dialogs only that
game asks sit beside them, one module each; what several games share stays here (``base.py``) or in
``cardtable.tui.dialogs``, which knows no game.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from cardtable.games import available_games

from .base import TableParts


def playable_games() -> list[str]:
    """The games that have their table parts (a game's engine may land before its table)."""
    return [game for game in available_games() if importlib.util.find_spec(f"cardtable.tui.games.{game}") is not None]


def parts_for(game: str) -> TableParts[Any]:
    """The table parts of ``game`` (``PARTS`` in its package here); ``LookupError`` if it has none yet.

    Which game is played is known only when a match starts, so the parts come typed with their game's view
    only inside their own module: the table checks each view it draws against ``parts.view_type``.
    """
    try:
        module = importlib.import_module(f"cardtable.tui.games.{game}")
    except ModuleNotFoundError as missing:
        raise LookupError(f"{game} has no table parts yet") from missing
    parts = module.PARTS
    if not isinstance(parts, TableParts):
        raise LookupError(f"cardtable.tui.games.{game}.PARTS is not a game's table parts")
    return parts
