"""Players: a seat's ``choose(view) -> Action`` and its optional hooks.  Computer players receive only their view."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Coroutine, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalAction, RecordError, quote
from .game import Action, GameRules, PlayerFactory, View

V = TypeVar("V", bound=View)


class Budget(StrEnum):
    """How long a level that searches thinks over a decision: the player's setting at the table.

    Each names a fixed amount of work (so that ``sim`` and hints are reproducible); at the table it also comes
    with a time limit, after which the level decides with what it has.
    """

    FAST = "fast"
    NORMAL = "normal"
    STRONG = "strong"


#: The budget a level thinks with unless told otherwise.
DEFAULT_BUDGET = Budget.NORMAL


class Player(ABC, Generic[V]):
    """A seat at the table, shown views of type ``V``.

    Besides ``choose`` the game loop may call two hooks, declared here with what a player that has nothing
    to say does: ``offer`` (a call out of turn, such as Malilla's redeal, before another seat's turn) and
    ``refused`` (the engine refused the player's action; it is asked again afterwards).
    """

    @abstractmethod
    async def choose(self, view: V) -> Action:
        """This seat's decision, seeing only ``view``."""

    async def offer(self, view: V, calls: list[Action]) -> Action | None:
        """One of ``calls`` to make out of turn now, or ``None`` (the default) to make none."""
        return None

    async def refused(self, reason: str) -> None:
        """Told why the engine refused this player's action.

        By default the refusal is not the player's to handle (a computer player only offers legal actions,
        so a refusal is a bug) and it goes on to the loop's caller.
        """
        raise IllegalAction(reason)


class ComputerPlayer(Player[V]):
    """Base of the computer levels: a synchronous ``decide`` wrapped in the async protocol.

    Computer players never wait on anything, so a game loop that is not driven by an event loop (the
    headless simulator) can run their coroutine to completion in one step (``run_now``).
    """

    level: ClassVar[str] = "computer"
    #: Whether the level may bluff (a call its own measure of the cards does not back, made now and then so its
    #: calls do not give its cards away): at the table it does; a hint asks it not to unless the player allows it.
    bluffs: bool = True

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def random_for(self, view: V) -> random.Random:
        """The player's own seeded generator, or one seeded from the view (so hints are repeatable)."""
        if self.rng is not None:
            return self.rng
        digest = hashlib.sha256(f"{self.level}|{view.fingerprint()}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    @abstractmethod
    def decide(self, view: V) -> Action:
        """The action this level takes, seeing only ``view``."""

    def consider(self, view: V, calls: list[Action]) -> Action | None:
        """Whether to make one of ``calls`` out of turn (Malilla's redeal); by default, never."""
        return None

    #: Whether this level searches, so that its thinking budget matters (``think_with``).
    searches: ClassVar[bool] = False

    def think_with(self, budget: Budget, deadline: bool = False) -> None:
        """Think with ``budget`` from now on; with ``deadline`` (at the table), stop at the budget's time limit
        too.  A level that does not search has nothing to set (the default)."""

    async def choose(self, view: V) -> Action:
        return self.decide(view)

    async def offer(self, view: V, calls: list[Action]) -> Action | None:
        return self.consider(view, calls)


class RandomPlayer(ComputerPlayer[View]):
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


def computer_levels(rules: GameRules) -> Mapping[str, PlayerFactory]:
    """The computer levels of a game: ``random`` everywhere, plus the game's own."""
    levels: dict[str, PlayerFactory] = {"random": RandomPlayer}
    levels.update(rules.computer_levels())
    return levels


def make_computer(rules: GameRules, level: str, rng: random.Random | None = None, *,
                  budget: Budget | None = None, deadline: bool = False) -> ComputerPlayer[Any]:  # fmt: skip
    """A computer player of ``level``; a level that searches thinks with ``budget`` (the default one for ``None``)
    and, with ``deadline`` (the table's choice), within its time limit."""
    levels = computer_levels(rules)
    if level not in levels:
        raise RecordError(f"unknown computer level {quote(level)} for {rules.name} (levels: {', '.join(levels)})")
    player = levels[level](rng)
    if budget is not None or deadline:
        player.think_with(budget or DEFAULT_BUDGET, deadline)
    return player


def run_now(coroutine: Coroutine[Any, Any, Action]) -> Action:
    """Run a coroutine that never suspends (a computer player's choice) without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        action: Action = done.value
        return action
    coroutine.close()
    raise RuntimeError("this player waits for something; run it inside an event loop")
