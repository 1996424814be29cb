"""Where ``find_game`` used to live: it is ``cardtable.games.find_game`` now (the engine names no game).

Kept for one round so that code written against the old place still runs; import from ``cardtable.games``.
"""

from __future__ import annotations

from cardtable.games import available_games, find_game, game_names

GAME_NAMES = game_names()

__all__ = ["GAME_NAMES", "available_games", "find_game"]
