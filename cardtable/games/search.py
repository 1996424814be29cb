"""Determinized search: the ``expert`` level's way of choosing, the same for every game.

A seat cannot see the other hands, so it cannot search the game itself.  It can deal itself the cards it has
not seen, in a way that fits everything its view shows (``GameRules.sample_hidden``), rebuild the hand in that
world (``GameRules.state_from_view``), and try each of its choices there: play the choice, then the rest of the
hand with a fast policy and an exact solver at the end (each game's ``Decision.value``).  Done over many worlds,
each choice gets an average, and the best average is played (perfect-information Monte Carlo).  Every choice
is tried in the same worlds, so the comparison is fair even with few of them.

The search sees only its seat's view and draws only from its generator, so it is a function of the view and
the seed: the same hint every time, and the same decision whichever way the unseen cards really lie.

How long it thinks is a ``SearchBudget``: a number of worlds (what ``sim`` and hints use, so they are
reproducible) and, at the table, a deadline after which it plays no new world (``in_time``).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from cardtable.engine.game import Action, GameRules, HandState, Hidden, View
from cardtable.engine.hints import Findings, note
from cardtable.engine.players import DEFAULT_BUDGET, Budget, ComputerPlayer

T = TypeVar("T")
V = TypeVar("V", bound=View)


@dataclass(frozen=True)
class SearchBudget:
    """How much one decision may think."""

    name: Budget
    #: Worlds dealt for a decision (the decision is a function of the view and the seed for a given number).
    worlds: int
    #: At the table: seconds after which no new world is dealt (``None``: every world is played).
    seconds: float | None = None
    #: However short the deadline, at least this many worlds are played.
    fewest: int = 4


#: The worlds of each budget: what ``sim`` and hints use, so that they are reproducible (hints use ``fast``).
WORLDS = {Budget.FAST: 16, Budget.NORMAL: 48, Budget.STRONG: 160}
#: The worlds of each budget for the games whose rollouts are cheap (Manille, Malilla): twice the normal worlds
#: still decide in tens of milliseconds, and measured against 640 worlds they choose the best card more often
#: (87 % against 81 % in Manille); the fast budget (hints) stays as it is.
CHEAP_WORLDS = {Budget.FAST: 16, Budget.NORMAL: 96, Budget.STRONG: 320}
#: The time limit of each budget at the table, in seconds.
TABLE_SECONDS = {Budget.FAST: 0.15, Budget.NORMAL: 0.5, Budget.STRONG: 2.0}


#: Off the main thread (the table thinks in a thread beside its event loop), the search lets go of the
#: interpreter once every ``PACE_SECONDS`` of work, for a sleep of ``BREAK_SECONDS`` (about 60 µs on Linux
#: whatever is asked below that): 6 % of its time, for keys shown two to three times as fast while it thinks.
PACE_SECONDS = 0.001
BREAK_SECONDS = 0.000001
_last_break = [0.0]


def take_a_break() -> None:
    """In a thread, once every ``PACE_SECONDS`` of work: sleep a moment, so that the event loop runs at once.

    Only one thread runs Python at a time, and a thread that wants to run waits until the running one lets go.
    A search never lets go on its own: the interpreter takes the lock from it after 5 ms (its switch interval),
    and the search takes it back at the next of the many steps at which the event loop lets go, so the table
    drew every frame in 5 ms slices.  A search that sleeps a moment every millisecond hands the lock over at
    once, and takes it back from a busy table after 5 ms for at most a millisecond.
    """
    if threading.current_thread() is threading.main_thread():
        return  # nothing runs beside a search in the main thread (sim, replay): nothing waits for it
    now = time.perf_counter()
    if now - _last_break[0] >= PACE_SECONDS:
        time.sleep(BREAK_SECONDS)
        _last_break[0] = time.perf_counter()


def search_budget(
    name: Budget | str | None = None, deadline: bool = False, worlds: Mapping[Budget, int] = WORLDS
) -> SearchBudget:
    """The budget called ``name`` (the default one for ``None``), with its time limit when ``deadline``;
    ``worlds`` gives the worlds of each budget (a game whose worlds are cheap plays more of them)."""
    budget = Budget(name) if name is not None else DEFAULT_BUDGET
    return SearchBudget(budget, worlds[budget], TABLE_SECONDS[budget] if deadline else None)


class SearchingPlayer(ComputerPlayer[V], Generic[V]):
    """A level that searches: it thinks over a ``SearchBudget``, fixed worlds in sim and hints, and the
    table's time limit too once the table asks for it (``think_with``)."""

    searches: ClassVar[bool] = True
    #: The worlds this level deals for a decision at each budget.
    budget_worlds: ClassVar[Mapping[Budget, int]] = WORLDS

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng)
        self.budget = budget if isinstance(budget, SearchBudget) else search_budget(budget, worlds=self.budget_worlds)

    def think_with(self, budget: Budget, deadline: bool = False) -> None:
        self.budget = search_budget(budget, deadline, self.budget_worlds)


class Decision(Protocol):
    """One decision of one seat, as a game's expert sets it up for the search."""

    @property
    def candidates(self) -> Sequence[Action]:
        """The choices to compare (choices that surely play alike may be left out)."""

    def value(self, world: HandState, choice: int) -> float:
        """What ``candidates[choice]`` is worth to the deciding seat in ``world`` (a rebuilt hand, not to be
        changed: clone it), played out to the end."""


@dataclass
class Outcome:
    """The search's answer: each candidate's mean worth over the worlds played, and how many there were."""

    means: list[float]
    worlds: int
    #: For each candidate, the worlds in which it was worth the most (ties count for each): what a hint says.
    best_in: list[int] = field(default_factory=list)

    def best(self, tolerance: float = 1e-9) -> list[int]:
        """The candidates whose mean is best (within ``tolerance``)."""
        top = max(self.means)
        return [i for i, mean in enumerate(self.means) if mean >= top - tolerance]


def search(
    rules: GameRules,
    view: View,
    decision: Decision,
    rng: random.Random,
    budget: SearchBudget,
    worlds: Sequence[Hidden] | None = None,
    rebuild: Callable[[Hidden], tuple[HandState, float]] | None = None,
) -> Outcome:
    """Play every candidate of ``decision`` in ``budget.worlds`` worlds dealt to fit ``view``.

    ``worlds`` may be given (already dealt); ``rebuild`` rebuilds a world's hand and weighs it (by how likely
    the plays seen were in it, say), where by default ``rules.state_from_view`` rebuilds it with weight 1.
    """
    dealt = worlds if worlds is not None else rules.sample_hidden(view, rng, budget.worlds)
    count = len(decision.candidates)
    totals = [0.0] * count
    best_in = [0] * count
    weights = 0.0
    played = 0
    for hidden in in_time(dealt, budget):
        world, w = (rules.state_from_view(view, hidden), 1.0) if rebuild is None else rebuild(hidden)
        if w <= 0:
            continue
        values = []
        for choice in range(count):
            take_a_break()
            values.append(decision.value(world, choice))
        top = max(values)
        for choice, value in enumerate(values):
            totals[choice] += w * value
            if value >= top - 1e-9:
                best_in[choice] += 1
        weights += w
        played += 1
    if not weights:
        return Outcome([0.0] * count, 0, best_in)
    outcome = Outcome([total / weights for total in totals], played, best_in)
    note(Findings(tuple(decision.candidates), tuple(outcome.means), played, tuple(best_in)))
    return outcome


def in_time(worlds: Iterable[T], budget: SearchBudget) -> Iterator[T]:
    """``worlds`` one by one until the budget's time limit has passed (and at least its fewest are given)."""
    if budget.seconds is None:
        for world in worlds:
            take_a_break()
            yield world
        return
    deadline = time.perf_counter() + budget.seconds
    for given, world in enumerate(worlds):
        take_a_break()
        if given >= budget.fewest and time.perf_counter() > deadline:
            return
        yield world


def pick(decision: Decision, outcome: Outcome, preferred: Action | None, tolerance: float = 1e-6) -> Action:
    """The best candidate; among equals, ``preferred`` (the game's usual choice) when it is one of them."""
    best = outcome.best(tolerance)
    candidates = decision.candidates
    if preferred is not None:
        for i in best:
            if candidates[i] == preferred:
                return preferred
    return candidates[best[0]]


class FixedDecision:
    """A ``Decision`` from a list of candidates and a function valuing one of them in a world."""

    def __init__(self, candidates: Sequence[Action], value: Callable[[HandState, int], float]) -> None:
        self._candidates = list(candidates)
        self._value = value

    @property
    def candidates(self) -> Sequence[Action]:
        return self._candidates

    def value(self, world: HandState, choice: int) -> float:
        return self._value(world, choice)


def describe(outcome: Outcome, candidates: Sequence[Any]) -> str:
    """The candidates and their means, for debugging and benchmarks."""
    return ", ".join(f"{c}: {m:+.2f}" for c, m in zip(candidates, outcome.means, strict=True))
