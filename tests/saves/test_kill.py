"""kill -9 at any moment loses at most the action in flight: the save is always whole and replays."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.engine.loop import GameLoop
from cardtable.saves import LAST_MATCH, SAVES, find_unfinished
from tests.saves.kill_child import match_seed, table
from tests.support import TESTS

GAMES = [("manille", 4), ("tarot", 4), ("truco", 2), ("malilla", 4), ("tarot", 3), ("truco", 6)]


def reference_hands(game: str, players: int, seed: int) -> list[dict[str, object]]:
    """The hands of a match the child plays, all of them: its players and deals are seeded."""
    config, match, computers = table(game, players, seed)
    asyncio.run(GameLoop(match, computers, seed=config.seed).run())
    hands: list[dict[str, object]] = match.to_record()["hands"]
    return hands


def check_prefix(hands: list[dict[str, object]], reference: list[dict[str, object]]) -> None:
    last = len(hands) - 1
    assert hands[:last] == reference[:last] and hands[last]["deal"] == reference[last]["deal"]
    played = hands[last]["actions"]
    expected = reference[last]["actions"]
    assert isinstance(played, list) and isinstance(expected, list) and played == expected[: len(played)]


def kill_at_random(tmp_path: Path, kills: int, rng: random.Random) -> int:
    """Start ``kills`` tables at once, kill each with SIGKILL at a random moment, check every save."""
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent)}
    children = []
    for k in range(kills):
        game, players = GAMES[k % len(GAMES)]
        home = tmp_path / f"home-{k}"
        seed = rng.randrange(1000)
        child = subprocess.Popen([sys.executable, "-m", "tests.saves.kill_child", str(home), game, str(players),
                                  str(seed)], stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
        children.append((child, home, game, players, seed))
    first_lines = []
    for child, *_ in children:  # each one is playing and saving
        assert child.stdout is not None
        first_lines.append(child.stdout.readline())
        assert first_lines[-1].startswith("saved")
    start = time.monotonic()
    deadlines = [start + rng.uniform(0, 0.5) for _ in children]
    for k in sorted(range(kills), key=deadlines.__getitem__):
        time.sleep(max(0.0, deadlines[k] - time.monotonic()))
        children[k][0].send_signal(signal.SIGKILL)
    mid_write = 0
    for (child, home, game, players, seed), first in zip(children, first_lines, strict=True):
        assert child.stdout is not None
        # What follows the last newline was cut by the kill; on a busy machine the first save may be the last.
        lines = (first + child.stdout.read()).split("\n")[:-1]
        child.wait(timeout=10)
        mid_write += bool(list((home / SAVES).glob("*.tmp")))
        what, number, *count = lines[-1].split()
        found, notices = find_unfinished(home)
        assert notices == [] and len(found) <= 1, (notices, found)
        assert list((home / SAVES).glob("*.tmp")) == []  # a killed writer's temporary file was cleared
        if what == "over":  # killed between two matches: the next one has at most its deal saved
            resumable = found[0].match if found else None
            assert not found or (resumable is not None and sum(len(h.actions) for h in resumable.hands) == 0)
            continue
        confirmed = int(count[0])
        reference = reference_hands(game, players, match_seed(seed, int(number)))
        if not found:  # killed while it was being finished: it is kept as the last match
            hands = json.loads((home / LAST_MATCH).read_text())["hands"]
        else:
            assert found[0].match is not None
            hands = found[0].match.to_record()["hands"]
        actions = sum(len(hand["actions"]) for hand in hands)
        assert confirmed <= actions <= confirmed + 1, (confirmed, actions)  # at most the action in flight
        check_prefix(hands, reference)
    return mid_write


def test_tables_killed_at_random_moments_always_resume_with_at_most_one_action_lost(tmp_path: Path) -> None:
    kill_at_random(tmp_path, 4, random.Random())


@pytest.mark.slow
def test_many_kills(tmp_path: Path) -> None:
    rng = random.Random()
    mid_write = sum(kill_at_random(tmp_path / str(batch), 4, rng) for batch in range(25))
    print(f"100 kills, {mid_write} of them while a save was being written")
