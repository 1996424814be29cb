"""Seats at the table: humans answer through the widgets; computers think in a thread."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

from cardtable.engine.game import Action, View
from cardtable.engine.players import ComputerPlayer, Player

V = TypeVar("V", bound=View)


class HumanPlayer(Player[V]):
    """A person at the keyboard: ``choose`` shows the view and waits for the widgets to answer."""

    def __init__(self, seat: int, name: str, on_turn: Callable[[HumanPlayer[V], V], Awaitable[None]],
                 on_refused: Callable[[str], None] | None = None) -> None:  # fmt: skip
        self.seat = seat
        self.name = name
        self.on_turn = on_turn
        self.on_refused = on_refused
        self.answers: asyncio.Queue[Action | None] = asyncio.Queue()
        self.offered: list[Action] = []

    async def choose(self, view: V) -> Action:
        self.offered = []
        await self.on_turn(self, view)
        while True:
            action = await self.answers.get()
            if action is not None:
                return action

    async def offer(self, view: V, calls: list[Action]) -> Action | None:
        """An out-of-turn call (Malilla's redeal): ``None`` answers "no thanks"."""
        self.offered = list(calls)
        await self.on_turn(self, view)
        answer = await self.answers.get()
        self.offered = []
        return answer

    def answer(self, action: Action | None) -> None:
        self.answers.put_nowait(action)

    async def refused(self, reason: str) -> None:
        """The engine refused this person's action: the table says why, and the loop asks again."""
        if self.on_refused is None:
            await super().refused(reason)
        else:
            self.on_refused(reason)


class ThinkingComputer(Player[V]):
    """A computer seat at the table: it decides in a worker thread, then waits the table's pause.

    ``pause`` returns how long to wait and ``skip`` is set by the key that skips the wait.
    """

    def __init__(self, computer: ComputerPlayer[V], pause: Callable[[], float], skip: asyncio.Event) -> None:
        self.computer = computer
        self.pause = pause
        self.skip = skip

    async def choose(self, view: V) -> Action:
        action = await asyncio.to_thread(self.computer.decide, view)
        await self._wait()
        return action

    async def offer(self, view: V, calls: list[Action]) -> Action | None:
        return await asyncio.to_thread(self.computer.consider, view, calls)

    async def _wait(self) -> None:
        await wait_or_skip(self.skip, self.pause())


async def wait_or_skip(skip: asyncio.Event, delay: float) -> None:
    """Wait ``delay`` seconds, or less if ``skip`` is set meanwhile (the player's "faster" key)."""
    if delay <= 0:
        return
    skip.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(skip.wait(), timeout=delay)
