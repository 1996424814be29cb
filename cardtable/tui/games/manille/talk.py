"""Table talk: the true statements a seat may make before its card, grouped and in plain words.

Only the statements the engine offers are listed, so a player cannot say something false; Escape goes back
to the hand without saying anything.  The hint key works here as in every dialog that asks a decision: it points
at the hinted statement (or says which card to play after Escape), and a menu opened after a hint at the table
opens on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.game import Action
from cardtable.tui.dialogs.hinted import HINT_BINDING, HintedDialog

#: The rows the menu leaves free: the hand and the footer below, the dialog's title, text, hint line and borders.
ROWS_KEPT = 13


class TalkDialog(HintedDialog[Action | None]):
    """Returns the chosen statement, or None."""

    BINDINGS = [Binding("escape", "cancel", "Back", show=True), HINT_BINDING]

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
            yield self.hint_line()
        yield self.footer()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        self.fit_the_list()
        options.focus()
        options.highlighted = 1  # the first statement (the first line is a heading)

    def fit_the_list(self) -> None:
        """As tall as the felt allows above the hand (the hand and the footer keep their rows): whole on a tall
        terminal, scrolling at 24 rows, and shorter by the lines a hint wraps onto past its first."""
        hint = self.query_one(".dialog-hint", Static)
        extra = max(0, hint.size.height - 1) if hint.display else 0
        options = self.query_one(OptionList)
        options.styles.max_height = max(4, self.app.size.height - ROWS_KEPT - extra)
        options.call_after_refresh(options.scroll_to_highlight)  # the hinted statement stays in view

    def show_hint(self, text: str) -> None:
        super().show_hint(text)
        self.call_after_refresh(self.fit_the_list)  # once the hint is laid out, on the lines it wraps onto

    def point_at(self, action: Action | None, cards: frozenset[int]) -> bool:
        if action not in self.statements:
            return False
        # The list's rows are the groups' headings and their statements; a statement's id is its place.
        options = self.query_one(OptionList)
        options.highlighted = options.get_option_index(str(self.statements.index(action)))
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(self.statements[int(event.option.id)])

    def action_cancel(self) -> None:
        self.dismiss(None)
