"""The Belgian choice of trump: the dealer names a suit or no trump, or leaves the choice to his partner.

The dialog sits over the felt, above the chooser's hand, so that the hand stays in view while he decides;
each choice is named in words, and a letter picks it at once.
"""

from __future__ import annotations

from textual.binding import Binding

from cardtable.engine.game import Action
from cardtable.tui.dialogs.choice import ChoiceDialog

#: The letter that picks each choice: a suit's own letter, N for no trump, P to pass.
KEYS = {"S": "s", "H": "h", "D": "d", "C": "c", "none": "n", "pass": "p"}


class TrumpChoiceDialog(ChoiceDialog[Action]):
    """Returns the chosen trump action (there is no way out: the hand waits for it)."""

    # The labels write each letter in capitals, so the capital picks it too (Shift held, or Caps Lock).
    BINDINGS = [Binding(f"{key},{key.upper()}", f"pick('{value}')", show=False) for value, key in KEYS.items()]

    def __init__(self, title: str, text: str, choices: list[tuple[str, Action]]) -> None:
        labelled = [(f"{label}  ({KEYS[action.value].upper()})", action) for label, action in choices]
        super().__init__(title, labelled, text=text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return any(choice.value == parameters[0] for _label, choice in self.choices)
        return super().check_action(action, parameters)

    def action_pick(self, value: str) -> None:
        for _label, choice in self.choices:
            if choice.value == value:
                self.dismiss(choice)
                return
