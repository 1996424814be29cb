"""What a dialog that asks a decision of the game does for the hint key: point at the advised answer.

The table works the hint out (its computer player, on the seat's own view) and hands it to the dialog on
top, whatever the game: a dialog points at the answer, so that Enter takes it, and shows the sentence.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

from textual.binding import Binding
from textual.widgets import Static

from cardtable.engine.game import Action
from cardtable.tui.dialogs.undoable import UndoableDialog
from cardtable.tui.host import TableHost
from cardtable.tui.keys import first_key
from cardtable.tui.widgets.footer import KeysFooter

#: The table's hint key, in every dialog that asks a decision; the same id, so a keymap moves both.
HINT_BINDING = Binding("t", "hint", "Hint", tooltip="hint: what the computer would choose", id="hint")


R = TypeVar("R")


@runtime_checkable
class Advisor(Protocol):
    """The table, as a dialog sees it: whether a person has a decision to make, and the hint for it."""

    def decision_pending(self) -> bool: ...

    def action_hint(self) -> None: ...

    def point_at_hint(self, dialog: HintedDialog[Any]) -> bool: ...


class HintedDialog(UndoableDialog[R]):
    """A dialog answering a decision of the game: the hint key asks the table for its advice, and the undo key
    takes back the decision before this one."""

    #: Whether the dialog says the hint key is there (a dialog whose footer names it, with no row to spare, does not).
    ADVERTISE_HINT = True

    def footer(self) -> KeysFooter:
        """The dialog's own keys in the footer (the table's, below it, do not work while it is open)."""
        return KeysFooter(show_command_palette=False)

    def hint_line(self) -> Static:
        return Static("", classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        # Say the hint key is there, in a dialog that asks the table's person a decision.
        table = self.table_asking()
        if table is not None and table.point_at_hint(self):
            return  # a hint given at the table for this decision: the dialog opens on its answer
        if self.ADVERTISE_HINT and table is not None:
            keymap = self.app.keymap if isinstance(self.app, TableHost) else {}
            self.show_hint(f"({first_key('hint', keymap)}: a hint)")

    def show_hint(self, text: str) -> None:
        for line in self.query(".dialog-hint").results(Static):
            line.update(text)
            line.display = True

    def point_at(self, action: Action | None, cards: frozenset[int]) -> bool:
        """Make ``action`` (None: "no, thanks") the answer Enter gives; whether the dialog could.

        ``cards`` are the cards the action names, for a dialog that chooses cards.
        """
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            table = self.table_asking()
            return table is not None
        return super().check_action(action, parameters)

    def table_asking(self) -> Advisor | None:
        """The table whose person has a decision to make now, or None (a dialog opened elsewhere)."""
        for screen in self.app.screen_stack:
            if isinstance(screen, Advisor) and screen.decision_pending():
                return screen
        return None

    def action_hint(self) -> None:
        table = self.table_asking()
        if table is not None:
            table.action_hint()
