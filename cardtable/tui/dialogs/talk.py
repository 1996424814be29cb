"""Table talk: the true statements a seat may make before its card, grouped and in plain words.

Only the statements the engine offers are listed, so a player cannot say something false; Escape goes back
to the hand without saying anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.game import Action
from cardtable.tui.dialogs.beside_panel import BesideThePanel
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter

#: The rows the menu leaves free: the hand and the footer below, the dialog's title, text and borders.
ROWS_KEPT = 12


class TalkDialog(LaidOutOnce, StyledOnce, BesideThePanel, SeeThrough, ModalScreen[Action | None]):
    """Returns the chosen statement, or None."""

    BINDINGS = [Binding("escape", "cancel", "Back", show=True)]

    def __init__(self, groups: Sequence[tuple[str, Sequence[tuple[str, Action]]]], text: str) -> None:
        super().__init__()
        self.groups = [(heading, list(entries)) for heading, entries in groups if entries]
        self.text = text
        self.statements: list[Action] = [action for _heading, entries in self.groups for _label, action in entries]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="talk"):
            yield Label("Say something to the table", classes="dialog-title")
            yield Static(self.text, classes="dialog-text", markup=False)
            options: list[Option] = []
            number = 0
            for heading, entries in self.groups:
                options.append(Option(heading, disabled=True))
                for label, _action in entries:
                    options.append(Option(f"  {label}", id=str(number)))
                    number += 1
            yield OptionList(*options, markup=False)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        # As tall as the felt allows above the hand (the hand and the footer keep their rows): whole on a
        # tall terminal, scrolling at 24 rows.
        options.styles.max_height = max(6, self.app.size.height - ROWS_KEPT)
        options.focus()
        options.highlighted = 1  # the first statement (the first line is a heading)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(self.statements[int(event.option.id)])

    def action_cancel(self) -> None:
        self.dismiss(None)
