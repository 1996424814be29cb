"""The games, found rather than listed: every package here that exposes ``RULES`` is a game.

Each package holds one game's rules, scoring and computer players side by side, and its ``__init__`` joins
the players to the rules.  Adding a game is adding its package: nothing else names it.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from cardtable.engine.errors import RecordError, quote
from cardtable.engine.game import GameRules


@functools.cache
def game_names() -> tuple[str, ...]:
    """The names of the game packages, alphabetical (found without importing them)."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg))


@functools.cache
def _load(name: str) -> GameRules | None:
    """The rules of the game package ``name``, or ``None`` when it has none yet."""
    module = importlib.import_module(f"{__name__}.{name}")
    rules = getattr(module, "RULES", None)
    return rules if isinstance(rules, GameRules) else None


def find_game(name: object) -> GameRules:
    """The rules of the game called ``name`` (``RecordError`` naming the known games otherwise)."""
    if not isinstance(name, str) or name not in game_names():
        raise RecordError(f"game must be one of {', '.join(available_games())}, not {quote(name)}")
    rules = _load(name)
    if rules is None:
        raise RecordError(f"game {quote(name)} is not available yet in this version of cardtable")
    return rules


def available_games() -> list[str]:
    """Names of the games this build can play, in the order menus show them."""
    found = [rules for rules in map(_load, game_names()) if rules is not None]
    return [rules.name for rules in sorted(found, key=lambda rules: (rules.position, rules.name))]
