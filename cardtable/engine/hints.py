"""Hints that say why: the advised action and one sentence a player understands, the same at the table and in
``cardtable replay --hint``.

A hint is asked of a computer level in the seat's place, seeing only the seat's view.  The level says what it
would do and, when it searched, what the search found (``Findings``: each option's mean worth over the worlds it
dealt itself and how often each came out best).  The game's words then say why, from the view's facts (who is
winning the trick, who showed out of a suit, the calls made) and those figures: so the reason, like the hint,
depends on nothing the seat may not know.

A level that searches thinks with the fast budget's fixed number of worlds here, never a time limit, so the
same view gives the same hint and the same reason wherever it is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .game import Action, GameRules, View
from .players import Budget, ComputerPlayer, computer_levels, make_computer

if TYPE_CHECKING:
    from .words import GameWords

#: The level hints ask, where the game has it; else the strongest level there is.
HINT_LEVEL = "expert"
#: How long a level that searches thinks over a hint: this budget's fixed worlds, never a deadline.
HINT_BUDGET = Budget.FAST


@dataclass(frozen=True)
class Findings:
    """What a level found while deciding, for the reason of its hint.

    ``options`` are the choices it weighed and ``means`` each one's mean worth to the deciding seat over the
    ``worlds`` it dealt itself (in the game's own points for the hand, or for the match where it says so);
    ``best_in`` counts, for each option, the worlds in which it was worth the most (ties count for each).  A
    threshold decision (a knock, a redeal) weighs one option against ``needed``: it is taken when its mean
    reaches it.
    """

    options: tuple[Action, ...]
    means: tuple[float, ...]
    worlds: int
    best_in: tuple[int, ...] = ()
    needed: float | None = None
    #: What the figures measure, for the sentence: "points", "match points".
    unit: str = "points"

    def index(self, action: Action | None) -> int | None:
        """Where ``action`` is among the options, or None."""
        for i, option in enumerate(self.options):
            if option == action:
                return i
        return None

    def runner_up(self, action: Action | None) -> int | None:
        """The best option other than ``action``, or None when there is no other."""
        chosen = self.index(action)
        others = [i for i in range(len(self.options)) if i != chosen]
        return max(others, key=lambda i: self.means[i]) if others else None

    def is_best(self, action: Action | None, tolerance: float = 1e-6) -> bool:
        """Whether ``action`` has the best mean (within ``tolerance``)."""
        chosen = self.index(action)
        return chosen is not None and self.means[chosen] >= max(self.means) - tolerance


@dataclass(frozen=True)
class Hint:
    """The hint for one decision: what to do (``None``: none of the calls offered out of turn) and why."""

    action: Action | None
    #: One sentence, without the advice itself: "it wins the trick: East showed out of hearts."
    reason: str
    findings: Findings | None = field(default=None, compare=False)
    #: Whether the action is a bluff: a call the level makes against its own measure of the cards, to keep the
    #: others guessing.  A hint offers one only when the player allowed it (``advise(..., bluffs=True)``), and its
    #: reason then says so.
    bluff: bool = False


@dataclass
class _Notebook:
    """What the level deciding a hint wrote down: each search's findings, and whether it chose to bluff."""

    findings: list[Findings] = field(default_factory=list)
    bluff: bool = False


#: The notebook of the decision being explained: each level that searches writes what it found here.
_notebook: ContextVar[_Notebook | None] = ContextVar("hint_notebook", default=None)


def note(findings: Findings) -> None:
    """Write what a search found, for the hint being worked out (nothing when no hint is)."""
    notebook = _notebook.get()
    if notebook is not None:
        notebook.findings.append(findings)


def note_bluff() -> None:
    """Write that the action about to be taken is a bluff, for the hint being worked out (nothing when no hint is)."""
    notebook = _notebook.get()
    if notebook is not None:
        notebook.bluff = True


def bluffing(player: ComputerPlayer[Any], call: Action | None) -> Action | None:
    """``call``, a bluff ``player``'s rules drew (None: none), when the player may bluff: noted for the hint."""
    if call is None or not player.bluffs:
        return None
    note_bluff()
    return call


def explain(player: ComputerPlayer[Any], view: View, offered: Sequence[Action] | None = None
            ) -> tuple[Action | None, Findings | None, bool]:  # fmt: skip
    """What ``player`` does in ``view`` (one of ``offered`` or None, when calls are offered out of turn), what it
    found on the way to that action, and whether the action is a bluff."""
    notebook = _Notebook()
    token = _notebook.set(notebook)
    try:
        action = player.consider(view, list(offered)) if offered else player.decide(view)
    finally:
        _notebook.reset(token)
    for findings in reversed(notebook.findings):
        if findings.index(action) is not None or findings.needed is not None:
            return action, findings, notebook.bluff
    return action, None, notebook.bluff


def hint_level(rules: GameRules) -> str:
    """The level a game's hints ask: the expert where there is one, else its strongest."""
    levels = list(computer_levels(rules))
    return HINT_LEVEL if HINT_LEVEL in levels else levels[-1]


def advise(
    rules: GameRules,
    words: GameWords[Any],
    view: View,
    names: Sequence[str],
    offered: Sequence[Action] | None = None,
    level: str | None = None,
    bluffs: bool = False,
) -> Hint:
    """The hint for the decision ``view`` shows its seat: the action ``level`` (the hint level by default) takes,
    thinking with the hint budget, and the sentence that says why (seats named by ``names``).

    A hint offers the sound play: the level does not bluff, since a learner asking what to do should not be
    told to make a call its cards do not back.  With ``bluffs`` (the player's setting "hints may suggest
    bluffs") it may, and the reason then names the bluff as one.
    """
    player = make_computer(rules, level or hint_level(rules), budget=HINT_BUDGET)
    player.bluffs = bluffs
    action, findings, bluff = explain(player, view, offered)
    if bluff:
        return Hint(action, words.bluff_reason(view, action, findings, names), findings, bluff=True)
    return Hint(action, words.hint_reason(view, action, findings, names), findings)


__all__ = [
    "HINT_BUDGET",
    "HINT_LEVEL",
    "Findings",
    "Hint",
    "advise",
    "bluffing",
    "explain",
    "hint_level",
    "note",
    "note_bluff",
]
