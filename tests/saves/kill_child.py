"""Play matches between computer players one after another, saved as the table saves them; print each save.

Run by the kill test: ``python -m tests.saves.kill_child HOME GAME PLAYERS SEED``.  Each save prints
``saved MATCH ACTIONS`` once it is written, and each finished match ``over MATCH``.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

from cardtable.engine.loop import ActionTaken, Event, GameLoop, HandDealt, MatchOver
from cardtable.engine.match import Match
from cardtable.engine.players import ComputerPlayer, make_computer
from cardtable.games import find_game
from cardtable.saves import MatchSave, SeatConfig, TableConfig


def table(game: str, players: int, seed: int) -> tuple[TableConfig, Match, list[ComputerPlayer[Any]]]:
    rules = find_game(game)
    config = TableConfig(game, players, [SeatConfig(f"P{s}", "random") for s in range(players)], {}, seed, 0)
    match = Match(rules, rules.parse_options({}, players), players)
    computers = [make_computer(rules, "random", random.Random(seed * 10 + s)) for s in range(players)]
    return config, match, computers


def match_seed(seed: int, number: int) -> int:
    return seed * 1000 + number


async def play(home: Path, game: str, players: int, seed: int) -> None:
    for number in range(1000):
        config, match, computers = table(game, players, match_seed(seed, number))
        save = MatchSave.new(home)

        def saved(event: Event, config: TableConfig = config, match: Match = match, save: MatchSave = save,
                  number: int = number) -> None:  # fmt: skip
            if isinstance(event, HandDealt | ActionTaken):
                save.write(config, match.to_record())
                print("saved", number, sum(len(hand.actions) for hand in match.hands), flush=True)
            elif isinstance(event, MatchOver):
                save.finish(config, match.to_record())
                print("over", number, flush=True)

        await GameLoop(match, computers, seed=config.seed, on_event=saved).run()


if __name__ == "__main__":
    asyncio.run(play(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
