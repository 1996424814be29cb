"""The async game loop: deal, ask each seat's player, apply, emit events, until the match is over.

The same loop runs a table with humans (whose ``choose`` waits for the keyboard) and a match between
computer players.  It resumes from any record: the match is rebuilt by replaying it, and every deal
comes from a generator derived from the seed and the hand's number, so a resumed match deals on
exactly as it would have.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, RecordError
from .game import Action, FinishedTrick, HandState, Number
from .match import Match
from .players import Player
from .records import Record
from .replay import replay


@dataclass(frozen=True)
class HandDealt:
    hand: int
    dealer: int


@dataclass(frozen=True)
class ActionTaken:
    hand: int
    action: Action


@dataclass(frozen=True)
class TrickWon:
    hand: int
    number: int
    trick: FinishedTrick


@dataclass(frozen=True)
class HandScored:
    hand: int
    score_delta: list[Number]
    scores: list[Number]


@dataclass(frozen=True)
class MatchOver:
    winner: list[int] | None
    special: str | None
    scores: list[Number]


Event = HandDealt | ActionTaken | TrickWon | HandScored | MatchOver
EventHandler = Callable[[Event], Awaitable[None] | None]


def deal_rng(seed: int, hand: int) -> random.Random:
    """The generator of one hand's deal: a function of the match seed and the hand's number only."""
    return random.Random(f"cardtable:{seed}:hand:{hand}")


def resume_match(record: Record) -> Match:
    """Rebuild a match from a record (a save file); ``RecordError`` if the record does not replay cleanly."""
    out, status, match = replay(record)
    if status != 0:
        error = out["error"] or {}
        raise RecordError(f"the record does not replay: {error.get('reason', 'unknown problem')}",
                          error.get("hand"), error.get("action"))  # fmt: skip
    return match


class GameLoop:
    """Runs ``match`` with one player per seat, calling ``on_event`` after everything that happens.

    The match goes on until it is over, however many hands that takes (a Tarot match whose deals are all
    annulled never ends by itself); ``max_hands`` stops it after that many hands, unfinished, for a caller that
    needs a bound.
    """

    def __init__(
        self,
        match: Match,
        players: Sequence[Player[Any]],
        *,
        seed: int = 0,
        first_dealer: int = 0,
        on_event: EventHandler | None = None,
        max_hands: int | None = None,
    ) -> None:
        if len(players) != match.players:
            raise ValueError(f"{match.players} players are needed, {len(players)} were given")
        self.match = match
        self.players = list(players)
        self.seed = seed
        self.first_dealer = first_dealer
        self.on_event = on_event
        self.max_hands = max_hands

    async def emit(self, event: Event) -> None:
        if self.on_event is not None:
            result = self.on_event(event)
            if inspect.isawaitable(result):
                await result

    async def run(self) -> Match:
        match = self.match
        while not match.over and (self.max_hands is None or len(match.hands) < self.max_hands):
            state = match.current
            if state is None:
                number = len(match.hands)
                state = match.deal_new_hand(deal_rng(self.seed, number), self.first_dealer)
                await self.emit(HandDealt(number, state.dealer))
            await self.play_hand()
        await self.emit(MatchOver(match.winner, match.special, list(match.scores)))
        return match

    async def play_hand(self) -> None:
        match = self.match
        number = len(match.hands) - 1
        state = match.hands[-1].state
        offered: set[int] = set()
        while not state.complete:
            action = await self._optional_call(state, offered)
            if action is None:
                seat = state.to_act
                assert seat is not None
                action = await self.players[seat].choose(state.view(seat))
            tricks_before = len(state.tricks)
            try:
                recorded = match.apply(action)
            except IllegalAction as refused:
                await self.players[action.seat].refused(refused.reason)
                continue
            await self.emit(ActionTaken(number, recorded))
            tricks = state.tricks
            if len(tricks) > tricks_before:
                await self.emit(TrickWon(number, len(tricks), tricks[-1]))
        delta = state.score_delta() or [0] * match.players
        await self.emit(HandScored(number, list(delta), list(match.scores)))

    async def _optional_call(self, state: HandState, offered: set[int]) -> Action | None:
        """Offer each seat its out-of-turn calls once (Malilla's redeal); the first one taken is returned."""
        for seat, calls in state.optional_calls().items():
            if seat in offered:
                continue
            offered.add(seat)
            action = await self.players[seat].offer(state.view(seat), calls)
            if action is not None:
                return action
        return None
