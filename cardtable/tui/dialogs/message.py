"""Small modal messages: a notice to acknowledge, a yes/no question, the hand-over between players."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from cardtable.engine.visible import visible
from cardtable.engine.words import holder
from cardtable.tui.dialogs.beside_panel import BesideThePanel
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter


def bind_own_keys(screen: DOMNode, *bindings: Binding) -> None:
    """Give ``screen`` keys of its own, in place of its class's, so that its footer names them as its buttons
    do ("y Quit  n Keep playing", "⏎ I am Ana").  Textual 8.2 keeps a node's bindings in ``_bindings``."""
    screen._bindings = BindingsMap(list(bindings))


class NoticeDialog(LaidOutOnce, StyledOnce, BesideThePanel, SeeThrough, ModalScreen[None]):
    BINDINGS = [Binding("enter,escape,space", "close", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = visible(title)
        self.text = visible(text, lines=True)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            yield Button("OK", variant="primary", id="ok")
        yield KeysFooter(show_command_palette=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(LaidOutOnce, StyledOnce, BesideThePanel, SeeThrough, ModalScreen[bool]):
    """A yes/no question; its keys (y, and n or Escape) are bound per dialog, named by its buttons."""

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = visible(question, lines=True)
        self.yes = yes
        self.no = no
        bind_own_keys(self, Binding("y", "answer(True)", yes), Binding("n,escape", "answer(False)", no))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (y)", variant="primary", id="yes")
                yield Button(f"{self.no} (n)", id="no")
        yield KeysFooter(show_command_palette=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class HandOverScreen(LaidOutOnce, StyledOnce, SeeThrough, ModalScreen[None]):
    """Hides the table while the keyboard passes to the next player (hot-seat)."""

    def __init__(self, name: str) -> None:
        super().__init__(classes="handover")
        self.player_name = name
        # Ahead of the focused button's own Enter, which would keep it out of the footer; the screen has no other
        # action, so no key typed before it can be overtaken.
        bind_own_keys(self, Binding("enter", "ready", f"I am {name}", priority=True))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Pass to {self.player_name} — press Enter", classes="dialog-title", markup=False)
            away = f"Everyone but {self.player_name}, look away: {holder(self.player_name)} cards come next."
            yield Static(away, classes="dialog-text", markup=False)
            yield Button(Content(f"I am {self.player_name}"), variant="primary", id="ready")
        yield KeysFooter(show_command_palette=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
