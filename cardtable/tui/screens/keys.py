"""The keys screen: every key of the table, made from its bindings as the player's keymap left them."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from cardtable.tui.keys import OTHER_KEYS, KeyRow
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter

#: What the note under the list says of the keymap; "↓ more." comes before it while rows are below the fold.
KEYMAP_NOTE = 'Other keys: "keymap" in settings.json, by id ({"calls": "x"}).'


class KeysScreen(LaidOutOnce, StyledOnce, SeeThrough, ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "Close", key_display="Esc")]

    def __init__(self, rows: Sequence[KeyRow]) -> None:
        super().__init__()
        self.rows = [*rows, *OTHER_KEYS]

    def compose(self) -> ComposeResult:
        table = Table(box=None, padding=(0, 1, 0, 0), expand=True, header_style="bold")
        table.add_column("key", no_wrap=True)
        table.add_column("what it does", ratio=1)
        table.add_column("id (keymap)", style="dim", no_wrap=True)
        for row in self.rows:
            table.add_row(Text(row.keys), Text(row.what), Text(row.ids))
        with Vertical(classes="dialog wide", id="keys-dialog"):
            yield Label("Keys", classes="dialog-title")
            # At 80 x 24 the last rows are below the fold: the list scrolls (arrows, PgDn, the wheel), as the note says.
            with VerticalScroll(id="keys-body"):
                yield Static(table, id="keys")
            yield Static(KEYMAP_NOTE, id="keys-note", markup=False)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        scroll = self.query_one("#keys-body", VerticalScroll)
        scroll.focus()
        # The list is scrolled by its own keys and the wheel, and its size is known once it is laid out:
        # the note follows both.
        self.watch(scroll, "scroll_y", self.say_if_more, init=False)
        self.watch(scroll, "max_scroll_y", self.say_if_more, init=False)
        self.call_after_refresh(self.say_if_more)

    @property
    def more_below(self) -> bool:
        scroll = self.query_one("#keys-body", VerticalScroll)
        return scroll.scroll_y < scroll.max_scroll_y

    def say_if_more(self) -> None:
        self.query_one("#keys-note", Static).update(f"↓ more.  {KEYMAP_NOTE}" if self.more_below else KEYMAP_NOTE)

    def action_close(self) -> None:
        self.dismiss(None)
