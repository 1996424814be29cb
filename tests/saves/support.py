"""Matches in progress to save: a few legal actions into a real deal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.engine.records import save_record
from cardtable.games import find_game
from cardtable.saves import MatchSave, SaveSummary, TableConfig, default_seats


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


def table_summary(config: TableConfig, match: Match) -> SaveSummary:
    """The summary a table writes in the save of ``match``."""
    from cardtable.tui.games import parts_for

    return parts_for(config.game).for_options(match.options).save_summary(match, config.names)


def saved_match(home: Path, game: str = "manille", players: int = 4, actions: int = 5, seed: int = 3,
                summary: bool = False) -> MatchSave:  # fmt: skip
    """A match saved in ``home`` by a table that has since closed (its lock is free): with the summary a table
    writes, or (by default) as the versions before summaries wrote it."""
    config, match = a_match(game, players, actions, seed)
    save = MatchSave.new(home)
    if summary:
        save.write(config, match.to_record(), table_summary(config, match))
    else:
        save.path.parent.mkdir(parents=True, exist_ok=True)
        assert save.claim()
        save_record({**match.to_record(), "table": config.to_json()}, save.path)
    save.release()
    return save


def save_json(home: Path) -> dict[str, Any]:
    """A valid save's content, to damage."""
    save = saved_match(home)
    raw: dict[str, Any] = json.loads(save.path.read_text())
    save.path.unlink()
    save.lock.path.unlink()
    return raw
