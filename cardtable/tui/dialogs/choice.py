"""Choose one of several actions (a bid, a call): a small list, keyboard or mouse."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.game import Action
from cardtable.engine.visible import visible
from cardtable.tui.dialogs.hinted import HINT_BINDING, HintedDialog
from cardtable.tui.keys import UNDO_BINDING

T = TypeVar("T")


class ChoiceList(OptionList):
    """The dialog's list, whose Enter the footer names: the list's own key, so that it acts after every key
    typed before it (a binding of the dialog ahead of the list would choose before an arrow typed just before
    had moved the highlight)."""

    BINDINGS = [Binding("enter", "select", "Choose", show=True)]


class ChoiceDialog(HintedDialog["T | None"], Generic[T]):
    """Returns the value of the chosen entry, or ``cancel_value`` on Escape when ``can_cancel`` is set.

    Titles, text and labels are plain text: they quote players' names, which are never markup.
    """

    BINDINGS = [Binding("escape", "cancel", "Back", show=True), HINT_BINDING, UNDO_BINDING]

    def __init__(self, title: str, choices: Sequence[tuple[str, T]], *, can_cancel: bool = False,
                 cancel_value: T | None = None, text: str = "") -> None:  # fmt: skip
        super().__init__()
        self.title_text = visible(title)
        self.text = visible(text, lines=True)
        self.choices = choices
        self.can_cancel = can_cancel
        self.cancel_value = cancel_value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield ChoiceList(*[Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)], markup=False)
            yield self.hint_line()
        yield self.footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(self.choices[int(event.option.id)][1])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.can_cancel
        return super().check_action(action, parameters)

    def point_at(self, action: Action | None, cards: frozenset[int]) -> bool:
        for index, (_, value) in enumerate(self.choices):
            if value == action:
                self.query_one(OptionList).highlighted = index
                return True
        return False

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.dismiss(self.cancel_value)
