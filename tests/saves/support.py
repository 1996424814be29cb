"""Matches in progress to save: a few legal actions into a real deal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.saves import MatchSave, TableConfig, default_seats


def a_match(game: str = "manille", players: int = 4, actions: int = 5, seed: int = 3,
            options: dict[str, Any] | None = None) -> tuple[TableConfig, Match]:  # fmt: skip
    rules = find_game(game)
    config = TableConfig(game, players, default_seats(game, players), options or {}, seed, 0)
    match = Match(rules, rules.parse_options(options or {}, players), players)
    match.deal_new_hand(deal_rng(seed, 0), 0)
    for _ in range(actions):
        state = match.current
        assert state is not None and state.to_act is not None
        legal = state.view(state.to_act).legal_actions()
        match.apply(next((a for a in legal if a.value != "pass"), legal[0]))  # a hand where everyone passes ends
    return config, match


def saved_match(home: Path, game: str = "manille", players: int = 4, actions: int = 5, seed: int = 3) -> MatchSave:
    """A match saved in ``home`` by a table that has since closed (its lock is free)."""
    config, match = a_match(game, players, actions, seed)
    save = MatchSave.new(home)
    save.write(config, match.to_record())
    save.release()
    return save


def save_json(home: Path) -> dict[str, Any]:
    """A valid save's content, to damage."""
    save = saved_match(home)
    raw: dict[str, Any] = json.loads(save.path.read_text())
    save.path.unlink()
    save.lock.path.unlink()
    return raw
