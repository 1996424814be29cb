"""The undo key in a dialog over the table: a bid, an answer or the score sheet can be left for the decision before.

The table does the undo (it closes the dialog first); a dialog only forwards the key to the table just under it,
and shows the key in its footer when there is something to undo.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

from textual.binding import ActiveBinding
from textual.screen import ModalScreen, Screen

from cardtable.tui.dialogs.beside_panel import BesideThePanel
from cardtable.tui.keys import UNDO_BINDING
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce

R = TypeVar("R")


@runtime_checkable
class Undoer(Protocol):
    """The table, as a dialog on it sees it: whether it offers undo at all, and whether it can undo now."""

    def undo_offered(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def action_undo(self) -> None: ...


def table_under(screen: Screen[Any]) -> Undoer | None:
    """The table right under ``screen``, when it offers undo (a dialog opened over another screen has none)."""
    stack = screen.app.screen_stack
    if len(stack) < 2 or stack[-1] is not screen:
        return None
    below = stack[-2]
    return below if isinstance(below, Undoer) and below.undo_offered() else None


def shown_bindings(bindings: dict[str, ActiveBinding], undo_now: bool) -> dict[str, ActiveBinding]:
    """The bindings the footer shows: the undo key only when there is something to undo.

    Left working all the same (the key is not disabled), so that pressing it says why nothing is undone.
    """
    if undo_now:
        return bindings
    return {key: active for key, active in bindings.items() if active.binding.action != UNDO_BINDING.action}


class UndoableDialog(LaidOutOnce, StyledOnce, BesideThePanel, SeeThrough, ModalScreen[R]):
    """A dialog over the table (a decision's, the score sheet): the undo key, forwarded to the table under it."""

    def undo_table(self) -> Undoer | None:
        return table_under(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_table() is not None
        return super().check_action(action, parameters)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        table = self.undo_table()
        return shown_bindings(super().active_bindings, table is not None and table.can_undo())

    def action_undo(self) -> None:
        table = self.undo_table()
        if table is not None:
            table.action_undo()
