"""The Belgian choice of trump: the dealer names a suit or no trump, or leaves the choice to his partner.

The dialog sits over the felt, above the chooser's hand, so that the hand stays in view while he decides;
each choice is named in words, and a letter picks it at once.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.game import Action

#: The letter that picks each choice: a suit's own letter, N for no trump, P to pass.
KEYS = {"S": "s", "H": "h", "D": "d", "C": "c", "none": "n", "pass": "p"}


class TrumpChoiceDialog(ModalScreen[Action]):
    """Returns the chosen trump action (there is no way out: the hand waits for it)."""

    BINDINGS = [Binding(key, f"pick('{value}')", show=False) for value, key in KEYS.items()]

    def __init__(self, title: str, text: str, choices: list[tuple[str, Action]]) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="trump-choice"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            options = [Option(f"{label}  ({KEYS[action.value].upper()})", id=str(i))
                       for i, (label, action) in enumerate(self.choices)]  # fmt: skip
            yield OptionList(*options, markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(self.choices[int(event.option.id)][1])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return any(choice.value == parameters[0] for _label, choice in self.choices)
        return True

    def action_pick(self, value: str) -> None:
        for _label, choice in self.choices:
            if choice.value == value:
                self.dismiss(choice)
                return
