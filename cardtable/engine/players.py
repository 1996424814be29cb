"""Players: anything with ``async choose(view) -> Action``.  Computer players receive only their view."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, runtime_checkable

from .errors import RecordError, quote
from .game import Action, GameRules, View


@runtime_checkable
class Player(Protocol):
    """A seat at the table.  A player may also define ``async offer(view, calls) -> Action | None``,
    asked before another seat's turn when the rules allow this seat a call out of turn, and
    ``refused(reason)``, told when the engine refuses its action (it is then asked again)."""

    async def choose(self, view: View) -> Action: ...


class ComputerPlayer:
    """Base of the computer levels: a synchronous ``decide`` wrapped in the async protocol.

    Computer players never wait on anything, so a game loop that is not driven by an event loop (the
    headless simulator) can run their coroutine to completion in one step (``run_now``).
    """

    level = "computer"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def random_for(self, view: View) -> random.Random:
        """The player's own seeded generator, or one seeded from the view (so hints are repeatable)."""
        if self.rng is not None:
            return self.rng
        digest = hashlib.sha256(f"{self.level}|{view.fingerprint()}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def decide(self, view: View) -> Action:
        raise NotImplementedError

    def consider(self, view: View, calls: list[Action]) -> Action | None:
        """Whether to make one of ``calls`` out of turn (Malilla's redeal); by default, never."""
        return None

    async def choose(self, view: View) -> Action:
        return self.decide(view)

    async def offer(self, view: View, calls: list[Action]) -> Action | None:
        return self.consider(view, calls)


class RandomPlayer(ComputerPlayer):
    """Plays a uniformly random legal action: the baseline every other level is measured against."""

    level = "random"

    def decide(self, view: View) -> Action:
        rng = self.rng or self.random_for(view)
        mask = view.legal_mask
        if mask and view.only_plays:
            for _ in range(int(rng.random() * mask.bit_count())):
                mask &= mask - 1
            return view.plays[(mask & -mask).bit_length() - 1]
        actions = view.legal_actions()
        return actions[int(rng.random() * len(actions))]


PlayerFactory = Callable[[random.Random | None], ComputerPlayer]


def computer_levels(rules: GameRules) -> dict[str, PlayerFactory]:
    """The computer levels of a game: ``random`` everywhere, plus the game's own."""
    levels: dict[str, PlayerFactory] = {"random": RandomPlayer}
    levels.update(getattr(rules, "computer_levels", lambda: {})())
    return levels


def make_computer(rules: GameRules, level: str, rng: random.Random | None = None) -> ComputerPlayer:
    levels = computer_levels(rules)
    if level not in levels:
        raise RecordError(f"unknown computer level {quote(level)} for {rules.name} (levels: {', '.join(levels)})")
    return levels[level](rng)


def run_now(coroutine: Coroutine[Any, Any, Action]) -> Action:
    """Run a coroutine that never suspends (a computer player's choice) without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("this player waits for something; run it inside an event loop")
