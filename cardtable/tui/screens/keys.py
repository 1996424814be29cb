"""The keys screen: every key of the table, in one place."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

KEYS = """\
←/→ or h/l    choose a card            Enter/Space   play the chosen card
1 … 9          play the card at that place
mouse          click a card to choose it, click again (or double-click) to play
c              calls (bids, knocks, redeal…) when you may make one
t              hint: what the computer would play
w              the last trick           s             the score sheet
f or Space     skip the computer's pause   + / -     computer speed
r              the rules of the game    ?             this screen
Ctrl+P         command palette (themes, card style)
Ctrl+Q         quit (the match is saved and offered next time)"""


class KeysScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("Keys", classes="dialog-title")
            yield Static(KEYS, id="keys")

    def action_close(self) -> None:
        self.dismiss(None)
