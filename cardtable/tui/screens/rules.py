"""The rules viewer: the game's player's guide from the package's assets, as Markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer

from cardtable.assets_access import rules_text
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter


class RulesScreen(LaidOutOnce, StyledOnce, Screen[None]):
    BINDINGS = [Binding("escape,q,r", "close", "Back")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        try:
            text = rules_text(self.game)
        except FileNotFoundError:
            text = f"# {self.game}\n\nNo guide is available for this game yet."
        yield MarkdownViewer(text, show_table_of_contents=False)
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)
